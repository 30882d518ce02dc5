"""The worker's backups on the embedded profile (thirtyone.backups.automatic,
docs/backups.md#automatic-backups): one at a round end, one while a game is live, none
needless, and the folder pruned after each."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from games import notify
from tests.games.conftest import ann, bob, presets, scat  # noqa: F401
from tests.thirtyone.test_backups import backup_at, own_database, two_players  # noqa: F401
from tests.tournaments.conftest import club, make_event, members  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from thirtyone.backups import automatic, names
from tournaments import services
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def automatic_on(own_database: Path, settings: Any) -> Path:  # noqa: F811
    settings.THIRTYONE_AUTO_BACKUPS = True
    return own_database


def test_none_while_nothing_is_live_then_one_while_a_game_is(
    automatic_on: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert automatic.while_live() is None
    assert names.listed() == []
    two_players(monkeypatch)
    made = automatic.while_live()
    assert made is not None and names.listed() == [made]
    assert automatic.while_live() is None  # one younger than 10 minutes is there


def test_a_round_end_after_the_newest_backup_makes_one_and_a_repeat_does_not(
    automatic_on: Path,
) -> None:
    first = automatic.after_round(time.time())
    assert first is not None
    # The same round end delivered again (or late): a backup taken after it exists.
    assert automatic.after_round(time.time() - 2) is None
    assert names.listed() == [first]


def test_nothing_when_automatic_backups_are_off(own_database: Path) -> None:  # noqa: F811
    assert automatic.after_round(time.time()) is None
    assert names.listed() == []


def test_after_an_automatic_backup_the_folder_is_pruned(automatic_on: Path) -> None:
    folder = names.folder()
    old = [backup_at(folder, timezone.now() - timedelta(hours=1, minutes=k)) for k in range(25)]
    made = automatic.after_round(time.time())
    left = names.listed(folder)
    assert made is not None and made in left
    assert len(left) == 20  # the last 20 (today's newest among them)
    assert old[-1].path not in {b.path for b in left}


def test_a_round_end_of_an_event_asks_the_worker_for_a_backup(
    make_event: Any,  # noqa: F811
    ann: Any,  # noqa: F811
    members: list[Any],  # noqa: F811
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.THIRTYONE_AUTO_BACKUPS = True
    asked: list[tuple[str, tuple[Any, ...]]] = []
    enqueue = notify.enqueue

    def recorded(name: str, *args: Any, **kwargs: Any) -> None:
        if name == automatic.ROUND_END_TASK:
            asked.append((name, args))
        else:
            enqueue(name, *args, **kwargs)

    monkeypatch.setattr(notify, "enqueue", recorded)
    event = make_event(rounds=2, table_size=4, table_min=3, table_max=4)
    register_all(event, [ann, *members[:2]])
    services.start_event(event=event, by=ann)
    started = time.time()
    play_round(Round.objects.get(event=event, number=1), django_capture_on_commit_callbacks)

    assert Round.objects.get(event=event, number=1).status == Round.FINISHED
    assert Event.objects.get(pk=event.pk).status == Event.RUNNING
    assert len(asked) == 1 and asked[0][1][0] >= started
