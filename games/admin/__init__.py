"""The admin: rule sets with every house rule as a field, and tables and games to look at.

Rule sets are edited through the same option fields as the site's form, so the
engine's message lands on the offending field, and only the options that differ from
the preset are stored. Games, their event logs and deals are read-only: game state is
written by `games.services` alone.

Staff see no more of a round in play than a spectator: a deck and its salt, the hands
and the stock, and the events' secrets (the deal's deck, a card drawn from the stock)
only once the round is over, when the shuffle proof shows them to the players too.
Nor can they filter by a hidden field: `?deck__startswith=` would answer, a card at a
time, what the page does not show.

One module per subject, each registering its models: `rule_sets`, `tables`, `played`
(games, their events and deals) and `chat`; what they share is in `common`.
"""

# Imported for their registrations (the admin's autodiscover imports games.admin).
from games.admin import chat, played, rule_sets, tables

__all__ = ["chat", "played", "rule_sets", "tables"]
