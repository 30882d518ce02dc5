"""A top-q knockout becomes a format of its own (tournaments.formats.top_q): events
stored as `knockout` with `knockout_top` = q >= 1 become `top_q` with `top_q` = q; a
balanced knockout keeps `knockout` and 0. Reversible: `top_q` events go back to
`knockout` with their q."""

from django.db import migrations, models


def to_top_q(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(format="knockout", top_q__gt=0).update(format="top_q")


def to_knockout(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(format="top_q").update(format="knockout")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_tables_lead_back_to_their_event"),
    ]

    operations = [
        migrations.RenameField(model_name="event", old_name="knockout_top", new_name="top_q"),
        migrations.AlterField(
            model_name="event",
            name="top_q",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Top-q knockout only: the first q of each table go through to the next round.",
                verbose_name="top of each table go through",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="format",
            field=models.CharField(
                choices=[
                    ("swiss", "Swiss: whole games, reseated by the standings each round"),
                    ("knockout", "Knockout: deal by deal, out on your last life, tables balanced"),
                    ("top_q", "Top-q knockout: whole games, the top of each table go through"),
                    ("duplicate", "Duplicate: every table plays the same deals, seats compared"),
                ],
                default="swiss",
                max_length=10,
            ),
        ),
        migrations.RunPython(to_top_q, to_knockout),
    ]
