"""Every CSV file the site writes goes through here, so that no cell a person typed — a
name, a guest's name, an event's title — runs as a formula when the file is opened in a
spreadsheet (docs/security.md#csv-files).

OWASP's rule for CSV injection: a cell that starts with `=`, `+`, `-`, `@`, a tab or a
carriage return is written with a `'` before it, which spreadsheets read as "this is
text". A cell that is a plain number ("-3", "+2", "12.5", "50%") is left as it is: it is
read as that number, never as a formula, and a quote would turn a score into text.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

# The first characters a spreadsheet takes for the start of a formula (or, for tab and
# CR, a cell it may split or trim into one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?%?")


class Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: object) -> str:
    """`value` as a CSV cell no spreadsheet runs as a formula."""
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def write_rows(out: Writable, rows: Iterable[Iterable[object]]) -> None:
    """Write `rows` to `out` (a file or an HttpResponse) as CSV, every cell made safe."""
    writer = csv.writer(out)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
