"""The check that a database made before a change to the tournaments app migrates
forward with nothing lost: a snapshot made on the old code (`make_snapshot`), and
tests/tournaments/test_upgrade.py, which loads it at its migration state, migrates it to
the head and reads every page again."""
