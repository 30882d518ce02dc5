"""games.csv_cells: OWASP's rule for CSV injection, and plain numbers left as numbers."""

from __future__ import annotations

import csv
import io

import pytest

from games.csv_cells import safe_cell, write_rows


@pytest.mark.parametrize(
    "typed", ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("a")', "-", "+"]
)
def test_a_cell_that_starts_a_formula_is_quoted_as_text(typed: str) -> None:
    assert safe_cell(typed) == "'" + typed


@pytest.mark.parametrize("number", ["-3", "+2", "12.5", "-0.25", "50%", "0"])
def test_a_plain_number_stays_a_number(number: str) -> None:
    assert safe_cell(number) == number


@pytest.mark.parametrize("text", ["Anna", "T3 P2 (2.5)", "a=b", "", "3-1"])
def test_other_text_is_as_typed(text: str) -> None:
    assert safe_cell(text) == text


def test_write_rows_makes_every_cell_safe() -> None:
    out = io.StringIO()
    write_rows(out, [["Player", "Points"], ["=cmd|' /C calc'!A0", -2], ["Bo", 3.5]])
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [
        ["Player", "Points"],
        ["'=cmd|' /C calc'!A0", "-2"],
        ["Bo", "3.5"],
    ]
