"""The layers of the product, read from the syntax trees, so that every form of import counts
(also inside functions, and importlib's) and comments do not:

- the product does not depend on the lab: no module of games/, accounts/, thirtyone/, clubs/,
  tournaments/ or ratings/ (the installed packages, pyproject.toml) imports `lab`, the
  research and benchmarks that live beside them and are never installed;
- the apps depend one way: of any two, at most one imports the other (games at the bottom,
  the project package thirtyone, which wires them together, at the top);
- games imports none of the apps beside it, no app the notifications, and calls no
  tournaments;
- no app imports another app's write module (its `services`) only for a constant: a
  constant belongs beside what it limits (a model, a module of its own), not in the code
  that writes.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = (
    "games",
    "accounts",
    "thirtyone",
    "clubs",
    "tournaments",
    "ratings",
    "calls",
    "notifications",
    "fairplay",
)


def lab_imports(source: str) -> list[int]:
    """The lines of `source` that import lab or a module in it."""
    return imports_of(source, "lab")


def imports_of(source: str, package: str) -> list[int]:
    """The lines of `source` that import `package` or a module in it."""
    return sorted(
        {
            line
            for line, name in imported_modules(source)
            if name == package or name.startswith(f"{package}.")
        }
    )


def imported_modules(source: str) -> list[tuple[int, str]]:
    """(line, module) for each module `source` imports by its absolute name: `import a.b`,
    `from a.b import c` (module a.b), importlib's `import_module("a.b")`, `__import__`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else []
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                getattr(node.func, "attr", None) == "import_module"
                or getattr(node.func, "id", None) == "__import__"
            )
        ):
            names = [node.args[0].value]
        else:
            continue
        found.extend((node.lineno, name) for name in names)
    return found


def apps_imported(app: str, source: str) -> set[str]:
    """The other apps of the product that `source`, a module of `app`, imports."""
    return {
        top
        for _line, name in imported_modules(source)
        if (top := name.partition(".")[0]) in PRODUCT and top != app
    }


def app_graph(modules: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """app -> the other apps it imports, from (app, source of one of its modules) pairs."""
    graph: dict[str, set[str]] = {}
    for app, source in modules:
        graph.setdefault(app, set()).update(apps_imported(app, source))
    return graph


def two_way_pairs(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The pairs of apps that import each other, each once, in order."""
    return sorted(
        (a, b) for a, others in graph.items() for b in others if a < b and a in graph.get(b, ())
    )


UPPER_CASE = re.compile(r"_*[A-Z][A-Z0-9_]*")


def services_only_for_constants(app: str, source: str) -> list[str]:
    """The other apps whose write module (`services`, or a module in it) `source`, a module
    of `app`, imports only for constants: every name it takes from there is UPPER_CASE.
    `import x.services` or `from x import services` takes the module itself: not only
    constants."""
    taken: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                other, _, rest = alias.name.partition(".")
                if rest == "services" or rest.startswith("services."):
                    taken.setdefault(other, set()).add("services")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            other, _, rest = node.module.partition(".")
            names = {alias.name for alias in node.names}
            if rest == "services" or rest.startswith("services."):
                taken.setdefault(other, set()).update(names)
            elif not rest and "services" in names:
                taken.setdefault(other, set()).add("services")
    return sorted(
        other
        for other, names in taken.items()
        if other in PRODUCT and other != app and all(UPPER_CASE.fullmatch(name) for name in names)
    )


def product_modules() -> list[Path]:
    return sorted(
        path
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def product_sources() -> list[tuple[str, str]]:
    """(app, source) for every module of the product."""
    return [
        (path.relative_to(ROOT).parts[0], path.read_text(encoding="utf-8"))
        for path in product_modules()
    ]


def test_there_are_product_modules_to_check():
    names = {path.relative_to(ROOT).as_posix() for path in product_modules()}
    assert {"games/services/__init__.py", "games/engine/game.py", "thirtyone/settings.py"} <= names


def test_no_product_module_imports_the_lab():
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in product_modules()
        for line in lab_imports(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_check_catches_every_form_of_import_of_the_lab():
    source = (
        "import lab\nimport os, lab.simulate\nfrom lab.bench import live\nfrom lab import soak\n"
        "def later():\n    import lab.bots.paired\n"
        "import importlib\nimportlib.import_module('lab.bench_live')\n__import__('lab')\n"
        "import labyrinth\nfrom .lab import x\n# import lab\ntext = 'import lab'\n"
    )
    assert lab_imports(source) == [1, 2, 3, 4, 6, 8, 9]


def test_the_lab_is_not_installed():
    with (ROOT / "pyproject.toml").open("rb") as file:
        found = tomllib.load(file)["tool"]["setuptools"]["packages"]["find"]["include"]
    assert not any(
        fnmatch.fnmatch(name, pattern) for pattern in found for name in ("lab", "lab.bench")
    )
    assert all(any(fnmatch.fnmatch(package, p) for p in found) for package in PRODUCT)


@pytest.mark.parametrize(
    "app", ["clubs", "tournaments", "ratings", "calls", "notifications", "fairplay"]
)
def test_games_never_imports_the_apps_beside_it(app: str) -> None:
    """They subscribe to what games announces
    (docs/architecture.md#apps-depend-one-way); games knows none of them."""
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "games").rglob("*.py"))
        for line in imports_of(path.read_text(encoding="utf-8"), app)
    ]
    assert problems == []


