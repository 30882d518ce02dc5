"""The `simulate` command: whole games between bots, counted and summed up."""

from __future__ import annotations

import json
import random

import pytest

from games.engine.bots import MediumBot
from games.engine.rules import Rules
from lab.__main__ import main
from lab.bots import paired
from lab.simulate import CHUNK_GAMES, simulate_chunks, wilson_interval


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", "--quiet", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_it_counts_every_game_and_shares_out_the_wins(capsys):
    data = run_json(capsys, "--preset", "scat", "--players", "3", "--games", "30", "--seed", "4")
    assert data["games"] == 30
    assert data["rounds"] >= 30  # a game has at least two rounds with three players
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(30)
    assert [seat["bot"] for seat in data["seats"]] == ["baseline"] * 3
    assert data["fair_share"] == pytest.approx(1 / 3)
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert low <= seat["share"] <= high
    assert data["turns_per_round"] > 1
    assert data["rounds_per_second"] > 0
    assert data["rules"] == Rules.preset("scat").to_dict()


def test_it_prints_a_summary_a_person_can_read(capsys):
    assert main(["simulate", "--quiet", "--bots", "medium,easy", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "scat: 5 games" in out
    assert "rounds per second" in out
    assert "seat 1 (medium)" in out and "seat 2 (easy)" in out
    assert "95% CI" in out


def test_it_shows_progress_while_it_runs(capsys):
    assert main(["simulate", "--players", "2", "--games", str(CHUNK_GAMES + 1)]) == 0
    assert f"{CHUNK_GAMES + 1}/{CHUNK_GAMES + 1} games" in capsys.readouterr().err


def test_the_same_seed_gives_the_same_games_on_one_core_or_two():
    rules = Rules.preset("thirty_one")
    levels = ("medium", "easy", "baseline")
    games = CHUNK_GAMES + 5  # two chunks
    one = simulate_chunks(rules, levels, games, seed=3, jobs=1)
    two = simulate_chunks(rules, levels, games, seed=3, jobs=2)
    assert (one.games, one.rounds, one.turns, one.wins) == (
        two.games,
        two.rounds,
        two.turns,
        two.wins,
    )
    other = simulate_chunks(rules, levels, games, seed=4, jobs=1)
    assert (other.rounds, other.turns) != (one.rounds, one.turns)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "poker"], "invalid choice: 'poker'"),
        (["--bots", "easy,grandmaster"], "There is no bot level 'grandmaster'"),
        (["--players", "3", "--bots", "easy,easy"], "--players 3 but --bots names 2 bots"),
        (["--set", "lives"], "--set expects OPTION=VALUE"),
        (["--set", "colour=red"], "colour"),
        (["--set", "knock_min=40"], "knock_min"),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_bad_input_is_refused_with_a_message_that_says_why(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--quiet", *args])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_the_interval_holds_the_share_and_narrows_with_more_games():
    share, low, high = wilson_interval(30, 100)
    assert share == pytest.approx(0.3)
    assert low < 0.3 < high
    _, wide_low, wide_high = wilson_interval(3, 10)
    assert wide_high - wide_low > high - low
    assert wilson_interval(0, 0) == (0.0, 0.0, 1.0)


def test_bench_bot_times_the_decisions_it_was_asked_for(capsys):
    assert main(["bench-bot", "--level", "medium", "--decisions", "40", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "medium: 40 decisions in" in out
    assert "p95" in out and "max" in out


def test_bench_bot_refuses_a_table_size_the_rules_do_not_allow(capsys):
    with pytest.raises(SystemExit):
        main(["bench-bot", "--players", "13"])
    assert "--players must be 2 to 12" in capsys.readouterr().err


def test_paired_rounds_of_a_bot_against_itself_come_out_the_same(capsys):
    assert paired.main(["--level", "medium", "--rounds", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "6 rounds: medium minus medium, seat 1's equity +0.0000 ± 0.0000" in out
    assert "came out differently 0%" in out


def test_paired_rounds_tell_a_weaker_bot_apart(capsys):
    assert paired.main(["--level", "easy", "--rounds", "30", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "30 rounds: easy minus medium" in out
    assert "came out differently 0%" not in out


def test_paired_rounds_heads_up(capsys):
    assert paired.main(["--level", "easy", "--rounds", "10", "--players", "2"]) == 0
    assert "10 rounds: easy minus medium" in capsys.readouterr().out


def test_paired_rounds_show_every_other_move_to_a_watching_bot():
    class Watcher(MediumBot):
        def __init__(self) -> None:
            super().__init__()
            self.seen: set[int] = set()

        def watch(self, obs, seat, action) -> None:
            assert obs.viewer == 0
            self.seen.add(seat)

    rules = Rules.preset("scat")
    watcher = Watcher()
    standings = paired.random_standings(rules, random.Random(4), 3)
    paired.play_round(rules, 4, standings, watcher)
    assert watcher.seen == {1, 2}


def test_paired_refuses_a_table_the_preset_does_not_seat(capsys):
    with pytest.raises(SystemExit):
        paired.main(["--players", "1"])
    assert "--players must be 2 to 12 for scat" in capsys.readouterr().err


def test_paired_refuses_bad_bot_options(capsys):
    with pytest.raises(SystemExit):
        paired.main(["--level", "hard", "--options", '{"colour": 1}'])
    assert "--options" in capsys.readouterr().err
