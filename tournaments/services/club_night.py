"""The club night (docs/club-night.md#breaks-and-announcements): a bot for a no-show, a
break, announcements."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as games
from games.errors import ServiceError
from games.signals import send_on_commit
from tournaments import formats, news, signals
from tournaments.formats.seated import start_if_automatic
from tournaments.models import Announcement, Entry, Event, Round, RoundSeat
from tournaments.services.access import changed, locked_event, organizer_event
from tournaments.services.entries import next_round_number

MAX_BREAK_MINUTES = 120


def stand_in(*, event: Event, entry: Entry, by: Any, on: bool) -> Entry:
    """The organizer lets a bot play for a player who has not come (`on`), in their
    game(s) of the round being played (or of the round seated and waiting to start,
    from its first move) and in each game the format starts for them
    during it (`tournaments.tables.start_event_game`: a duplicate round's next board; a
    knockout's next deal, as its round is one deal, until the seat is given back); or
    gives them their seat back (off). Not a withdrawal: they stay in the event. They may
    also come back themselves ("I'm back" at their table, `stand_in_ended`). Their seat
    of the round is marked `stood_in` once a bot plays it, and the round scores by the
    event's `stand_in_scoring`."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        found = Entry.objects.select_related("user").filter(pk=entry.pk, event=event).first()
        if found is None:
            raise ServiceError(_("That player is not in this event."))
        entry, name = found, found.user.get_username()
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only while the event runs can a bot play for a player."))
        if not entry.active:
            raise ServiceError(
                _("%(name)s has withdrawn: a bot plays their games to the end.") % {"name": name}
            )
        fmt = formats.of(event)
        # The round being played, or else one seated and waiting to start (its games,
        # when they start, are played for them from the first move).
        current = (
            event.round_set.filter(status=Round.PLAYING).order_by("-number").first()
            or event.round_set.filter(status=Round.SEATED).first()
        )
        standing_in = current is not None and entry.stand_in_round == current.number
        game_ids = fmt.rounds.games_of(entry) if current and current.status == Round.PLAYING else []
        if on:
            if current is None:
                raise ServiceError(_("No round is being played or seated."))
            if standing_in:
                raise ServiceError(
                    _("A bot already plays for %(name)s this round.") % {"name": name}
                )
            if current.status == Round.PLAYING and not game_ids:
                raise ServiceError(_("%(name)s has no game in play this round.") % {"name": name})
            if not RoundSeat.objects.filter(table__round=current, entry=entry).exists():
                raise ServiceError(
                    _("%(name)s is not seated in round %(number)s.")
                    % {"name": name, "number": current.number}
                )
            entry.stand_in_round = current.number
        else:
            if not standing_in:
                raise ServiceError(_("No bot plays for %(name)s this round.") % {"name": name})
            entry.stand_in_round = None
        entry.save(update_fields=["stand_in_round"])
        took = [games.stand_in(game_id=game_id, user=entry.user, on=on) for game_id in game_ids]
        if on and any(took):
            # A bot plays for them in this round now: it scores by the event's policy
            # (`RoundSeat.stood_in`, docs/tournaments.md#stand-ins), whatever follows: giving the
            # seat back or "I'm back" leaves it, the bot having played a part of it. A
            # seated round's seats are marked as its games start, by `start_event_game`.
            RoundSeat.objects.filter(
                table__round=current, table__finished_at__isnull=True, entry=entry
            ).update(stood_in=True)
        changed(event)
    return entry


def stand_in_ended(*, game_id: int, user_id: int) -> bool:
    """A player a bot stood in for said "I'm back" at a game of an event (games tells,
    `tournaments.receivers`): the stand-in for the round ends, so the next game the
    format starts for them (a board, a deal) is theirs to play. False when there was
    none (not an event's game, no stand-in in the round in play)."""
    with transaction.atomic():
        event_id = formats.event_of_game(game_id)
        if event_id is None:
            return False
        event = locked_event(event_id)
        playing = event.round_set.filter(status=Round.PLAYING).order_by("-number").first()
        if playing is None:
            return False
        ended = Entry.objects.filter(
            event=event, user_id=user_id, stand_in_round=playing.number
        ).update(stand_in_round=None)
        if ended:
            changed(event)
    return bool(ended)


def call_break(*, event: Event, by: Any, minutes: int) -> Event:
    """The organizer calls a break of `minutes` from now: the next round does not start
    before it is over, and starts by itself when it is (a round seated already is
    scheduled for then; a round still being played plays on, and the one after it waits,
    `tournaments.formats.seated.start_if_automatic`). The sweep starts it
    (`start_round_if_due`). Refused where the format has no breaks, and in the last
    round (there is no next round to wait for)."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event takes a break between rounds."))
        rounds = formats.of(event).rounds
        if refusal := rounds.break_refusal:
            raise ServiceError(str(refusal))
        if not 1 <= minutes <= MAX_BREAK_MINUTES:
            raise ServiceError(
                _("A break lasts 1 to %(most)s minutes.") % {"most": MAX_BREAK_MINUTES}, "minutes"
            )
        waiting = event.round_set.filter(status=Round.SEATED).first()
        following = next_round_number(event)
        if waiting is None and rounds.is_last(event, following - 1):
            raise ServiceError(
                _("Round %(number)s is the last: there is no next round to wait for.")
                % {"number": following - 1}
            )
        event.break_until = timezone.now() + timedelta(minutes=minutes)
        event.save(update_fields=["break_until"])
        if waiting is not None:
            waiting.start_at = event.break_until
            waiting.save(update_fields=["start_at"])
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
    return event


def end_break(*, event: Event, by: Any) -> Event:
    """The organizer calls the break off: a round seated for its end starts now if the
    event advances by itself (and is not paused), else when the organizer starts it."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        if event.break_until is None or event.break_until <= timezone.now():
            raise ServiceError(_("There is no break to end."))
        until, event.break_until = event.break_until, None
        event.save(update_fields=["break_until"])
        waiting = event.round_set.filter(status=Round.SEATED).first()
        if waiting is not None and waiting.start_at == until:
            waiting.start_at = None
            waiting.save(update_fields=["start_at"])
            start_if_automatic(formats.of(event).rounds, event, waiting)
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
    return event


MAX_ANNOUNCEMENT = 200


def announce(*, event: Event, by: Any, text: str) -> Announcement:
    """The organizer writes a short line to everyone at the event: shown at the top of
    its pages (`tournaments.news`), pushed to those open now."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        text = " ".join(text.split())
        if not text:
            raise ServiceError(_("Write the announcement."), "text")
        if len(text) > MAX_ANNOUNCEMENT:
            raise ServiceError(
                _("An announcement is at most %(most)s characters (%(count)s now).")
                % {"most": MAX_ANNOUNCEMENT, "count": len(text)},
                "text",
            )
        announcement = Announcement.objects.create(event=event, text=text, by=by)
        changed(event)
        news.news_changed(event)  # the players' bars, on every page
        # and their notifications (the app that sends them subscribes).
        send_on_commit(signals.announced, sender=Event, announcement_id=announcement.pk)
    return announcement