@pytest.mark.parametrize(
    "app", ["games", "accounts", "clubs", "tournaments", "ratings", "calls", "fairplay"]
)
def test_no_app_imports_the_notifications(app: str) -> None:
    """The notifications subscribe to what the other apps announce
    (docs/notifications.md#where-they-come-from); none of those knows they exist."""
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / app).rglob("*.py"))
        for line in imports_of(path.read_text(encoding="utf-8"), "notifications")
    ]
    assert problems == []


def test_every_pair_of_apps_depends_one_way_at_most() -> None:
    """A pair that imports each other is one app in two folders: what both need belongs
    to the lower one (a helper games uses lives in games, not in the project package that
    imports games; games reads its players through AUTH_USER_MODEL, not accounts)."""
    graph = app_graph(product_sources())
    assert set(graph) == set(PRODUCT)
    assert two_way_pairs(graph) == []


def test_the_app_graph_sees_imports_inside_functions_and_finds_a_two_way_pair() -> None:
    graph = app_graph(
        [
            ("games", "from games import engine\ndef later():\n    import accounts.usernames\n"),
            ("accounts", "from games.models import Game\n"),
            ("clubs", "import importlib\nimportlib.import_module('games.models')\n"),
            ("games", "# import clubs\nfrom .clubs import x\ntext = 'import clubs'\n"),
            ("thirtyone", "from tournaments.routing import patterns\n"),
            ("tournaments", "def later():\n    __import__('thirtyone.site')\n"),
        ]
    )
    assert graph == {
        "games": {"accounts"},
        "accounts": {"games"},
        "clubs": {"games"},
        "thirtyone": {"tournaments"},
        "tournaments": {"thirtyone"},
    }
    assert two_way_pairs(graph) == [("accounts", "games"), ("thirtyone", "tournaments")]
    assert two_way_pairs({"a": {"b"}, "b": set()}) == []


def calls_importing_tournaments(sources: Iterable[tuple[str, str]]) -> list[str]:
    """`name:line` of each import of tournaments in `sources`, (name, source) pairs."""
    return [
        f"{name}:{line}" for name, source in sources for line in imports_of(source, "tournaments")
    ]


def test_calls_never_imports_the_tournaments() -> None:
    """Calls are the bar at the top of every page
    (docs/club-night.md#calls-led-to-your-seat): an app registers a provider with it
    (calls.registry), as the tournaments do, and it knows none of them."""
    sources = [
        (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "calls").rglob("*.py"))
    ]
    assert sources
    assert calls_importing_tournaments(sources) == []


def test_the_calls_check_finds_an_import_of_the_tournaments() -> None:
    sources = [
        ("calls/a.py", "from games import site\nimport tournamentsish\n"),
        ("calls/b.py", "def later():\n    from tournaments.models import Event\n"),
    ]
    assert calls_importing_tournaments(sources) == ["calls/b.py:2"]


def test_no_app_imports_another_apps_services_only_for_a_constant() -> None:
    problems = [
        f"{app}: {other}.services"
        for app, source in product_sources()
        for other in services_only_for_constants(app, source)
    ]
    assert problems == []


def test_the_services_check_finds_a_constant_taken_from_another_apps_services() -> None:
    source = (
        "from tournaments.services import MAX_CHECKIN_MINUTES\n"
        "from games.services import ServiceError, LIMIT\n"
        "def later():\n    from clubs.services.rules import CAP, _FLOOR\n"
        "from notifications.services import OWN_CONSTANT\n"
        "from ratings import services\nfrom ratings.services import ANOTHER\n"
        "from calls.models import MAX_TABLES\n"
    )
    assert services_only_for_constants("notifications", source) == ["clubs", "tournaments"]
    assert services_only_for_constants("games", "from games.services import LIMIT\n") == []
