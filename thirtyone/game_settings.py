"""The settings of play: bots' pace, sweeps, reminders, calendars and deletions, each
from the environment. Imported whole by thirtyone.settings (one Django settings module);
kept apart so the server's settings there stay readable."""

import os

from thirtyone import env

# Seconds a bot waits before it moves, so people can follow the table (0 in tests).
THIRTYONE_BOT_DELAY = float(os.environ.get("THIRTYONE_BOT_DELAY", "1.2"))
# A bot task plays the bot turns after its own move itself, this many at most and for
# at most this many seconds, then sends the next turn through the broker again
# (docs/celery.md#bot-chains). 0 moves: every bot turn is a task of its own.
THIRTYONE_BOT_CHAIN_MOVES = int(os.environ.get("THIRTYONE_BOT_CHAIN_MOVES", "20"))
THIRTYONE_BOT_CHAIN_SECONDS = float(os.environ.get("THIRTYONE_BOT_CHAIN_SECONDS", "30"))
# The threads of a worker process that play those moves (their waits take none), in a
# worker of the threads pool (embedded); a prefork child (production) plays one at a time.
THIRTYONE_BOT_CHAIN_THREADS = int(os.environ.get("THIRTYONE_BOT_CHAIN_THREADS", "4"))
# How often each web process checks its tables for moves whose push it missed (a safety
# net: every push goes through the channel layer).
THIRTYONE_CATCH_UP_SECONDS = float(os.environ.get("THIRTYONE_CATCH_UP_SECONDS", "0.5"))
# Daphne's handshake limit (its --websocket_connect_timeout, 5 s unless set; set both):
# a game socket whose handshake waited this long for its process's database thread is
# refused already, so it does none of its work (docs/realtime.md#a-game-read-once-for-its-sockets).
# 0: no limit (the tests' sockets have none).
THIRTYONE_HANDSHAKE_SECONDS = float(os.environ.get("THIRTYONE_HANDSHAKE_SECONDS", "5"))
# How often beat sweeps for overdue turn timers and stalled bot turns.
THIRTYONE_SWEEP_SECONDS = float(os.environ.get("THIRTYONE_SWEEP_SECONDS", "5"))
# How long a bot's turn may be overdue (past THIRTYONE_BOT_DELAY) before the sweep
# enqueues it again: its worker may have died holding the task. A repeat is harmless.
THIRTYONE_STALLED_BOT_SECONDS = float(os.environ.get("THIRTYONE_STALLED_BOT_SECONDS", "10"))
# Minutes a table without a game in play may go with no seated player looking at it
# (a page view, the page's own polling, or an action) before the sweep closes it.
THIRTYONE_IDLE_TABLE_MINUTES = float(os.environ.get("THIRTYONE_IDLE_TABLE_MINUTES", "30"))
# Notifications (docs/notifications.md#reminders): "an event starts soon" goes this many minutes
# before its start, and beat looks for reminders due (and keeps the mail outbox moving)
# this often.
THIRTYONE_REMINDER_MINUTES = int(os.environ.get("THIRTYONE_REMINDER_MINUTES", "30"))
THIRTYONE_NOTIFY_SWEEP_SECONDS = float(os.environ.get("THIRTYONE_NOTIFY_SWEEP_SECONDS", "15"))
# How often beat makes the due weeks of the clubs' weekly series (tournaments.schedule.series).
THIRTYONE_SERIES_SECONDS = float(os.environ.get("THIRTYONE_SERIES_SECONDS", "60"))
# The right-hand side of every calendar UID ("event-12@<this>",
# docs/calendars.md#what-a-vevent-says): set it once to the site's domain and never
# change it, or every calendar that subscribed shows each event twice.
THIRTYONE_CALENDAR_DOMAIN = os.environ.get("THIRTYONE_CALENDAR_DOMAIN", "thirty-one.invalid")
# Days between asking to delete an account and its deletion taking effect (0: at once);
# logging in meanwhile offers to keep it (docs/privacy.md#deleting-an-account).
THIRTYONE_DELETION_GRACE_DAYS = int(os.environ.get("THIRTYONE_DELETION_GRACE_DAYS", "30"))
# Whether a finished game's review by the hard bot is enqueued when it ends
# (docs/bots.md#the-review-of-a-finished-game; off in the tests, which ask for one).
THIRTYONE_AUTO_REVIEWS = env.get_bool("THIRTYONE_AUTO_REVIEWS", default=True)
