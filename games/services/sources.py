"""What the games draw at random: the decks they shuffle with and the bots' seeds.

The two seams a test replaces to play the same games every run. The services call
them through this module (`sources.new_deck_source()`), so a test replaces them here:
`monkeypatch.setattr(games.services.sources, "new_deck_source", ...)`. Replacing the
name re-exported by `games.services` reaches only callers that look it up there (the
tournaments' duplicate boards do), not the games' own write path.
"""

from __future__ import annotations

import secrets

from games import engine

# Where shuffles come from: the operating system's secure generator. Tests that need a
# known deal replace this with a seeded source. Games shuffle through `CommittedDecks`.
new_deck_source = engine.SecureDeckSource


def new_bot_seed() -> int:
    """A bot's seed for one move, from the secure generator: no one can foresee a bot's
    play. Tests replace it with a counter, so their games are played the same each run."""
    return secrets.randbits(32)
