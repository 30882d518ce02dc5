"""/metrics and what it counts (games.metrics, thirtyone.observe, docs/monitoring.md#metrics)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY, CollectorRegistry, multiprocess

from accounts import tasks as account_tasks
from games import engine, notify, realtime, services, tasks
from games.engine.bots import BaselineBot
from games.models import Game
from tests.games.conftest import ann, bob, presets, scat, table  # noqa: F401  (fixtures)
from tests.games.playing import deal_two
from thirtyone import embedded
from thirtyone.observe import counted_socket

pytestmark = pytest.mark.django_db

TOKEN = "scrape-me-" + "x" * 20


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
def token(settings: Any) -> str:
    settings.METRICS_TOKEN = TOKEN
    return TOKEN


def _scrape(client: Client, **headers: Any) -> str:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}", **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    return response.content.decode()


def test_metrics_is_a_404_without_the_token(client: Client, settings: Any) -> None:
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404
    settings.METRICS_TOKEN = TOKEN
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION=TOKEN).status_code == 404
    # The site's own 404 page, as for any page that is not there.
    assert client.get("/metrics").content == client.get("/no-such-page/").content


def test_a_persons_move_is_counted_and_served(
    client: Client,
    token: str,
    table: Any,  # noqa: F811
    bob: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = deal_two(table, bob, monkeypatch, turn_timer=0)
    before = _value("thirtyone_moves_total", kind="person")
    state = game.engine_state()
    player = game.players.get(position=state.turn)
    action = BaselineBot().choose(engine.observation(state, state.turn))
    with django_capture_on_commit_callbacks(execute=True):
        services.play(game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq)
    assert _value("thirtyone_moves_total", kind="person") == before + 1
    page = _scrape(client, HTTP_HOST="10.0.0.9")  # whatever the Host, as the probes
    assert f'thirtyone_moves_total{{kind="person"}} {before + 1}' in page
    # No label names a player: only counts of kinds.
    assert '"ann"' not in page and '"bob"' not in page


def test_a_move_refused_is_not_counted(table: Any, bob: Any, monkeypatch: Any) -> None:  # noqa: F811
    game = deal_two(table, bob, monkeypatch, turn_timer=0)
    before = _value("thirtyone_moves_total", kind="person")
    with pytest.raises(services.ServiceError):
        services.play(game_id=game.pk, user=table.owner, action="zz", expected_seq=game.seq)
    assert _value("thirtyone_moves_total", kind="person") == before


def test_bot_moves_and_timeouts_are_counted_by_kind(
    table: Any,  # noqa: F811
    bob: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = deal_two(table, bob, monkeypatch, turn_timer=15)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    timeouts, bots = (_value("thirtyone_moves_total", kind=k) for k in ("timeout", "bot"))
    with django_capture_on_commit_callbacks(execute=True):
        tasks.turn_timeout(game.pk, game.seq)
    assert _value("thirtyone_moves_total", kind="timeout") == timeouts + 1
    Game.objects.filter(table=table).update(status=Game.FINISHED)
    services.add_bot(table=table, by=table.owner, level="easy")
    for _ in range(30):  # a game where a bot is on turn
        Game.objects.filter(table=table).update(status=Game.FINISHED)
        game = services.start_game(table=table, by=table.owner)
        if game.machine_moves_next():
            break
    people = _value("thirtyone_moves_total", kind="person")
    with django_capture_on_commit_callbacks(execute=True):  # a turn: a draw, a discard
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    assert _value("thirtyone_moves_total", kind="bot") >= bots + 1
    assert _value("thirtyone_moves_total", kind="timeout") == timeouts + 1
    assert _value("thirtyone_moves_total", kind="person") == people


def test_a_push_is_timed_only_when_it_sent_views(monkeypatch: pytest.MonkeyPatch) -> None:
    sent = [3]
    monkeypatch.setattr(realtime, "push_game", lambda game_id, **kw: sent[0])
    before = _value("thirtyone_push_seconds_count")
    notify.committed(1, 5, bot_moves_next=False, timer=0)
    assert _value("thirtyone_push_seconds_count") == before + 1
    sent[0] = 0
    notify.committed(1, 6, bot_moves_next=False, timer=0)
    assert _value("thirtyone_push_seconds_count") == before + 1


def test_tasks_are_counted_by_name_and_outcome(settings: Any) -> None:
    name = "games.tasks.sweep"
    before = _value("thirtyone_tasks_total", task=name, outcome="success")
    tasks.sweep.delay()
    assert _value("thirtyone_tasks_total", task=name, outcome="success") == before + 1


def test_requests_are_counted_by_view_and_status(client: Client) -> None:
    ok = _value("thirtyone_http_requests_total", view="lobby", status="200")
    missing = _value("thirtyone_http_requests_total", view="unresolved", status="404")
    client.get("/")
    client.get("/no-such-page/")
    assert _value("thirtyone_http_requests_total", view="lobby", status="200") == ok + 1
    assert _value("thirtyone_http_requests_total", view="unresolved", status="404") == missing + 1


def test_sockets_are_counted_while_open() -> None:
    events: list[float] = []

    class Consumer:  # stands for a consumer's as_asgi()
        pass

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        events.append(_value("thirtyone_sockets", consumer="Consumer"))

    app.consumer_class = Consumer  # type: ignore[attr-defined]

    async def send(message: Any) -> None:
        pass

    before = _value("thirtyone_sockets", consumer="Consumer")
    async_to_sync(counted_socket(app))({"type": "websocket"}, None, send)
    assert events == [before + 1]
    assert _value("thirtyone_sockets", consumer="Consumer") == before


def test_the_sweep_lag_is_the_age_of_the_last_sweep(client: Client, token: str) -> None:
    cache.set(tasks.SWEPT_KEY, time.time() - 40, timeout=None)
    page = _scrape(client)
    line = next(x for x in page.splitlines() if x.startswith("thirtyone_sweep_lag_seconds "))
    assert 40 <= float(line.split()[1]) < 400


def test_mail_is_counted_sent_and_failed(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    sent = _value("thirtyone_mail_total", source="accounts", outcome="sent")
    failed = _value("thirtyone_mail_total", source="accounts", outcome="failed")
    account_tasks.send_mail.delay("Hello", "Body", "a@example.com", ["b@example.org"])
    assert len(mail.outbox) == 1
    assert _value("thirtyone_mail_total", source="accounts", outcome="sent") == sent + 1

    def refused(self: Any, messages: Any) -> int:
        raise ConnectionRefusedError("b@example.org")

    monkeypatch.setattr(mail.backends.locmem.EmailBackend, "send_messages", refused)
    with pytest.raises(account_tasks.MailNotSent):
        account_tasks.send_mail.delay("Hello", "Body", "a@example.com", ["b@example.org"])
    assert _value("thirtyone_mail_total", source="accounts", outcome="failed") == failed + 1


COUNT_ONE_MOVE = """
from games.metrics import MOVES, SOCKETS
MOVES.labels("bot").inc()
SOCKETS.labels("GameConsumer").inc()
"""


def test_the_numbers_of_many_processes_add_up(tmp_path: Path) -> None:
    """In multiprocess mode (PROMETHEUS_MULTIPROC_DIR), two processes' moves add up;
    the sockets of a process marked dead leave the sum."""
    environ = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    root = Path(__file__).resolve().parents[2]
    pids = []
    for _ in range(2):
        code = COUNT_ONE_MOVE + "import os; print(os.getpid())"
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=environ,
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        pids.append(int(done.stdout))
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(tmp_path))  # type: ignore[no-untyped-call]
    assert registry.get_sample_value("thirtyone_moves_total", {"kind": "bot"}) == 2
    labels = {"consumer": "GameConsumer"}
    assert registry.get_sample_value("thirtyone_sockets", labels) == 2
    multiprocess.mark_process_dead(pids[0], path=str(tmp_path))
    assert registry.get_sample_value("thirtyone_sockets", labels) == 1
    assert registry.get_sample_value("thirtyone_moves_total", {"kind": "bot"}) == 2


SHOW_FOLDER = (
    "import os, thirtyone.settings, sys; "
    "print(os.environ.get('PROMETHEUS_MULTIPROC_DIR', '-')); "
    "print('prometheus_client' in sys.modules)"
)


@pytest.mark.parametrize("redis_url", ["", "redis://127.0.0.1:1/0"])
def test_the_embedded_profile_names_its_metrics_folder_before_any_import(
    tmp_path: Path, redis_url: str
) -> None:
    """Every process loads the settings first: they name var/metrics/ (owner-only) in
    the embedded profile, before prometheus-client is imported; production's is the
    operator's to set."""
    environ = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR",)}
    environ.update(THIRTYONE_VAR_DIR=str(tmp_path), SECRET_KEY="k" * 50, REDIS_URL=redis_url)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", SHOW_FOLDER],
        env=environ,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    folder, imported = done.stdout.split()
    assert imported == "False"
    if redis_url:
        assert folder == "-"
    else:
        assert folder == str(tmp_path / "metrics")
        assert (tmp_path / "metrics").stat().st_mode & 0o777 == 0o700


def test_make_run_starts_with_an_empty_metrics_folder(tmp_path: Path) -> None:
    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_123.db").write_bytes(b"old")
    embedded.fresh_metrics(folder)
    assert list(folder.iterdir()) == []
    assert folder.stat().st_mode & 0o777 == 0o700
