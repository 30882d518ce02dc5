"""Every deck a game deals from is committed before it is used and revealed after
(issue 20): each round's deck, each reshuffled stock's order, the first dealer's deck;
and the proof page shows them all, for every round."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine, rendering, services
from games.engine.actions import Discard, Knock
from games.engine.bots import BaselineBot
from games.engine.replay import replay
from games.models import Deal, Game, GameEvent, Table
from games.services import sources
from games.shuffles import CommittedDecks, deck_commitment, in_order_of

# ---- the deck source ----------------------------------------------------------------


def test_whole_decks_come_from_the_source_and_a_reshuffle_from_the_committed_deck() -> None:
    committed = engine.SeededDeckSource(5).shuffled(engine.full_deck())
    asked: list[int] = []

    def reserve() -> str:
        asked.append(1)
        return engine.format_cards(committed)

    decks = CommittedDecks(engine.SeededDeckSource(9), engine.Rules(), reserve)
    whole = decks.shuffled(engine.full_deck())
    assert whole == engine.SeededDeckSource(9).shuffled(engine.full_deck())
    assert not asked, "the committed deck is read only for a reshuffle"

    discards = engine.parse_cards("2H KS 10D AC 7C")
    stock = decks.shuffled(discards)
    assert stock == in_order_of(committed, discards)
    assert sorted(stock) == sorted(discards) and asked == [1]
    with pytest.raises(engine.EngineError):
        decks.shuffled(discards)  # the next reshuffle needs the next commitment


def test_a_round_dealt_before_reshuffle_decks_were_kept_reshuffles_afresh() -> None:
    decks = CommittedDecks(engine.SeededDeckSource(9), engine.Rules())
    discards = engine.parse_cards("2H KS 10D AC 7C")
    assert sorted(decks.shuffled(discards)) == sorted(discards)


def test_without_reshuffles_no_reshuffle_deck_is_committed(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(
        rules=engine.Rules(empty_stock="draw").to_dict(), seat_count=2
    )
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    assert not game.deals.filter(purpose=Deal.RESHUFFLE).exists()
    assert game.deals.filter(purpose=Deal.ROUND).count() >= 1


# ---- a game that reshuffles -----------------------------------------------------------


@pytest.fixture
def duel(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """ann and bob, known shuffles (no round ends on its deal)."""
    source = engine.SeededDeckSource(1)  # one stream: each deck a new shuffle
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    assert game.engine_state().round_no == 1
    return game


def _play(game: Game, pick: type) -> list[engine.Event]:
    """The player whose turn it is makes their first legal move of type `pick` (a
    discard: of the card just drawn, so no hand ever changes and no one blitzes)."""
    game.refresh_from_db()
    state = game.engine_state()
    legal = engine.legal_actions(state, state.turn)
    if pick is Discard:
        action = next(a for a in legal if isinstance(a, Discard) and a.cards == (state.drawn,))
    else:
        action = next(a for a in legal if isinstance(a, pick))
    user = game.players.get(position=state.turn).user
    result = services.play(game_id=game.pk, user=user, action=action.code, expected_seq=game.seq)
    game.refresh_from_db()
    return result.events


def _draw_until_reshuffled(game: Game) -> engine.GameState:
    """Draw from the stock and discard that card until a draw reshuffles the stock;
    returns the state before that draw."""
    for _ in range(100):
        game.refresh_from_db()
        before = game.engine_state()
        if any(e.kind == "reshuffled" for e in _play(game, engine.Draw)):
            return before
        _play(game, Discard)
    raise AssertionError("the stock never ran out")


def test_a_reshuffled_stock_takes_the_order_of_a_deck_committed_with_the_deal(
    duel: Game,
) -> None:
    game = duel
    dealt = GameEvent.objects.get(game=game, kind="round_started")
    reserve = game.deals.get(purpose=Deal.RESHUFFLE, round_no=1, number=1)
    assert reserve.committed_seq == dealt.seq  # published with the deal
    assert reserve.used_seq is None and not reserve.revealed

    before = _draw_until_reshuffled(game)

    reshuffle = GameEvent.objects.get(game=game, kind="reshuffled")
    reserve.refresh_from_db()
    assert reserve.committed_seq < reshuffle.seq == reserve.used_seq
    # The new stock is the discards (all but the top card) in the committed deck's order.
    stock = reshuffle.to_engine().secret["stock"]
    assert stock == in_order_of(engine.parse_cards(reserve.deck), before.discard[:-1])
    # The next reshuffle's deck is committed now, before anyone discards again.
    following = game.deals.get(purpose=Deal.RESHUFFLE, round_no=1, number=2)
    assert following.committed_seq == reshuffle.seq and following.used_seq is None

    # While the round lasts, players see the commitments but no deck or salt.
    html = rendering.render_game_area(game, game.engine_state(), 0)
    for deal in (reserve, following):
        assert deal.commitment in html
        assert deal.deck not in html and deal.salt not in html
    assert not reserve.revealed

    _play(game, Discard)
    _play(game, Knock)  # the other player knocks; the first has one more turn
    _play(game, engine.Draw)
    events = _play(game, Discard)
    assert any(e.kind == "round_ended" for e in events)

    ended = GameEvent.objects.get(game=game, kind="round_ended", data__round_no=1)
    round_one = list(game.deals.filter(round_no=1))
    assert {(d.purpose, d.number) for d in round_one} == {
        (Deal.ROUND, 0),
        (Deal.RESHUFFLE, 1),
        (Deal.RESHUFFLE, 2),
    }
    for deal in round_one:
        assert deal.revealed_seq == ended.seq
        assert deck_commitment(deal.salt, deal.deck) == deal.commitment
    events = [row.to_engine() for row in GameEvent.objects.filter(game=game).order_by("seq")]
    assert replay(events) == game.engine_state()


def test_a_round_dealt_without_a_reshuffle_deck_commits_to_its_stock_as_it_is_made(
    duel: Game,
) -> None:
    """A game dealt before reshuffle decks were kept: its reshuffle is committed (and
    shown committed) at its use, and the next reshuffle's deck at once."""
    duel.deals.filter(purpose=Deal.RESHUFFLE).delete()

    _draw_until_reshuffled(duel)

    reshuffle = GameEvent.objects.get(game=duel, kind="reshuffled")
    made, following = duel.deals.filter(purpose=Deal.RESHUFFLE).order_by("number")
    assert (made.number, following.number) == (1, 2)
    assert made.committed_seq == made.used_seq == reshuffle.seq
    assert made.deck == engine.format_cards(reshuffle.to_engine().secret["stock"])
    assert following.committed_seq == reshuffle.seq and following.used_seq is None
    assert not made.revealed and not following.revealed


