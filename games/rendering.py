"""One viewer's game area, rendered from that viewer's observation
(docs/engine.md#what-a-viewer-sees, docs/realtime.md#render-where-the-write-happens,
docs/web.md#templates-and-partials).

`render_game_area(game, state, seat)` is what the table page, the htmx answers to moves
and polls, and the WebSocket pushes all show. The template gets `engine.observation`
(or the spectator view) and what this module derives from it, never the state, so a
hidden card can reach a viewer only through the engine's projection.

The fragment must work without a request: the writer renders it once per seat after a
commit and pushes it. So it holds no per-user secret -- its forms carry a CSRF token
only when rendered for a request (a full page, which must work without JavaScript);
htmx sends the token from the header set once on <body>. The area's templates are
Jinja2's (`games.area_templates`: docs/realtime.md#rendering-with-jinja2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import date
from html import escape
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, npgettext, pgettext
from django.utils.translation import gettext as _

from games import absence, access, area_templates, engine, name_scope, presence, proofs
from games.engine.actions import Discard, Draw, Exchange, Knock, OpenWidow
from games.engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from games.engine.events import MOVE_KINDS
from games.engine.events import from_dict as event_from_dict
from games.engine.levels import proposal_key
from games.engine.turns import play_order
from games.models import Deal, Game, GamePlayer
from games.services import table_checks
from games.wording import (
    and_list,
    card_text,
    card_words,
    cards_text,
    describe,
    describe_action,
    round_summary,
    stage_name,
)
from games.wording.names import with_shown_names

TEMPLATE = "game_area"
SEAT_TEMPLATE = "seat"
FAIRNESS_TEMPLATE = "fairness"
LOG_LENGTH = 30  # events shown in the log
LOGGED_FIELDS = ("kind", "seat", "data", "secret", "owner")  # what makes an engine event
KITTY_TOKENS = 12  # tokens drawn in the kitty; its number says the rest
# Seconds between polls of `game_view` (htmx): often while others play, now and then on
# your own turn (a turn timer may play it for you), slowly once the game is over (to
# notice a new game). The WebSocket push (issue 4) will make the fast rate unnecessary.
POLL_WAITING, POLL_OWN_TURN, POLL_OVER = 2, 10, 5


class CardView(NamedTuple):
    code: str  # "10H": what forms post
    name: str  # "10 of hearts": what screen readers say, in the viewer's language
    rank: str  # "10", "K": the corner's index in the viewer's language ("R" in French)
    symbol: str  # "♥"
    suit: str  # "hearts", or "joker": the CSS class gives each suit its colour
    face: str  # the face's markup, inside the element that names the card


def _card_view(card: engine.Card) -> CardView:
    """`card` as the active language writes it (`games.wording.cards`)."""
    words = card_words(card)
    # The joker's star is in every font, unlike the emoji 🃏.
    rank, symbol, suit = (
        ("", "★", "joker")
        if card.is_joker
        else (words.rank, SUIT_SYMBOLS[card.suit], SUIT_NAMES[card.suit])
    )
    # The face's rank and suits are drawn by CSS from data-t (static/css/site.css): a
    # card button's only text is then its name, which says what the face shows ("Discard
    # 8♣, 8 of clubs"), and no tool reads "8♣♣8♣" as its visible words.
    face = format_html(
        '{}<span class="pc__pip" aria-hidden="true" data-t="{}"></span>{}',
        _corner(rank, symbol, ""),
        symbol,
        _corner(rank, symbol, " pc__corner--end"),
    )
    return CardView(card.code, words.name, rank, symbol, suit, face)


def _corner(rank: str, symbol: str, modifier: str) -> str:
    return format_html(
        '<span class="pc__corner{}" aria-hidden="true">'
        '<b data-t="{}"></b><i data-t="{}"></i></span>',
        modifier,
        rank,
        symbol,
    )


# Every card's view, made once per language and process (a language's index letters and
# names differ: K♥ "king of hearts", R♥ "roi de cœur").
_CARD_VIEWS: dict[str | None, dict[engine.Card, CardView]] = {}


def card_views() -> dict[engine.Card, CardView]:
    """Every card's view in the active language."""
    language = get_language()
    found = _CARD_VIEWS.get(language)
    if found is None:
        found = _CARD_VIEWS[language] = {c: _card_view(c) for c in engine.CARDS}
    return found


def cards(hand: Sequence[engine.Card] | None) -> list[CardView]:
    views = card_views()
    return [views[c] for c in hand or ()]


class GameRef(NamedTuple):
    """What the template may know of the game row: which one, and how far it is."""

    pk: int
    seq: int
    table_id: int


class Rows(NamedTuple):
    """What the game area reads from the database besides the snapshot."""

    players: list[GamePlayer]
    # (seq, event, whether a bot made it for the person at its seat), newest first
    events: list[tuple[int, engine.Event, bool]]


def rows(game: Game) -> Rows:
    """The rows the game area shows, read once per instance and seq.

    Read as of the snapshot's seq: moves committed since `game` was read are in the
    tables already, and a log or deal newer than the board would tell a different
    story than the board (or show the deck of a round the board still plays)."""

    def read() -> Rows:
        # Values, not model instances: building 30 GameEvents (their dates parsed) was
        # two thirds of this read's CPU.
        logged = (
            game.events.filter(seq__lte=game.seq)
            .order_by("-seq")
            .values_list("seq", "by_bot", *LOGGED_FIELDS)[:LOG_LENGTH]
        )
        events = [
            (seq, event_from_dict(dict(zip(LOGGED_FIELDS, fields, strict=True))), by_bot)
            for seq, by_bot, *fields in logged
        ]
        return Rows(access.players(game), events)

    return game.once_per_seq("_area_rows", read)


