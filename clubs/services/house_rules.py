"""The club's house rules: the site's rule sets it offers, and its own."""

from __future__ import annotations

import contextlib
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from clubs.models import Club, ClubRuleSet
from clubs.services.checks import HOUSE_RULES, must_organize
from games import engine
from games.errors import ServiceError
from games.models import RuleSet
from games.wording import refusal


def rules_in_use(rules: str, event: str) -> str:
    """The refusal to take off the club's list the rules one of its events plays (the
    admin's too)."""
    return _(
        "“%(rules)s” is the rules of the club's event “%(event)s”, so it stays on the list."
    ) % {"rules": rules, "event": event}


def add_rule_set(*, by: Any, club: Club, rule_set: RuleSet) -> ClubRuleSet:
    """Put one of the site's rule sets on offer on the club's list."""
    must_organize(by, club, HOUSE_RULES)
    if not RuleSet.on_offer().filter(pk=rule_set.pk).exists():
        raise ServiceError(_("Choose one of the site's rule sets."), "rule_set")
    if ClubRuleSet.objects.filter(club=club, rule_set=rule_set).exists():
        raise ServiceError(
            _("“%(rules)s” is already on the club's list.") % {"rules": rule_set.title},
            "rule_set",
        )
    return ClubRuleSet.objects.create(club=club, rule_set=rule_set, added_by=by)


def create_rule_set(
    *, by: Any, club: Club, name: str, preset: str, changes: dict[str, Any]
) -> ClubRuleSet:
    """The club's own house rules: a `games.RuleSet` kept out of the site's lobby
    (`offered=False`), checked by the engine, whose message names the option."""
    must_organize(by, club, HOUSE_RULES)
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Name the rule set."), "name")
    if club.rule_sets.filter(rule_set__name__iexact=name).exists():
        raise ServiceError(
            _("The club already has rules called “%(name)s”.") % {"name": name}, "name"
        )
    try:
        engine.Rules.preset(preset, **changes)
    except engine.RulesError as error:
        raise ServiceError(refusal(error), error.option) from error
    with transaction.atomic():
        rule_set = RuleSet.objects.create(
            name=name, preset=preset, changes=changes, offered=False, created_by=by
        )
        return ClubRuleSet.objects.create(club=club, rule_set=rule_set, own=True, added_by=by)


def remove_rule_set(*, by: Any, entry: ClubRuleSet) -> None:
    """Take a rule set off the club's list, unless one of the club's events plays it.
    The club's own rule set is deleted with it when nothing else uses it."""
    club = entry.club
    must_organize(by, club, HOUSE_RULES)
    event = club.events.filter(rule_set_id=entry.rule_set_id).order_by("starts_at").first()
    if event is not None:
        raise ServiceError(rules_in_use(entry.rule_set.name, event.name))
    with transaction.atomic():
        entry.delete()
        if entry.own:
            # Kept when a table was opened with it (its rules are frozen there anyway):
            # the collector refuses before it deletes anything.
            with contextlib.suppress(ProtectedError):
                entry.rule_set.delete()
