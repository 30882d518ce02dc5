"""`manage.py makemessages`, set up for this project's one catalogue (docs/i18n.md).

Django's command, plus: `N_("...")` marks a message in the engine, which imports no Django
(games/engine/errors.py); the code that is never served (tests, the lab, the venv) is not
searched; a message's location names its file only, so moving code does not rewrite the
catalogues.
"""

from typing import Any

from django.core.management.commands import makemessages

NEVER_SERVED = [
    ".venv/*",
    "lab/*",
    "tests/*",
    "docs/*",
    "scripts/*",
    "staticfiles/*",
    "*/node_modules/*",
]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]

    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NEVER_SERVED]
        options["add_location"] = "file"
        options["no_obsolete"] = True
        if not options.get("locale") and not options.get("exclude") and not options.get("all"):
            options["all"] = True
        super().handle(*args, **options)