# ---- the first dealer ---------------------------------------------------------------


@pytest.mark.parametrize("method", ["high_card", "cut"])
def test_the_first_dealers_deck_is_committed_and_revealed_once_used(
    table: Table, method: str
) -> None:
    Table.objects.filter(pk=table.pk).update(rules=engine.Rules(first_dealer=method).to_dict())
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)

    chosen = GameEvent.objects.get(game=game, kind="dealer_chosen")
    dealt = GameEvent.objects.get(game=game, kind="round_started", data__round_no=1)
    deal = game.deals.get(purpose=Deal.FIRST_DEALER)
    assert deal.round_no == 0
    assert deal.committed_seq == deal.used_seq == deal.revealed_seq == chosen.seq < dealt.seq
    assert deck_commitment(deal.salt, deal.deck) == deal.commitment
    drawn = [card for _, card in chosen.to_engine().data["draws"]]
    assert list(engine.parse_cards(deal.deck)[: len(drawn)]) == drawn
    page = Client().get(reverse("shuffles", args=[game.pk])).content.decode()
    assert deal.deck in page and deal.salt in page


def test_a_random_first_dealer_draws_no_deck(table: Table) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    assert not game.deals.filter(purpose=Deal.FIRST_DEALER).exists()


# ---- the proof page ------------------------------------------------------------------


@pytest.fixture
def long_game(
    ann: Any, scat: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> Game:
    """ann against a bot, played to round 6 (lives enough to get there)."""
    source = engine.SeededDeckSource(3)  # one stream: each deck a new shuffle
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)
    table = services.create_table(
        owner=ann, name="Long", rule_set=scat, seat_count=2, changes={"lives": 12}
    )
    services.add_bot(table=table, by=ann, level="easy")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.start_game(table=table, by=ann)
    bot = BaselineBot()
    for _ in range(2000):
        game.refresh_from_db()
        state = game.engine_state()
        if state.round_no >= 6:
            return game
        action = bot.choose(engine.observation(state, 0)).code
        with django_capture_on_commit_callbacks(execute=True):
            services.play(game_id=game.pk, user=ann, action=action, expected_seq=game.seq)
    raise AssertionError("round 6 never came")


def test_the_proof_page_shows_every_rounds_decks_and_no_deck_still_in_play(
    long_game: Game,
) -> None:
    game = long_game
    assert game.status == Game.PLAYING
    revealed = list(game.deals.filter(revealed_seq__isnull=False, purpose=Deal.ROUND))
    hidden = list(game.deals.filter(revealed_seq__isnull=True))
    assert len(revealed) >= 5 and hidden  # more rounds than the game area ever showed

    for client in (Client(), _logged_in(game.table.owner)):
        page = client.get(reverse("shuffles", args=[game.pk])).content.decode()
        for deal in game.deals.filter(revealed_seq__isnull=False):
            assert deal.commitment in page and deal.salt in page and deal.deck in page
            assert f"printf '%s' '{deal.salt}:{deal.deck}' | sha256sum" in page.replace(
                "&#x27;", "'"
            )
        for deal in hidden:
            assert deal.commitment in page
            assert deal.salt not in page and deal.deck not in page

    table_page = Client().get(game.table.get_absolute_url()).content.decode()
    assert reverse("shuffles", args=[game.pk]) in table_page


def test_the_proof_page_of_a_private_table_is_for_its_players(
    long_game: Game, django_user_model: Any
) -> None:
    Table.objects.filter(pk=long_game.table_id).update(is_public=False)
    url = reverse("shuffles", args=[long_game.pk])
    assert _logged_in(long_game.table.owner).get(url).status_code == 200
    assert Client().get(url).status_code == 404
    stranger = django_user_model.objects.create_user("eve", password="x-y-z-cards")
    assert _logged_in(stranger).get(url).status_code == 404


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client
