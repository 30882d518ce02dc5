"""Each player's arrival at their table (`GamePlayer.arrived_at`) and a table's
first-turn grace (docs/tables.md#the-first-turn-waits-for-the-player). The people of
games already being played have been at their tables all along: they count as arrived
when their game started, so no one is called to a game they are playing."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def arrived_already(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GamePlayer = apps.get_model("games", "GamePlayer")
    started = Game.objects.filter(pk=OuterRef("game_id")).values("started_at")[:1]
    GamePlayer.objects.filter(user__isnull=False, arrived_at__isnull=True).update(
        arrived_at=Subquery(started)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_table_home"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameplayer",
            name="arrived_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="first_turn_grace",
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
        migrations.RunPython(arrived_already, migrations.RunPython.noop),
    ]
