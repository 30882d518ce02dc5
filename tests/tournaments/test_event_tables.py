"""An event's tables belong to the event
(docs/tournaments.md#an-events-tables-belong-to-the-event): nobody takes or leaves a
seat at any of them — a Swiss table between games, a duplicate table, a knockout table
kept from deal to deal or broken, a top-q round's table — by page or by service; the
event seats them (`games.services.set_seats`)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games import services as games
from games.errors import ServiceError
from games.models import Table
from games.services.tables import SEATED_BY_ITS_TOURNAMENT
from tests.tournaments.test_formats import one_of_each
from tests.tournaments.test_knockout import field, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tournaments.models import RoundTable

pytestmark = pytest.mark.django_db


def test_nobody_takes_or_leaves_a_seat_at_any_of_an_events_tables(
    client: Any,
    django_user_model: Any,
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    made = one_of_each(make_any_event, field[0], field, quick, django_capture_on_commit_callbacks)
    outsider = django_user_model.objects.create_user("walk-in", password="x" * 12)
    tables = Table.objects.filter(
        pk__in=RoundTable.objects.filter(round__event__in=made).values("table_id")
    )
    assert tables.count() >= 8  # every format's tables, broken knockout tables among them
    client.force_login(outsider)
    for table in tables:
        seats_before = list(table.seats.values_list("position", "user_id", "bot_level"))
        with pytest.raises(ServiceError) as refused:
            games.join_table(table=table, user=outsider)
        assert refused.value.message == SEATED_BY_ITS_TOURNAMENT
        page = client.get(reverse("table", args=[table.pk]))
        if page.status_code == 200:  # a duplicate table is its players' only (404)
            assert b'value="join"' not in page.content
        posted = client.post(reverse("table_seats", args=[table.pk]), {"action": "join"})
        assert posted.status_code in (302, 404)
        seated = table.seats.filter(user__isnull=False).select_related("user").first()
        if seated is not None:
            with pytest.raises(ServiceError, match="its tournament's"):
                games.leave_seat(table=table, by=seated.user, position=seated.position)
        assert list(table.seats.values_list("position", "user_id", "bot_level")) == seats_before
