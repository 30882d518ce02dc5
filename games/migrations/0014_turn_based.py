"""Turn-based tables (docs/tables.md#hours-a-move): a table's hours a move, 0 for a live table.
A database default, so a process still running the code of before inserts live tables."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_arrival_and_grace"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
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
            ),
        ),
    ]
