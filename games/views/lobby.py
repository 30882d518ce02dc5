"""The lobby, opening a table and joining one by its invite link.

Thin views: they read, call `games.services`, and render or redirect. Every page works
without JavaScript; with htmx the lobby's table lists refresh themselves (and turn
pages in place) and the house rules follow the rule set chosen.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games import gates, ratelimit, services
from games.engine import Rules
from games.forms import HouseRulesForm, TableForm
from games.models import Game, RuleSet, Seat, Table
from games.rule_text import differences, rule_sections, rule_summary

# How many tables a page of the lobby shows, all lists together.
PAGE_SIZE = 20
# The table form's fields a GET (or a redirect to one) may prefill.
TABLE_FIELDS = (
    "name",
    "rule_set",
    "seat_count",
    "visibility",
    "turn_timer",
    "bots",
    "bot_level",
    "rated",
)


def _lobby_tables(user: Any) -> QuerySet[Table]:
    """What one can join or watch now: public tables with a free seat and no game in
    play, games in play at public tables, and every table where `user` sits; never a
    closed table. A table the system starts (a tournament's) is listed only to the people
    seated there: nobody joins it from the lobby, and its event's page is where others
    find and watch it. Theirs first (they are always on the first page), then newest."""
    playing = Game.objects.in_play().filter(table=OuterRef("pk"))
    taken = (
        Seat.objects.filter(table=OuterRef("pk"))
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    tables = Table.objects.filter(closed_at__isnull=True).annotate(
        taken=Coalesce(Subquery(taken), 0), playing=Exists(playing)
    )
    joinable = (
        Q(is_public=True)
        & ~Q(starters=Table.STARTED_BY_SYSTEM)
        & (Q(playing=True) | Q(taken__lt=F("seat_count")))
    )
    order = ["-created_at", "-pk"]
    if user.is_authenticated:
        tables = tables.annotate(
            mine=Exists(Seat.objects.filter(table=OuterRef("pk"), user_id=user.pk))
        )
        joinable |= Q(mine=True)
        # Not an open table where someone who blocked them sits: its "Join" could only
        # be refused (docs/fair-play.md#blocks). Watching a game stays open.
        for k, people in enumerate(gates.avoided(user)):
            here = Exists(Seat.objects.filter(table=OuterRef("pk"), user_id__in=people))
            tables = tables.annotate(**{f"avoided_{k}": here})
            joinable &= Q(mine=True) | Q(playing=True) | Q(**{f"avoided_{k}": False})
        order.insert(0, "-mine")
    return (
        tables.filter(joinable)
        .order_by(*order)
        .select_related("owner")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
    )


def _described(tables: Any) -> list[Any]:
    """The tables, each with its rules in words and its free seats."""
    listed: list[Any] = list(tables)
    for table in listed:
        rules = table.engine_rules()
        table.summary = rule_summary(rules)
        table.house_rules = differences(table.preset_rules(), rules)
        table.free_seats = range(max(table.seat_count - table.taken, 0))
    return listed


def _page_url(number: int) -> str:
    return reverse("lobby") if number == 1 else f"{reverse('lobby')}?page={number}"


@require_safe
def lobby(request: HttpRequest) -> HttpResponse:
    """Your tables, open tables to join and games to watch, a page of PAGE_SIZE at a
    time (`?page=`), and a form to open a table."""
    page = Paginator(_lobby_tables(request.user), PAGE_SIZE).get_page(request.GET.get("page"))
    tables = _described(page.object_list)
    mine = [t for t in tables if getattr(t, "mine", False)]
    context: dict[str, Any] = {
        "my_tables": mine,
        "open_tables": [t for t in tables if t not in mine and not t.playing],
        "watch_tables": [t for t in tables if t not in mine and t.playing],
        "page_obj": page,
        "page_url": _page_url(page.number),
        "newer_url": _page_url(page.previous_page_number()) if page.has_previous() else None,
        "older_url": _page_url(page.next_page_number()) if page.has_next() else None,
    }
    if request.htmx and request.htmx.target == "lobby-tables":  # the lists refreshing
        return render(request, "games/lobby.html#tables", context)
    context["form"] = TableForm(user=request.user)
    return render(request, "games/lobby.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def create_table(request: HttpRequest) -> HttpResponse:
    """GET: the whole form, with the house rules of the rule set `?rule_set=` (or of the
    preset `?preset=`); an htmx request gets just the house rules. POST: open the table,
    seat the bots, and go to it."""
    if request.method == "POST":
        if wait := _over_limit(request, ratelimit.ACTIONS):
            return _too_many(request, wait, None)
        if request.POST.get("action") in ("customise", "load_rules"):
            # Nothing to write: show the full form for the chosen rules (POST/redirect/GET).
            return redirect(_create_url(request.POST))
        return _create_from_post(request)
    table_form = TableForm(initial=_table_initial(request.GET), user=request.user)
    rule_set = table_form.chosen()
    rules_form = HouseRulesForm(rules=_rules_of(rule_set))
    if request.htmx and request.htmx.target == "house-rules":  # other rules were picked
        return render(
            request,
            "games/create_table.html#house-rules",
            {"rules_form": rules_form, "rules_from": rule_set.pk if rule_set else ""},
        )
    return _render_create(request, table_form, rules_form, rule_set)


def _create_from_post(request: HttpRequest) -> HttpResponse:
    table_form = TableForm(request.POST, user=request.user)
    valid = table_form.is_valid()
    rule_set = table_form.cleaned_data.get("rule_set")
    rules_form = None
    # The lobby's short form sends no house rules: the rule set's own apply. The full
    # form sends them with the rule set they were loaded from.
    if "house_rules" in request.POST:
        rules_form = HouseRulesForm(request.POST)
        valid = rules_form.is_valid() and valid
        if rule_set is not None and request.POST.get("rules_from") != str(rule_set.pk):
            # Other rules were picked without loading them (no JavaScript): show them
            # rather than guess which rules were meant.
            return _render_create(
                request,
                table_form,
                HouseRulesForm(rules=_rules_of(rule_set)),
                rule_set,
                rules_switched=True,
            )
    if valid and (wait := _over_limit(request, ratelimit.TABLES)):
        table_form.add_error(None, ratelimit.too_many_tables(wait))
        if rules_form is None:
            rules_form = HouseRulesForm(rules=_rules_of(rule_set))
        response = _render_create(
            request, table_form, rules_form, rule_set, rules_from=request.POST.get("rules_from", "")
        )
        response.status_code = 429
        response["Retry-After"] = str(wait)
        return response
    if valid:
        table = _open_table(request, table_form, rules_form)
        if table is not None:
            messages.success(
                request,
                _("%(table)s is open. Invite friends or start a game.") % {"table": table.title},
            )
            return redirect(table.get_absolute_url())
    if rules_form is None:
        rules_form = HouseRulesForm(rules=_rules_of(rule_set))
    return _render_create(
        request, table_form, rules_form, rule_set, rules_from=request.POST.get("rules_from", "")
    )


def _open_table(
    request: HttpRequest, table_form: TableForm, rules_form: HouseRulesForm | None
) -> Table | None:
    """Open the table with its bots, all or nothing; put any refusal on its field."""
    data = table_form.cleaned_data
    rule_set = data["rule_set"]
    turn_timer, move_hours = table_form.pace
    # Changes against the rule set's own rules, so the table gets exactly the rules shown.
    changes = rules_form.changes_from(rule_set.rules()) if rules_form else {}
    try:
        with transaction.atomic():
            table = services.create_table(
                owner=request.user,
                name=data["name"],
                rule_set=rule_set,
                changes=changes,
                seat_count=data["seat_count"],
                is_public=table_form.is_public,
                turn_timer=turn_timer,
                move_hours=move_hours,
                rated=data["rated"],
            )
            for _ in range(data["bots"]):
                services.add_bot(table=table, by=request.user, level=data["bot_level"])
    except services.ServiceError as error:
        field = {"level": "bot_level"}.get(error.field or "", error.field)
        if rules_form is not None and field in rules_form.fields:
            rules_form.add_error(field, error.message)
        else:
            table_form.add_error(field if field in table_form.fields else None, error.message)
        return None
    return table


def _render_create(
    request: HttpRequest,
    table_form: TableForm,
    rules_form: HouseRulesForm,
    rule_set: RuleSet | None,
    *,
    rules_switched: bool = False,
    rules_from: str = "",
) -> HttpResponse:
    context = {
        "form": table_form,
        "rules_form": rules_form,
        # The rule set the house rules below were loaded from.
        "rules_from": rule_set.pk if rule_set else rules_from,
        "rules_switched": rules_switched,
    }
    return render(request, "games/create_table.html", context)


def _table_initial(data: Any) -> dict[str, Any]:
    """The well-formed table fields of `data`, to prefill the form with. `?preset=scat`
    (the links of before rule sets were chosen) stands for that preset's rule set."""
    if "rule_set" not in data and data.get("preset"):
        found = RuleSet.objects.filter(is_preset=True, preset=data["preset"]).first()
        data = data.copy()
        data["rule_set"] = str(found.pk) if found else ""
    form = TableForm(data)
    form.is_valid()
    initial = {
        name: form.cleaned_data[name]
        for name in TABLE_FIELDS
        if name in form.cleaned_data and name in data
    }
    if "rule_set" in initial:
        initial["rule_set"] = initial["rule_set"].pk
    return initial


def _create_url(data: Any) -> str:
    query = urlencode({name: data[name] for name in TABLE_FIELDS if data.get(name)})
    return f"{reverse('create_table')}?{query}#house-rules"


def _over_limit(request: HttpRequest, limit: ratelimit.Limit) -> int:
    """Count this POST against the user's `limit`: 0 if within it, else the seconds to
    wait (docs/security.md#the-lobbys-limits)."""
    return ratelimit.throttled(limit, f"user:{request.user.pk}")


def _too_many(request: HttpRequest, wait: int, table: Table | None) -> HttpResponse:
    """The answer to a POST over ACTIONS: 429, the reason and the way back (to the
    table, or to the lobby)."""
    context = {"message": ratelimit.too_fast(wait), "table": table}
    response = render(request, "games/too_many.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def _rules_of(rule_set: RuleSet | None) -> Rules:
    """The rules a rule set holds (Scat's when none is chosen)."""
    return rule_set.rules() if rule_set else Rules()


@login_required
@require_http_methods(["GET", "POST"])
def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the table, its rules and seats, and a Join button. POST: take a seat."""
    table = get_object_or_404(Table.objects.select_related("owner"), invite_token=token)
    error = None
    if request.method == "POST":
        if wait := _over_limit(request, ratelimit.ACTIONS):
            return _too_many(request, wait, table)
        try:
            services.join_table(table=table, user=request.user)
        except services.ServiceError as refused:
            error = refused.message
        else:
            messages.success(request, _("You have a seat at %(table)s.") % {"table": table.title})
            return redirect(table.get_absolute_url())
    seats = list(table.seats.select_related("user"))
    playing = table.games.in_play().exists()
    seated = any(seat.user_id == request.user.pk for seat in seats)
    reason = None
    if table.is_closed:
        reason = _("This table is closed.")
    elif not seated:
        if playing:
            reason = _("A game is being played at this table: you can join the next one.")
        elif len(seats) >= table.seat_count:
            reason = _("This table is full.")
        elif table.rated and (banned := gates.refusal(gates.RATED_PLAY, request.user, table)):
            reason = banned  # another app's rule (games.gates): not offered, said why
        else:
            reason = gates.refusal(gates.JOIN, request.user, table)
    rules = table.engine_rules()
    context = {
        "table": table,
        "house_rules": differences(table.preset_rules(), rules),
        "seats": seats,
        "free_seats": range(max(table.seat_count - len(seats), 0)),
        "playing": playing,
        "seated": seated,
        "reason": reason,
        "error": error,
        "summary": rule_summary(rules),
        "sections": rule_sections(rules),
    }
    return render(request, "games/join.html", context, status=409 if error else 200)
