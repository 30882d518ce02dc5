"""The rules for players, one page per preset: what wins, the cards, a turn, knocking,
the showdown, special hands and the stock, in sentences made from the rules alone."""

from __future__ import annotations

from games.engine import Rules

from .names import stage_name
from .options import applies
from .words import _, ngettext


def how_to_play(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules in words for players, as (heading, sentences): what wins, the cards, a
    turn, knocking, the showdown, special hands and the stock. Made from `rules` alone
    (the table page, the rules pages), so it says what the engine will do; a test checks
    that every option that applies changes what it says."""
    return [
        (_("What wins"), _winning(rules)),
        (_("Cards and hands"), _hands(rules)),
        (_("The deal"), _deal(rules)),
        (_("A turn"), _turn(rules)),
        (_("Knocking"), _knocking(rules)),
        (_("The showdown"), _showdown(rules)),
        (_("Special hands"), _special(rules)),
        (_("The stock"), _stock(rules)),
    ]


def _winning(r: Rules) -> list[str]:
    if r.scoring == "points":
        n = r.target_points
        return [
            ngettext(
                "Be the first to %(count)s point. No one loses lives and no one is ever out; "
                "players who reach the same best score together share the win.",
                "Be the first to %(count)s points. No one loses lives and no one is ever out; "
                "players who reach the same best score together share the win.",
                n,
            )
            % {"count": n},
            ngettext(
                "You score at most a point a round, so a game lasts at least %(count)s round.",
                "You score at most a point a round, so a game lasts at least %(count)s rounds.",
                n,
            )
            % {"count": n},
        ]
    if r.scoring == "banking":
        return [
            ngettext(
                "Be the last player with chips. Everyone starts with %(count)s chip and antes "
                "one into the pot before each round; a player with no chip to ante is out.",
                "Be the last player with chips. Everyone starts with %(count)s chips and antes "
                "one into the pot before each round; a player with no chip to ante is out.",
                r.chips,
            )
            % {"count": r.chips},
        ]
    lines = [
        ngettext(
            "Be the last player left. Everyone starts with %(count)s life.",
            "Be the last player left. Everyone starts with %(count)s lives.",
            r.lives,
        )
        % {"count": r.lives}
    ]
    if r.county:
        lines.append(
            _(
                "With no lives left you are “on the county” and still play; the next "
                "loss puts you out."
            )
        )
    else:
        lines.append(_("There is no county: lose your last life and you are out."))
    if r.life_labels:
        lines.append(
            _("Lives are shown as stages: %(stages)s.")
            % {"stages": " → ".join(map(stage_name, r.life_labels))}
        )
    if r.levels_by_agreement:
        lines.append(
            _(
                "During a game any player still in may propose new stages before the county; "
                "if everyone still in agrees, everyone gains a life for each."
            )
        )
    lines.append(_("Every lost life goes into the kitty, and the winner takes it."))
    return lines


def _hands(r: Rules) -> list[str]:
    lines = [
        _(
            "A hand is worth the total of its best suit: an ace 11, a king, queen or jack 10, "
            "every other card its number. 31, an ace and two ten-point cards of one suit, is "
            "the best hand."
        )
    ]
    if r.jokers:
        lines.append(
            _(
                "The deck has one joker (53 cards). It stands for whichever card the hand does "
                "not already hold that makes it best."
            )
        )
    else:
        lines.append(_("One deck of 52 cards, no joker."))
    if r.three_of_a_kind == "30":
        lines.append(_("Three of a kind (three cards of one rank) is worth 30."))
    elif r.three_of_a_kind == "30.5":
        lines.append(_("Three of a kind is worth 30½: it beats every hand but 31."))
    else:
        lines.append(_("Three of a kind counts like any other hand (three kings are worth 10)."))
    if r.straight_flush:
        lines.append(
            _(
                "Three cards of one suit in sequence are worth at least 30 (aces high: Q-K-A "
                "is the top run, A-2-3 is none)."
            )
        )
    if r.showdown_counts_all_cards:
        lines.append(
            _("At a showdown every card counts, whatever its suit (this never makes a blitz).")
        )
    return lines


def _deal(r: Rules) -> list[str]:
    most = {"most": r.max_players}
    if r.first_dealer == "high_card":
        first = _(
            "2 to %(most)s players. Everyone draws a card and the highest deals first (aces "
            "low); then the deal passes to the left."
        )
    elif r.first_dealer == "cut":
        first = _(
            "2 to %(most)s players. Everyone cuts and the highest card deals first (the joker, "
            "then aces, high); then the deal passes to the left."
        )
    elif r.first_dealer == "chosen":
        first = _(
            "2 to %(most)s players. Whoever starts the game picks the first dealer; then the "
            "deal passes to the left."
        )
    else:
        first = _(
            "2 to %(most)s players. The first dealer is chosen at random; then the deal "
            "passes to the left."
        )
    lines = [
        first % most,
        _(
            "Everyone gets three cards. The next card is turned up to start the discard "
            "pile; the rest is the stock."
        ),
    ]
    if r.widow:
        lines.append(_("Three more cards are dealt face down in the middle: the widow."))
    return lines


def _turn(r: Rules) -> list[str]:
    lines = []
    if r.throw_down:
        lines.append(
            _(
                "At the start of each round, before looking at their cards, the player at the "
                "dealer's left may throw down: every hand is shown at once, and they count as "
                "the knocker."
            )
        )
    if r.hidden_discards:
        lines.append(
            _(
                "On your turn, take the top card of the stock or of the discard pile, then "
                "discard one card or several and choose which lies on top. You must end your "
                "turn holding at most three cards (fewer are worth what they make); holding "
                "three or fewer after drawing, you may keep them all. Buried discards stay "
                "face up for everyone to see."
            )
        )
    else:
        lines.append(
            _(
                "On your turn, take the top card of the stock or of the discard pile, then "
                "discard one card."
            )
        )
    if r.take_own_discard:
        lines.append(_("A card you took from the discard pile can't go straight back."))
    else:
        lines.append(
            _(
                "A card you took from the discard pile can't go straight back. Nor may you "
                "take the top discard if you put it there yourself."
            )
        )
    if r.widow:
        lines.append(
            _(
                "Instead of drawing you may swap one to three of your cards for as many of the "
                "widow's: that is your whole turn. The first player to use the widow turns it "
                "face up for good."
            )
        )
    if r.allow_stand:
        lines.append(
            _(
                "In your last turn after someone knocks, you may stand: keep your hand and "
                "draw nothing."
            )
        )
    return lines


def _knocking(r: Rules) -> list[str]:
    if r.knock_after_draw:
        how = _(
            "Knock as you discard, after drawing: the three cards you keep are your hand for "
            "the showdown. Everyone else has one more turn, then every hand is shown (the "
            "showdown). Only one player knocks in a round."
        )
    else:
        how = _(
            "Instead of drawing, you may knock: your hand stays as it is. Everyone else has "
            "one more turn, then every hand is shown (the showdown). Only one player knocks "
            "in a round."
        )
    lines = [how]
    lines.append(
        _("You may knock with any hand.")
        if r.knock_min == 0
        else _("You may knock only with a hand worth %(points)s or more.") % {"points": r.knock_min}
    )
    if r.no_knock_first_round:
        lines.append(_("No one may knock until everyone has had a turn this round."))
    if r.no_knock_when_all_on_county and applies(r, "no_knock_when_all_on_county"):
        lines.append(
            _(
                "When everyone still in is on the county no one may knock: play goes on until "
                "someone holds 31, and they win the game."
            )
        )
    return lines


def _showdown(r: Rules) -> list[str]:
    if r.scoring == "points":
        return [
            _(
                "The highest hand scores a point; players who did not knock and tie for it "
                "each score one. If the knocker ties for highest, the point goes to the others "
                "tied."
            )
        ]
    if r.scoring == "banking":
        return [
            _(
                "The highest hand takes the pot; a tie splits it, and a chip that does not "
                "divide stays for the next round. Everyone else has lost their ante."
            )
        ]
    n = r.knocker_penalty
    lines = [
        _("The lowest hand loses a life; players who tie for lowest each lose one."),
        ngettext(
            "A knocker who alone has the lowest hand loses %(count)s life.",
            "A knocker who alone has the lowest hand loses %(count)s lives.",
            n,
        )
        % {"count": n},
        _("A knocker who ties for lowest is safe, and the others tied lose.")
        if r.knocker_tie == "safe"
        else ngettext(
            "A knocker who ties for lowest loses alone, and pays %(count)s life.",
            "A knocker who ties for lowest loses alone, and pays %(count)s lives.",
            n,
        )
        % {"count": n},
    ]
    if r.final_two_tiebreak:
        lines.append(
            _(
                "With two players left, one of them on the county, a tie goes to the higher "
                "top card, then the next (the joker above an ace). That wins the whole game; "
                "cards of identical rank draw it."
            )
            if r.final_two_tiebreak_decides == "game"
            else _(
                "With two players left, one of them on the county, a tie goes to the higher "
                "top card, then the next (the joker above an ace)."
            )
        )
    return lines


def _special(r: Rules) -> list[str]:
    # Whole sentences, each translated as one: what a blitz is, when it is shown, and
    # what it costs the others.
    said = [
        _("A blitz is 31 in one suit.")
        if r.blitz_requires == "any"
        else _("Only A-K-10 of one suit is a blitz; any other 31 is still worth 31.")
    ]
    if r.blitz_timing == "immediate":
        said.append(
            _(
                "It is shown at once, on the deal or at the end of its holder's turn (even "
                "after a knock), and ends the round."
            )
        )
    else:
        said.append(_("It is not shown by itself: its holder knocks, and it wins the showdown."))
    if r.scoring == "points":
        said.append(_("It scores its holder a point."))
    elif r.scoring == "banking":
        said.append(_("Everyone else adds a chip to the pot, and the blitzer takes it all."))
    elif r.knocker_pays_double_on_blitz:
        said.append(_("Everyone without a blitz loses a life; a knocker caught by it loses two."))
    else:
        said.append(_("Everyone without a blitz loses a life, the knocker too."))
    lines = [" ".join(said)]
    if r.three_aces_wins_game:
        lines.append(
            _(
                "Three aces (or two aces and the joker), on the deal or after your turn, win "
                "the whole game at once: you take the kitty or the pot and everything the "
                "others have left."
            )
            if r.jokers
            else _(
                "Three aces, on the deal or after your turn, win the whole game at once: you "
                "take the kitty or the pot and everything the others have left."
            )
        )
    return lines


def _stock(r: Rules) -> list[str]:
    return [
        _("When the stock runs out, the discards under the top card are shuffled into a new stock.")
        if r.empty_stock == "reshuffle"
        else _("When the stock runs out before anyone knocks, the round ends with no loser."),
        ngettext(
            "A round with no knock after %(count)s turn ends as a draw.",
            "A round with no knock after %(count)s turns ends as a draw.",
            r.max_turns,
        )
        % {"count": r.max_turns},
    ]
