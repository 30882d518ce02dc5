"""Telling what changed, after the commit (docs/design.md §5, §20, §33): an event's
sockets (`live`), the calls bars of the players at tables played with real cards
(`card_calls`), and a push's render made once in a process (`renders`). Below the
formats and the services that send them: they read the models at most."""