def recent_deals(game: Game) -> list[Deal]:
    """The round in play's deal and the round before's, as of the snapshot's seq, read
    once per instance and seq: only the whole area shows them (the deals' panel; a
    move leaves it as it was)."""
    return game.once_per_seq("_area_deals", lambda: list(proofs.recent(game)))


# ---- the context ------------------------------------------------------------------


def game_context(
    game: Game, state: engine.GameState, seat: int | None, *, since: int | None = None
) -> dict[str, Any]:
    """Everything the `game-area` partial shows to `seat` (None: a spectator); with
    `since`, what a move's parts show (`games.area_parts`): the log only of the events
    after that seq, not the deals' panel (a move leaves it as it was), and the last
    round only if the moves may have changed how it is shown."""
    obs = engine.observation(state, seat)
    ended = game.status == Game.ENDED
    if ended:  # stopped early: no one is on turn, and there is no move to make
        obs = obs._replace(turn=None, legal=())
    over = ended or obs.outcome is not None
    found = rows(game)
    names = obs.names
    players = {p.position: p for p in found.players}
    # Away for good (withdrawn, a deadline passed): a bot plays every turn to the end,
    # so neither moves nor "I'm back" are offered (the services would refuse them).
    for_good = seat in players and players[seat].away_reason in absence.TO_THE_END
    if for_good:
        obs = obs._replace(legal=())
    my_turn = seat is not None and obs.turn == seat and not over and not for_good
    # Unknown presence (the cache failed) shows nobody online rather than an error.
    connected = (presence.connected(game, len(names)) if not over else None) or set()
    deals = state.last_deal
    seat_views = _seat_views(obs, players, connected, deals, _vacations(game, players))
    me = seat_views[seat] if seat is not None else None
    order = (
        [(seat + step) % len(names) for step in range(1, len(names))]
        if seat is not None
        else range(len(names))
    )
    context: dict[str, Any] = {
        # Not the model: its snapshot holds every hand. The template gets the observation.
        "game": GameRef(game.pk, game.seq, game.table_id),
        "obs": obs,
        "viewer": seat,
        "me": me,
        "others": [seat_views[s] for s in order],
        "my_turn": my_turn,
        # Who may start a game at the table (Table.starters: the host, any player) may
        # deal again once the game is over, unless the table has closed since. A player
        # of the game counts as seated: the start checks the seats as they are then.
        "can_restart": seat is not None
        and seat in players
        and access.starts_games(game.table, players[seat].user_id, seated=True)
        and not game.table.is_closed,
        "table_closed": game.table.is_closed,
        # A table the system starts (a tournament's): no host deals again there, the
        # page it was opened from says what comes next (`home`).
        "system_table": not access.seats_itself(game.table),
        # The game-over panel's way back: the lobby, or the page that opened the table.
        "home": game.table.home,
        "hand_value": engine.format_value(obs.hand_value) if obs.hand_value is not None else None,
        "hand_hidden": me is not None and obs.hand is None and not me.out,
        "discard_top": card_views()[obs.discard_top] if obs.discard_top is not None else None,
        "buried": cards(obs.discard_pile[:-1]),
        "widow": cards(obs.widow),
        "widow_backs": range(0 if obs.widow else obs.widow_count),
        "kitty_tokens": range(min(obs.kitty, KITTY_TOKENS)),
        "turn_name": names[obs.turn] if obs.turn is not None else None,
        "knocker_name": names[obs.knocker] if obs.knocker is not None else None,
        "play_url": reverse("play", args=[game.pk]),
        "poll_url": reverse("game_view", args=[game.pk]),
        "poll_seconds": POLL_OVER if over else _poll_seconds(obs, my_turn),
        # Nothing to come back to once the game is over.
        "away": me is not None and me.away and not over,
        "away_for_good": for_good,
        "away_text": _away_text(players[seat]) if me is not None and me.away else "",
        "played_for_you": _played_for_you(found.events, seat)
        if seat is not None and me and not over
        else "",
        "seconds_left": _seconds_left(game) if not over else None,
        # A turn-based table's time left in words ("23 h 5 min"): no ticking seconds.
        "time_left": _time_left(game) if not over and game.table.turn_based else None,
        # The deadline in ms since the epoch, for the countdown script to tick down,
        # and as text for a page without JavaScript.
        "deadline_ms": int(game.turn_deadline.timestamp() * 1000)
        if game.turn_deadline and not over
        else None,
        "deadline": timezone.localtime(game.turn_deadline)
        if game.turn_deadline and not over
        else None,
        "last_round": _last_round(obs)
        if since is None or last_round_may_change(obs, game.seq - since, seat)
        else None,
        "outcome": _ended(game, obs, found.events)
        if ended
        else _outcome(obs)
        if deals is None or obs.outcome is None
        else _deals_outcome(game, obs, deals),
        "log": log_entries(found.events if since is None else new_events(game, since), names, seat),
        # The log's moves that a bot made for the person at their seat.
        "bot_seqs": {seq for seq, _, by_bot in found.events if by_bot},
    }
    if since is None:
        context["deal"] = {
            **proofs.area_summary(recent_deals(game), game.seq, sealed=game.sealed),
            "url": reverse("shuffles", args=[game.pk]),
        }
    # The seconds left, for "… s left": the script ticks the number down.
    context["seconds_html"] = _seconds_html(context["seconds_left"], context["deadline_ms"])
    context.update(_actions(obs))
    context["levels"] = None if over else _levels(game, obs, seat)
    context["restart_refusal"] = (
        _restart_refusal(game, players[seat].user_id) if over and context["can_restart"] else None
    )
    if context["restart_refusal"]:
        context["can_restart"] = False
    context["log_html"] = _log_html(context["log"], context["bot_seqs"])
    context["log_length"] = LOG_LENGTH
    context["seats_html"] = seats = shared_seats(game, state, players, connected, context)
    context["others_html"] = [seats[s] for s in order]
    if since is None:
        context["fairness_html"] = _fairness(game, context)
    return context


