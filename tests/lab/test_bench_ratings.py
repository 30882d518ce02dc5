"""The ratings benchmark (python -m lab.bench_ratings) on a handful of games."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.bench_ratings import main, synthetic
from lab.rating_games import read
from ratings.fold import fold


def test_the_command_prints_the_figures_and_resumes_its_games(tmp_path: Path, capsys) -> None:
    games = tmp_path / "games.jsonl"
    args = ["bench", "--file", str(games), "--jobs", "1", "--hard-budget", "10"]
    assert main([*args, "--games", "4", "--warmup", "2", "--rebuild-games", "100"]) == 0
    out = capsys.readouterr().out
    assert "After the first 2 games:" in out and "hard > medium > easy:" in out
    assert "Brier score:" in out and "games/s" in out
    first = read(games)
    assert main([*args, "--games", "5", "--warmup", "2", "--rebuild-games", "100"]) == 0
    assert read(games)[:4] == first and len(read(games)) == 5
    with pytest.raises(SystemExit):
        main([*args, "--games", "5", "--seats", "4"])
    assert "other settings" in capsys.readouterr().err


def test_the_synthetic_games_fold_like_the_sites() -> None:
    made = synthetic(300)
    assert len(list(fold(made, {}))) == 300
    assert any(p.bot_level for r in made for p in r.players)
