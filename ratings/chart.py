"""A rating chart drawn on the server as SVG: no chart JavaScript (docs/ratings.md#pages).

`chart()` works out the coordinates; `templates/ratings/chart.svg` draws them, with a
`<title>` and a `<desc>` that say in words what the line shows, and each game's point
a link to that game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28  # margins for the axis labels


@dataclass(frozen=True)
class Entry:
    """A rated game as the chart sees it: the rating after it, and where it links."""

    rating: int
    label: str
    url: str | None = None


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str
    url: str | None


@dataclass(frozen=True)
class Chart:
    title: str
    desc: str
    points: list[Point]
    line: str  # the polyline's points attribute
    ticks: list[tuple[float, int]]  # (y, rating) of the horizontal grid lines
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM


def chart(start: int, entries: Sequence[Entry], *, title: str) -> Chart:
    """The chart of a rating that was `start` before the first of `entries` (oldest
    first)."""
    values = [start, *(e.rating for e in entries)]
    low, high = min(values), max(values)
    step = _step(high - low)
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
    if top == bottom:
        top += step
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return round(TOP + inner_h * (top - value) / (top - bottom), 1)

    def x_of(n: int) -> float:
        return round(LEFT + inner_w * n / max(1, len(entries)), 1)

    points = [Point(x_of(0), y_of(start), _("Start: %(rating)d") % {"rating": start}, None)] + [
        Point(x_of(n), y_of(e.rating), e.label, e.url) for n, e in enumerate(entries, start=1)
    ]
    ticks = [(y_of(v), v) for v in range(bottom, top + 1, step)]
    desc = ngettext(
        "Rating after %(count)d rated game, from %(start)d to %(end)d; "
        "lowest %(low)d, highest %(high)d. Each point links to its game.",
        "Rating after each of %(count)d rated games, from %(start)d to %(end)d; "
        "lowest %(low)d, highest %(high)d. Each point links to its game.",
        len(entries),
    ) % {"count": len(entries), "start": start, "end": values[-1], "low": low, "high": high}
    return Chart(
        title=title,
        desc=desc,
        points=points,
        line=" ".join(f"{p.x},{p.y}" for p in points),
        ticks=ticks,
    )


def _step(spread: int) -> int:
    """A round grid step giving about four lines over `spread`."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if spread / step <= 5:
            return step
    return 1000
