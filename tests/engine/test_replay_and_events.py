"""Event logs of random games: they replay to the game (also through JSON, also cut
at a round boundary), and they show each viewer only what that viewer may see.

- `replay(events)` gives back the final state; a log cut where a round begins gives
  the state at that moment; the JSON form (`to_dict` / `from_dict`) replays the same.
- `view(event, viewer)` shows `secret` to its `owner` only, never to a spectator.
- An event's public `data` never holds a card that was hidden when it happened: the
  deal shows only the up-card, a stock draw no card at all; `round_ended` shows every
  hand of the round, as it was.
- `describe(event, names, viewer)` names no card the viewer's view of the event does
  not hold; a stock draw's card is named to the drawer only.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter

import pytest
from hypothesis import given

from games.engine import (
    CARDS,
    Card,
    Discard,
    EngineError,
    Event,
    Exchange,
    GameState,
    replay,
)
from games.engine.events import TABLE_EVENTS, from_dict, to_dict, view
from games.wording import describe

from .strategies import (
    GameSpec,
    Step,
    cards_in,
    game_settings,
    game_specs,
    play_all,
    start,
)

# Events whose public data may hold cards, because the event itself shows them.
SHOWS_CARDS = frozenset(
    {
        "dealer_chosen",
        "round_started",
        "drew",
        "discarded",
        "widow_opened",
        "exchanged",
        "round_ended",
    }
)


# Every way a description could name a card: its symbol text (``A♠``) or its words.
_WORDS = {words: card for card in CARDS for words in (str(card), card.name)}
_NAMED = re.compile("|".join(re.escape(w) for w in sorted(_WORDS, key=len, reverse=True)))


def cards_named(text: str) -> set[Card]:
    """The cards that `text` names."""
    return {_WORDS[match.group()] for match in _NAMED.finditer(text)}


def json_round_trip(events: list[Event]) -> list[Event]:
    return [from_dict(json.loads(json.dumps(to_dict(e)))) for e in events]


# ---- replay -----------------------------------------------------------------------


def check_replay(spec: GameSpec, final: GameState, events: list[Event], steps: list[Step]) -> None:
    assert replay(events) == final, f"{spec}: replay(events) differs from the game"
    decoded = json_round_trip(events)
    for event, back in zip(events, decoded, strict=True):
        assert back == event, f"{spec}: {event} comes back from JSON as {back}"
    assert replay(decoded) == final, f"{spec}: the JSON log does not replay to the game"
    # Cut the log where a round begins (after the move that dealt it): the replay is
    # the state at that moment. First, middle and last such boundaries.
    start_count = len(events) - sum(len(step.events) for step in steps)
    boundaries = []
    count = start_count
    for step in steps:
        count += len(step.events)
        if step.after.round_no != step.before.round_no and not step.after.is_over:
            boundaries.append((count, step.after))
    chosen = {0, len(boundaries) // 2, len(boundaries) - 1} if boundaries else set()
    for index in sorted(chosen):
        count, state = boundaries[index]
        log = decoded if index % 2 else events
        assert replay(log[:count]) == state, (
            f"{spec}: the {'JSON ' if index % 2 else ''}log cut at round {state.round_no} "
            f"(event {count}) does not replay to the state at that moment"
        )


# ---- what events show -------------------------------------------------------------


def check_views(spec: GameSpec, event: Event, viewers: list[int | None]) -> None:
    """`view` keeps the public part and hands the secret to its owner alone; the
    description names only cards that the viewer's view of the event holds."""
    names = tuple(f"Seat{chr(65 + i)}" for i in range(len(viewers) - 1))
    for viewer in viewers:
        seen = view(event, viewer)
        assert (seen.kind, seen.seat, seen.data, seen.owner) == (
            event.kind,
            event.seat,
            event.data,
            event.owner,
        ), f"{spec}: {event}"
        if event.secret and viewer is not None and viewer == event.owner:
            assert seen.secret == event.secret, f"{spec}: seat {viewer} misses its secret"
        else:
            assert seen.secret == {}, (
                f"{spec}: viewer {viewer} sees the secret of {event.kind} "
                f"(owner {event.owner}): {seen.secret}"
            )
        text = describe(event, names, viewer)
        named = cards_named(text) - set(cards_in(seen.data)) - set(cards_in(seen.secret))
        assert not named, (
            f"{spec}: {event.kind} is described to viewer {viewer} as {text!r}, "
            f"naming {sorted(named)}, which the event does not show them"
        )


