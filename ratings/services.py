"""Writing ratings: rate a game (the Celery task's), rebuild them all (the command's).

Both fold `ratings.fold.rate` over rated games in the same order, finishing time then
id, so a rebuild gives exactly the stored numbers. Rating a game locks its family's
`FamilyLock` row, so games of a family are rated one at a time (docs/ratings.md#rating-a-game):

- a game already rated (a repeated or late delivery) changes nothing;
- the usual case: the game finished after every rated game of its family, and is
  folded onto the stored ratings;
- a game that finished before some already rated ones (its task ran late, or another
  game's commit overtook it) is put in its place: the later games are unwound (each of
  their players goes back to their rating before the first of them), and the game and
  those later games are folded again, in order. The later games are the few of the
  last moments, or of a broker outage the sweep catches up on.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, Min, OuterRef, Q
from django.utils import timezone

from games.models import Game
from ratings import records
from ratings.families import FAMILIES
from ratings.fold import Change, Record, Skill, State, fold
from ratings.models import FamilyLock, Rating, RatingChange

WRITE_BATCH = 2000


def rate_game(*, game_id: int) -> bool:
    """Rate the game if it counts and is not rated yet; True if this call rated it."""
    record = records.record_of(game_id)
    if record is None:
        return False
    family = record.family
    with transaction.atomic():
        _lock(family)
        if RatingChange.objects.filter(game_id=game_id).exists():
            return False
        later = _later_games(record)
        redo = [record, *records.records(_games(later))]
        users = {p.user_id for r in redo for p in r.players if p.user_id is not None}
        state: State = {
            (family, r.user_id): Skill(r.mu, r.sigma, r.games)
            for r in Rating.objects.filter(family=family, user__in=users)
        }
        state.update(_unwind(family, later))
        _write(fold(redo, state), state)
    return True


def rebuild() -> int:
    """Every rating again from the games' results; returns how many games were rated."""
    with transaction.atomic():
        for family in FAMILIES:
            _lock(family)
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        games = records.rated_games().select_related("table").only("finished_at", "table__rules")
        state: State = {}
        folded = fold(records.records(games.iterator(chunk_size=records.BATCH)), state)
        count = _write(folded, state)
    return count


def unrated_since(since: datetime) -> list[int]:
    """Rated games finished since `since` with no rating changes: their task was lost."""
    rated = RatingChange.objects.filter(game=OuterRef("pk"))
    games = records.rated_games().filter(~Exists(rated), finished_at__gte=since)
    return list(games.values_list("pk", flat=True))


def sweep(hours: int = 24) -> int:
    """Rate games of the last `hours` whose task never came (beat's, via the task)."""
    found = unrated_since(timezone.now() - timedelta(hours=hours))
    return sum(rate_game(game_id=game_id) for game_id in found)


def _lock(family: str) -> None:
    """Take the family's lock for the rest of the transaction (the row is made the
    first time: two makers at once are one insert and one wait on the unique key)."""
    FamilyLock.objects.get_or_create(family=family)
    FamilyLock.objects.select_for_update().get(family=family)


def _later_games(record: Record) -> list[int]:
    """Ids of the family's rated games that finished after `record`'s game, in order."""
    at, pk = record.key
    after = Q(finished_at__gt=at) | Q(finished_at=at, game_id__gt=pk)
    rows = RatingChange.objects.filter(after, family=record.family)
    return list(
        rows.values_list("game_id", flat=True).order_by("finished_at", "game_id").distinct()
    )


def _games(game_ids: list[int]) -> Iterable[Game]:
    found = Game.objects.select_related("table").only("finished_at", "table__rules")
    return found.filter(pk__in=game_ids).order_by("finished_at", "pk")


def _unwind(family: str, game_ids: list[int]) -> State:
    """Delete the changes of `game_ids` and put each of their players back where they
    were before the first of them; returns those players' ratings (the fold's state)."""
    state: State = {}
    if not game_ids:
        return state
    changes = RatingChange.objects.filter(family=family, game_id__in=game_ids)
    firsts = changes.values("user").annotate(first=Min("seq"))
    for row in firsts:
        first = changes.get(user=row["user"], seq=row["first"])
        state[(family, row["user"])] = Skill(first.mu_before, first.sigma_before, first.seq - 1)
    changes.delete()
    return state


def _write(folded: Iterable[tuple[Record, list[Change]]], state: State) -> int:
    """Store the changes of `folded` (a fold over `state`) and the ratings they lead
    to; returns how many games it rated."""
    rows: list[RatingChange] = []
    last: dict[tuple[str, int], datetime] = {}
    count = 0
    for record, changes in folded:
        count += 1
        for change in changes:
            rows.append(_change_row(record, change))
            last[(record.family, change.user_id)] = record.finished_at
        if len(rows) >= WRITE_BATCH:
            RatingChange.objects.bulk_create(rows)
            rows = []
    RatingChange.objects.bulk_create(rows)
    _save_ratings({key: state[key] for key in last}, last)
    return count


def _change_row(record: Record, change: Change) -> RatingChange:
    before, after = change.before, change.after
    return RatingChange(
        game_id=record.game_id,
        user_id=change.user_id,
        family=record.family,
        seq=after.games,
        place=change.place,
        weight=change.weight,
        mu_before=before.mu,
        sigma_before=before.sigma,
        mu_after=after.mu,
        sigma_after=after.sigma,
        displayed_before=before.displayed,
        displayed_after=after.displayed,
        finished_at=record.finished_at,
    )


def _save_ratings(skills: State, updated: dict[tuple[str, int], datetime]) -> None:
    """Set these ratings ((family, user id) → skill), making those not stored yet."""
    users = {user for _, user in skills}
    existing = {(r.family, r.user_id): r for r in Rating.objects.filter(user__in=users)}
    new = []
    for (family, user_id), skill in skills.items():
        rating = existing.get((family, user_id)) or Rating(user_id=user_id, family=family)
        rating.mu, rating.sigma, rating.games = skill.mu, skill.sigma, skill.games
        rating.updated = updated[(family, user_id)]
        if rating.pk is None:
            new.append(rating)
    changed = [r for key, r in existing.items() if key in skills]
    Rating.objects.bulk_update(changed, ["mu", "sigma", "games", "updated"], batch_size=WRITE_BATCH)
    Rating.objects.bulk_create(new, batch_size=WRITE_BATCH)
