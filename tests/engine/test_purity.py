"""The rules engine is pure Python: no Django, Channels or Celery in games/engine.

The first test reads every module's syntax tree (not its text, so comments and
strings do not count, and every form of import does), resolving relative imports, and
fails on an import of a web framework or of any part of the project outside the
engine (which could bring one in). The second imports the engine in a fresh
interpreter that refuses to load those frameworks and checks that none was loaded.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import games.engine

ENGINE = Path(games.engine.__file__).resolve().parent
ROOT = ENGINE.parent.parent
FORBIDDEN = ("django", "channels", "celery")


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(path: Path) -> str:
    """The package a module's relative imports start from."""
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports_of(source: str, package: str) -> list[tuple[int, str]]:
    """Every module `source` (in `package`) imports, as absolute dotted names, with line
    numbers: import and from-import statements at any depth (also inside functions),
    relative imports resolved, and importlib.import_module or __import__ of a string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
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
            found.append((node.lineno, node.args[0].value))
    return found


def test_the_engine_has_modules_to_check():
    names = {p.name for p in engine_modules()}
    assert {"game.py", "rules.py", "cards.py", "baseline.py"} <= names


def test_no_engine_module_imports_django_channels_celery_or_the_rest_of_the_project():
    problems = []
    for path in engine_modules():
        for line, name in imports_of(path.read_text(encoding="utf-8"), package_of(path)):
            root = name.split(".")[0]
            where = f"{path.relative_to(ROOT)}:{line} imports {name}"
            if root in FORBIDDEN:
                problems.append(where)
            elif root in ("games", "accounts", "thirtyone", "tests") and not (
                name == "games.engine" or name.startswith("games.engine.")
            ):
                problems.append(where + " (outside the engine)")
    assert problems == []


def test_the_import_check_itself_catches_every_form_of_import():
    source = (
        "import django\nimport os, channels.layers\nfrom celery import shared_task\n"
        "from ... import models\nfrom ...views import lobby\nfrom .. import game\n"
        "def later():\n    import django.db\n"
        "import importlib\nimportlib.import_module('django.conf')\n__import__('celery')\n"
        "# import django in a comment\ntext = 'import django'\n"
    )
    names = [name for _, name in imports_of(source, "games.engine.bots")]
    assert "django" in names and "channels.layers" in names and "celery" in names
    assert "games.models" in names  # three dots from games/engine/bots reach games
    assert "games.views.lobby" in names
    assert "games.engine.game" in names
    assert "django.db" in names and "django.conf" in names
    assert names.count("django") == 1  # not the comment or the string


def test_importing_the_engine_loads_no_web_framework():
    script = f"""
import importlib.abc, json, sys
refused = []
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {FORBIDDEN!r}:
            refused.append(name)
            raise ImportError("the engine must not import " + name)
        return None
sys.meta_path.insert(0, Refuse())
import games.engine
import games.engine.bots, games.engine.replay, games.engine.serialize
import lab.simulate, lab.__main__, lab.bots.paired, lab.bots.timing
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {FORBIDDEN!r})
print(json.dumps({{"refused": refused, "loaded": loaded}}))
"""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report == {"refused": [], "loaded": []}