def last_round_may_change(obs: engine.Observation, events: int, viewer: int | None) -> bool:
    """Whether the last `events` moves may have changed how the last round is shown to
    `viewer`: most prominently until their next move (`_summary_is_fresh`), then
    folded away -- its one change in a round (a move is at most one turn)."""
    if obs.last_round is None:
        return False
    before = max(0, obs.turns_taken - events)
    return _fresh_at(obs, viewer, before) != _fresh_at(obs, viewer, obs.turns_taken)


def _restart_refusal(game: Game, user_id: int | None) -> str | None:
    """Why "Play again" would be refused at a rated table (someone seated is banned from
    rated play: docs/fair-play.md#sanctions), so the panel says it instead of offering a
    button that can only be refused. One query, only once a rated game is over."""
    if not game.table.rated:
        return None
    seats = list(game.table.seats.select_related("user"))
    asker = next((seat.user for seat in seats if seat.user_id == user_id), None)
    return table_checks.rated_refusal(game.table, asker, seats)


def shared_seats(
    game: Game,
    state: engine.GameState,
    players: dict[int, GamePlayer],
    connected: set[int | None],
    context: dict[str, Any],
) -> list[SafeString]:
    """Each seat's place at the table as the others see it, rendered once per instance,
    seq and language: a push renders every viewer's area from one instance. Built from
    the spectators' observation only, whoever's area asks first: a seat's place is its
    public seat (cards held face down, standing, who deals, whose turn), the same
    whoever looks (tests/games/test_shared_parts.py searches it for every private card)."""

    def render() -> list[SafeString]:
        obs = public_observation(game, state)
        clock = {
            "seconds_left": context["seconds_left"],
            "seconds_html": context["seconds_html"],
            "deadline_ms": context["deadline_ms"],
            "time_left": context["time_left"],
        }
        views = _seat_views(obs, players, connected, state.last_deal, _vacations(game, players))
        language = get_language()
        # Only the seat on turn shows the clock.
        return [_seat_html(language, v, tuple(clock.items()) if v.turn else ()) for v in views]

    return game.once_per_seq(f"_shared_seats:{get_language()}", render)


@functools.lru_cache(maxsize=4096)
def _seat_html(
    language: str | None, view: SeatView, clock: tuple[tuple[str, Any], ...]
) -> SafeString:
    """One seat's place, in `language` (the active one), kept by what it shows: a move
    changes two seats or so (the mover's cards, the turn passing), and the others'
    are the strings the last push rendered (each process keeps the last few thousand)."""
    return area_templates.render(SEAT_TEMPLATE, {"s": view, **dict(clock)})


def _fairness(game: Game, context: dict[str, Any]) -> SafeString:
    """The deals' panel, the same for every viewer (commitments, and the decks of rounds
    that are over), rendered once per instance, seq and language. It reads of the
    outcome only whether the game was ended early."""
    ended = {"ended": game.status == Game.ENDED}
    return game.once_per_seq(
        f"_fairness:{get_language()}",
        lambda: area_templates.render(
            FAIRNESS_TEMPLATE, {"deal": context["deal"], "outcome": ended}
        ),
    )


def public_observation(game: Game, state: engine.GameState) -> engine.Observation:
    """The spectators' observation as the area shows it (a game ended early: no turn)."""
    obs = engine.observation(state, None)
    if game.status == Game.ENDED:
        obs = obs._replace(turn=None, legal=())
    return obs


def _seat_views(
    obs: engine.Observation,
    players: dict[int, GamePlayer],
    connected: set[int | None],
    deals: int | None,
    vacations: dict[int, date],
) -> list[SeatView]:
    # A game of a fixed number of deals is a part of something larger (a tournament's
    # deal): nobody wins it, so no seat is tagged its winner.
    winners = () if obs.outcome is None or deals is not None else obs.outcome.winners
    return [
        _seat(obs, s, players.get(s.seat), s.seat in connected, winners, vacations.get(s.seat))
        for s in obs.seats
    ]


def _vacations(game: Game, players: dict[int, GamePlayer]) -> dict[int, date]:
    """At a turn-based table, the seats whose person is away, and the last day they are
    (docs/tables.md#vacation): one query per instance and seq, none at a live table."""
    if not game.table.turn_based:
        return {}

    def read() -> dict[int, date]:
        seat_of = {p.user_id: seat for seat, p in players.items() if p.user_id is not None}
        away = get_user_model().objects.filter(
            pk__in=list(seat_of), away_returns_at__gt=timezone.now()
        )
        return {seat_of[pk]: day for pk, day in away.values_list("pk", "away_until")}

    return game.once_per_seq("_vacations", read)


def log_entries(
    events: list[tuple[int, engine.Event, bool]], names: Sequence[str], seat: int | None
) -> list[tuple[int, str, str, bool]]:
    """The log's lines as `seat` reads them: (seq, kind, text, whether the viewer made
    the move: the live region says only the others')."""
    return [
        (
            seq,
            event.kind,
            describe(event, names, seat),
            seat is not None and event.seat == seat and event.kind in MOVE_KINDS,
        )
        for seq, event, _by_bot in events
    ]


