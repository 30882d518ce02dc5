"""The bots as they were at a git revision, imported beside today's: a yardstick that
cannot drift (`python -m lab.bots.versus` plays today's hard bot against one).

`bots_at(revision)` reads `games/engine/bots/*.py` at `revision` from the repository
(`git show`) and imports them as the package ``games.engine.bots_at_<revision>``. The
modules' relative imports of the engine (``from ..game import apply_legal``) find
today's engine, whose meaning does not change (tests/engine); their imports of each
other find their own revision's modules. Nothing is written to disk: the source is
compiled from git's answer each time a process asks.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import games.engine

BOTS = "games/engine/bots"
REPOSITORY = Path(__file__).resolve().parents[2]


def bots_at(revision: str) -> ModuleType:
    """The bots package as it was at `revision` (a commit the repository holds)."""
    name = f"games.engine.bots_at_{revision}"
    if name in sys.modules:
        return sys.modules[name]
    sources = _sources(revision)
    finder = _Finder(name, sources)
    sys.meta_path.insert(0, finder)
    try:
        package = importlib.import_module(name)
        for module in sorted(sources):
            if module != "__init__":
                importlib.import_module(f"{name}.{module}")
    finally:
        sys.meta_path.remove(finder)
    setattr(games.engine, name.rsplit(".", 1)[1], package)
    return package


def _sources(revision: str) -> dict[str, str]:
    """The bots' modules at `revision`, by module name."""
    listing = _git("ls-tree", "--name-only", f"{revision}:{BOTS}")
    return {
        path.removesuffix(".py"): _git("show", f"{revision}:{BOTS}/{path}")
        for path in listing.split()
        if path.endswith(".py")
    }


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(REPOSITORY), *args], check=True, capture_output=True, text=True
    ).stdout


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the frozen package and its modules, and runs their source from git."""

    def __init__(self, package: str, sources: dict[str, str]) -> None:
        self.package = package
        self.sources = sources

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == self.package:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        parent, _, module = fullname.rpartition(".")
        if parent == self.package and module in self.sources:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        key = "__init__" if name == self.package else name.rpartition(".")[2]
        if key == "__init__":
            module.__path__ = []  # a package: its modules come from this finder
        code = compile(self.sources[key], f"<{name} at git>", "exec")
        exec(code, module.__dict__)  # noqa: S102 - the repository's own code, from git
