"""The fair-play part of a person's data download (docs/privacy.md#download-my-data):
the reports they made, the sanctions on them, whom they block and their leaving
marks. Not the reports about them: who reported whom is the reporter's to keep
(docs/fair-play.md#reports), and the moderators' notes are the moderators'."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from accounts.data_export.parts import one_file
from fairplay.models import Block, LeaverMark, Report, Sanction


def fair_play(user: Any) -> dict[str, Any]:
    return {
        "reports_made": [
            {
                "about": report.reported.get_username(),
                "what": report.get_subject_display(),
                "reason": report.get_reason_display(),
                "note": report.note,
                "game": report.game_id,
                "at": report.created_at,
                "status": report.get_status_display(),
            }
            for report in Report.objects.filter(reporter=user).select_related("reported")
        ],
        "sanctions": [
            {
                "kind": sanction.get_kind_display(),
                "club": sanction.club.name if sanction.club else None,
                "reason": sanction.get_reason_display(),
                "from": sanction.starts_at,
                "until": sanction.ends_at,
            }
            for sanction in Sanction.objects.filter(user=user).select_related("club")
        ],
        "blocking": [
            {"person": block.blocked.get_username(), "since": block.created_at}
            for block in Block.objects.filter(blocker=user).select_related("blocked")
        ],
        "left_rated_games": [
            {"game": mark.game_id, "why": mark.get_why_display(), "at": mark.at}
            for mark in LeaverMark.objects.filter(user=user)
        ],
    }


def register() -> None:
    one_file(
        "fair-play.json",
        gettext_lazy(
            "The reports you made and how they stand, any warning or restriction on you "
            "with its reason and end, the people you block, and the rated games you left "
            "early."
        ),
        fair_play,
        order=110,
    )
