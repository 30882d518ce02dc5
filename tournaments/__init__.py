"""Club tournaments (docs/design.md §14): the Django app of events, their entries,
rounds and standings. Each format is a plug-in in `tournaments.formats` (§19);
`tournaments.services` is where every change starts; the pure cores (`seating`,
`standings`, `balancing`, `formats.duplicate.matchpoints`) use no Django."""
