"""Deals say at which seq they were committed and revealed (issue 20: a view renders
what its snapshot's seq shows, not whatever the table holds when it reads it)."""

from django.db import migrations, models


def backfill_seqs(apps, schema_editor):
    """A deal was committed with its round_started event and revealed with its
    round_ended (when `revealed` was set)."""
    Deal = apps.get_model("games", "Deal")
    GameEvent = apps.get_model("games", "GameEvent")
    for deal in Deal.objects.all().iterator():
        events = GameEvent.objects.filter(game_id=deal.game_id, data__round_no=deal.round_no)
        started = events.filter(kind="round_started").values_list("seq", flat=True).first()
        ended = events.filter(kind="round_ended").values_list("seq", flat=True).first()
        deal.committed_seq = started or 0
        deal.revealed_seq = (ended or started or 0) if deal.revealed else None
        deal.save(update_fields=["committed_seq", "revealed_seq"])


def restore_revealed(apps, schema_editor):
    Deal = apps.get_model("games", "Deal")
    Deal.objects.filter(revealed_seq__isnull=False).update(revealed=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='deal',
            name='committed_seq',
            field=models.PositiveIntegerField(default=0, help_text='The seq of the event whose snapshot first shows the commitment.'),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='deal',
            name='revealed_seq',
            field=models.PositiveIntegerField(blank=True, help_text='The seq from which the deck and salt are shown.', null=True),
        ),
        migrations.RunPython(backfill_seqs, restore_revealed),
        migrations.RemoveField(
            model_name='deal',
            name='revealed',
        ),
    ]
