"""What leaves a knockout's page, balanced or top q
(docs/tournaments.md#knockout-standings, docs/tournaments.md#the-season): its standings
as the CSV writes them, and each player's season, by place. A knockout's
`Format.exports`."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from tournaments.formats.knockout.pages import standings
from tournaments.formats.knockout.words import KnockoutWords
from tournaments.formats.placings import SeasonResult
from tournaments.models import Event, KnockoutPlayer, RoundSeat


class KnockoutExports:
    """In the knockout's `words`; `kept`: its tables are kept from round to round."""

    def __init__(self, words: KnockoutWords, *, kept: bool) -> None:
        self.words = words
        self.kept = kept

    def csv_rows(self, event: Event) -> list[list[str]]:
        """The standings as the CSV export writes them."""
        header = [
            _("Place"),
            _("Player"),
            _("Status"),
            self.words.out_column(),
            _("Lives left"),
            _("Tables"),
            _("Moves"),
        ]
        return [header] + [
            [
                line.place,
                line.name,
                line.status,
                "" if line.out_deal is None else str(line.out_deal),
                str(line.lives),
                line.tables,
                str(line.moves),
            ]
            for line in standings(event, self.words, self.kept)
        ]

    def season(self, event: Event) -> list[SeasonResult]:
        """By place, as opponents outlasted (docs/tournaments.md#the-season): a point
        for each player placed below, half for each sharing the place, out of one less
        than the field. Those still in share the places not yet decided. Each deal or
        game played counts a game."""
        players = list(KnockoutPlayer.objects.filter(event=event))
        field = len(players)
        games: dict[int, int] = {}
        for entry_id in RoundSeat.objects.filter(
            table__round__event=event, entry__isnull=False
        ).values_list("entry_id", flat=True):
            games[entry_id] = games.get(entry_id, 0) + 1
        # A player still in has no place yet: they share the best places left.
        sharing = Counter(p.place or 1 for p in players)
        results = []
        for p in players:
            place = p.place or 1
            below = field - place - (sharing[place] - 1)
            points = below + (sharing[place] - 1) / 2
            results.append(
                SeasonResult(p.entry_id, place, games.get(p.entry_id, 0), points, field - 1)
            )
        return results
