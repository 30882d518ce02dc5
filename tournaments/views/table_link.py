"""A card table's own link (docs/club-night.md#a-tables-own-link): the result page of one
table opened by a signed token, from the table card's QR code, on a phone without an
account. The same page and forms as the result page (`tournaments.views.results`), and
the call to the organizer; a token refused (another event's or table's, a round over, a
link replaced, made up) is a page with the sentence, and nothing is written.

A phone is a device cookie (signed, HttpOnly, SameSite=Lax) set when it first opens a
link; a POST without one is refused, so a confirmation always knows which phone it came
from. A signed-in player of the table, or an organizer, acts as themselves (and a link
that opens nothing any more leads them to the result page). POSTs are counted per link
(`table_links.LINK_POSTS`)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs import access as club_access
from games.errors import ServiceError
from tournaments.cards import table_links
from tournaments.models import Event, RoundSeat, RoundTable
from tournaments.services import organizer_calls
from tournaments.views.results import Viewer, act, page_context


def _device(request: HttpRequest) -> str:
    value = request.get_signed_cookie(
        table_links.DEVICE_COOKIE, default="", salt=table_links.DEVICE_SALT
    )
    return value if isinstance(value, str) and 8 <= len(value) <= 32 else ""


def _keep_device(response: HttpResponse, device: str) -> HttpResponse:
    response.set_signed_cookie(
        table_links.DEVICE_COOKIE,
        device,
        salt=table_links.DEVICE_SALT,
        max_age=table_links.DEVICE_DAYS * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def _refused(request: HttpRequest, event: Event, refusal: ServiceError) -> HttpResponse:
    return render(
        request,
        "tournaments/table_link_refused.html",
        {"event": event, "refusal": refusal.message},
        status=403,
    )


def _theirs(request: HttpRequest, event: Event, table_pk: int) -> bool:
    """Whether the signed-in viewer may open table `table_pk`'s result page anyway."""
    user = request.user
    if not user.is_authenticated:
        return False
    table = RoundTable.objects.filter(pk=table_pk, round__event=event, cards=True).first()
    if table is None:
        return False
    return club_access.organizes(user, event.club) or table.seats.filter(entry__user=user).exists()


def _viewer(
    request: HttpRequest, event: Event, table: RoundTable, seats: list[RoundSeat], device: str
) -> Viewer:
    """The person acting: a signed-in player of the table or an organizer as themselves,
    anyone else as the phone."""
    user = request.user
    organizer = club_access.organizes(user, event.club)
    player = user.is_authenticated and any(
        s.entry is not None and s.entry.user_id == user.pk for s in seats
    )
    token = table_links.token_for(table)
    return Viewer(
        user=user,
        by=user if organizer or player else None,
        organizer=organizer,
        here=table_links.path_for(table),
        phone=table_links.Phone(device, table.link_version) if device else None,
        call_url=reverse("tournaments:card_table_link_call", args=[event.pk, table.pk, token]),
    )


def _opened(event: Event, table_pk: int, token: str) -> tuple[RoundTable, list[RoundSeat]]:
    table = table_links.table_of(event, table_pk, token)
    seats = list(table.seats.select_related("entry__user").order_by("position"))
    return table, seats


def _posting(request: HttpRequest, table: RoundTable) -> str:
    """The device of a POST through the link: refused without one (it was set when the
    page was opened) and over the link's limit."""
    device = _device(request)
    if not device:
        raise ServiceError(
            _("This phone did not keep the site's cookie: allow cookies, then open the link again.")
        )
    if wait := table_links.throttled(table):
        raise ServiceError(table_links.too_many(wait))
    return device


def _back(event: Event, table_pk: int, token: str) -> HttpResponse:
    """Back to the link, or, once it opens nothing (the round just ended with this
    table's result), to the event's page, where what comes next is."""
    try:
        table = table_links.table_of(event, table_pk, token)
    except ServiceError:
        return redirect(event.get_absolute_url())
    return redirect(table_links.path_for(table))


@require_http_methods(["GET", "HEAD", "POST"])
def link_page(request: HttpRequest, pk: int, table_pk: int, token: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    try:
        table, seats = _opened(event, table_pk, token)
    except ServiceError as refusal:
        if request.method != "POST" and _theirs(request, event, table_pk):
            # A player of the table (or an organizer) signed in: their result page,
            # which a link that opens nothing any more (the round over) would hide.
            return redirect("tournaments:card_result", event.pk, table_pk)
        return _refused(request, event, refusal)
    posted: dict[str, str] = {}
    if request.method == "POST":
        try:
            device = _posting(request, table)
            viewer = _viewer(request, event, table, seats, device)
            messages.success(request, act(request, event, table, seats, viewer))
            return _back(event, table.pk, token)
        except ServiceError as error:
            messages.error(request, error.message)
            posted = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    device = _device(request) or table_links.new_device()
    table.refresh_from_db()
    viewer = _viewer(request, event, table, seats, device)
    response = render(
        request, "tournaments/results.html", page_context(event, table, seats, viewer, posted)
    )
    return _keep_device(response, device)


@require_POST
def link_call(request: HttpRequest, pk: int, table_pk: int, token: str) -> HttpResponse:
    """The table's link calls the organizer, as its players' result page does
    (docs/club-night.md#calling-the-organizer)."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    try:
        table, seats = _opened(event, table_pk, token)
    except ServiceError as refusal:
        return _refused(request, event, refusal)
    try:
        viewer = _viewer(request, event, table, seats, _posting(request, table))
        organizer_calls.call_organizer(
            event=event,
            table=table,
            by=viewer.by,
            phone=viewer.phone,
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", ""),
        )
        messages.success(request, _("The organizer is called: on the way."))
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect(table_links.path_for(table))
