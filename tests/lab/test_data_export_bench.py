"""The data download's benchmark (python -m lab.data_export_bench) on a small member."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from lab.data_export_bench import make_member, measure, report
from tests.games.conftest import presets  # noqa: F401  (shared fixture)

pytestmark = pytest.mark.django_db


def test_it_builds_a_members_zip_with_their_games_and_chat_and_prints_the_figures(
    presets: None,  # noqa: F811
    settings: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings.DATA_EXPORT_DIR = tmp_path / "data-exports"
    member = make_member(games=2, lines=4)
    path, seconds = measure(member)
    with zipfile.ZipFile(path) as zipped:
        names = zipped.namelist()
        lines = json.loads(zipped.read("chat.json"))
    assert len([name for name in names if name.startswith("games/")]) == 2
    assert sum(line["yours"] for table in lines for p in table["passages"] for line in p) == 4
    report(path, seconds)
    out = capsys.readouterr().out
    assert "games/<id>.json x 2" in out and "chat.json" in out
    assert f"the ZIP: {path.stat().st_size:,} bytes" in out
