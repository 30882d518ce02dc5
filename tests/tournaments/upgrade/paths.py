"""Where the upgrade snapshot is kept. Its own module, so that the test reads the
snapshot without importing the generator (which builds events with today's services:
after a refactor, the test must not depend on them)."""

from pathlib import Path

SNAPSHOT = Path(__file__).with_name("snapshot")
DATABASE = SNAPSHOT / "database.json"  # the rows and the migration state
PAGES = SNAPSHOT / "pages.json"  # what each viewer read, and when
