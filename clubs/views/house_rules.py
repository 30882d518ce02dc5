"""The club's house rules: a site rule set put on its list, one taken off, and the
club's own rules made."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs import access, services
from clubs.forms import AddRuleSetForm, ClubRulesForm, PresetForm
from clubs.views.answers import club_or_404, done, forbidden, refusal_answer
from clubs.views.club_page import render_club


def _on_the_list(rules: str) -> str:
    return _("“%(rules)s” is on the club's list.") % {"rules": rules}


@login_required
@require_POST
def add_rule_set(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    if not access.organizes(request.user, club):
        reason = str(services.HOUSE_RULES.only) % {"club": club.name}
        return forbidden(request, club, reason)
    form = AddRuleSetForm(request.POST, club=club)
    if form.is_valid():
        rule_set = form.cleaned_data["rule_set"]
        try:
            services.add_rule_set(by=request.user, club=club, rule_set=rule_set)
        except services.ServiceError as error:
            form.refuse(error.field, error.message)
        else:
            return done(request, club, _on_the_list(rule_set.title))
    return render_club(request, club, add_form=form)


@login_required
@require_POST
def remove_rule_set(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = club_or_404(slug)
    entry = get_object_or_404(club.rule_sets.select_related("rule_set", "club"), pk=pk)
    try:
        services.remove_rule_set(by=request.user, entry=entry)
    except services.ServiceError as error:
        return refusal_answer(request, club, error)
    return done(
        request,
        club,
        _("“%(rules)s” is off the club's list.") % {"rules": entry.rule_set.title},
    )


@login_required
@require_http_methods(["GET", "POST"])
def new_rule_set(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's own house rules. GET `?preset=` loads a preset's rules into the form
    (a plain GET form, so it works without JavaScript); POST creates them."""
    club = club_or_404(slug)
    if not access.organizes(request.user, club):
        reason = str(services.HOUSE_RULES.only) % {"club": club.name}
        return forbidden(request, club, reason)
    if request.method == "POST":
        form = ClubRulesForm(request.POST)
        if form.is_valid():
            try:
                entry = services.create_rule_set(
                    by=request.user,
                    club=club,
                    name=form.cleaned_data["name"],
                    preset=form.cleaned_data["preset"],
                    changes=form.changes(),
                )
            except services.ServiceError as error:
                form.refuse(error.field, error.message)
            else:
                name = entry.rule_set.title
                return done(request, club, _on_the_list(name))
        preset_form = PresetForm(initial={"preset": request.POST.get("preset")})
    else:
        preset_form = PresetForm(request.GET if "preset" in request.GET else None)
        preset = preset_form.cleaned_data["preset"] if preset_form.is_valid() else "scat"
        form = ClubRulesForm(preset=preset)
    context = {"club": club, "form": form, "preset_form": preset_form}
    return render(request, "clubs/new_rule_set.html", context, status=400 if form.errors else 200)