def dealt_hands(
    event: Event, out: set[int], seats: int, widow: bool
) -> tuple[dict[int, list[Card]], Card]:
    """Who was dealt what, and the up-card, from a round_started event's secret deck:
    one card at a time from the dealer's left, a widow card after each pass (§3-§4)."""
    deck = event.secret["deck"]
    dealer = event.data["dealer"]
    order = [(dealer + step) % seats for step in range(1, seats + 1)]
    order = [seat for seat in order if seat not in out]
    hands: dict[int, list[Card]] = {seat: [] for seat in order}
    position = 0
    for _ in range(3):
        for seat in order:
            hands[seat].append(deck[position])
            position += 1
        position += 1 if widow else 0
    return hands, deck[position]


def hand_after_move(step: Step) -> tuple[Card, ...]:
    """The mover's hand once their move is made (before the round can end)."""
    hand = step.before.hands[step.before.turn]
    action = step.action
    if isinstance(action, Discard):
        return tuple(c for c in hand if c not in action.cards)
    if isinstance(action, Exchange):
        return tuple(c for c in hand if c not in action.give) + action.take
    return hand


def check_step_events(spec: GameSpec, step: Step) -> None:
    """What each event of one move may show, against the table it happened at."""
    before = step.before
    rules = before.rules
    seats = len(before.players)
    hands = list(before.hands)
    if before.turn is not None:
        hands[before.turn] = hand_after_move(step)
    out = {seat for seat, p in enumerate(before.players) if p.out}
    for event in step.events:
        public = cards_in(event.data)
        if event.kind not in SHOWS_CARDS:
            assert not public, f"{spec}: {event.kind} shows cards: {event}"
        if event.kind == "drew":
            assert event.seat == before.turn, f"{spec}: {event}"
            if event.data["source"] == "stock":
                assert event.owner == event.seat, f"{spec}: {event}"
                # The card drawn from the stock is the drawer's secret, named to them alone.
                assert not public, f"{spec}: a stock draw shows {public} to everyone"
                card = event.secret["card"]
                assert card == step.after.drawn and card in step.after.hands[event.seat]
                names = tuple(f"Seat{chr(65 + i)}" for i in range(seats))
                for viewer in [None, *range(seats)]:
                    text = describe(event, names, viewer)
                    if viewer == event.seat:
                        assert str(card) in text, f"{spec}: the drawer is not told: {text!r}"
                    else:
                        assert str(card) not in text, (
                            f"{spec}: viewer {viewer} is told the stock draw: {text!r}"
                        )
            else:
                top = before.discard[-1]
                assert public == [top], f"{spec}: {event} (the top discard was {top})"
        elif event.kind == "discarded":
            assert set(public) <= set(before.hands[event.seat]), f"{spec}: {event}"
        elif event.kind == "widow_opened":
            assert public == list(before.widow) and not before.widow_open, f"{spec}: {event}"
        elif event.kind == "exchanged":
            assert set(event.data["gave"]) <= set(before.hands[event.seat])
            assert set(event.data["took"]) <= set(before.widow), f"{spec}: {event}"
            assert before.widow_open, f"{spec}: an exchange with a face-down widow"
        elif event.kind == "reshuffled":
            assert event.owner is None and len(event.secret["stock"]) == event.data["count"]
        elif event.kind == "player_out":
            out.add(event.seat)
        elif event.kind == "round_started":
            dealt, up_card = dealt_hands(event, out, seats, rules.widow)
            # The deal shows the up-card and nothing else; the deck is no one's secret.
            assert public == [up_card], (
                f"{spec}: round_started shows {public}, not just the up-card {up_card}"
            )
            assert event.owner is None, f"{spec}: the deck order belongs to seat {event.owner}"
            hands = [tuple(dealt.get(seat, ())) for seat in range(seats)]
        elif event.kind == "round_ended":
            shown = event.data["hands"]
            for seat in range(seats):
                if seat in out:
                    assert shown[seat] is None, f"{spec}: seat {seat} is out: {event}"
                else:
                    assert shown[seat] is not None and Counter(shown[seat]) == Counter(
                        hands[seat]
                    ), (
                        f"{spec}: round_ended shows seat {seat} holding {shown[seat]}, "
                        f"but they held {hands[seat]}"
                    )
                    assert event.data["values"][seat] is not None
        check_views(spec, event, [None, *range(seats)])