def new_events(game: Game, since: int) -> list[tuple[int, engine.Event, bool]]:
    """The events of the log after `since`, newest first (those of the log's window)."""
    return [row for row in rows(game).events if row[0] > since]


def _log_html(log: list[tuple[int, str, str, bool]], bot_seqs: set[int]) -> SafeString:
    """The log's lines (one viewer's words), joined without the template engine's loop."""
    return mark_safe(
        "".join(log_line(seq, kind, text, mine, seq in bot_seqs) for seq, kind, text, mine in log)
    )


def log_line(seq: int, kind: str, text: str, mine: bool, by_bot: bool) -> str:
    """One line of the log, with its part marker, escaped as the template escapes
    (`django.utils.html.escape` is `html.escape`)."""
    bot_tag = f' <span class="tag tag--bot">{escape(_("played by a bot"))}</span>' if by_bot else ""
    return (
        f'<!--p:log-{int(seq)}--><li class="log-{escape(kind)}" data-seq="{int(seq)}"'
        f"{' data-mine' if mine else ''}>{escape(text)}{bot_tag}</li><!--/p-->"
    )


def _levels(game: Game, obs: engine.Observation, seat: int | None) -> dict[str, Any] | None:
    """Ride the Bus levels added by agreement (`levels_by_agreement`): the open proposal
    and who has agreed, and what `seat` may do about it; None at a table without them."""
    if not obs.rules.levels_by_agreement:
        return None
    names = obs.names
    playing = seat is not None and not obs.seats[seat].out
    proposal = obs.proposal
    context: dict[str, Any] = {
        "url": reverse("game_levels", args=[game.pk]),
        "can_propose": playing and proposal is None,
        "proposal": None,
    }
    if proposal is not None:
        waiting = [s.seat for s in obs.seats if not s.out and s.seat not in proposal.agreed]
        context["proposal"] = {
            "key": proposal_key(proposal),
            "text": _proposal_text(proposal, names, seat),
            "agreed": ", ".join(names[s] for s in proposal.agreed),
            "waiting": ", ".join(names[s] for s in waiting),
            "mine": seat == proposal.proposer,
            "to_answer": playing and seat in waiting,
        }
    return context


def _proposal_text(proposal: engine.LevelProposal, names: Sequence[str], seat: int | None) -> str:
    """The open proposal in a sentence, to `seat`."""
    values = {
        "name": names[proposal.proposer],
        "levels": ", ".join(_("“%(name)s”") % {"name": n} for n in proposal.names),
    }
    several = len(proposal.names) > 1
    if seat == proposal.proposer:
        if several:
            return (
                _(
                    "You propose adding %(levels)s before the county: everyone still in gains "
                    "a life for each."
                )
                % values
            )
        return (
            _("You propose adding %(levels)s before the county: everyone still in gains a life.")
            % values
        )
    if several:
        return (
            _(
                "%(name)s proposes adding %(levels)s before the county: everyone still in "
                "gains a life for each."
            )
            % values
        )
    return (
        _("%(name)s proposes adding %(levels)s before the county: everyone still in gains a life.")
        % values
    )


def render_game_area(
    game: Game,
    state: engine.GameState,
    seat: int | None,
    *,
    request: HttpRequest | None = None,
    **extra: Any,
) -> str:
    """The `game-area` fragment for one viewer. `extra` adds a message (`error`,
    `notice`) for the person who made a request. `state` is `game`'s own snapshot.

    Without a request or a message, the fragment is kept on the instance for its seq
    and language (like the rows it reads): the push after a move renders each seat's,
    and the mover's htmx answer, which needs no CSRF token either (htmx sends it in a
    header), is then the same string, not a second render. It is in the active language
    (a request's, or the push's `translation.override`)."""
    if request is None and not extra:
        areas: dict[tuple[int | None, str | None], str] = game.once_per_seq("_areas", dict)
        key = (seat, get_language())
        if key not in areas:
            areas[key] = compact(area_templates.render(TEMPLATE, seat_context(game, state, seat)))
        return areas[key]
    context = seat_context(game, state, seat)
    context.update(extra)
    return compact(area_templates.render(TEMPLATE, context, request=request))


def seat_context(game: Game, state: engine.GameState, seat: int | None) -> dict[str, Any]:
    """`game_context` with the names read as `seat` reads them, the spectators as no one
    in particular (docs/privacy.md#my-name-off-public-pages): the same view is pushed
    to every seat's sockets and to all the spectators'."""
    with name_scope.reading_seat(game, seat):
        return game_context(game, with_shown_names(state), seat)


INDENT = re.compile(r"\n\s+")


def compact(html: str) -> str:
    """The template's indentation and blank lines dropped (a third of the bytes): a
    run of white space with a line break in it shows as one space, as a line break
    does. The game area has no <pre> or <textarea>, where it would not."""
    return INDENT.sub("\n", html)


class SeatView(NamedTuple):
    seat: int
    name: str
    is_bot: bool
    cards: range  # face-down cards, one per card held
    lives: int
    tokens: tuple[bool, ...]  # lives: True for a token left, False for one lost
    stage: str | None  # life_labels
    points: int | None
    chips: int | None
    on_county: bool
    out: bool
    dealer: bool
    turn: bool
    knocked: bool
    won: bool
    away: bool
    connected: bool
    vacation: str  # "on vacation until 12 December" (docs/tables.md#vacation), or ""


