"""The formats seam (docs/tournaments.md#formats-one-plug-in-each): every format found
through one registry and answering the whole protocol, no branch on a format outside
`tournaments/formats/`, and a club's season that counts every format."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.tournaments.test_duplicate_rounds import duplicate_event, play_everything
from tests.tournaments.test_knockout import field, knockout, play_deal, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import formats, season, services
from tournaments.formats import FORMATS
from tournaments.formats.pages import Pages
from tournaments.formats.rounds import Rounds
from tournaments.formats.seated import SeatedRounds
from tournaments.models import Event, KnockoutPlayer, Round

ROOT = Path(__file__).resolve().parents[2]


def test_the_models_choices_are_the_registrys() -> None:
    """`Event.format`'s choices are derived from the registry, not kept beside it."""
    assert list(Event._meta.get_field("format").choices) == formats.choices()
    assert [key for key, _ in formats.choices()] == list(FORMATS)
    assert all(fmt.key == key for key, fmt in FORMATS.items())


def owner(role: object, name: str) -> type:
    """The class whose code answers `role.name`."""
    return next(klass for klass in type(role).__mro__ if name in vars(klass))


@pytest.mark.parametrize("key", list(FORMATS))
def test_every_format_answers_the_whole_protocol(key: str) -> None:
    fmt = FORMATS[key]
    # The role classes only say what to do: each format's own roles do it.
    required = ["start", "record"] + (
        ["seat", "start_round", "record_game"] if isinstance(fmt.rounds, SeatedRounds) else []
    )
    for name in required:
        assert owner(fmt.rounds, name) is not Rounds, f"{key} lacks rounds.{name}"
        if owner(fmt.rounds, name) is SeatedRounds:
            assert name in ("start", "record"), f"{key} lacks rounds.{name}"
    for name in ["heading", "status", "live_context", "projector_context", "placings"]:
        assert owner(fmt.pages, name) is not Pages, f"{key} lacks pages.{name}"
    for role, name in [(fmt.exports, "csv_rows"), (fmt.exports, "season")]:
        assert callable(getattr(role, name)), f"{key} lacks exports.{name}"
    assert callable(fmt.checks.seating_checks), f"{key} lacks checks"
    text = (ROOT / "templates" / fmt.template).read_text()
    assert "{% partialdef about %}" in text and "{% partialdef live %}" in text
    assert "{% partialdef projector %}" in text


# What names a particular format in code: its constant, or a comparison with the format.
NAMING = re.compile(r"Event\.(SWISS|KNOCKOUT|TOP_Q|DUPLICATE)\b|format\s*(==|!=|\bin\b)")


def naming_lines() -> list[str]:
    """Lines of tournaments/ and its templates outside formats/ (and the migrations)
    that name a particular format."""
    found = []
    places = [*(ROOT / "tournaments").rglob("*.py"), *(ROOT / "templates/tournaments").rglob("*")]
    for path in places:
        relative = path.relative_to(ROOT).as_posix()
        if "/formats/" in relative or "/migrations/" in relative or not path.is_file():
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if NAMING.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_code_outside_the_formats_branches_on_one() -> None:
    """Outside formats/, only the defaults that make an event without a format a Swiss
    one name a format (the model's choices list them without `Event.`)."""
    lines = naming_lines()
    assert len(lines) <= 3, "\n".join(lines)
    assert all("SWISS" in line for line in lines), "\n".join(lines)


# ---- the season counts every format ------------------------------------------------------


def one_of_each(
    make_event: Any, ann: Any, players: list[Any], rules: Any, capture: Any
) -> list[Event]:
    """A Swiss, a balanced knockout, a top-2 knockout and a duplicate event of the same
    club, each played to its end."""
    swiss = make_event(
        name="Swiss", rounds=1, table_size=3, table_min=3, table_max=3, rule_set=rules
    )
    register_all(swiss, players[:6])
    services.start_event(event=swiss, by=ann)
    play_round(Round.objects.get(event=swiss), capture)
    made = [swiss]
    for top in (0, 2):
        event = knockout(make_event, rules, players[:8], size=4, top=top)
        services.start_event(event=event, by=ann)
        for _ in range(100):
            event.refresh_from_db()
            if event.status == Event.FINISHED:
                break
            play_deal(event.round_set.order_by("-number").first(), capture)
        made.append(event)
    dup = duplicate_event(make_event, rule_set=rules)
    register_all(dup, players[:6])
    services.start_event(event=dup, by=ann)
    play_everything(dup, capture)
    made.append(dup)
    for event in made:
        event.refresh_from_db()
        assert event.status == Event.FINISHED, event.name
    return made


