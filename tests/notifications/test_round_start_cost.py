"""What a round start for 200 players costs the notifications
(docs/notifications.md#e-mail-an-outbox): the tasks it queues and the SMTP connections
its e-mail takes, counted with every player wanting "Your game is ready" by e-mail (off
by default) at a verified address. Not 200 sends one by one: a task per table to find
the words, one task that sends them all."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from celery.app.task import Task
from django.core import mail

from clubs.models import Membership
from notifications import mail as outbox
from notifications.models import Notification, Preference
from tests.integration.helpers import tasks_go_to_workers
from tests.notifications.test_mail import CountingBackend
from thirtyone.celery import app
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

PLAYERS = 200


def test_a_round_start_for_200_players_queues_one_sending_task_and_few_connections(
    club: Any,
    ann: Any,
    make_event: Any,
    django_user_model: Any,
    settings: Any,
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.EMAIL_BACKEND = "tests.notifications.test_mail.CountingBackend"
    CountingBackend.opened = 0
    players = django_user_model.objects.bulk_create(
        django_user_model(username=f"r{k}") for k in range(PLAYERS)
    )
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in players)
    EmailAddress.objects.bulk_create(
        EmailAddress(user=p, email=f"{p.username}@example.com", verified=True, primary=True)
        for p in players
    )
    Preference.objects.bulk_create(
        Preference(user=p, kind="game_ready", channel="email", enabled=True) for p in players
    )
    event = make_event(advance=Event.MANUAL, rounds=1)
    for player in players:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    queued: list[tuple[str, dict[str, Any]]] = []

    def to_the_broker(task: Task, args: Any = None, kwargs: Any = None, **options: Any) -> None:
        queued.append((task.name, kwargs or {}))

    monkeypatch.setattr(Task, "apply_async", to_the_broker)
    with tasks_go_to_workers():
        with django_capture_on_commit_callbacks(execute=True):
            services.start_round(round_=event.round_set.get(), by=ann)
        # The workers: each queued task in turn (what they queue in turn is queued too).
        done = 0
        while done < len(queued):
            name, kwargs = queued[done]
            app.tasks[name].run(**kwargs)
            done += 1
    tasks = Counter(name for name, _ in queued)
    connections = CountingBackend.opened
    print(f"\n{PLAYERS} players: tasks queued {dict(tasks)}; SMTP connections {connections}")
    assert tasks["notifications.tasks.make"] == PLAYERS // 4  # one per table's game
    # A sending task is woken at most once per WAKE_SECONDS of notifying (here the 50
    # tasks ran one after another in this process, over several seconds): a few, each
    # sending whatever is due, over one connection per PER_CONNECTION messages.
    assert 1 <= tasks[outbox.SEND_TASK] <= 5
    assert connections <= tasks[outbox.SEND_TASK] + PLAYERS // outbox.PER_CONNECTION
    assert len(mail.outbox) == PLAYERS
    assert Notification.objects.filter(email_state=Notification.SENT).count() == PLAYERS
