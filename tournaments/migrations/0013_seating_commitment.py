# The seating commitment (docs/fair-seating.md#the-commitment): events commit to their
# seed when they are created, rounds keep what their drawing saw, the organizer's seat
# swaps are recorded, and a duplicate event's boards are all drawn at its start (so a
# board belongs to its event, and joins its round when the round is seated).

import hashlib
import secrets

import django.db.models.deletion
import django.db.models.functions.datetime
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

ALGORITHM = "thirtyone-seating-1"  # tournaments.commitment.ALGORITHM when this was written


def _immediate(schema_editor, on: bool) -> None:
    """PostgreSQL checks foreign keys at the commit by default: rows written here must
    be checked at once, or the ALTER TABLE that follows refuses (pending trigger events)."""
    if schema_editor.connection.vendor == "postgresql":
        mode = "IMMEDIATE" if on else "DEFERRED"
        schema_editor.execute(f"SET CONSTRAINTS ALL {mode}")


def boards_to_events(apps, schema_editor):
    """Every board so far was drawn with its round: its event and round number are its
    round's. When it was committed to is not known (left empty)."""
    Board = apps.get_model("tournaments", "Board")
    _immediate(schema_editor, True)
    for board in Board.objects.select_related("round").iterator():
        board.event_id = board.round.event_id
        board.round_number = board.round.number
        board.save(update_fields=["event", "round_number"])
    _immediate(schema_editor, False)


def commit_upcoming_events(apps, schema_editor):
    """An event not yet started has drawn nothing from its seed: it commits now. One that
    has started keeps no commitment (made now, it would prove nothing): its pages say
    its seating cannot be proven."""
    Event = apps.get_model("tournaments", "Event")
    now = django.utils.timezone.now()
    for event in Event.objects.filter(status="upcoming").iterator():
        salt = secrets.token_hex(16)
        text = f"{salt}:{event.seed}:{ALGORITHM}"
        event.seed_salt = salt
        event.seating_algorithm = ALGORITHM
        event.seed_commitment = hashlib.sha256(text.encode()).hexdigest()
        event.seed_committed_at = now
        event.save(
            update_fields=["seed_salt", "seating_algorithm", "seed_commitment", "seed_committed_at"]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_calendars_and_weekly_series"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # ---- the event's commitment ----
        migrations.AddField(
            model_name="event",
            name="seed_salt",
            field=models.CharField(blank=True, db_default="", default="", max_length=64),
        ),
        migrations.AddField(
            model_name="event",
            name="seating_algorithm",
            field=models.CharField(blank=True, db_default="", default="", max_length=40),
        ),
        migrations.AddField(
            model_name="event",
            name="seed_commitment",
            field=models.CharField(blank=True, db_default="", default="", max_length=64),
        ),
        migrations.AddField(
            model_name="event",
            name="seed_committed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(commit_upcoming_events, migrations.RunPython.noop),
        # ---- what a round's drawing saw, and the organizer's swaps ----
        migrations.AddField(
            model_name="round",
            name="drawn_entries",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="drawn_corrections",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="kept_seats",
            field=models.JSONField(blank=True, db_default=[], default=list),
        ),
        migrations.CreateModel(
            name="SeatSwap",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("order", models.PositiveSmallIntegerField()),
                ("first_table", models.PositiveSmallIntegerField()),
                ("first_position", models.PositiveSmallIntegerField()),
                ("second_table", models.PositiveSmallIntegerField()),
                ("second_position", models.PositiveSmallIntegerField()),
                ("at", models.DateTimeField(auto_now_add=True)),
                (
                    "by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="swaps",
                        to="tournaments.round",
                    ),
                ),
            ],
            options={
                "ordering": ["round", "order"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("round", "order"), name="one_seat_swap_per_order"
                    )
                ],
            },
        ),
        # ---- boards belong to their event, drawn at its start ----
        migrations.RemoveConstraint(model_name="board", name="one_board_per_number"),
        migrations.AddField(
            model_name="board",
            name="event",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="board_set",
                to="tournaments.event",
            ),
        ),
        migrations.AddField(
            model_name="board",
            name="round_number",
            field=models.PositiveSmallIntegerField(db_default=0),
        ),
        migrations.AddField(
            model_name="board",
            name="committed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(boards_to_events, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="board",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="board_set",
                to="tournaments.event",
            ),
        ),
        # Boards drawn from now on are stamped by the database (an old process's too).
        migrations.AlterField(
            model_name="board",
            name="committed_at",
            field=models.DateTimeField(
                blank=True,
                db_default=django.db.models.functions.datetime.Now(),
                default=django.utils.timezone.now,
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="board",
            name="round",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="boards",
                to="tournaments.round",
            ),
        ),
        migrations.AlterModelOptions(
            name="board",
            options={"ordering": ["event", "round_number", "number"]},
        ),
        migrations.AddConstraint(
            model_name="board",
            constraint=models.UniqueConstraint(
                fields=("event", "round_number", "number"), name="one_board_per_number"
            ),
        ),
    ]