@pytest.mark.django_db
def test_the_season_counts_every_format_and_its_page_shows_them(
    client: Any,
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    ann = field[0]
    made = one_of_each(make_any_event, ann, field, quick, django_capture_on_commit_callbacks)
    year = made[0].started_at.year
    rows = {row.name: row for row in season.season(made[0].club, year).rows}
    # Everyone who played is there, with one event for each event they played.
    for name in (u.username for u in field[:8]):
        played = sum(e.entries.filter(user__username=name).exists() for e in made)
        assert rows[name].events == played, name
    # A knockout counts opponents outlasted by final place, out of the field less one.
    balanced = made[1]
    for player in KnockoutPlayer.objects.filter(event=balanced).select_related("entry__user"):
        share = KnockoutPlayer.objects.filter(event=balanced, place=player.place).count()
        below = KnockoutPlayer.objects.filter(event=balanced, place__gt=player.place).count()
        [result] = [
            r for r in FORMATS["knockout"].exports.season(balanced) if r.entry_id == player.entry_id
        ]
        assert (result.points, result.maximum, result.rank) == (
            below + (share - 1) / 2,
            7,
            player.place,
        )
    # The season's totals are the sum of each event's own contribution.
    for name, row in rows.items():
        total = 0.0
        for event in made:
            entry = event.entries.filter(user__username=name).first()
            total += sum(
                r.points
                for r in FORMATS[event.format].exports.season(event)
                if entry and r.entry_id == entry.pk
            )
        assert row.points == pytest.approx(total), name
    assert sum(row.wins for row in rows.values()) >= 4  # a winner in each event
    page = client.get("/clubs/kitchen/season/")
    assert page.status_code == 200
    assert all(f">{name}</a>" in page.content.decode() for name in rows)


@pytest.mark.django_db
def test_an_event_whose_figures_fail_is_named_and_the_others_still_count(
    client: Any,
    make_event: Any,
    ann: Any,
    members: list[Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    good = make_event(name="Good Swiss", rounds=1, table_size=3, table_min=3, table_max=3)
    bad = make_event(name="Broken Swiss", rounds=1, table_size=3, table_min=3, table_max=3)
    for event in (good, bad):
        register_all(event, [ann, *members[:2]])
        services.start_event(event=event, by=ann)
        play_round(Round.objects.get(event=event), django_capture_on_commit_callbacks)
    exports = FORMATS["swiss"].exports
    real = exports.season

    def season_or_fail(event: Event) -> Any:
        if event.name == "Broken Swiss":
            raise ValueError("places start at 1")
        return real(event)

    monkeypatch.setattr(exports, "season", season_or_fail)
    page = client.get("/clubs/kitchen/season/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Left out" in text and "Broken Swiss" in text
    assert all(f">{name}</a>" in text for name in ("ann", "p1", "p2"))
    good.refresh_from_db()
    found = season.season(good.club, good.started_at.year)
    assert [e.name for e in found.missing] == ["Broken Swiss"]
    assert all(row.events == 1 for row in found.rows)
    assert "places start at 1" in caplog.text


@pytest.mark.django_db
def test_a_running_knockout_counts_those_out_and_shares_the_rest_among_those_in(
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = knockout(make_any_event, quick, field, size=4)
    services.start_event(event=event, by=field[0])
    for _ in range(100):  # deal after deal until someone is out, the event still running
        play_deal(event.round_set.order_by("-number").first(), django_capture_on_commit_callbacks)
        if KnockoutPlayer.objects.filter(event=event, place__isnull=False).exists():
            break
    event.refresh_from_db()
    assert event.status == Event.RUNNING
    results = {r.entry_id: r for r in FORMATS["knockout"].exports.season(event)}
    players = list(KnockoutPlayer.objects.filter(event=event))
    out = [p for p in players if p.place is not None]
    still_in = [p for p in players if p.place is None]
    assert out and still_in
    # Each pair of players hands out one point between them, as in a game scored by
    # opponents outlasted: the points add up to n(n-1)/2 whatever is decided so far.
    n = len(players)
    assert sum(r.points for r in results.values()) == pytest.approx(n * (n - 1) / 2)
    for p in still_in:
        assert results[p.entry_id].points == len(out) + (len(still_in) - 1) / 2
    assert all(results[p.entry_id].maximum == n - 1 for p in players)