def _seat(
    obs: engine.Observation,
    s: engine.SeatView,
    player: GamePlayer | None,
    connected: bool,
    winners: Sequence[int],
    vacation: date | None = None,
) -> SeatView:
    rules = obs.rules
    lives = rules.scoring == "lives"
    return SeatView(
        seat=s.seat,
        name=s.name,
        is_bot=bool(player and player.is_bot),
        cards=range(0 if s.out else obs.cards_held[s.seat]),
        lives=s.lives,
        tokens=tuple(i < s.lives for i in range(rules.lives))
        if lives and not s.stage_label
        else (),
        stage=s.stage_label if lives else None,
        points=s.points if rules.scoring == "points" else None,
        chips=s.chips if rules.scoring == "banking" else None,
        on_county=s.on_county,
        out=s.out,
        dealer=s.seat == obs.dealer and obs.outcome is None,
        turn=s.seat == obs.turn,
        knocked=s.seat == obs.knocker and obs.outcome is None,
        won=s.seat in winners,
        away=bool(player and player.away),
        connected=connected and not (player and player.is_bot),
        vacation=(
            _("on vacation until %(day)s") % {"day": date_format(vacation, "j F")}
            if vacation
            else ""
        ),
    )


def _poll_seconds(obs: engine.Observation, my_turn: bool) -> int:
    if obs.outcome is not None:
        return POLL_OVER
    return POLL_OWN_TURN if my_turn else POLL_WAITING


# ---- away, and what a bot did for you ---------------------------------------------


def _away_text(player: GamePlayer) -> str:
    """Why a bot is playing for the viewer, to them."""
    match player.away_reason:
        case "timer":
            return _("Your time ran out on two turns in a row, so a bot is playing your turns.")
        case "absent":
            return _("You left the table on your turn, so a bot is playing your turns.")
        case "host":
            return _("The host let a bot play your turns.")
        case "staff":
            return _("Staff let a bot play your turns.")
        case "withdrawn":
            return _("You withdrew from the event, so a bot plays this game for you.")
        case "event":
            return _("The event's organizer let a bot play for you this round.")
        case "deadline":
            return _("The deadline for this game passed, so a bot plays it to the end for you.")
    return _("You were away, so a bot is playing your turns.")


def _played_for_you(events: list[tuple[int, engine.Event, bool]], seat: int) -> str:
    """The last turn a bot played for `seat` since its player's own last move, in words
    for them ("Time ran out: a bot drew K♣ from the stock and discarded it for you."),
    or "". Coming back does not end it: that is when they most want to know. Each event
    is seen as `seat` may see it: the card drawn from the stock is theirs to know, and
    no one else is told this."""
    moves: list[engine.Event] = []  # oldest first
    timed_out = False
    for _seq, event, by_bot in events:  # newest first
        if event.seat == seat and event.kind in MOVE_KINDS:
            if not by_bot:
                break  # their own move: they know the rest
            moves.insert(0, engine.event_view(event, seat))
        elif event.seat == seat and event.kind == "turn_timed_out":
            timed_out = bool(moves)
            break  # the bot's turn for them began here
        elif moves and event.kind in MOVE_KINDS:
            break  # another player's move, before the bot's turn for them
    if not moves:
        return ""
    done = and_list(_did(moves))
    if timed_out:
        return _("Time ran out: a bot %(moves)s for you.") % {"moves": done}
    return _("A bot played your last turn: it %(moves)s.") % {"moves": done}


def _did(moves: list[engine.Event]) -> list[str]:
    """What the moves did, in the past tense, to "you": each the predicate of "a bot
    ..." (the sentences around them, `_played_for_you`, say who and for whom)."""
    drawn = None
    words = []
    for event in moves:
        d = event.data
        match event.kind:
            case "drew" if d["source"] == engine.DISCARD_PILE:
                drawn = d["card"]
                words.append(
                    pgettext("what a bot did for you", "took %(card)s from the discard pile")
                    % {"card": card_text(drawn)}
                )
            case "drew":
                drawn = event.secret.get("card")
                words.append(
                    pgettext("what a bot did for you", "drew %(card)s from the stock")
                    % {"card": card_text(drawn)}
                    if drawn
                    else pgettext("what a bot did for you", "drew from the stock")
                )
            case "discarded":
                words.append(_discarded_for_you(d, drawn))
            case "exchanged":
                words.append(
                    pgettext(
                        "what a bot did for you", "exchanged %(gave)s for %(took)s from the widow"
                    )
                    % {"gave": cards_text(d["gave"]), "took": cards_text(d["took"])}
                )
            case "knocked":
                words.append(pgettext("what a bot did for you", "knocked"))
            case "stood":
                words.append(pgettext("what a bot did for you", "stood"))
            case "widow_opened":
                words.append(pgettext("what a bot did for you", "turned the widow face up"))
            case "looked":
                words.append(pgettext("what a bot did for you", "looked at your cards"))
            case "thrown_down":
                words.append(pgettext("what a bot did for you", "threw down"))
            case _:
                words.append(event.kind)
    return words


def _discarded_for_you(d: dict[str, Any], drawn: engine.Card | None) -> str:
    cards = d["cards"]
    knock = bool(d.get("knock"))
    if not cards:
        if knock:
            return pgettext("what a bot did for you", "kept your cards and knocked")
        return pgettext("what a bot did for you", "kept your cards")
    if len(cards) == 1 and cards[0] == drawn:
        if knock:
            return pgettext("what a bot did for you: the card it drew", "discarded it and knocked")
        return pgettext("what a bot did for you: the card it drew", "discarded it")
    shown = {"cards": cards_text(cards)}
    if knock:
        return pgettext("what a bot did for you", "discarded %(cards)s and knocked") % shown
    return pgettext("what a bot did for you", "discarded %(cards)s") % shown


def _seconds_html(seconds: int | None, deadline_ms: int | None) -> SafeString:
    """The seconds left of a turn in the element static/js/live.js ticks down."""
    if deadline_ms:
        return format_html('<span data-deadline="{}">{}</span>', deadline_ms, seconds)
    return format_html("<span>{}</span>", seconds)


