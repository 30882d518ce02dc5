"""How the tournament pages write places, numbers and seats, the same in every format's
pages, forms and CSV. Reading only: nothing here imports a write path, so any page
module may use it (docs/design.md §14)."""

from __future__ import annotations

from typing import Any

from tournaments.standings import format_number

number = format_number  # 2, 2.5, 2.33: as the CSV writes numbers


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seat_name(seat: Any) -> str:
    """A `RoundSeat`'s occupant as every page names it: the player, or "Bot (medium)"."""
    return seat.entry.user.get_username() if seat.entry else f"Bot ({seat.bot_level})"


def tables_named(numbers: list[int]) -> str:
    """Table numbers in words: "table 3", "tables 2 and 3", "tables 1, 2 and 4"."""
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(str(n) for n in numbers[:-1])} and {numbers[-1]}"
