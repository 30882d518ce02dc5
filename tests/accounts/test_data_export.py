"""What "Download my data" puts in the ZIP (docs/privacy.md#download-my-data): its files,
each JSON file parsing; a player's own hidden cards in their view of a game and no other
player's anywhere; chat with the others' lines around one's own; an event's place and
standings row as the event shows them, and a correction; the index in the person's
language; and a build run twice, or two at once, leaving one file and one notification."""

from __future__ import annotations

import re
import zipfile
from typing import Any

import pytest
from allauth.account.models import EmailAddress

from accounts.data_export import asking, building, storage
from accounts.models import DataExport
from games import chat, engine, services
from games.engine.bots import BaselineBot
from games.models import Game, Table
from notifications.models import Notification
from tests.accounts.exports import all_text, files_in, json_in, ready_export
from tests.games.playing import play_out
from tests.games.test_privacy import _hidden, _leaks, _patterns
from tests.tournaments.test_services import play_round, register_all
from tournaments import pages
from tournaments import services as tournaments
from tournaments.models import RoundSeat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("export_dir")]


@pytest.fixture
def table(ann: Any, bob: Any, scat: Any) -> Table:
    """ann's table for two, bob seated."""
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    return table


def _moves(game: Game, count: int) -> Game:
    """`count` moves of the people at `game`, as the baseline bot would make them."""
    chooser = BaselineBot()
    for _move in range(count):
        game.refresh_from_db()
        state = game.engine_state()
        player = game.players.get(position=state.turn)
        action = chooser.choose(engine.observation(state, state.turn))
        services.play(game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq)
    game.refresh_from_db()
    return game


