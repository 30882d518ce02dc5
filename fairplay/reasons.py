"""Why a report is made (a short list: docs/fair-play.md#reports), and why a person is
restricted: the same words, read in the reader's language when shown."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

COLLUSION, ABUSE, STALLING, CHEATING, OTHER = "collusion", "abuse", "stalling", "cheating", "other"
# A mark's reason, never a report's: the leavers' rule (fairplay.leavers).
LEAVING = "leaving"

REPORT_REASONS: dict[str, str | Promise] = {
    COLLUSION: gettext_lazy("Collusion: helping another player"),
    ABUSE: gettext_lazy("Abusive chat"),
    STALLING: gettext_lazy("Stalling or leaving games"),
    CHEATING: gettext_lazy("Cheating otherwise"),
    OTHER: gettext_lazy("Something else"),
}

SANCTION_REASONS: dict[str, str | Promise] = {
    **REPORT_REASONS,
    LEAVING: gettext_lazy("you left 3 rated games in a week"),
}


def label(reason: str) -> str:
    """The reason in the active language ("" for one not known)."""
    return str(SANCTION_REASONS.get(reason, ""))
