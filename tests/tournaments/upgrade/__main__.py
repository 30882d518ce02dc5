"""`python -m tests.tournaments.upgrade`: write the upgrade snapshot again (see
make_snapshot.py for when that is right). Run from the project's folder."""

import sys
from pathlib import Path

import pytest

generator = Path(__file__).with_name("make_snapshot.py")
sys.exit(pytest.main([str(generator), "-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
