# Thirty-One. `make run` serves the app; `make test` checks the code, then runs the tests.
# Needs only Python 3.11+; everything else goes into .venv.

# The first of these that is Python >= 3.11 (override: make PYTHON=/path/to/python3.12).
PYTHON ?= $(shell for p in python3 python3.13 python3.12 python3.11; do \
	command -v $$p >/dev/null 2>&1 && \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && \
	{ echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Daphne, Celery and honcho's children find their commands in the venv.
RUN_PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: venv install run test test-services check lint messages bench bench-bots bench-review bench-engine bench-live bench-pages bench-tournament bench-round-start bench-ratings bench-push bench-collusion bench-keep-apart soak clean

venv install: $(STAMP)

# Reinstalled whenever pyproject.toml changes; otherwise a no-op.
$(STAMP): pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (python3 --version)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --editable '.[dev]'
	@touch $(STAMP)

# Where `make run` listens: HOST=0.0.0.0 serves the LAN (the URLs are printed).
HOST ?= 127.0.0.1
PORT ?= 8000

# Every step of `make run` knows where the site is served: the settings make the site's
# address (SITE_URL, which links in mails and QR codes start with) from it, and
# `migrate` runs the check that warns when those links could reach no one else.
run: export THIRTYONE_HOST = $(HOST)
run: export THIRTYONE_PORT = $(PORT)
run: $(STAMP)
	@$(PY) -m thirtyone.catalogues compile
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_presets
	@# Hashed, compressed static files, served with long cache lifetimes (DEBUG off).
	@if $(PY) -c 'import sys; from thirtyone.env import get_bool; sys.exit(get_bool("DEBUG", False))'; \
		then $(PY) manage.py collectstatic --noinput --verbosity 0; fi
	@# The metrics of the last run's processes are not this run's (docs/monitoring.md).
	@$(PY) -m thirtyone.embedded metrics
	@# honcho on Procfile.embedded, saying which process died and, once Daphne listens,
	@# where to open the site (thirtyone/run.py).
	@PATH="$(RUN_PATH)" $(PY) -m thirtyone.run

# The embedded profile first (SQLite, no Redis); then the tests marked `services`
# again on the local PostgreSQL and Redis when both answer (they do on CI).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15

# `make check` first: a lint, format or type error stops here, before the slow tests.
# The suite in TEST_JOBS processes (pytest-xdist; --dist loadfile keeps each test module
# in one process, with its module- and package-scoped fixtures), the files handed out
# slow ones first (tests/conftest.py): 8 minutes on the 2-core VM where one process
# took 16. TEST_JOBS=0 runs it in this process.
TEST_JOBS ?= 2

# Each phase says how long it took, and the last line sums them up (scripts/phase);
# .ci/run passes a PHASES_LOG of its own, with its install phase already in it.
PHASES_LOG ?= $(CURDIR)/$(VENV)/test-phases
export PHASES_LOG

test: $(STAMP)
	@rm -f $(VENV)/test-phases
	@scripts/phase check $(MAKE) --no-print-directory check
	@$(PY) -m thirtyone.catalogues compile
	scripts/phase tests $(PY) -m pytest -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder \
		$(PYTEST_ARGS)
	@scripts/phase services $(MAKE) --no-print-directory test-services
	@scripts/phase --summary

test-services: $(STAMP)
	@if $(PY) scripts/services_up.py "$(TEST_DATABASE_URL)" "$(TEST_REDIS_URL)"; then \
		DATABASE_URL="$(TEST_DATABASE_URL)" REDIS_URL="$(TEST_REDIS_URL)" \
			$(PY) -m pytest -m services tests/integration $(PYTEST_ARGS); \
	else \
		echo "PostgreSQL or Redis is not reachable: the 'services' tests were skipped above."; \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Lint, then type-check with mypy (docs/development.md#type-checks, pyproject.toml's [tool.mypy]):
# strict over the modules that import no Django (its `files`), then every app checked
# with strict's flags but the three that mean nothing while Django is untyped, each run
# with a cache of its own. make stops at the first that fails.
MYPY_APPS := accounts calls clubs fairplay games notifications ratings thirtyone tournaments scripts
MYPY_APPS_FLAGS := --allow-subclassing-any --allow-untyped-decorators --no-warn-return-any

check: lint
	$(PY) -m mypy
	$(PY) -m mypy $(MYPY_APPS_FLAGS) --cache-dir .mypy_cache/apps $(MYPY_APPS)
	$(PY) -m thirtyone.catalogues check

# The catalogues from the code (needs GNU gettext: apt-get install gettext), compiled.
# Then translate what is new in locale/*/LC_MESSAGES/django.po (docs/i18n.md).
messages: $(STAMP)
	$(PY) manage.py makemessages --all
	$(PY) -m thirtyone.catalogues compile

# What the bots' review of a finished game costs: 200 games of four medium bots, every
# seat reviewed, CPU seconds per game (median, p95), and how far the verdicts agree with
# a second review of 30 of them at 4x the budget (python -m lab.bench_review; docs/bots.md,
# "The review of a finished game"; about half an hour on one core).
bench-review: $(STAMP)
	$(PY) -m lab.bench_review --games 200 --players 4 --recheck 30 --factor 4

# Commit -> socket latency with 100 bot-only tables on real server processes
# (python -m lab.bench_live; about a minute and a half for each profile).
BENCH_LIVE_ARGS ?= --tables 100 --duration 30
BENCH_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres
BENCH_REDIS_URL ?= redis://127.0.0.1:6379/14

bench: $(STAMP)
	$(PY) -m lab simulate --preset scat --players 4 --games 3000 --seed 1
	$(PY) -m lab.bench_live --profile embedded $(BENCH_LIVE_ARGS)

# The engine's rounds per second against a minimal mutable engine's (lab/minimal_engine.py),
# in alternating slices of one run so that the machine's load falls on both alike: three
# runs, their medians and the load average (python -m lab bench-engine; about a minute).
bench-engine: $(STAMP)
	$(PY) -m lab bench-engine --runs 3

# How long the hard bot takes to decide (p50/p95 over 3,000 decisions, a few minutes)
# and how strong each level is (win shares with 95% intervals; see docs/bots.md).
bench-bots: $(STAMP)
	$(PY) -m lab bench-bot --level hard --decisions 3000
	$(PY) -m lab simulate --bots medium,easy,easy,easy --games 4000 --jobs 2
	$(PY) -m lab simulate --bots hard,medium,medium,medium --games 1000 --jobs 2

# Both profiles; the production one needs PostgreSQL (the bench creates and drops a
# database there) and a Redis database it may empty.
bench-live: $(STAMP)
	$(PY) -m lab.bench_live --profile embedded $(BENCH_LIVE_ARGS)
	@if $(PY) scripts/services_up.py "$(BENCH_POSTGRES_URL)" "$(BENCH_REDIS_URL)"; then \
		$(PY) -m lab.bench_live --profile production --postgres-url "$(BENCH_POSTGRES_URL)" \
			--redis-url "$(BENCH_REDIS_URL)" $(BENCH_LIVE_ARGS); \
	else \
		echo "PostgreSQL or Redis is not reachable: the production profile was skipped."; \
	fi

# Web Push on the embedded profile (python -m lab.bench_push; a minute): a turn passing
# at a turn-based table to its push reaching a push service on this machine, p50/p95,
# and whether any decrypted payload names a card.
BENCH_PUSH_ARGS ?= --turns 100

bench-push: $(STAMP)
	$(PY) -m lab.bench_push $(BENCH_PUSH_ARGS)

# The heavy pages, in-process on a throwaway SQLite database (python -m lab.bench_pages;
# a minute or two): CPU of the event page at 200 players and of a replay step of a game
# of 1,000 events, and the bytes of the main pages raw and gzipped; medians of the runs.
BENCH_PAGES_ARGS ?= --players 200 --events 1000 --runs 7

bench-pages: $(STAMP)
	$(PY) -m lab.bench_pages $(BENCH_PAGES_ARGS)

# Swiss seating (tournaments.formats.swiss.seating): repeat pairs per six-round event against random
# and greedy by-score seating for 64, 30 and 200 players over 100 seeds, and the
# seating time for 200 players; then a full event on the production profile (a scratch
# PostgreSQL database, Redis emptied, 2 Daphne, 2 workers, beat): 32 players, 5 rounds,
# every seat played by a bot, the wall time from the start to the final standings and
# the time from a round's last game ending to the next round playable (p95 <= 2 s).
# Skipped, with the reason, when PostgreSQL or Redis does not answer
# (python -m lab.bench_tournament; about ten minutes).
bench-tournament: $(STAMP)
	$(PY) -m lab.bench_tournament --postgres-url "$(BENCH_POSTGRES_URL)" \
		--redis-url "$(BENCH_REDIS_URL)"

# A tournament round start (issue 27) on the production profile's real processes: a
# Swiss event of 200 players (50 tables of 4), every player's event socket open; the
# owner posts Start round; prints, per repeat and as medians, the time from that POST
# to each seat's event socket showing its table and to its game socket showing the
# first deal (p50/p95/max), and the start request's own duration. Skipped when
# PostgreSQL or Redis does not answer (python -m lab.bench_round_start; a few minutes).
BENCH_ROUND_START_ARGS ?= --players 200 --repeats 3

bench-round-start: $(STAMP)
	@if $(PY) scripts/services_up.py "$(BENCH_POSTGRES_URL)" "$(BENCH_REDIS_URL)"; then \
		$(PY) -m lab.bench_round_start --postgres-url "$(BENCH_POSTGRES_URL)" \
			--redis-url "$(BENCH_REDIS_URL)" $(BENCH_ROUND_START_ARGS); \
	else \
		echo "PostgreSQL or Redis is not reachable: the round start benchmark was skipped."; \
	fi

# Ratings (docs/ratings.md#figures): 5,000 games among named bots of the three levels into
# var/rating-games.jsonl (resumed if stopped; hours with the hard bot's own budget, set
# RATINGS_ARGS=--hard-budget 200 for a faster, weaker hard bot): whether the ratings
# order the levels, a reliability table and Brier score, and the rebuild fold's games/s.
RATINGS_ARGS ?=

bench-ratings: $(STAMP)
	$(PY) -m lab.bench_ratings bench --games 5000 $(RATINGS_ARGS)

# The collusion test against colluding bots (python -m lab.collusion; about two
# minutes): honest pairs flagged and colluding pairs found, with their intervals.
COLLUSION_ARGS ?= --games 1000

bench-collusion: $(STAMP)
	$(PY) -m lab.collusion $(COLLUSION_ARGS)

# Keep-apart pairs in seating (python -m lab.bench_keep_apart; about two minutes): 500 Swiss
# fields, 300 balanced knockouts and 500 duplicate fields with 1-4 random pairs, seated
# by version 2 and version 1 on the same seeds: pairs kept apart, the failures the field
# made unavoidable, and the repeat meetings per event each version costs.
KEEP_APART_ARGS ?=

bench-keep-apart: $(STAMP)
	$(PY) -m lab.bench_keep_apart $(KEEP_APART_ARGS)

# 20 bot tables for 30 minutes on `make run`'s processes: prints process restarts,
# stalled tables and moves/s (python -m lab.soak; SOAK_ARGS to change the size).
SOAK_ARGS ?= --tables 20 --minutes 30

soak: $(STAMP)
	$(PY) -m lab.soak $(SOAK_ARGS)

# Keeps var/ (the embedded database): delete it yourself to start afresh.
clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache .hypothesis *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
