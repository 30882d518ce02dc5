"""The table between games: sit down, leave a seat or add a bot, start a game, close
the table, leave it. Plain forms: a redirect to the table (Post/Redirect/Get) with the
outcome in Django's messages; the services decide the seat from `request.user`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import access, services
from games.models import Seat
from games.views.posting import over_limit, posted_int, too_many, visible_table


@login_required
@require_POST
def seats(request: HttpRequest, pk: int) -> HttpResponse:
    """action=join (the first free seat), leave (position: your seat, or as the owner
    any other), or add_bot (level)."""
    table = visible_table(request, pk)
    if wait := over_limit(request):
        return too_many(request, wait, table)
    action = request.POST.get("action")
    try:
        if action == "join":
            seat = services.join_table(table=table, user=request.user)
            messages.success(request, _("You sit in seat %(seat)s.") % {"seat": seat.position + 1})
        elif action == "leave":
            position = posted_int(request.POST, "position", _("Choose a seat to leave."))
            services.leave_seat(table=table, by=request.user, position=position)
            messages.success(request, _("The seat is free."))
        elif action == "add_bot":
            seat = services.add_bot(
                table=table, by=request.user, level=request.POST.get("level", "")
            )
            messages.success(request, _("%(name)s joins the table.") % {"name": seat.display_name})
        else:
            raise services.ServiceError(_("Choose to join, to leave or to add a bot."))
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    if not access.may_watch(request.user, table):
        return redirect("lobby")  # they left a private table
    return redirect(table)


@login_required
@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    table = visible_table(request, pk)
    if wait := over_limit(request):
        return too_many(request, wait, table)
    try:
        position = request.POST.get("dealer")
        services.start_game(
            table=table,
            by=request.user,
            dealer_position=None
            if position is None
            else posted_int(request.POST, "dealer", _("Choose who deals first.")),
        )
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    if request.htmx:  # "Play again" in a game area: show the new game's whole page
        return HttpResponseClientRedirect(table.get_absolute_url())
    return redirect(table)


@login_required
@require_POST
def close(request: HttpRequest, pk: int) -> HttpResponse:
    """The host (or a staff member) closes the table for good, between games."""
    table = visible_table(request, pk)
    if wait := over_limit(request):
        return too_many(request, wait, table)
    try:
        services.close_table(table=table, by=request.user)
    except services.ServiceError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("%(table)s is closed.") % {"table": table.title})
    return redirect(table)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the table between games: the host's seat and the table go to the next
    player, or the table closes if no other player sits there."""
    table = visible_table(request, pk)
    if wait := over_limit(request):
        return too_many(request, wait, table)
    try:
        after = services.leave_table(table=table, by=request.user)
    except services.ServiceError as refused:
        messages.error(request, refused.message)
        return redirect(table)
    if after.is_closed:
        messages.success(
            request,
            _("You left %(table)s, and it is closed: no other player sat there.")
            % {"table": table.title},
        )
    elif after.owner_id is not None and after.owner_id != table.owner_id:
        host = Seat.objects.select_related("user").get(table=after, user_id=after.owner_id)
        messages.success(
            request,
            _("You left %(table)s. %(host)s hosts it now.")
            % {"table": table.title, "host": host.display_name},
        )
    else:
        messages.success(request, _("You left %(table)s.") % {"table": table.title})
    return redirect("lobby")
