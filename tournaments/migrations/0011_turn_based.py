"""Turn-based events (docs/tournaments.md#turn-based-events): an event's hours a move
and days a round (0: a live event; database defaults, so a process still running the
code of before inserts live events), and a round's deadline (none for the rounds of
before)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_card_knockouts"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="move_hours",
            field=models.PositiveSmallIntegerField(
                choices=[
                    (0, "Live"),
                    (12, "12 hours a move"),
                    (24, "24 hours a move"),
                    (72, "72 hours a move"),
                ],
                db_default=0,
                default=0,
                verbose_name="hours a move",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="round_days",
            field=models.PositiveSmallIntegerField(
                db_default=0, default=0, verbose_name="days a round"
            ),
        ),
        migrations.AddField(
            model_name="round",
            name="deadline",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
