"""The names of a bus's stages (Ride the Bus's `life_labels`) in the reader's language.

The preset's names are English words of the engine's, marked for the catalogue
(`games.engine.rules.RIDE_THE_BUS_LABELS`); a house rule's or a level added by
agreement is a name people gave, shown as they wrote it.
"""

from __future__ import annotations

from django.utils.translation import gettext


def stage_name(label: str) -> str:
    return gettext(label) if label else label