def check_opening_events(spec: GameSpec, events: list[Event]) -> None:
    """The events of new_game: the start, the first dealer, the first deal."""
    seats = spec.seats
    assert events[0].kind == "game_started" and not cards_in(events[0].data)
    out: set[int] = set()
    hands: dict[int, list[Card]] = {}
    for event in events:
        if event.kind == "dealer_chosen":
            assert "deck" not in event.data and event.owner is None
            assert event.data["dealer"] in range(seats)
        elif event.kind == "round_started":
            hands, up_card = dealt_hands(event, out, seats, spec.rules.widow)
            assert cards_in(event.data) == [up_card], f"{spec}: {event.data}"
        elif event.kind == "round_ended":
            # A blitz (or three aces) on the very first deal shows the dealt hands.
            for seat, hand in hands.items():
                assert Counter(event.data["hands"][seat]) == Counter(hand), f"{spec}"
        elif event.kind == "player_out":
            out.add(event.seat)
        elif event.kind not in SHOWS_CARDS:
            assert not cards_in(event.data), f"{spec}: {event}"
        check_views(spec, event, [None, *range(seats)])


# ---- the tests --------------------------------------------------------------------


@game_settings(max_examples=80)
@given(spec=game_specs())
def test_event_logs_replay_to_the_game_also_through_json(spec: GameSpec) -> None:
    final, events, steps = play_all(spec, partial=True)
    check_replay(spec, final, events, steps)


@game_settings(max_examples=80)
@given(spec=game_specs())
def test_events_show_each_viewer_only_what_they_may_see(spec: GameSpec) -> None:
    _, opening = start(spec)
    check_opening_events(spec, opening)
    _, _, steps = play_all(spec, partial=True)
    for step in steps:
        check_step_events(spec, step)


# ---- the checks can fail ------------------------------------------------------------


def _a_game() -> tuple[GameSpec, GameState, list[Event], list[Step]]:
    spec = GameSpec("scat", {"max_turns": 10}, 3, 7)
    final, events, steps = play_all(spec)
    return spec, final, events, steps


def test_a_tampered_log_does_not_replay() -> None:
    spec, final, events, steps = _a_game()
    moves = [i for i, e in enumerate(events) if e.kind == "discarded"]
    forged = list(events)
    forged.pop(moves[-1])
    with pytest.raises(EngineError):
        replay(forged)


def test_the_view_check_catches_a_secret_shown_to_everyone(monkeypatch) -> None:
    spec, _, events, _ = _a_game()
    draw = next(e for e in events if e.kind == "drew" and e.data["source"] == "stock")
    check_views(spec, draw, [None, 0, 1, 2])
    module = sys.modules[__name__]
    with monkeypatch.context() as patch:
        patch.setattr(module, "view", lambda event, viewer: event)
        with pytest.raises(AssertionError, match="sees the secret"):
            check_views(spec, draw, [None, 0, 1, 2])
    with monkeypatch.context() as patch:
        patch.setattr(module, "describe", lambda event, names, viewer: str(event.secret["card"]))
        with pytest.raises(AssertionError, match="naming"):
            check_views(spec, draw, [None, 0, 1, 2])


