"""The code cites only documents a clone of the project has, and every part it cites
exists: `docs/<page>.md#<anchor>` must name a page under docs/ and a heading of it (the
heading's GitHub anchor), `docs/rules.md §N` a numbered section of the rules, and the
docs' own links between pages must lead somewhere (docs/development.md, "Citing the
docs"). The old build log's sections are gone: a citation of `docs/design.md §N` (or of
one of its section titles), or a bare `§N` past the rules' last section, fails.

Documents kept outside the project (a design note or rule spec beside the repository)
are not in a newcomer's clone, so no code, test or docstring may point at them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "rules.md"
PACKAGES = ("games", "accounts", "thirtyone", "clubs", "tournaments", "ratings", "tests")
# Names of documents that live outside the project; split so this file does not match.
OUTSIDE = ("DESIGN" + ".md", "RULES" + ".md", ".." + "/shared")
# The old build log's name, split so that the examples below are not citations of it
# (the rewriting script reads this file too).
LOG, S = "design" + ".md", "§"

# What is searched for citations: the project's text files, wherever they are.
SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".toml", ".txt", ".cfg", ".sh", ".yml"}
NAMES = {"Makefile", "Procfile", "Procfile.embedded", "run"}
SKIPPED = {"var", "staticfiles", "node_modules", "__pycache__", "output", "snapshot"}

# `docs/realtime.md#catch-up`, `docs/decisions/0017-knockout-balancing.md`, `docs/bots.md`.
CITATION = re.compile(r"(?<![\w/.-])docs/(?P<page>[\w-]+(?:/[\w-]+)*\.md)(?:#(?P<anchor>[\w-]+))?")
# A link in a page under docs/: `[text](realtime.md#catch-up)`, `(../README.md)`, `(#tests)`.
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
# `docs/rules.md §4 and §8`, `docs/rules.md §1-§9`.
RULES_CITATION = re.compile(r"docs/rules\.md`?(?P<refs>(?:(?:\s*(?:,|and|-|–)\s*|\s+)§\d+)+)")
REFERENCE = re.compile(r"§(\d+)(?:\s*[-–]\s*§(\d+))?")
NUMBERED = re.compile(r"^#{1,6}\s+(\d+)\.\s+(.+?)\s*$", re.MULTILINE)
# The old build log cited by section, in any of the forms the code used (the examples
# below, `test_an_old_citation_fails`): its path with numbers after it, in backquotes, as
# a Markdown link, a section on the next line of a comment, or a section's title in quotes.
OLD_CITATION = re.compile(
    r"design\.md(?:\]\([^)]*\))?`?"
    r"(?:(?:\s|#|,|\(|\*)*§\s*\d+(?:(?:\s*(?:,|and|-|–)\s*|\s+)§\d+)*|,?\s*\"[A-Z])",
    re.IGNORECASE,
)
BARE = re.compile(r"(?<![\w§])§(\d+)")

# What each rules section the code cites is about: a renumbered document fails here rather
# than leaving citations that point at the wrong topic.
RULES_TOPICS = {
    1: "cards",
    2: "hand value",
    3: "deal",
    4: "a turn",
    5: "knocking",
    6: "showdown",
    7: "lives",
    8: "stock",
    9: "presets",
    10: "what the players see",
}


def slug(title: str) -> str:
    """A heading's anchor as GitHub makes it: lowercase, punctuation dropped (but `-` and
    `_`), spaces made `-`."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading anchor of a page (outside fenced code), a repeated one numbered -1,
    -2 as GitHub numbers it."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"#{1,6}\s+(.+?)\s*#*\s*$", line)
        if fenced or not match:
            continue
        base = slug(match[1])
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def files() -> Iterator[Path]:
    """The project's text files: code, templates, tests, styles, scripts, the docs."""
    this = Path(__file__).resolve()
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = sorted(
            name
            for name in subfolders
            if name not in SKIPPED and (not name.startswith(".") or name == ".ci")
        )
        for name in sorted(names):
            path = Path(folder) / name
            if (path.suffix in SUFFIXES or name in NAMES) and path.resolve() != this:
                yield path


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def cited_parts(text: str) -> Iterator[tuple[int, str, str | None]]:
    """(index, page under docs/, anchor or None) of every `docs/<page>.md#<anchor>`."""
    for match in CITATION.finditer(text):
        yield match.start(), match["page"], match["anchor"]


