"""Compile and check the translation catalogues (docs/i18n.md), with no system gettext.

    python -m thirtyone.catalogues compile   # locale/*/LC_MESSAGES/django.po -> .mo
    python -m thirtyone.catalogues check     # fails on an untranslated or stale message

`compile` runs from `make` before the app starts or the tests run; the .mo files are
built, never committed, so a catalogue and what it compiles to cannot disagree.
`check` (in `make check`) fails when a language has an untranslated, fuzzy or
mis-formatted message, and -- where GNU gettext's xgettext is installed, as on CI --
when `manage.py makemessages` would add or drop a message (the code changed, the
catalogues did not).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# Every language but English, the source text (thirtyone/settings.py LANGUAGES).
TRANSLATED = ("da", "de", "fr")
# Python's named and positional placeholders, and template variables after translation.
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdirf]|%[sdirf]|\{\w*\}")


def catalogue(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def compile_all(*, quiet: bool = False) -> int:
    """Write each language's .mo where it is missing or older than its .po."""
    written = 0
    for language in TRANSLATED:
        po = catalogue(language)
        if not po.exists():
            continue
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        polib.pofile(str(po)).save_as_mofile(str(mo))
        written += 1
        if not quiet:
            print(f"compiled {mo.relative_to(ROOT)}")
    return written


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def problems(language: str) -> list[str]:
    """What is wrong with one language's catalogue, one line each."""
    po = catalogue(language)
    if not po.exists():
        return [f"{language}: no catalogue at {po.relative_to(ROOT)}"]
    found = []
    for entry in polib.pofile(str(po)):
        if entry.obsolete:
            continue
        where = f"{language}: {entry.msgid[:70]!r}"
        if "fuzzy" in entry.flags:
            found.append(f"{where} is marked fuzzy (a guess): check it, then drop the flag")
            continue
        if entry.msgid_plural:
            forms = [text for _, text in sorted(entry.msgstr_plural.items())]
            if not forms or not all(forms):
                found.append(f"{where} has an untranslated plural form")
                continue
            wanted = _placeholders(entry.msgid_plural)
            for text in forms:
                # A form for one may leave the count out ("a life" for "%(n)s lives").
                if not set(_placeholders(text)) <= set(wanted) | set(_placeholders(entry.msgid)):
                    found.append(f"{where}: the translation's placeholders differ: {text!r}")
        else:
            if not entry.msgstr:
                found.append(f"{where} is not translated")
            elif _placeholders(entry.msgstr) != _placeholders(entry.msgid):
                found.append(f"{where}: the translation's placeholders differ: {entry.msgstr!r}")
    return found


def _messages(po: Path) -> set[tuple[str, str, str]]:
    return {
        (e.msgctxt or "", e.msgid, e.msgid_plural or "")
        for e in polib.pofile(str(po))
        if not e.obsolete
    }


def stale() -> list[str] | None:
    """The messages `makemessages` would add to or drop from the catalogues, or None when
    xgettext is not installed (then this part of the check cannot run)."""
    if shutil.which("xgettext") is None:
        return None
    before = {language: _messages(catalogue(language)) for language in TRANSLATED}
    with tempfile.TemporaryDirectory() as keep:
        saved = Path(keep) / "locale"
        shutil.copytree(LOCALE, saved)
        try:
            subprocess.run(
                [sys.executable, "manage.py", "makemessages", "--all", "--verbosity", "0"],
                cwd=ROOT,
                check=True,
                env={**os.environ, "PYTHONWARNINGS": "ignore"},
            )
            after = {language: _messages(catalogue(language)) for language in TRANSLATED}
        finally:
            shutil.rmtree(LOCALE)
            shutil.copytree(saved, LOCALE)
    found = []
    for language in TRANSLATED:
        for _ctxt, msgid, _plural in sorted(after[language] - before[language]):
            found.append(f"{language}: new in the code, not in the catalogue: {msgid[:70]!r}")
        for _ctxt, msgid, _plural in sorted(before[language] - after[language]):
            found.append(f"{language}: in the catalogue, gone from the code: {msgid[:70]!r}")
    return found


def check() -> int:
    found: list[str] = []
    counts = []
    for language in TRANSLATED:
        mine = problems(language)
        found += mine
        if catalogue(language).exists():
            counts.append(f"{language} {len(_messages(catalogue(language)))} messages")
    old = stale()
    if old is None:
        print(
            "catalogues: xgettext (GNU gettext) is not installed, so whether the catalogues "
            "match the code was NOT checked (apt-get install gettext; CI installs it)"
        )
    else:
        found += old
    for line in found[:200]:
        print(line)
    if len(found) > 200:
        print(f"... and {len(found) - 200} more")
    if found:
        print(
            f"catalogues: {len(found)} problems. `make messages` updates the catalogues "
            "from the code; then translate what it added (docs/i18n.md)."
        )
        return 1
    print(f"catalogues: every message translated ({', '.join(counts)}); up to date with the code")
    return 0


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    if argv[1:] == ["compile"]:
        compile_all()
        return 0
    if argv[1:] == ["check"]:
        return check()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
