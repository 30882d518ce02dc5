"""A person's rating and rated games in a family, as the tournaments' entry conditions
ask for them (tournaments.rated_record, registered in RatingsConfig.ready:
docs/tournaments.md#entry-conditions)."""

from __future__ import annotations

from typing import Any

from ratings.families import FAMILIES, family_of
from ratings.models import Rating
from tournaments.rated_record import Record


def record(user: Any, rules: dict[str, Any]) -> Record:
    """`user`'s displayed rating and rated games in the family of `rules` (no rating,
    no games: not rated there yet, or nobody asked)."""
    family = family_of(rules)
    name = str(FAMILIES[family])
    pk = getattr(user, "pk", None)
    rating = Rating.objects.filter(user_id=pk, family=family).first() if pk else None
    if rating is None:
        return Record(family=name, rating=None, games=0)
    return Record(family=name, rating=rating.displayed, games=rating.games)
