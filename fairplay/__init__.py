"""Fair play (docs/fair-play.md): reports about people, the moderation queue and its
audited actions, the sanctions they set (and their enforcement through games.gates and
tournaments.entry_gates), blocks, and the marks of those who leave rated games."""