def linked_parts(page: Path, text: str) -> Iterator[tuple[int, str, str | None]]:
    """(index, page under docs/ or "", anchor or None) of every link of a docs page that
    leads to a Markdown file of the project or to a heading; "" for a file outside docs/."""
    for match in LINK.finditer(text):
        target = match["target"]
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        if not path:
            yield match.start(), page.relative_to(DOCS).as_posix(), anchor or None
            continue
        if not path.endswith(".md"):
            continue
        resolved = (page.parent / path).resolve()
        inside = resolved.is_relative_to(DOCS)
        where = resolved.relative_to(DOCS).as_posix() if inside else ""
        if not inside and not resolved.is_file():
            where = resolved.as_posix()
        yield match.start(), where, anchor or None


def problems(cited: list[tuple[str, str, str | None]], pages: dict[str, set[str]]) -> list[str]:
    """What is wrong with each (where, page, anchor): the page or its heading missing."""
    found = []
    for where, page, anchor in cited:
        if page.startswith("/"):
            found.append(f"{where}: {page} does not exist")
        elif page == "":
            continue
        elif page not in pages:
            found.append(f"{where}: docs/{page} does not exist")
        elif anchor is not None and anchor not in pages[page]:
            found.append(f"{where}: docs/{page} has no heading #{anchor}")
    return found


def old_citations(text: str) -> Iterator[tuple[int, str]]:
    """(index, text) of every citation of the old build log's sections in `text`: by
    name, or a bare `§N` past the rules' last section (which only the log had)."""
    named = []
    for match in OLD_CITATION.finditer(text):
        named.append(range(match.start(), match.end()))
        yield match.start(), match[0]
    last = max(rules_sections(), default=0)
    for match in BARE.finditer(text):
        if int(match[1]) > last and not any(match.start() in span for span in named):
            yield match.start(), match[0]


def rules_sections() -> dict[int, str]:
    return {int(n): title for n, title in NUMBERED.findall(RULES.read_text())}


def doc_pages() -> dict[str, set[str]]:
    return {
        path.relative_to(DOCS).as_posix(): anchors(path.read_text())
        for path in sorted(DOCS.rglob("*.md"))
    }


def all_citations() -> list[tuple[str, str, str | None]]:
    """(where, page, anchor) of every citation and docs link in the project."""
    found = []
    for path in files():
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(ROOT)
        for index, page, anchor in cited_parts(text):
            found.append((f"{where}:{line_of(text, index)}", page, anchor))
        if path.suffix == ".md" and path.is_relative_to(DOCS):
            for index, page, anchor in linked_parts(path, text):
                found.append((f"{where}:{line_of(text, index)}", page, anchor))
    return found


def rules_citations() -> list[tuple[str, int]]:
    found = []
    for path in files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in RULES_CITATION.finditer(text):
            where = f"{path.relative_to(ROOT)}:{line_of(text, match.start())}"
            for first, last in REFERENCE.findall(match["refs"]):
                for section in range(int(first), int(last or first) + 1):
                    found.append((where, section))
    return found


# ---- the project as it is ---------------------------------------------------------------


def test_the_code_cites_no_document_outside_the_project() -> None:
    offending = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.resolve() != Path(__file__).resolve()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if any(name in line for name in OUTSIDE)
    ]
    assert not offending, "Cite the pages under docs/ instead:\n" + "\n".join(offending)


def test_the_scan_finds_the_citations() -> None:
    # A regex that matched nothing would pass the tests below.
    cited = {(page, anchor) for _, page, anchor in all_citations()}
    assert ("realtime.md", "catch-up") in cited  # docs/architecture.md links it
    assert ("decisions/README.md", None) in cited
    sections = {section for _, section in rules_citations()}
    assert {9, 10} <= sections  # games/engine/rules.py, observation.py


def test_every_cited_page_and_heading_exists() -> None:
    missing = problems(all_citations(), doc_pages())
    assert not missing, "Cited pages or headings that do not exist:\n" + "\n".join(missing)


