"""Telling what changed, after the commit (docs/realtime.md#a-push-sends-what-changed,
docs/club-night.md#calls-to-a-card-table, docs/realtime.md#rendering-with-jinja2): an
event's sockets (`live`), the calls bars of the players at tables played with real cards
(`card_calls`), and a push's render made once in a process (`renders`). Below the
formats and the services that send them: they read the models at most."""
