"""`manage.py makemessages`, set up for this project's one catalogue (docs/i18n.md).

Django's command, plus: `N_("...")` marks a message in the engine, which imports no Django
(games/engine/errors.py); the game area's Jinja2 templates (games/area_templates.py) are
read by Jinja's own extractor, not as Django templates; the code that is never served
(tests, the lab, the venv) is not searched; a message's location names its file only, so
moving code does not rewrite the catalogues.
"""

import os
import re
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.commands import makemessages

from games import area_templates

NEVER_SERVED = [
    ".venv/*",
    "lab/*",
    "tests/*",
    "docs/*",
    "scripts/*",
    "staticfiles/*",
    "*/node_modules/*",
]
JINJA = area_templates.DIRECTORY
_NAMED = re.compile(r"%\(\w+\)s")


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]

    def handle(self, *args: Any, **options: Any) -> None:
        jinja = str(JINJA.relative_to(settings.BASE_DIR)) + "/*"
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NEVER_SERVED, jinja]
        options["add_location"] = "file"
        options["no_obsolete"] = True
        if not options.get("locale") and not options.get("exclude") and not options.get("all"):
            options["all"] = True
        super().handle(*args, **options)

    def build_potfiles(self) -> list[str]:
        potfiles: list[str] = super().build_potfiles()
        if self.domain == "django" and self.default_locale_path:
            potfile = os.path.join(self.default_locale_path, "django.pot")
            if potfile in potfiles:
                add_jinja_messages(Path(potfile))
        return potfiles


def jinja_messages() -> list[tuple[str, str, str, str]]:
    """(file, context, msgid, plural) of every message in the Jinja2 templates."""
    env = area_templates.environment()
    found = []
    for path in sorted(JINJA.glob("*.html")):
        where = str(path.relative_to(settings.BASE_DIR))
        for _line, function, message in env.extract_translations(path.read_text()):  # type: ignore[attr-defined]
            args = [message] if isinstance(message, str) else list(message)
            context = (args.pop(0) or "") if function in ("pgettext", "npgettext") else ""
            if not args or not isinstance(args[0], str):
                continue  # not a constant: nothing to translate
            plural = (args[1] or "") if function.endswith("ngettext") and len(args) > 1 else ""
            found.append((where, context, args[0], plural))
    return found


def add_jinja_messages(potfile: Path) -> None:
    """The templates' messages put into Django's .pot before it is merged into each
    language's catalogue: a message already there (from Python or a Django template)
    gains a location."""
    pot = polib.pofile(str(potfile))
    entries = {(e.msgctxt or "", e.msgid): e for e in pot}
    for where, context, msgid, plural in jinja_messages():
        entry = entries.get((context, msgid))
        if entry is None:
            entry = polib.POEntry(msgid=msgid, msgid_plural=plural, msgctxt=context or None)
            if plural:
                entry.msgstr_plural = {0: "", 1: ""}
            if _NAMED.search(msgid + plural):
                entry.flags.append("python-format")
            pot.append(entry)
            entries[(context, msgid)] = entry
        if (where, "") not in entry.occurrences:
            entry.occurrences.append((where, ""))
    pot.save()
