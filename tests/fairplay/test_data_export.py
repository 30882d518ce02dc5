"""The fair-play part of "Download my data" (docs/privacy.md#download-my-data): what a
person did and what was decided about them, never who reported them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.data_export.parts import all_parts
from fairplay import data_export
from fairplay.models import Block, Report, Sanction

pytestmark = pytest.mark.django_db


def test_it_holds_their_reports_sanctions_and_blocks_but_not_reports_about_them(
    ann: Any, bob: Any, cat: Any
) -> None:
    assert "fair-play.json" in {part.name for part in all_parts()}
    Report.objects.create(reporter=ann, reported=bob, subject=Report.PROFILE, reason="abuse")
    Report.objects.create(reporter=cat, reported=ann, subject=Report.PROFILE, reason="abuse")
    now = timezone.now()
    Sanction.objects.create(
        user=ann,
        kind=Sanction.CHAT_MUTE,
        reason="abuse",
        starts_at=now,
        ends_at=now + timedelta(days=2),
        key="test-mute",
    )
    Block.objects.create(blocker=ann, blocked=cat)
    mine = data_export.fair_play(ann)
    assert [r["about"] for r in mine["reports_made"]] == ["bob"]
    assert [s["until"] for s in mine["sanctions"]] == [now + timedelta(days=2)]
    assert [b["person"] for b in mine["blocking"]] == ["cat"]
    assert "cat" not in str(mine["reports_made"]) and "cat" not in str(mine["sanctions"])
    assert data_export.fair_play(bob) == {
        "reports_made": [],
        "sanctions": [],
        "blocking": [],
        "left_rated_games": [],
    }
