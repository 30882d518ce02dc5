# Rule sets are offered (or not) when a table is opened; a table keeps the name and
# preset of the rule set it was opened with, beside its copy of the rules.

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_rule_set_names(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    Table = apps.get_model("games", "Table")
    rule_set = RuleSet.objects.filter(pk=OuterRef("rule_set_id"))
    Table.objects.update(
        rules_name=Subquery(rule_set.values("name")[:1]),
        rules_preset=Subquery(rule_set.values("preset")[:1]),
    )


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_deck_purposes'),
    ]

    operations = [
        migrations.AddField(
            model_name='ruleset',
            name='offered',
            field=models.BooleanField(default=True, help_text='Offered when a table is opened. Tables opened with it keep their rules either way. The built-in presets are always offered.'),
        ),
        migrations.AddField(
            model_name='table',
            name='rules_name',
            field=models.CharField(default='', help_text="The rule set's name at the time.", max_length=80),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='table',
            name='rules_preset',
            field=models.CharField(default='', help_text='The preset the rule set was built on at the time.', max_length=40),
            preserve_default=False,
        ),
        migrations.RunPython(copy_rule_set_names, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='ruleset',
            constraint=models.CheckConstraint(condition=models.Q(('is_preset', False), ('offered', True), _connector='OR'), name='presets_are_offered'),
        ),
    ]
