"""House rules in words: labels, help, groups and summaries (docs/rules.md).

The engine names options for code (`knock_min`); people read these. The forms, the
admin, the lobby, the join page and the table page all take their wording from here,
so an option is explained the same way everywhere. In parts:

- `options`: each option's label, help and choices, by the sections of docs/rules.md;
- `summaries`: what differs from Scat or a preset, in short phrases, and values in words;
- `names`: the presets' titles and other names, the stages of the bus;
- `how_to_play`: the rules for players, as sentences made from the rules;
- `words`: the typed translation functions they share.
"""

from .how_to_play import how_to_play
from .names import (
    PRESET_OTHER_NAMES,
    SAME_GAME_AS,
    other_names,
    preset_title,
    rules_title,
    stage_name,
)
from .options import (
    CHOICE_LABELS,
    OPTIONS,
    SCORING_NOTES,
    SECTIONS,
    OptionText,
    applies,
    scoring_of,
)
from .summaries import (
    PRESET_SUMMARIES,
    SCAT,
    differences,
    display_value,
    preset_summary,
    rule_sections,
    rule_summary,
)
from .words import _, ngettext

__all__ = [
    "CHOICE_LABELS",
    "OPTIONS",
    "PRESET_OTHER_NAMES",
    "PRESET_SUMMARIES",
    "SAME_GAME_AS",
    "SCAT",
    "SCORING_NOTES",
    "SECTIONS",
    "OptionText",
    "_",
    "applies",
    "differences",
    "display_value",
    "how_to_play",
    "ngettext",
    "other_names",
    "preset_summary",
    "preset_title",
    "rule_sections",
    "rule_summary",
    "rules_title",
    "scoring_of",
    "stage_name",
]