def _seconds_left(game: Game) -> int | None:
    if game.turn_deadline is None:
        return None
    return max(0, int((game.turn_deadline - timezone.now()).total_seconds()))


def _time_left(game: Game) -> str | None:
    """What is left of a turn-based turn (docs/tables.md#games-waiting-for-your-move),
    in words to the minute."""
    seconds = _seconds_left(game)
    return None if seconds is None else time_left_words(seconds)


def time_left_words(seconds: int) -> str:
    """ "2 days 3 h", "5 h 12 min", "12 min", "under a minute"."""
    minutes = seconds // 60
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    values = {"days": days, "hours": hours, "minutes": minutes}
    if days:
        return ngettext("%(days)s day %(hours)s h", "%(days)s days %(hours)s h", days) % values
    if hours:
        return _("%(hours)s h %(minutes)s min") % values
    return _("%(minutes)s min") % values if minutes else _("under a minute")


# ---- the moves --------------------------------------------------------------------


def _actions(obs: engine.Observation) -> dict[str, Any]:
    """The legal moves, grouped by where the table shows them: on the piles, on the
    cards of the hand, in compact forms (many combinations), or as buttons."""
    legal = obs.legal
    draws = {a.source: a.code for a in legal if isinstance(a, Draw)}
    discards = [a for a in legal if isinstance(a, Discard)]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    # Knock, stand, open the widow, look, throw down: one button each.
    buttons = [
        (a.code, describe_action(a)) for a in legal if not isinstance(a, Draw | Discard | Exchange)
    ]
    compact = obs.rules.hidden_discards and bool(discards)
    # Discarding one card is one click on it, whatever the rules: its buttons go on the
    # card. With hidden_discards, discarding several is a form of its own ("pick").
    by_card: dict[engine.Card, dict[str, tuple[str, str]]] = {}
    for action in discards:
        if len(action.cards) != 1:
            continue
        kind = "knock" if action.knock else "discard"
        by_card.setdefault(action.cards[0], {})[kind] = (
            action.code,
            describe_action(action),
        )
    # Widow exchanges (many combinations): the cards become checkboxes of one form,
    # "pick", instead of a button for every combination.
    picking = "give" if exchanges else ""
    hand_moves = [
        (
            view,
            by_card.get(card, {}),
            card == obs.drawn,
            card == obs.taken,
            picking if card != obs.taken else "",
        )
        for card, view in zip(obs.hand or (), cards(obs.hand), strict=True)
    ]
    draw_stock = draws.get(engine.STOCK)
    return {
        "draw_stock": draw_stock,
        "draw_discard": draws.get(engine.DISCARD_PILE),
        "buttons": buttons,
        "hand_moves": hand_moves,
        "discard_phase": bool(discards),
        "pick": _pick_form(obs, discards) if compact else exchanges and {"mode": "exchange"},
        "prompt": _prompt(obs, draws, bool(discards), bool(exchanges), compact),
        # The first control of the turn, where focus goes when it begins and after a
        # move: the stock, else the first card to discard, else the first button.
        "first_control": _first_control(draw_stock, draws, hand_moves, exchanges, buttons),
    }


def _first_control(
    draw_stock: str | None,
    draws: dict[str, str],
    hand_moves: list[tuple[Any, ...]],
    exchanges: list[Exchange],
    buttons: list[tuple[str, str]],
) -> str:
    """The `value` of the button (or the name of the checkbox) focused first."""
    if draw_stock:
        return draw_stock
    if engine.DISCARD_PILE in draws:
        return draws[engine.DISCARD_PILE]
    for _view, moves, _drawn, _taken, pick in hand_moves:
        if moves.get("discard"):
            return moves["discard"][0]
        if pick and exchanges:
            return "pick"
    return buttons[0][0] if buttons else ""


def _pick_form(obs: engine.Observation, discards: list[Discard]) -> dict[str, Any]:
    """With hidden_discards: the picked cards go, and one of them lies on top."""
    return {
        "mode": "discard",
        "candidates": cards([c for c in obs.hand or () if c != obs.taken]),
        "keep": next((a.code for a in discards if not a.cards and not a.knock), None),
        "knock": any(a.knock for a in discards),
    }


def _prompt(
    obs: engine.Observation,
    draws: dict[str, str],
    discarding: bool,
    exchanging: bool,
    compact: bool,
) -> str:
    """What the player whose turn it is should do, in words."""
    if not obs.legal:
        return ""
    if obs.phase == "throw_down":
        return _(
            "Before you look at your cards you may throw down: every hand is shown at "
            "once, and you count as the knocker."
        )
    if discarding:
        if compact:
            return _(
                "Now discard a card: click it. To discard several, open “Discard several cards”."
            )
        return _("Now discard a card: click it.")
    if obs.phase == "widow":
        return _("The widow is face up: pick cards of yours and as many of the widow's.")
    # What they may do, each the rest of "Your turn: ...", one of them to be chosen.
    ways = []
    if engine.STOCK in draws:
        ways.append(pgettext("your turn: what you may do", "draw from the stock"))
    if engine.DISCARD_PILE in draws and obs.discard_top is not None:
        ways.append(
            pgettext("your turn: what you may do", "take the %(card)s")
            % {"card": card_text(obs.discard_top)}
        )
    if exchanging or any(isinstance(a, OpenWidow) for a in obs.legal):
        ways.append(pgettext("your turn: what you may do", "exchange with the widow"))
    if any(isinstance(a, Knock) for a in obs.legal):
        ways.append(pgettext("your turn: what you may do", "knock"))
    if len(ways) > 1:
        ways[-2:] = [
            pgettext("your turn: the last two things you may do", "%(one)s or %(other)s")
            % {"one": ways[-2], "other": ways[-1]}
        ]
    text = _("Your turn: %(ways)s.") % {"ways": ", ".join(ways)} if ways else _("Your turn.")
    if obs.knocker is not None:
        text += " " + _("%(name)s knocked: this is your last turn.") % {
            "name": obs.names[obs.knocker]
        }
    return text


