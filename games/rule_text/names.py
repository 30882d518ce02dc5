"""The names of the presets and of the stages of the bus, in the reader's language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from games.engine import PRESET_TITLES

# Other names players know a preset by: shown with it, and listed on the rules index
# so that a player who knows the game as "Card Game 101" or "Blitz" finds it. Names are
# kept as they are ("Card Game 101", "Trente et un"); a name that describes the game
# ("Thirty-one with four tokens") is translated.
PRESET_OTHER_NAMES: dict[str, tuple[str | Promise, ...]] = {
    "scat": (pgettext_lazy("another name of a game", "Thirty-one"), "31"),
    "blitz": ("Scat",),
    "thirty_one": (pgettext_lazy("another name of a game", "Thirty-one with four tokens"),),
    "card_game_101": (
        "Card Game 101",
        pgettext_lazy("another name of a game", "Thirty-one with three of a kind"),
    ),
    "ride_the_bus": (pgettext_lazy("another name of a game", "Scat with the bus"),),
    "ride_the_bus_online": (
        pgettext_lazy("another name of a game", "Ride the Bus as played online"),
    ),
    "en_og_tredive": (pgettext_lazy("another name of a game", "Greenlandic 31"), "En-og-tredive"),
    "banking": (
        pgettext_lazy("another name of a game", "31 for chips"),
        pgettext_lazy("another name of a game", "Banking Scat"),
    ),
    "french_canadian": (pgettext_lazy("another name of a game", "31 for points"), "Trente et un"),
    "philadelphia": (pgettext_lazy("another name of a game", "Throw-down 31"),),
    "thirty_and_a_half": (
        "30½",
        pgettext_lazy("another name of a game", "Thirty and a half with three of a kind"),
    ),
}


def other_names(key: str) -> tuple[str, ...]:
    """The other names players know the preset `key` by, in the reader's language."""
    return tuple(str(name) for name in PRESET_OTHER_NAMES.get(key, ()))


# The built-in presets' titles (`games.engine.PRESET_TITLES`, in English there) in the
# reader's language: a name stays a name (Scat, Ride the Bus); what a title says of the
# game is translated. A test checks the English is the engine's.
_PRESET_TITLES: dict[str, str | Promise] = {
    "scat": "Scat",
    "blitz": "Blitz",
    "thirty_one": pgettext_lazy("preset title", "Thirty-one (four tokens, standing allowed)"),
    "dollar_bill": pgettext_lazy("preset title", "Dollar bill (folded in four, no county)"),
    "card_game_101": pgettext_lazy("preset title", "31 with three of a kind at 30"),
    "ride_the_bus": "Ride the Bus",
    "ride_the_bus_online": pgettext_lazy(
        "preset title", "Ride the Bus (online: knock after drawing)"
    ),
    "en_og_tredive": pgettext_lazy("preset title", "En og tredive (Greenland, with a joker)"),
    "banking": pgettext_lazy("preset title", "Banking 31 with a widow"),
    "french_canadian": pgettext_lazy("preset title", "French Canadian (points to 31)"),
    "philadelphia": pgettext_lazy("preset title", "Philadelphia (throw-down)"),
    "thirty_and_a_half": pgettext_lazy("preset title", "Thirty and a half"),
}


def preset_title(key: str) -> str:
    """The built-in preset `key`'s title in the reader's language."""
    return str(_PRESET_TITLES.get(key, PRESET_TITLES.get(key, key)))


def rules_title(name: str, preset: str) -> str:
    """A rule set's name as shown (a table keeps it as `rules_name`): a built-in preset's
    own title in the reader's language; a name staff gave house rules as they wrote it."""
    if preset in PRESET_TITLES and PRESET_TITLES[preset] == name:
        return preset_title(preset)
    return name


# The stages of the Ride the Bus presets (`games.engine.rules.RIDE_THE_BUS_LABELS`) in
# the reader's language; stage names a house rule gives are its own words, shown as written.
_STAGE_NAMES: dict[str, str | Promise] = {
    "seated at the back": pgettext_lazy("Ride the Bus stage", "seated at the back"),
    "standing at the back": pgettext_lazy("Ride the Bus stage", "standing at the back"),
    "middle of the bus": pgettext_lazy("Ride the Bus stage", "middle of the bus"),
    "front of the bus": pgettext_lazy("Ride the Bus stage", "front of the bus"),
    "on the stairs": pgettext_lazy("Ride the Bus stage", "on the stairs"),
    "off the bus": pgettext_lazy("Ride the Bus stage", "off the bus"),
}


def stage_name(label: str) -> str:
    """A stage's name (one of the rules' `life_labels`) as shown."""
    return str(_STAGE_NAMES.get(label, label))


# A preset that is another preset's game under another name says so.
SAME_GAME_AS: dict[str, str] = {"blitz": "scat"}
