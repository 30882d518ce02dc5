"""The code cites only documents a clone of the project has, and every section it cites
exists: `docs/design.md §N` and `docs/rules.md §N` must each name a numbered heading of
that document, on the topic the code means.

Documents kept outside the project (a design note or rule spec beside the repository)
are not in a newcomer's clone, so no code, test or docstring may point at them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "accounts", "thirtyone", "clubs", "tournaments", "ratings", "tests")
DOCS = {"design": ROOT / "docs" / "design.md", "rules": ROOT / "docs" / "rules.md"}
# Names of documents that live outside the project; split so this file does not match.
OUTSIDE = ("DESIGN" + ".md", "RULES" + ".md", ".." + "/shared")

# `docs/rules.md §4 and §8`, `docs/design.md §5, §7`, `docs/rules.md §1-§9`.
CITATION = re.compile(
    r"docs/(?P<doc>design|rules)\.md`?(?P<refs>(?:(?:\s*(?:,|and|-|–)\s*|\s+)§\d+)+)"
)
REFERENCE = re.compile(r"§(\d+)(?:\s*[-–]\s*§(\d+))?")
HEADING = re.compile(r"^#{1,6}\s+(\d+)\.\s+(.+?)\s*$", re.MULTILINE)

# What each section the code cites is about: a renumbered document fails here rather
# than leaving citations that point at the wrong topic.
TOPICS = {
    ("design", 2): "engine",
    ("design", 3): "event log",
    ("design", 4): "write path",
    ("design", 5): "realtime",
    ("design", 6): "celery",
    ("design", 7): "profiles",
    ("design", 8): "web layer",
    ("design", 9): "who sees what",
    ("design", 14): "tournaments",
    ("design", 15): "ratings",
    ("rules", 1): "cards",
    ("rules", 2): "hand value",
    ("rules", 3): "deal",
    ("rules", 4): "a turn",
    ("rules", 5): "knocking",
    ("rules", 6): "showdown",
    ("rules", 7): "lives",
    ("rules", 8): "stock",
    ("rules", 9): "presets",
    ("rules", 10): "what the players see",
}


def sources() -> list[Path]:
    this = Path(__file__).resolve()
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if path.resolve() != this and "__pycache__" not in path.parts
    )


def headings(doc: str) -> dict[int, str]:
    return {int(n): title for n, title in HEADING.findall(DOCS[doc].read_text())}


def citations() -> list[tuple[str, str, int]]:
    """(where, document, section) for every section cited in the code and the docs."""
    found = []
    files = [*sources(), *sorted((ROOT / "docs").glob("*.md"))]
    for path in files:
        text = path.read_text()
        for match in CITATION.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            where = f"{path.relative_to(ROOT)}:{line}"
            for first, last in REFERENCE.findall(match["refs"]):
                for section in range(int(first), int(last or first) + 1):
                    found.append((where, match["doc"], section))
    return found


def test_the_code_cites_no_document_outside_the_project() -> None:
    offending = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if any(name in line for name in OUTSIDE)
    ]
    assert not offending, "Cite docs/design.md or docs/rules.md instead:\n" + "\n".join(offending)


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_the_cited_documents_are_in_the_project(doc: str) -> None:
    assert DOCS[doc].is_file()
    assert headings(doc), f"docs/{doc}.md has no numbered sections"


def test_the_code_cites_sections_of_both_documents() -> None:
    # The scan finds what it should: a regex that matched nothing would pass the next test.
    cited = {(doc, section) for _, doc, section in citations()}
    assert ("design", 4) in cited  # games/services/
    assert ("rules", 10) in cited  # games/engine/observation.py
    assert ("rules", 9) in cited  # the end of a range, games/engine/rules.py


def test_every_cited_section_exists() -> None:
    titles = {doc: headings(doc) for doc in DOCS}
    missing = [
        f"{where}: docs/{doc}.md §{section}"
        for where, doc, section in citations()
        if section not in titles[doc]
    ]
    assert not missing, "Cited sections that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize(("doc", "section"), sorted(TOPICS))
def test_the_cited_sections_keep_their_topics(doc: str, section: int) -> None:
    title = headings(doc).get(section, "")
    assert TOPICS[(doc, section)] in title.lower(), (
        f"docs/{doc}.md §{section} is {title!r}: the code cites it for {TOPICS[(doc, section)]!r}"
    )