def test_nothing_cites_the_old_build_log_by_section() -> None:
    found = []
    for path in files():
        if path == RULES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for index, cited in old_citations(text):
            found.append(f"{path.relative_to(ROOT)}:{line_of(text, index)}: {cited!r}")
    assert not found, (
        "Cite the topic page's heading instead (docs/architecture.md lists the pages; "
        "/work/tools/recite.py rewrites these):\n" + "\n".join(found)
    )


def test_every_cited_rules_section_exists() -> None:
    titles = rules_sections()
    missing = [f"{where}: docs/rules.md §{n}" for where, n in rules_citations() if n not in titles]
    assert not missing, "Cited sections that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize("section", sorted(RULES_TOPICS))
def test_the_cited_rules_sections_keep_their_topics(section: int) -> None:
    title = rules_sections().get(section, "")
    assert RULES_TOPICS[section] in title.lower(), (
        f"docs/rules.md §{section} is {title!r}: the code cites it for {RULES_TOPICS[section]!r}"
    )


# ---- the checks themselves, on made-up text ---------------------------------------------


def test_anchors_are_githubs() -> None:
    page = "# Title\n## The site's one address\n## E-mail: an outbox\n```\n## not a heading\n```\n"
    page += "## Tests\n### Tests\n## `make bench` and `make test`\n"
    assert anchors(page) == {
        "title",
        "the-sites-one-address",
        "e-mail-an-outbox",
        "tests",
        "tests-1",
        "make-bench-and-make-test",
    }


def test_a_citation_of_a_missing_page_or_heading_fails() -> None:
    pages = {"realtime.md": {"catch-up"}, "decisions/0001-x.md": set()}
    text = (
        "(docs/realtime.md#catch-up) docs/realtime.md#no-such-heading docs/nowhere.md "
        "docs/decisions/0001-x.md docs/realtime.md."
    )
    cited = [("x.py", page, anchor) for _, page, anchor in cited_parts(text)]
    assert cited == [
        ("x.py", "realtime.md", "catch-up"),
        ("x.py", "realtime.md", "no-such-heading"),
        ("x.py", "nowhere.md", None),
        ("x.py", "decisions/0001-x.md", None),
        ("x.py", "realtime.md", None),
    ]
    assert problems(cited, pages) == [
        "x.py: docs/realtime.md has no heading #no-such-heading",
        "x.py: docs/nowhere.md does not exist",
    ]


def test_a_link_between_pages_is_checked() -> None:
    page = DOCS / "architecture.md"
    text = "[a](realtime.md#catch-up) [b](#the-picture) [c](../README.md) [d](https://x.org/a.md)"
    text += " [e](nowhere.md#x) [f](../NOWHERE.md)"
    linked = [(page, anchor) for _, page, anchor in linked_parts(page, text)]
    assert linked[:4] == [
        ("realtime.md", "catch-up"),
        ("architecture.md", "the-picture"),
        ("", None),
        ("nowhere.md", "x"),
    ]
    assert linked[4][0].endswith("/NOWHERE.md")
    found = problems([("p.md", p, a) for p, a in linked], {"architecture.md": {"the-picture"}})
    assert found[0] == "p.md: docs/realtime.md does not exist"
    assert any(line.endswith("NOWHERE.md does not exist") for line in found)


@pytest.mark.parametrize(
    "text",
    [
        f"docs/{LOG} {S}4",
        f"(docs/{LOG} {S}5, {S}7)",
        f"`docs/{LOG}` {S}3",
        f"[docs/{LOG}](docs/{LOG}) {S}11",
        f"[{LOG}]({LOG}) {S}27.",
        f'"""Text (docs/{LOG}\n    {S}26): more',
        f"# the organizer (docs/{LOG}\n# {S}19): the page",
        f'(docs/{LOG}, "The event page from a cache")',
        f"a table played with real cards ({S}21)",
    ],
)
def test_an_old_citation_fails(text: str) -> None:
    assert list(old_citations(text))


@pytest.mark.parametrize(
    "text",
    [
        "docs/realtime.md#catch-up",
        "(docs/rules.md §10, docs/security.md#who-sees-what)",
        "docs/rules.md §4 and §8",
        "# §4 a turn",
        f"see docs/{LOG}, the old build log",
    ],
)
def test_a_current_citation_passes(text: str) -> None:
    assert not list(old_citations(text))
