"""Club tournaments (docs/tournaments.md): the Django app of events, their entries,
rounds and standings. Each format is a plug-in in `tournaments.formats`
(docs/tournaments.md#formats-one-plug-in-each), with its pure core beside it
(`formats.swiss.seating` and `.standings`, `formats.knockout.balancing`,
`formats.duplicate.matchpoints`, which use no models); `tournaments.services` is where
every change starts. Beside them, by capability: the club room (`room`), tables played
with real cards (`cards`), calendars and weekly series (`schedule`), provably fair
seating's pure steps (`fairness`) and the pushes (`pushes`); the modules at the top are
what every part shares."""
