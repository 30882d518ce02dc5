# The tournaments models' names, field labels, help texts and choices marked for translation
# (docs/i18n.md): Django records them, the database does not change.

import django.db.models.deletion
import django.db.models.functions.datetime
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import tournaments.models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_club_time_zone"),
        ("games", "0014_turn_based"),
        ("tournaments", "0013_seating_commitment"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="announcement",
            options={
                "ordering": ["-at", "-pk"],
                "verbose_name": "announcement",
                "verbose_name_plural": "announcements",
            },
        ),
        migrations.AlterModelOptions(
            name="board",
            options={
                "ordering": ["event", "round_number", "number"],
                "verbose_name": "board",
                "verbose_name_plural": "boards",
            },
        ),
        migrations.AlterModelOptions(
            name="boardplay",
            options={
                "ordering": ["board", "table"],
                "verbose_name": "board play",
                "verbose_name_plural": "board plays",
            },
        ),
        migrations.AlterModelOptions(
            name="bye",
            options={"verbose_name": "bye", "verbose_name_plural": "byes"},
        ),
        migrations.AlterModelOptions(
            name="calendarfeed",
            options={"verbose_name": "calendar feed", "verbose_name_plural": "calendar feeds"},
        ),
        migrations.AlterModelOptions(
            name="cardresult",
            options={
                "ordering": ["round_table", "submitted_at", "pk"],
                "verbose_name": "card result",
                "verbose_name_plural": "card results",
            },
        ),
        migrations.AlterModelOptions(
            name="correction",
            options={
                "ordering": ["at"],
                "verbose_name": "correction",
                "verbose_name_plural": "corrections",
            },
        ),
        migrations.AlterModelOptions(
            name="entry",
            options={
                "ordering": ["event", "registered_at", "pk"],
                "verbose_name": "entry",
                "verbose_name_plural": "entries",
            },
        ),
        migrations.AlterModelOptions(
            name="event",
            options={
                "ordering": ["-starts_at", "pk"],
                "verbose_name": "event",
                "verbose_name_plural": "events",
            },
        ),
        migrations.AlterModelOptions(
            name="eventseries",
            options={
                "ordering": ["club", "pk"],
                "verbose_name": "event series",
                "verbose_name_plural": "event series",
            },
        ),
        migrations.AlterModelOptions(
            name="knockoutmove",
            options={
                "ordering": ["event", "after_deal", "order"],
                "verbose_name": "knockout move",
                "verbose_name_plural": "knockout moves",
            },
        ),
        migrations.AlterModelOptions(
            name="knockoutplayer",
            options={
                "ordering": ["event", "place", "pk"],
                "verbose_name": "knockout player",
                "verbose_name_plural": "knockout players",
            },
        ),
        migrations.AlterModelOptions(
            name="round",
            options={
                "ordering": ["event", "number"],
                "verbose_name": "round",
                "verbose_name_plural": "rounds",
            },
        ),
        migrations.AlterModelOptions(
            name="roundseat",
            options={
                "ordering": ["table", "position"],
                "verbose_name": "round seat",
                "verbose_name_plural": "round seats",
            },
        ),
        migrations.AlterModelOptions(
            name="roundtable",
            options={
                "ordering": ["round", "number"],
                "verbose_name": "round table",
                "verbose_name_plural": "round tables",
            },
        ),
        migrations.AlterModelOptions(
            name="seatswap",
            options={
                "ordering": ["round", "order"],
                "verbose_name": "seat swap",
                "verbose_name_plural": "seat swaps",
            },
        ),
        migrations.AlterField(
            model_name="announcement",
            name="at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="at"),
        ),
        migrations.AlterField(
            model_name="announcement",
            name="by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="by",
            ),
        ),
        migrations.AlterField(
            model_name="announcement",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="announcements",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="announcement",
            name="text",
            field=models.CharField(max_length=200, verbose_name="text"),
        ),
        migrations.AlterField(
            model_name="board",
            name="commitment",
            field=models.CharField(max_length=64, verbose_name="commitment"),
        ),
        migrations.AlterField(
            model_name="board",
            name="committed_at",
            field=models.DateTimeField(
                blank=True,
                db_default=django.db.models.functions.datetime.Now(),
                default=django.utils.timezone.now,
                null=True,
                verbose_name="committed at",
            ),
        ),
        migrations.AlterField(
            model_name="board",
            name="dealer",
            field=models.PositiveSmallIntegerField(verbose_name="dealer"),
        ),
        migrations.AlterField(
            model_name="board",
            name="deck",
            field=models.TextField(verbose_name="deck"),
        ),
        migrations.AlterField(
            model_name="board",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="board_set",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="board",
            name="number",
            field=models.PositiveSmallIntegerField(verbose_name="number"),
        ),
        migrations.AlterField(
            model_name="board",
            name="reshuffle",
            field=models.TextField(verbose_name="reshuffle"),
        ),
        migrations.AlterField(
            model_name="board",
            name="revealed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="revealed at"),
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
                verbose_name="round",
            ),
        ),
        migrations.AlterField(
            model_name="board",
            name="round_number",
            field=models.PositiveSmallIntegerField(db_default=0, verbose_name="round number"),
        ),
        migrations.AlterField(
            model_name="board",
            name="salt",
            field=models.CharField(max_length=64, verbose_name="salt"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="board",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="plays",
                to="tournaments.board",
                verbose_name="board",
            ),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="finished at"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="game",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="board_play",
                to="games.game",
                verbose_name="game",
            ),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="hand_values",
            field=models.JSONField(blank=True, default=list, verbose_name="hand values"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="lives_lost",
            field=models.JSONField(blank=True, default=list, verbose_name="lives lost"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="scored",
            field=models.BooleanField(default=False, verbose_name="scored"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="board_plays",
                to="tournaments.roundtable",
                verbose_name="table",
            ),
        ),
        migrations.AlterField(
            model_name="bye",
            name="entry",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="byes",
                to="tournaments.entry",
                verbose_name="entry",
            ),
        ),
        migrations.AlterField(
            model_name="bye",
            name="late",
            field=models.BooleanField(
                default=False, help_text="A round before a late entry.", verbose_name="late"
            ),
        ),
        migrations.AlterField(
            model_name="bye",
            name="points",
            field=models.FloatField(verbose_name="points"),
        ),
        migrations.AlterField(
            model_name="bye",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="byes",
                to="tournaments.round",
                verbose_name="round",
            ),
        ),
        migrations.AlterField(
            model_name="calendarfeed",
            name="created_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="created at"),
        ),
        migrations.AlterField(
            model_name="calendarfeed",
            name="token",
            field=models.CharField(
                default=tournaments.models._feed_token, max_length=64, verbose_name="token"
            ),
        ),
        migrations.AlterField(
            model_name="calendarfeed",
            name="user",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="calendar_feed",
                to=settings.AUTH_USER_MODEL,
                verbose_name="user",
            ),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="confirmed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="confirmed at"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="confirmed_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="confirmed by",
            ),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="dealer",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="dealer"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="places",
            field=models.JSONField(verbose_name="places"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="reason",
            field=models.CharField(blank=True, max_length=200, verbose_name="reason"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="round_table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="card_results",
                to="tournaments.roundtable",
                verbose_name="round table",
            ),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="scores",
            field=models.JSONField(blank=True, default=list, verbose_name="scores"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Waiting for confirmation"),
                    ("confirmed", "Confirmed"),
                    ("disputed", "Disputed"),
                    ("superseded", "Superseded"),
                ],
                default="pending",
                max_length=10,
                verbose_name="status",
            ),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="submitted_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="submitted at"),
        ),
        migrations.AlterField(
            model_name="cardresult",
            name="submitted_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="submitted by",
            ),
        ),
        migrations.AlterField(
            model_name="correction",
            name="at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="at"),
        ),
        migrations.AlterField(
            model_name="correction",
            name="by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="by",
            ),
        ),
        migrations.AlterField(
            model_name="correction",
            name="new_place",
            field=models.PositiveSmallIntegerField(verbose_name="new place"),
        ),
        migrations.AlterField(
            model_name="correction",
            name="old_place",
            field=models.PositiveSmallIntegerField(verbose_name="old place"),
        ),
        migrations.AlterField(
            model_name="correction",
            name="reason",
            field=models.CharField(max_length=200, verbose_name="reason"),
        ),
        migrations.AlterField(
            model_name="correction",
            name="seat",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="corrections",
                to="tournaments.roundseat",
                verbose_name="seat",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="checked_in_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="checked in at"),
        ),
        migrations.AlterField(
            model_name="entry",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="entries",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="first_round",
            field=models.PositiveSmallIntegerField(default=1, verbose_name="first round"),
        ),
        migrations.AlterField(
            model_name="entry",
            name="registered_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="registered at"),
        ),
        migrations.AlterField(
            model_name="entry",
            name="stand_in_round",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="stand in round"
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="status",
            field=models.CharField(
                choices=[("registered", "Registered"), ("withdrawn", "Withdrawn")],
                default="registered",
                max_length=10,
                verbose_name="status",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="event_entries",
                to=settings.AUTH_USER_MODEL,
                verbose_name="user",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="withdrawn_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="withdrawn at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="advance",
            field=models.CharField(
                choices=[
                    ("auto", "Start each round as soon as the last one ends"),
                    ("manual", "Seat each round; the organizer starts it"),
                ],
                default="auto",
                max_length=10,
                verbose_name="advance",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="break_until",
            field=models.DateTimeField(blank=True, null=True, verbose_name="break until"),
        ),
        migrations.AlterField(
            model_name="event",
            name="bye_points",
            field=models.FloatField(
                help_text="What a bye scores (also each round missed by a late entry).",
                verbose_name="bye points",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="calendar_changed_at",
            field=models.DateTimeField(
                db_default=django.db.models.functions.datetime.Now(),
                default=django.utils.timezone.now,
                editable=False,
                verbose_name="calendar changed at",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="calendar_sequence",
            field=models.PositiveIntegerField(
                db_default=0, default=0, editable=False, verbose_name="calendar sequence"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="cancelled_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="cancelled at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="events",
                to="clubs.club",
                verbose_name="club",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="created_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="created at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="created_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="created by",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="description",
            field=models.TextField(blank=True, verbose_name="description"),
        ),
        migrations.AlterField(
            model_name="event",
            name="entry",
            field=models.CharField(
                choices=[
                    ("open", "Any club member may register"),
                    ("invite", "Only with the invite link"),
                ],
                default="open",
                max_length=10,
                verbose_name="entry",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="finished at"),
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
                verbose_name="format",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="invite_token",
            field=models.CharField(
                default=tournaments.models._token,
                max_length=32,
                unique=True,
                verbose_name="invite token",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="live_version",
            field=models.PositiveIntegerField(
                default=0, editable=False, verbose_name="live version"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="name",
            field=models.CharField(max_length=80, verbose_name="name"),
        ),
        migrations.AlterField(
            model_name="event",
            name="occurrence",
            field=models.DateField(blank=True, null=True, verbose_name="occurrence"),
        ),
        migrations.AlterField(
            model_name="event",
            name="paused",
            field=models.BooleanField(default=False, verbose_name="paused"),
        ),
        migrations.AlterField(
            model_name="event",
            name="place_points",
            field=models.JSONField(blank=True, default=list, verbose_name="place points"),
        ),
        migrations.AlterField(
            model_name="event",
            name="player_cap",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="player cap"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="registration_open",
            field=models.BooleanField(default=True, verbose_name="registration open"),
        ),
        migrations.AlterField(
            model_name="event",
            name="registration_opened_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="registration opened at"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="registration_opens_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="registration opens at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="rounds",
            field=models.PositiveSmallIntegerField(default=3, verbose_name="rounds"),
        ),
        migrations.AlterField(
            model_name="event",
            name="rule_set",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="games.ruleset",
                verbose_name="rule set",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="rules",
            field=models.JSONField(verbose_name="rules"),
        ),
        migrations.AlterField(
            model_name="event",
            name="rules_name",
            field=models.CharField(max_length=80, verbose_name="rules name"),
        ),
        migrations.AlterField(
            model_name="event",
            name="rules_preset",
            field=models.CharField(max_length=40, verbose_name="rules preset"),
        ),
        migrations.AlterField(
            model_name="event",
            name="scoring",
            field=models.CharField(
                choices=[
                    ("outlasted", "A point for each opponent outlasted (½ for a tie)"),
                    ("places", "Points by place"),
                ],
                default="outlasted",
                max_length=10,
                verbose_name="scoring",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="seating_algorithm",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=40,
                verbose_name="seating algorithm",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="seed",
            field=models.CharField(
                default=tournaments.models._seed,
                help_text="All seating draws from it.",
                max_length=32,
                verbose_name="seed",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="seed_commitment",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=64, verbose_name="seed commitment"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="seed_committed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="seed committed at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="seed_salt",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=64, verbose_name="seed salt"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="series",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="occurrences",
                to="tournaments.eventseries",
                verbose_name="series",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="started_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="started at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="starts_at",
            field=models.DateTimeField(verbose_name="starts at"),
        ),
        migrations.AlterField(
            model_name="event",
            name="status",
            field=models.CharField(
                choices=[
                    ("upcoming", "Upcoming"),
                    ("running", "Running"),
                    ("finished", "Finished"),
                    ("cancelled", "Cancelled"),
                ],
                default="upcoming",
                max_length=10,
                verbose_name="status",
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="tiebreaks",
            field=models.JSONField(
                default=tournaments.models._default_tiebreaks, verbose_name="tiebreaks"
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="turn_timer",
            field=models.PositiveSmallIntegerField(default=60, verbose_name="turn timer"),
        ),
        migrations.AlterField(
            model_name="event",
            name="venue",
            field=models.CharField(
                choices=[
                    ("online", "Online: every table plays on the site"),
                    (
                        "cards",
                        "Real cards: every table plays with cards, results entered on phones",
                    ),
                    (
                        "mixed",
                        "Mixed: the organizer chooses each round which tables play with cards",
                    ),
                ],
                db_default="online",
                default="online",
                max_length=10,
                verbose_name="venue",
            ),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="event_series",
                to="clubs.club",
                verbose_name="club",
            ),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="created_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="created at"),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="created_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="created by",
            ),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="local_time",
            field=models.TimeField(verbose_name="local time"),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="registration_days",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="registration days"),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="stopped_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="stopped at"),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="template",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.event",
                verbose_name="template",
            ),
        ),
        migrations.AlterField(
            model_name="eventseries",
            name="weekday",
            field=models.PositiveSmallIntegerField(
                choices=[
                    (0, "Monday"),
                    (1, "Tuesday"),
                    (2, "Wednesday"),
                    (3, "Thursday"),
                    (4, "Friday"),
                    (5, "Saturday"),
                    (6, "Sunday"),
                ],
                verbose_name="weekday",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="after_deal",
            field=models.PositiveSmallIntegerField(verbose_name="after deal"),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="entry",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="knockout_moves",
                to="tournaments.entry",
                verbose_name="entry",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="knockout_moves",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="from_seat",
            field=models.PositiveSmallIntegerField(verbose_name="from seat"),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="from_table",
            field=models.PositiveSmallIntegerField(verbose_name="from table"),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="order",
            field=models.PositiveSmallIntegerField(verbose_name="order"),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="reason",
            field=models.CharField(
                choices=[("balance", "Balancing move"), ("break", "Table broken")],
                max_length=10,
                verbose_name="reason",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="to_seat",
            field=models.PositiveSmallIntegerField(verbose_name="to seat"),
        ),
        migrations.AlterField(
            model_name="knockoutmove",
            name="to_table",
            field=models.PositiveSmallIntegerField(verbose_name="to table"),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="entry",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="knockout",
                to="tournaments.entry",
                verbose_name="entry",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="knockout_players",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="hand_value",
            field=models.FloatField(blank=True, null=True, verbose_name="hand value"),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="lives",
            field=models.PositiveSmallIntegerField(verbose_name="lives"),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="lives_at_exit_deal",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="lives at exit deal"
            ),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="moves",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="moves"),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="out_deal",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="out deal"),
        ),
        migrations.AlterField(
            model_name="knockoutplayer",
            name="place",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="place"),
        ),
        migrations.AlterField(
            model_name="round",
            name="deadline",
            field=models.DateTimeField(blank=True, null=True, verbose_name="deadline"),
        ),
        migrations.AlterField(
            model_name="round",
            name="drawn_corrections",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="drawn corrections"
            ),
        ),
        migrations.AlterField(
            model_name="round",
            name="drawn_entries",
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name="drawn entries"),
        ),
        migrations.AlterField(
            model_name="round",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="round_set",
                to="tournaments.event",
                verbose_name="event",
            ),
        ),
        migrations.AlterField(
            model_name="round",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="finished at"),
        ),
        migrations.AlterField(
            model_name="round",
            name="kept_seats",
            field=models.JSONField(
                blank=True, db_default=[], default=list, verbose_name="kept seats"
            ),
        ),
        migrations.AlterField(
            model_name="round",
            name="number",
            field=models.PositiveSmallIntegerField(verbose_name="number"),
        ),
        migrations.AlterField(
            model_name="round",
            name="seated_at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="seated at"),
        ),
        migrations.AlterField(
            model_name="round",
            name="seed",
            field=models.CharField(max_length=64, verbose_name="seed"),
        ),
        migrations.AlterField(
            model_name="round",
            name="start_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="start at"),
        ),
        migrations.AlterField(
            model_name="round",
            name="started_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="started at"),
        ),
        migrations.AlterField(
            model_name="round",
            name="status",
            field=models.CharField(
                choices=[("seated", "Seated"), ("playing", "Playing"), ("finished", "Finished")],
                default="seated",
                max_length=10,
                verbose_name="status",
            ),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="bot_level",
            field=models.CharField(blank=True, max_length=10, verbose_name="bot level"),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="entry",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="tournaments.entry",
                verbose_name="entry",
            ),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="lives_lost",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="lives lost"),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="locked",
            field=models.BooleanField(
                default=False,
                help_text="The organizer fixed this seat; reseating keeps it.",
                verbose_name="locked",
            ),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="place",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="place"),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="position",
            field=models.PositiveSmallIntegerField(verbose_name="position"),
        ),
        migrations.AlterField(
            model_name="roundseat",
            name="table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="tournaments.roundtable",
                verbose_name="table",
            ),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="cards",
            field=models.BooleanField(db_default=False, default=False, verbose_name="cards"),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="dealer",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="dealer"),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="finished at"),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="game",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="event_table",
                to="games.game",
                verbose_name="game",
            ),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="number",
            field=models.PositiveSmallIntegerField(verbose_name="number"),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.round",
                verbose_name="round",
            ),
        ),
        migrations.AlterField(
            model_name="roundtable",
            name="table",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="event_tables",
                to="games.table",
                verbose_name="table",
            ),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="at",
            field=models.DateTimeField(auto_now_add=True, verbose_name="at"),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="by",
            ),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="first_position",
            field=models.PositiveSmallIntegerField(verbose_name="first position"),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="first_table",
            field=models.PositiveSmallIntegerField(verbose_name="first table"),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="order",
            field=models.PositiveSmallIntegerField(verbose_name="order"),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="swaps",
                to="tournaments.round",
                verbose_name="round",
            ),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="second_position",
            field=models.PositiveSmallIntegerField(verbose_name="second position"),
        ),
        migrations.AlterField(
            model_name="seatswap",
            name="second_table",
            field=models.PositiveSmallIntegerField(verbose_name="second table"),
        ),
    ]