def test_the_event_check_catches_a_stock_draw_in_public_data() -> None:
    spec, _, _, steps = _a_game()
    step = next(
        s for s in steps if s.events[0].kind == "drew" and s.events[0].data["source"] == "stock"
    )
    draw = step.events[0]
    leaky = draw._replace(data={**draw.data, "card": draw.secret["card"]})
    with pytest.raises(AssertionError, match="shows"):
        check_step_events(spec, step._replace(events=[leaky]))


def test_the_event_check_catches_a_dealt_card_in_public_data() -> None:
    spec, _, _, steps = _a_game()
    step = next(s for s in steps if any(e.kind == "round_started" for e in s.events))
    deal = next(e for e in step.events if e.kind == "round_started")
    leaky = deal._replace(data={**deal.data, "cards": deal.secret["deck"][:3]})
    events = [leaky if e is deal else e for e in step.events]
    with pytest.raises(AssertionError):
        check_step_events(spec, step._replace(events=events))


def test_the_event_check_catches_a_hand_missing_from_round_ended() -> None:
    spec, _, _, steps = _a_game()
    step = next(s for s in steps if any(e.kind == "round_ended" for e in s.events))
    ended = next(e for e in step.events if e.kind == "round_ended")
    hands = list(ended.data["hands"])
    hands[0] = hands[0][:2] if hands[0] else hands[0]
    hands[1] = None
    leaky = ended._replace(data={**ended.data, "hands": tuple(hands)})
    events = [leaky if e is ended else e for e in step.events]
    with pytest.raises(AssertionError):
        check_step_events(spec, step._replace(events=events))


def test_the_replay_check_catches_a_wrong_state() -> None:
    spec, final, events, steps = _a_game()
    with pytest.raises(AssertionError):
        check_replay(spec, final._replace(kitty=final.kitty + 1), events, steps)


def test_table_events_are_skipped_by_a_replay_and_described_from_each_side() -> None:
    """The web app's table events (a player away and back, a game ended early) sit in
    the log between the game's own events: the replay is the same without them, and
    each reads right for the player it is about and for everyone else."""
    spec, final, events, _ = _a_game()
    table_events = [
        Event("turn_timed_out", 1),
        Event("player_away", 1, {"reason": "absent", "seconds": 60}),
        Event("player_back", 1),
        Event("game_ended_early", None, {"reason": "host"}),
    ]
    assert {e.kind for e in table_events} == TABLE_EVENTS
    mixed = [events[0], *table_events[:2], *events[1:-1], table_events[2], events[-1]]
    mixed.append(table_events[3])
    assert replay(mixed) == final
    assert replay(json_round_trip(mixed)) == final
    names = ("Ann", "Bob", "Cy")
    assert describe(table_events[0], names, 0) == (
        "Bob's time ran out: a bot plays this turn for them."
    )
    assert describe(table_events[0], names, 1) == (
        "Your time ran out: a bot plays this turn for you."
    )
    assert describe(table_events[1], names, 1) == (
        "You left the table on your turn (nothing heard from you for 60 seconds), so a bot "
        "plays for you until you are back."
    )
    assert describe(table_events[1], names, None).startswith("Bob left the table on their turn")
    assert describe(Event("player_away", 1, {"reason": "host"}), names, 2) == (
        "The host let a bot play for Bob until they are back."
    )
    assert describe(table_events[2], names, 1) == "You are back and play your own turns again."
    for reason, who in [("host", "The host"), ("staff", "Staff"), ("abandoned", "No one had")]:
        text = describe(Event("game_ended_early", None, {"reason": reason}), names, 0)
        assert text.startswith(who) and "no one wins" in text
