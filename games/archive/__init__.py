"""A game's permanent record: its rounds, its replay and its transcript
(docs/tables.md#transcripts).

Everything here is read from the event log as of the snapshot's seq, and shows only
what is public at that seq (docs/rules.md §10): a round's hands once the round has
ended (its `round_ended` event shows them to everyone), and a round's secrets -- the
deck, the cards drawn from the stock, a reshuffled stock -- once its deck is revealed,
which is the same moment (`games.services.game_log`). The first dealer's deck is
revealed as soon as it is used. So a round is *public* when it has ended; the round
in play, and the unfinished last round of a game ended early, are not.

Which replays a person may ask for is `games.access.replay_modes`. In parts: what is
public (`public`), the game's page (`page`), the replay (`replays`) and the transcript
with the checks of an imported one (`transcripts`); every name is imported from here.
"""

from games.archive.page import RoundRecord, ShownHand, players, result_text, rounds, shown_hands
from games.archive.public import FIRST_DEALER_ROUND, log, public_lines, public_rounds, round_of
from games.archive.replays import (
    SNAPSHOT_EVERY,
    SNAPSHOT_SECONDS,
    SNAPSHOT_SECONDS_IN_PLAY,
    ReplaySteps,
    SeatBoard,
    board,
    fold,
    replay_context,
    replay_steps,
    said,
    side_label,
)
from games.archive.transcripts import DeckCheck, deck_checks, transcript

__all__ = [
    "FIRST_DEALER_ROUND",
    "SNAPSHOT_EVERY",
    "SNAPSHOT_SECONDS",
    "SNAPSHOT_SECONDS_IN_PLAY",
    "DeckCheck",
    "ReplaySteps",
    "RoundRecord",
    "SeatBoard",
    "ShownHand",
    "board",
    "deck_checks",
    "fold",
    "log",
    "players",
    "public_lines",
    "public_rounds",
    "replay_context",
    "replay_steps",
    "result_text",
    "round_of",
    "rounds",
    "said",
    "shown_hands",
    "side_label",
    "transcript",
]
