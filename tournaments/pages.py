"""What the event page shows, the same in every format, read from the models for one
viewer: the views render it for a request, the socket (`tournaments.consumers`) for a
push. The format (`tournaments.formats`) adds its own part: its status line, its
tables and standings, its facts. Places and points only: nothing here comes near a card.

A round that is seated but not started is the organizer's draft (they may swap and lock
seats): the public page shows the last round that has started.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from django.template.loader import render_to_string
from django.urls import NoReverseMatch
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import access as club_access
from clubs.models import JoinRequest
from games import safe_cache
from games.engine import Rules
from games.rule_text import rule_summary
from games.wording import readers
from tournaments import entry_conditions, entry_gates, formats, news, registration, services
from tournaments.formats.placings import Placing, Step, podium
from tournaments.models import Entry, Event
from tournaments.page_parts import entry_of, shown_round, waiting_round
from tournaments.schedule import series


def status_text(event: Event) -> str:
    return formats.of(event).pages.status(event, shown_round(event), waiting_round(event))


# How long a cached part of an event's page is kept. Its key names the event's
# `live_version`, which every change counts up, so a change never waits for this: it
# only bounds what an edit made around the services (the admin's, a migration) leaves.
CACHE_SECONDS = 5 * 60
# The shape of what `placings` caches (`formats.placings.Placing`): count it up when it
# changes.
PLACINGS_CACHE = 2


def cache_key(part: str, event: Event, shape: int) -> str:
    """The key of one public part of `event`'s page as it is now, in the language
    active: its words, numbers and dates are the language's; and its names those its
    reader may read (`readers.key`, "" for most readers)."""
    language = translation.get_language() or ""
    names = readers.key()
    return (
        f"tournaments:event-page:{part}:{shape}:{event.pk}:{event.live_version}:{language}{names}"
    )


def live_facts(event: Event) -> Any:
    """The format's `live_facts(event)`: from Django's cache (shared by every process
    and every viewer) when the format's facts may be cached, keyed by the event as read
    (its `live_version`) and the language; else read now. Anything a change alters
    there counts the version up in the change's transaction (`services.changed`), and
    the event is read before its facts, so a key never names facts older than it."""
    fmt = formats.of(event).pages
    if not fmt.live_facts_cache:
        return fmt.live_facts(event)
    key = cache_key("live", event, fmt.live_facts_cache)
    # With the cache out the facts are read now: the page renders uncached
    # (docs/profiles.md#when-redis-goes-away).
    return safe_cache.get_or_compute(key, lambda: fmt.live_facts(event), CACHE_SECONDS)


def live_context(
    event: Event, user: Any, facts: Any = None, told: news.News | None = None
) -> dict[str, Any]:
    """The part of the event page that changes while it runs (its `live` partial), for
    `user`: the format's, with the format's template; `facts`: the format's
    `live_facts(event)`, when read already (a push's other sockets); else from the
    cache (`live_facts`)."""
    fmt = formats.of(event)
    if facts is None:
        facts = live_facts(event)
    context = fmt.pages.live_context(event, user, facts)
    context.setdefault("event", event)
    context["format_live"] = f"{fmt.template}#live"
    context["news"] = news.news(event) if told is None else told
    return context


def club_url(event: Event) -> str | None:
    """The club's page, once the clubs app has its pages."""
    try:
        return event.club.get_absolute_url()
    except NoReverseMatch:
        return None


def end_of_event(event: Event, me: Entry | None) -> dict[str, Any]:
    """A finished event's podium, and `me`'s own line in "Your entry", in the format's
    words (docs/club-night.md#the-end-of-the-evening): nothing while it runs."""
    if event.status != Event.FINISHED:
        return {"podium": [], "own_line": ""}
    fmt = formats.of(event)
    placings = placings_of(event)
    mine = next((p for p in placings if me is not None and p.entry_id == me.pk), None)
    line = ""
    if mine is not None:
        line = fmt.pages.own_line(mine, len(placings))
    elif me is not None:
        line = withdrawn_line(me) if not me.active else _("You played no game here.")
    return {"podium": podium(placings), "own_line": line}


def withdrawn_line(me: Entry) -> str:
    """A withdrawn player's own line before they played: withdrawn by themselves or an
    organizer, or by the start for not checking in (`Entry.missed_check_in`)."""
    if me.missed_check_in:
        return _("You did not check in before the start, so you were withdrawn.")
    return _("You withdrew before playing.")


def placings_of(event: Event) -> list[Placing]:
    """The format's `placings(event)`, from Django's cache as `live_facts` (they are
    public: the podium and, picked out, each player's own line)."""
    key = cache_key("placings", event, PLACINGS_CACHE)
    return safe_cache.get_or_compute(
        key, lambda: formats.of(event).pages.placings(event), CACHE_SECONDS
    )


def podium_of(event: Event) -> list[Step]:
    """The podium alone, for a push (the same for every viewer)."""
    return end_of_event(event, None)["podium"] if event.status == Event.FINISHED else []


# The CSV's first column: whether its standings can still change. A column on every
# row, not a line above the header, so the file stays one table a spreadsheet sorts and
# filters with its header in the first row, and a row copied elsewhere keeps the mark.
CSV_MARK = gettext_lazy("Standings")


def csv_rows(event: Event) -> list[list[str]]:
    """The standings CSV: the format's rows, each marked "final" once the event is
    finished, else "provisional"."""
    rows = formats.of(event).exports.csv_rows(event)
    mark = _("final") if event.status == Event.FINISHED else _("provisional")
    return [[str(CSV_MARK), *rows[0]], *([mark, *row] for row in rows[1:])]


def join_to_register(event: Event, user: Any) -> dict[str, Any] | None:
    """For a logged-in non-member of the club at an event for its members: how they
    join it, to register (`clubs.services.join`: an open club at once, another by
    asking its organizers, an invite-only one with its link); None for anyone else."""
    if not getattr(user, "is_authenticated", False) or event.entry != Event.OPEN:
        return None
    if club_access.is_member(user, event.club):
        return None
    club = event.club
    return {
        "club": club,
        "policy": club.join_policy,
        "asked": JoinRequest.objects.filter(club=club, user=user).exists(),
    }


def page_context(event: Event, user: Any) -> dict[str, Any]:
    fmt = formats.of(event)
    context = live_context(event, user)
    me = entry_of(event, user)
    context.update(fmt.pages.about_context(event))
    context.update(end_of_event(event, me))
    context.update(
        {
            "me": me,
            "club_url": club_url(event),
            "format_heading": fmt.pages.heading(event),
            "format_about": f"{fmt.template}#about",
            "rules_summary": rule_summary(Rules.from_dict(event.rules)),
            "repeats": series.describe(event.series)
            if event.series is not None and event.series.active
            else "",
            **_taking_part(event, user, me, fmt),
        }
    )
    return context


def _taking_part(event: Event, user: Any, me: Entry | None, fmt: formats.Format) -> dict[str, Any]:
    """What the page offers the viewer about taking part: registering (or why not, or
    how to join the club first), withdrawing, checking in, and when registration
    opens."""
    entered = me is not None and me.active
    late_refusal = services.late_entry_refusal(event)
    # Registering that could only be refused (a late entry the format or the round
    # count refuses) is not offered: `late_refusal` says why instead; nor to a
    # non-member, whom the services refuse too: `join_club` says how to join.
    open_to_them = (
        event.status != Event.FINISHED
        and event.registration_is_open()
        and not entered
        and late_refusal is None
    )
    joining = join_to_register(event, user) if open_to_them else None
    # Another app's rule (tournaments.entry_gates: a ban from the club's events): the
    # Register button is not offered, and the page says why.
    # So are the event's own conditions (tournaments.entry_conditions).
    entry_refusal = (
        entry_gates.refusal(user, event) or entry_conditions.refusal(user, event)
        if open_to_them and joining is None
        else None
    )
    return {
        "entry_conditions": entry_conditions.described(event),
        "can_register": open_to_them and joining is None and entry_refusal is None,
        "entry_refusal": entry_refusal,
        "join_club": joining,
        "late_refusal": late_refusal
        if event.status == Event.RUNNING and event.registration_open and not entered
        else None,
        "can_withdraw": me is not None
        and me.active
        and event.status in (Event.UPCOMING, Event.RUNNING)
        and fmt.rounds.withdrawal_refusal(me) is None,
        "registration_opens": _opening_time(event),
        "can_check_in": me is not None and me.active and _checks_in(event, me),
    }


def _opening_time(event: Event) -> str:
    """When an upcoming event's registration opens, if that is still to come ("": it
    is not)."""
    waits = event.registration_open and event.registration_waits()
    return registration.opening_time(event) if event.status == Event.UPCOMING and waits else ""


def _checks_in(event: Event, me: Entry) -> bool:
    """Whether the viewer, registered, may check in now: before the start of an event
    with check-in, once."""
    has_check_in = event.checkin_minutes > 0 and event.status == Event.UPCOMING
    return has_check_in and me.checked_in_at is None


# A push's facts, by (event, change, language, names read), for the other sockets of this process:
# the few latest, so a push to several events at once still reads each once (once per
# language: the facts hold words, the status line and the rows rendered).
_RECENT_PUSHES = 8
_recent: dict[tuple[int, Hashable, str, str], tuple[Event, Any, list[Step], news.News]] = {}
_recent_lock = threading.Lock()


def render_live(event_id: int, user: Any, change: Hashable | None = None) -> str | None:
    """The page's live part for `user`, to push (None: the event is gone). `change`:
    the push's own token (`tournaments.pushes.live.push`): every socket told of the same change
    renders from the same facts (the format's `live_facts`), taken once in this process
    after that change's commit, so a round start told to 200 sockets reads the
    standings and renders their rows once, not 200 times (once a language); taken from
    the shared cache (`live_facts`), so the other web processes and the next page load
    find them read too. None: taken afresh. In the language active (the socket's:
    `tournaments.consumers`)."""
    key = (event_id, change, translation.get_language() or "", readers.key())
    with _recent_lock:
        found = _recent.get(key) if change is not None else None
    if found is None:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            return None
        found = (event, live_facts(event), podium_of(event), news.news(event))
        if change is not None:
            with _recent_lock:
                _recent[key] = found
                while len(_recent) > _RECENT_PUSHES:
                    del _recent[next(iter(_recent))]
    event, facts, steps, told = found
    context = {**live_context(event, user, facts, told), "pushed": True, "podium": steps}
    # The news at the top of the page (a break, announcements) goes with it: one more
    # out-of-band element, the same for every viewer.
    live = render_to_string("tournaments/detail.html#live", context).strip()
    return live + render_to_string("tournaments/detail.html#news", context).strip()