def test_the_zip_holds_an_index_and_a_json_file_of_each_part_and_every_one_parses(
    table: Table, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    EmailAddress.objects.create(user=ann, email="ann@example.com", verified=True, primary=True)
    finished = play_out(services.start_game(table=table, by=ann))
    export = ready_export(ann, django_capture_on_commit_callbacks)
    files = files_in(export)
    assert sorted(files) == sorted(
        [
            "index.html",
            "profile.json",
            "emails.json",
            "clubs.json",
            "events.json",
            "ratings.json",
            f"games/{finished.pk}.json",
            "chat.json",
            "notifications.json",
            "calendars.json",
            "corrections.json",
            "fair-play.json",
        ]
    )
    found = json_in(export)  # every JSON file parses
    assert found["profile.json"]["username"] == "ann"
    assert found["emails.json"] == [{"email": "ann@example.com", "verified": True, "primary": True}]
    game = found[f"games/{finished.pk}.json"]
    assert game["transcript"].startswith("[Signature ") and game["you"]["seat"] == 1
    assert [p["name"] for p in game["players"]] == ["ann", "bob"]
    index = files["index.html"].decode()
    # Self-contained: nothing fetched from anywhere, every file linked.
    assert not re.search(r"(src|href)=\"(https?:)?//", index)
    for name in files:
        if name != "index.html":
            assert f'href="{name}"' in index, name
    with zipfile.ZipFile(storage.path_of(export)) as zipped:
        assert all(info.external_attr >> 16 == 0o600 for info in zipped.infolist())
    assert storage.path_of(export).stat().st_mode & 0o777 == 0o600
    assert storage.folder().stat().st_mode & 0o777 == 0o700


def test_their_own_hidden_cards_are_in_their_view_and_no_one_elses_is_anywhere_in_the_zip(
    table: Table, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _moves(services.start_game(table=table, by=ann), 3)
    state = game.engine_state()
    assert state.round_no == 1 and state.outcome is None, "the first round is being played"
    export = ready_export(ann, django_capture_on_commit_callbacks)
    view = json_in(export)[f"games/{game.pk}.json"]["your_view"]
    assert view[-1]["your_cards"] == [card.code for card in state.hands[0]]
    secret = set(state.hands[1]) & _hidden(game, 0)
    assert secret, "bob holds cards ann has not seen"
    assert _leaks(all_text(export), game, 0) == []
    # The search would find them if they were there: bob's own download has them.
    bobs = ready_export(game.players.get(position=1).user, django_capture_on_commit_callbacks)
    assert all(any(p.search(all_text(bobs)) for p in _patterns(card)) for card in secret)


def test_chat_holds_each_of_their_lines_with_the_five_before_and_after_at_that_table(
    table: Table, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    for n in range(1, 9):
        chat.post(table=table, user=bob, text=f"bob early {n}")
    chat.post(table=table, user=ann, text="ann says hello")
    for n in range(1, 9):
        chat.post(table=table, user=bob, text=f"bob late {n}")
    elsewhere = services.create_table(owner=bob, name="Elsewhere", rule_set=table.rule_set)
    chat.post(table=elsewhere, user=bob, text="not near ann")
    export = ready_export(ann, django_capture_on_commit_callbacks)
    (found,) = json_in(export)["chat.json"]
    assert found["table_name"] == "Kitchen"
    (passage,) = found["passages"]
    assert [(line["name"], line["text"], line["yours"]) for line in passage] == [
        *(("bob", f"bob early {n}", False) for n in range(4, 9)),
        ("ann", "ann says hello", True),
        *(("bob", f"bob late {n}", False) for n in range(1, 6)),
    ]


def test_an_event_has_its_place_and_standings_row_and_a_correction_its_reason(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:2]])
    round_ = tournaments.start_event(event=event, by=ann)
    play_round(round_, django_capture_on_commit_callbacks)
    seat = RoundSeat.objects.get(table__round=round_, entry__user=ann)
    new_place = 1 if seat.place != 1 else 2
    tournaments.correct_result(seat=seat, by=ann, place=new_place, reason="scorer's slip")
    event.refresh_from_db()
    export = ready_export(ann, django_capture_on_commit_callbacks)
    found = json_in(export)
    (entry,) = found["events.json"]
    placing = next(p for p in pages.placings_of(event) if p.entry_id == seat.entry_id)
    assert entry["name"] == "Tuesday Swiss" and entry["place"] == placing.place
    header, *rows = pages.csv_rows(event)
    mine = next(row for row in rows if row[header.index("Player")] == "ann")
    assert entry["standings"] == dict(zip(header, mine, strict=True))
    assert entry["standings"]["Standings"] == "final"
    (correction,) = found["corrections.json"]["corrections"]
    assert correction["new_place"] == new_place and correction["reason"] == "scorer's slip"
    assert correction["by"] == "ann" and correction["event_name"] == "Tuesday Swiss"


def test_the_index_and_the_words_are_in_the_persons_language(
    table: Table, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    ann.language = "da"
    ann.save(update_fields=["language"])
    export = ready_export(ann, django_capture_on_commit_callbacks)
    index = files_in(export)["index.html"].decode()
    assert '<html lang="da">' in index
    assert "ann's data from Thirty-One" not in index
    assert "Filerne" in index  # "The files"


def test_a_build_run_twice_leaves_one_file_and_one_notification(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        export, _asked = asking.ask(ann)  # not handed to the worker yet
    with django_capture_on_commit_callbacks(execute=True):
        assert building.build(export.pk) is True
        assert building.build(export.pk) is False  # ready already: nothing done
    export.refresh_from_db()
    assert export.status == DataExport.READY
    assert [path.name for path in storage.folder().iterdir()] == [export.file_name]
    assert Notification.objects.filter(user=ann, kind="data_ready").count() == 1


def test_two_builds_at_once_leave_one_file_and_one_notification(
    ann: Any, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        export, _asked = asking.ask(ann)
    write = building.write
    others: list[bool] = []

    def write_while_another_builds(export: DataExport, out: Any) -> None:
        monkeypatch.setattr(building, "write", write)
        # The other worker does the whole build in the middle of this one.
        others.append(building.build(export.pk))
        write(export, out)

    monkeypatch.setattr(building, "write", write_while_another_builds)
    with django_capture_on_commit_callbacks(execute=True):
        assert building.build(export.pk) is False  # the other one made it ready
    assert others == [True]
    export.refresh_from_db()
    assert export.status == DataExport.READY
    assert [path.name for path in storage.folder().iterdir()] == [export.file_name]
    assert storage.path_of(export).stat().st_size == export.size
    assert Notification.objects.filter(user=ann, kind="data_ready").count() == 1


def test_a_new_request_replaces_the_old_file_once_it_is_ready(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    first = ready_export(ann, django_capture_on_commit_callbacks)
    second = ready_export(ann, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    assert first.status == DataExport.REPLACED
    assert [path.name for path in storage.folder().iterdir()] == [second.file_name]


def test_asking_while_one_is_being_built_starts_no_second(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as handed:
        first, asked = asking.ask(ann)
        again, asked_again = asking.ask(ann)
    assert asked and not asked_again and again.pk == first.pk
    assert len(handed) == 1  # one build handed to a worker
    assert DataExport.objects.filter(user=ann).count() == 1


def test_a_build_lost_with_its_worker_is_given_up_when_asked_again(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        lost, _asked = asking.ask(ann)
    later = lost.requested_at + asking.STALLED
    with django_capture_on_commit_callbacks(execute=True):
        new, asked = asking.ask(ann, now=later)
    lost.refresh_from_db()
    assert asked and lost.status == DataExport.FAILED and new.pk != lost.pk
    assert building.build(lost.pk) is False  # a late delivery of the lost one does nothing


def test_a_sealed_deal_is_listed_without_its_transcript_or_view(
    table: Table, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = services.start_game(table=table, by=ann)
    Game.objects.filter(pk=game.pk).update(sealed=True)
    export = ready_export(ann, django_capture_on_commit_callbacks)
    found = json_in(export)[f"games/{game.pk}.json"]
    assert found["sealed"] and found["transcript"] is None and found["your_view"] is None
