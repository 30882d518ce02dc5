"""The way to report or block someone from a table's page: a link at its foot
(games.notes' footer), to the page that lists the people and chat lines there."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Table
from games.notes import Line


def table_footer(table: Table, viewer: Any) -> list[str | Line]:
    if viewer is None or not viewer.is_authenticated:
        return []
    return [Line(_("Report or block a player…"), reverse("fairplay:table", args=[table.pk]))]
