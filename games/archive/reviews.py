"""The bots' review of a finished game on its page and replay
(docs/bots.md#the-review-of-a-finished-game): each player's summary, and on the replay's
step where a reviewed player decided, a line saying what the bot thought of it.

Who may read whose decisions is `access.review_seats`. A line may name cards of the
player's hand (the bot's preferred discard), so it names them only on a replay side
that shows that hand: that seat's own, or every hand face up, in a round that ended
(only those are reviewed: `services.review_game`). On the spectator's side the same
line is worded without cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from games import access
from games.engine.actions import parse_action
from games.models import Game, GameReview
from games.wording.review import cost_text, review_line


class ReviewSummary(NamedTuple):
    """One player's review: decisions reviewed, mistakes, big ones, the average cost."""

    name: str
    you: bool
    decisions: int
    mistakes: int
    big: int
    average: str


class ReviewLine(NamedTuple):
    text: str
    big: bool


def stored_review(game: Game) -> GameReview | None:
    """The game's review, read once per instance and seq."""
    return game.once_per_seq("_review", lambda: [GameReview.objects.filter(game=game).first()])[0]


def page_review(game: Game, user: Any, names: Sequence[str]) -> dict[str, Any] | None:
    """The game page's part: None when `user` may read no one's review; "preparing"
    while it is not computed yet; else each readable player's summary."""
    seats = access.review_seats(user, game)
    if not seats:
        return None
    review = stored_review(game)
    if review is None:
        return {"preparing": True, "summaries": []}
    mine = access.seat_at(game, user)
    summaries = [
        ReviewSummary(
            names[s["seat"]],
            s["seat"] == mine,
            s["decisions"],
            s["mistakes"],
            s["big"],
            cost_text(s["average"], s["unit"]) if s["decisions"] else "–",
        )
        for s in review.seats
        if s["seat"] in seats and s["seat"] < len(names)
    ]
    return {"preparing": False, "summaries": summaries}


def step_review(
    game: Game, user: Any, names: Sequence[str], side: str, step: int, public: bool
) -> dict[str, Any] | None:
    """The replay step's part: None when `user` may read no one's review; "preparing"
    while it is not computed; else the lines of the decisions made in this step."""
    seats = access.review_seats(user, game)
    if not seats:
        return None
    review = stored_review(game)
    if review is None:
        return {"preparing": True, "lines": []}
    mine = access.seat_at(game, user)
    lines = []
    for entry in review.steps:
        seat = entry["seat"]
        if entry["step"] != step or seat not in seats or seat >= len(names):
            continue
        shows_hand = public and side in (access.FACE_UP, str(seat))
        text = review_line(
            entry["kind"],
            parse_action(entry["taken"], seat),
            parse_action(entry["preferred"], seat),
            entry["cost"],
            entry["unit"],
            None if seat == mine else names[seat],
            cards=shows_hand,
        )
        lines.append(ReviewLine(text, entry["big"]))
    return {"preparing": False, "lines": lines}
