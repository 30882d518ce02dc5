"""The product does not depend on the lab: no module of games/, accounts/, thirtyone/, clubs/,
tournaments/ or ratings/ (the installed packages, pyproject.toml) imports `lab`, the research and
benchmarks that live beside them and are never installed. Read from the syntax trees, so every
form of import counts (also inside functions, and importlib's), comments do not."""

from __future__ import annotations

import ast
import fnmatch
import tomllib
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
)


def lab_imports(source: str) -> list[int]:
    """The lines of `source` that import lab or a module in it."""
    return imports_of(source, "lab")


def imports_of(source: str, package: str) -> list[int]:
    """The lines of `source` that import `package` or a module in it."""
    lines = []
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
        if any(name == package or name.startswith(f"{package}.") for name in names):
            lines.append(node.lineno)
    return lines


def product_modules() -> list[Path]:
    return sorted(
        path
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    )


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


@pytest.mark.parametrize("app", ["clubs", "tournaments", "ratings", "calls", "notifications"])
def test_games_never_imports_the_apps_beside_it(app: str) -> None:
    """They subscribe to what games announces (docs/design.md §12); games knows none of them."""
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "games").rglob("*.py"))
        for line in imports_of(path.read_text(encoding="utf-8"), app)
    ]
    assert problems == []


@pytest.mark.parametrize("app", ["games", "accounts", "clubs", "tournaments", "ratings", "calls"])
def test_no_app_imports_the_notifications(app: str) -> None:
    """The notifications subscribe to what the other apps announce (docs/design.md §24);
    none of those knows they exist."""
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / app).rglob("*.py"))
        for line in imports_of(path.read_text(encoding="utf-8"), "notifications")
    ]
    assert problems == []
