"""Rating families: which games' ratings are kept apart (docs/ratings.md#families).

A family is the rules' `scoring`, because that decides what a finishing place means and
which play earns it: with lives it is the order of going out (survive the knocks), with
points a race to the target (win rounds), with banking the chips at the end (win pots,
with the widow). House rules inside a family (jokers, knock_min, three of a kind at 30)
change details, not what a good place takes, so they share a rating.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

LIVES, POINTS, BANKING = "lives", "points", "banking"
# Names read in the reader's language (lazy: worked out when shown).
FAMILIES: dict[str, Promise] = {
    LIVES: _("Lives games"),
    POINTS: _("Points games"),
    BANKING: _("Banking games"),
}
CHOICES = list(FAMILIES.items())


def family_of(rules: dict[str, Any]) -> str:
    """The family of a table's stored rules (`Table.rules`; Scat's scoring by default)."""
    scoring = rules.get("scoring", LIVES)
    return scoring if scoring in FAMILIES else LIVES
