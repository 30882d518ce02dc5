"""The fair-play pages: reports (`reports`), blocks (`blocks`), the moderation queue
(`moderation`). Plain forms that redirect back with a message: they work without
JavaScript (docs/web.md#without-javascript)."""