# ---- after a round and at the end -------------------------------------------------


class ShownHand(NamedTuple):
    name: str
    cards: list[CardView]
    value: str
    result: str
    knocked: bool
    lost: bool


def _last_round(obs: engine.Observation) -> dict[str, Any] | None:
    """The last round's hands and who lost what; `fresh` until the viewer's next move
    (for spectators, until everyone has moved), when it is shown most prominently."""
    result = obs.last_round
    if result is None:
        return None
    shown = []
    for seat, hand in enumerate(result.hands):
        if hand is None:
            continue
        value = result.values[seat]
        shown.append(
            ShownHand(
                name=pgettext("the reader, beside their hand", "You")
                if seat == obs.viewer
                else obs.names[seat],
                cards=cards(hand),
                value=engine.format_value(value) if value is not None else "",
                result=_round_result(result, seat, obs.rules),
                knocked=seat == result.knocker,
                lost=bool(
                    result.lives_lost[seat]
                    or seat in result.eliminated
                    or result.chips_won[seat] < 0
                ),
            )
        )
    data = result._asdict()
    return {
        "round_no": result.round_no,
        "text": round_summary(data, obs.names, obs.viewer),
        # The same without the hands' values (the hands show them): what it cost whom.
        "short": round_summary(data, obs.names, obs.viewer, values=False),
        # A throw-down is not a knock, though its thrower counts as the knocker.
        "knock_word": pgettext("a tag beside a hand", "threw down")
        if result.reason == "throw_down"
        else pgettext("a tag beside a hand", "knocked"),
        "hands": shown,
        "fresh": _summary_is_fresh(obs),
    }


def _round_result(result: engine.RoundResult, seat: int, rules: engine.Rules) -> str:
    """What the round did to `seat`, in a few words ("loses a life", "ante lost"): a
    list of short tags beside the hand, each whole in itself."""
    parts = []
    if seat in result.blitzers:
        parts.append(pgettext("a round's result for a hand", "31: blitz!"))
    lost = result.lives_lost[seat]
    if lost:
        parts.append(
            npgettext("a round's result for a hand", "loses a life", "loses %(count)s lives", lost)
            % {"count": lost}
        )
    if result.points_won[seat]:
        parts.append(
            pgettext("a round's result for a hand", "+%(count)s point")
            % {"count": result.points_won[seat]}
        )
    chips = result.chips_won[seat]
    if rules.scoring == "banking" and result.reason in ("stock_empty", "max_turns"):
        parts.append(pgettext("a round's result for a hand", "ante stays in the pot"))
    elif rules.scoring == "banking":
        # Everyone antes a chip as the round starts (already paid): the winner takes
        # the pot, everyone else has lost their ante, and a blitz costs a chip more.
        if chips > 0:
            parts.append(
                ngettext("takes the pot: %(count)s chip", "takes the pot: %(count)s chips", chips)
                % {"count": chips}
            )
        elif chips < 0:
            parts.append(
                ngettext("ante and %(count)s chip lost", "ante and %(count)s chips lost", -chips)
                % {"count": -chips}
            )
        else:
            parts.append(pgettext("a round's result for a hand", "ante lost"))
    elif chips:
        parts.append(
            ngettext("%(count)s chip", "%(count)s chips", abs(chips)) % {"count": f"{chips:+d}"}
        )
    if seat in result.eliminated:
        parts.append(pgettext("a round's result for a hand", "out"))
    return ", ".join(parts) or pgettext("a round's result for a hand", "safe")


def _summary_is_fresh(obs: engine.Observation) -> bool:
    return _fresh_at(obs, obs.viewer, obs.turns_taken)


def _fresh_at(obs: engine.Observation, viewer: int | None, turns_taken: int) -> bool:
    """Whether the last round is shown most prominently to `viewer` after
    `turns_taken` turns of the round in play."""
    if obs.outcome is not None:
        return True
    order = play_order(obs.dealer, [s.out for s in obs.seats])
    if viewer is None or viewer not in order:
        return turns_taken < len(order)
    return turns_taken <= order.index(viewer)


def _ended(
    game: Game, obs: engine.Observation, events: list[tuple[int, engine.Event, bool]]
) -> dict[str, Any]:
    """A game stopped before anyone won: why, and the standings as they were."""
    why = next((e for _seq, e, _by_bot in events if e.kind == "game_ended_early"), None)
    if why is None:  # older than the log's window: the row says why
        why = engine.Event("game_ended_early", data={"reason": game.end_reason})
    standings = [(s.name, standing(obs.rules.scoring, s)) for s in obs.seats]
    return {
        "text": describe(why, obs.names, obs.viewer),
        "won": False,
        "ended": True,
        "standings": standings,
    }


