"""The rules for players: one page per preset, and an index of them by every name
players know them by. The words come from games.rule_text, made from the engine's own
`Rules` of each preset, so a page can't say something the tables don't do."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.engine import PRESETS, Rules
from games.rule_text import (
    SAME_GAME_AS,
    how_to_play,
    other_names,
    preset_summary,
    preset_title,
    rule_sections,
)


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    presets = [
        {
            "key": key,
            "title": preset_title(key),
            "summary": preset_summary(key),
            "other_names": other_names(key),
            "url": reverse("rules", args=[key]),
        }
        for key in PRESETS
    ]
    # Every other name, A to Z, pointing at its preset: "Card Game 101 → 31 with ...".
    names = sorted(
        ((name, p) for p in presets for name in p["other_names"]),
        key=lambda pair: pair[0].lower(),
    )
    return render(request, "games/rules.html", {"presets": presets, "names": names})


@require_safe
def rules_page(request: HttpRequest, key: str) -> HttpResponse:
    if key not in PRESETS:
        raise Http404("No such rules.")
    rules = Rules.preset(key)
    same = SAME_GAME_AS.get(key)
    context = {
        "key": key,
        "title": preset_title(key),
        "summary": preset_summary(key),
        "other_names": other_names(key),
        "same_as": {"title": preset_title(same), "url": reverse("rules", args=[same])}
        if same
        else None,
        "how_to_play": how_to_play(rules),
        "sections": rule_sections(rules),
        "create_url": f"{reverse('create_table')}?preset={key}",
    }
    return render(request, "games/rules_preset.html", context)