def standing(scoring: str, s: engine.SeatView) -> str:
    """`s`'s standing in words, under the rules' `scoring`: "out", "3 points", "1 chip",
    the name of their stage (the rules' `life_labels`), "on the county" or "2 lives".
    The one place it is written: the game-over panel of a game ended early and the
    archive's replay (`games.archive.board`) both show it. A stage's name comes before
    "on the county": rules that name their stages name that one too."""
    if s.out:
        return pgettext("a player's standing", "out")
    if scoring == "points":
        return ngettext("%(count)s point", "%(count)s points", s.points) % {"count": s.points}
    if scoring == "banking":
        return ngettext("%(count)s chip", "%(count)s chips", s.chips) % {"count": s.chips}
    if s.stage_label:
        return stage_name(s.stage_label)
    if s.on_county:
        return pgettext("a player's standing", "on the county")
    return ngettext("%(count)s life", "%(count)s lives", s.lives) % {"count": s.lives}


def _outcome(obs: engine.Observation) -> dict[str, Any] | None:
    outcome = obs.outcome
    if outcome is None:
        return None
    data: dict[str, Any] = {"winners": outcome.winners, "reason": outcome.reason}
    if outcome.reason == "target_points":
        data["points"] = obs.seats[outcome.winners[0]].points
    text = describe(engine.Event("game_ended", data=data), obs.names, obs.viewer)
    return {"text": text, "won": obs.viewer in outcome.winners}


# ---- a game of a fixed number of deals ---------------------------------------------


def _deals_outcome(game: Game, obs: engine.Observation, deals: int) -> dict[str, Any]:
    """The end of a game of a fixed number of deals (`start_game(deals=…)`, a
    tournament's: a knockout's deal with the lives each seat carries, a duplicate
    board). It is one part of something larger, so nobody "wins" it, even the last
    player in at the table: it tells each seat what the deals did to them, the viewer's
    own line as the heading ("You lost a life: 2 left"), everyone's in the list."""
    start, carried = _starting_lives(game, obs)
    one = deals == 1
    outcome = obs.outcome
    assert outcome is not None
    # The heading is the viewer's own line; a spectator's says the deal is over.
    said = []
    if obs.viewer is not None:
        said.append(
            _("The deal is over.")
            if one
            else ngettext("The %(deals)s deal is played.", "The %(deals)s deals are played.", deals)
            % {"deals": deals}
        )
    if outcome.reason == "last_player" and outcome.winners:
        said.append(
            _("%(name)s is the last player in at this table.")
            % {"name": obs.names[outcome.winners[0]]}
        )
    text = " ".join(said)
    # Out of what: of the event when the lives were carried in from earlier deals (a
    # knockout's) at a table the system seats; else (a duplicate board, dealt from full
    # lives each time) only of these deals.
    of = "event" if carried and not access.seats_itself(game.table) else "deal" if one else "deals"
    lines = [
        (s.name, _deal_result(obs.rules, s, start[s.seat], you=False, of=of)) for s in obs.seats
    ]
    viewer = obs.viewer
    if viewer is not None:
        heading = _deal_result(obs.rules, obs.seats[viewer], start[viewer], you=True, of=of)
    elif one:
        heading = _("The deal is over")
    else:
        heading = ngettext(
            "The %(deals)s deal is played", "The %(deals)s deals are played", deals
        ) % {"deals": deals}
    if obs.rules.scoring == "lives":
        label = _("Lives after the deal") if one else _("Lives after the deals")
    else:
        label = _("The standings after the deal") if one else _("The standings after the deals")
    return {
        "heading": heading,
        "text": text,
        "won": False,
        "ended": False,
        "standings": lines,
        "standings_label": label,
    }


def _starting_lives(game: Game, obs: engine.Observation) -> tuple[list[int], bool]:
    """Each seat's lives when the game began, and whether they were carried in: as the
    tournament gave them (`game_started`'s `lives`), else the rules' (one query, once
    per instance and seq)."""

    def read() -> tuple[list[int], bool]:
        data = game.events.filter(kind="game_started").values_list("data", flat=True).first() or {}
        given = data.get("lives") if isinstance(data, dict) else None
        if given:
            return list(given), True
        return [obs.rules.lives] * len(obs.seats), False

    return game.once_per_seq("_starting_lives", read)


def _deal_result(rules: engine.Rules, s: engine.SeatView, start: int, *, you: bool, of: str) -> str:
    """What the deals did to `s`, in a few words: "You lost a life: 2 left", "kept
    their lives: 3 left", "out" (`you`: to the seat's own player, in the second person,
    as a sentence; else a standings entry after the name). `of`: what a player out is
    out of -- "event", "deal" or "deals"."""
    if rules.scoring != "lives":
        have = standing(rules.scoring, s)
        return _("You have %(standing)s") % {"standing": have} if you else have
    if s.out:
        if not you:
            return pgettext("a player's standing", "out")
        if of == "event":
            return _("You are out of the event")
        return _("You are out of this deal") if of == "deal" else _("You are out of these deals")
    # What they have left: a stage's name, the county, or a number of lives.
    if s.stage_label:
        left = stage_name(s.stage_label)
    elif s.on_county:
        left = (
            pgettext("what you have left after the deals", "you are on the county")
            if you
            else pgettext("what a player has left after the deals", "on the county")
        )
    else:
        left = ngettext("%(count)s left", "%(count)s left", s.lives) % {"count": s.lives}
    lost = start - s.lives
    values = {"count": lost, "left": left}
    if lost > 0:
        if you:
            return (
                ngettext("You lost a life: %(left)s", "You lost %(count)s lives: %(left)s", lost)
                % values
            )
        return ngettext("lost a life, %(left)s", "lost %(count)s lives, %(left)s", lost) % values
    if s.on_county and start == 0:
        return _("You stay on the county") if you else _("still on the county")
    if you:
        return (
            ngettext("You kept your life: %(left)s", "You kept your lives: %(left)s", s.lives)
            % values
        )
    return ngettext("kept their life, %(left)s", "kept their lives, %(left)s", s.lives) % values
