"""The code's shape in figures: ``python -m lab.structure``.

What docs/architecture.md's rules about size and layering ask of the product, measured
from the source (nothing is imported or run): modules over 400 and 600 lines, functions
at radon grade D or worse (when radon is installed: it is a dev dependency), the
top-level modules of tournaments/ and the layering of its imports, the format
protocol's members and the formats' one-line forwards, how much of the product mypy
checks, and the app-level import pairs that run both ways.
"""

from __future__ import annotations

import argparse
import ast
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "accounts",
    "calls",
    "clubs",
    "games",
    "notifications",
    "ratings",
    "thirtyone",
    "tournaments",
)
# Left to the redesign of pushes (docs/performance.md): not counted against the size rule.
SET_ASIDE = ("games/rendering.py",)


def product_files(root: Path = ROOT) -> Iterator[Path]:
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            if "migrations" not in path.parts and "__pycache__" not in path.parts:
                yield path


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def rel(path: Path, root: Path = ROOT) -> str:
    return path.relative_to(root).as_posix()


def big_modules(root: Path, over: int) -> list[tuple[str, int]]:
    found = [(rel(p, root), lines(p)) for p in product_files(root)]
    return sorted(
        ((name, n) for name, n in found if n > over and name not in SET_ASIDE),
        key=lambda item: -item[1],
    )


def complex_functions(root: Path) -> list[str] | None:
    """Functions at radon grade D or worse (None: radon is not installed)."""
    try:
        from radon.complexity import cc_rank, cc_visit
    except ImportError:
        return None
    found = []
    for path in product_files(root):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if cc_rank(block.complexity) in "DEF":
                name = getattr(block, "classname", None)
                name = f"{name}.{block.name}" if name else block.name
                found.append(
                    f"{rel(path, root)} {name} {cc_rank(block.complexity)} {block.complexity}"
                )
    return found


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(path: Path, name: str) -> Iterable[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, *([node.module] if node.module else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module → the modules of `package` it imports (inside functions too); migrations
    left out."""
    mods = {
        module_name(p, root): p
        for p in (root / package).rglob("*.py")
        if "migrations" not in p.parts and "__pycache__" not in p.parts
    }
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        edges = set()
        for target in imported_names(path, name):
            while target and target not in mods:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                edges.add(target)
        graph[name] = edges
    return graph


def floors(graph: dict[str, set[str]]) -> int:
    """The longest chain of imports (a module importing nothing of the package is on
    floor 1); cycles are cut where they close."""
    depth: dict[str, int] = {}

    def visit(node: str, path: frozenset[str]) -> int:
        if node in depth:
            return depth[node]
        below = [visit(n, path | {node}) for n in graph.get(node, ()) if n not in path]
        depth[node] = 1 + max(below, default=0)
        return depth[node]

    return max((visit(n, frozenset()) for n in graph), default=0)


def app_pairs_both_ways(root: Path) -> list[str]:
    deps: dict[str, set[str]] = {}
    for path in product_files(root):
        app = rel(path, root).split("/")[0]
        for target in imported_names(path, module_name(path, root)):
            other = target.split(".")[0]
            if other in APPS and other != app:
                deps.setdefault(app, set()).add(other)
    return sorted(
        f"{a} <-> {b}" for a in deps for b in deps[a] if a < b and a in deps.get(b, set())
    )


def protocol(root: Path) -> tuple[int, int, int]:
    """The members of tournaments.formats.base.Format (attributes, methods), and the
    functions in tournaments/formats/ whose body is one call that forwards their own
    arguments."""
    base = root / "tournaments" / "formats" / "base.py"
    attributes = methods = 0
    for node in ast.parse(base.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == "Format":
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    methods += 1
                elif isinstance(item, ast.AnnAssign | ast.Assign):
                    attributes += 1
    forwards = 0
    for path in (root / "tournaments" / "formats").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and is_forward(node):
                forwards += 1
    return attributes, methods, forwards


def is_forward(func: ast.FunctionDef) -> bool:
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr):
        return False
    call = body[0].value
    if not isinstance(call, ast.Call):
        return False
    params = {a.arg for a in func.args.args + func.args.kwonlyargs} - {"self", "cls"}
    passed = {a.id for a in call.args if isinstance(a, ast.Name)} | {
        k.value.id for k in call.keywords if isinstance(k.value, ast.Name)
    }
    return bool(params) and params <= passed


def mypy_coverage(root: Path) -> tuple[int, int, int, int]:
    """Product modules and lines under [tool.mypy]'s `files` (checked strictly), and
    under the Makefile's MYPY_APPS (every app, checked with Django untyped)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    product = set(product_files(root))
    strict = product & _expand(root, config.get("tool", {}).get("mypy", {}).get("files", []))
    apps: list[str] = []
    makefile = root / "Makefile"
    for line in makefile.read_text(encoding="utf-8").splitlines() if makefile.exists() else []:
        if line.startswith("MYPY_APPS :="):
            apps = line.split(":=", 1)[1].split()
    checked = product & _expand(root, apps)
    return len(strict), sum(map(lines, strict)), len(checked), sum(map(lines, checked))


def _expand(root: Path, entries: Iterable[str]) -> set[Path]:
    found: set[Path] = set()
    for entry in entries:
        path = root / entry
        found |= set(path.rglob("*.py")) if path.is_dir() else {path}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.structure", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT, help="a checkout (default: this one)")
    parser.add_argument("--list", action="store_true", help="name the modules and functions")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()

    over_400, over_600 = big_modules(root, 400), big_modules(root, 600)
    print(f"product modules: {sum(1 for _ in product_files(root))}")
    print(f"modules over 400 lines: {len(over_400)}; over 600: {len(over_600)}")
    print(f"  (set aside, not counted: {', '.join(SET_ASIDE)})")
    if args.list:
        for name, n in over_400:
            print(f"    {n:5} {name}")
    complex_ = complex_functions(root)
    if complex_ is None:
        print("functions at radon D or worse: radon is not installed")
    else:
        print(f"functions at radon D or worse: {len(complex_)}")
        if args.list:
            for line in complex_:
                print(f"    {line}")
    top = sorted(p.name for p in (root / "tournaments").glob("*.py"))
    graph = import_graph(root, "tournaments")
    arrows = sum(len(edges) for edges in graph.values())
    print(f"tournaments/: {len(top)} top-level modules, {len(graph)} modules in all, ")
    print(f"  {arrows} import arrows between them, {floors(graph)} floors (longest import chain)")
    attributes, methods, forwards = protocol(root)
    print(
        f"the format protocol (Format): {attributes + methods} members "
        f"({attributes} attributes, {methods} methods); one-line forwards in formats/: {forwards}"
    )
    strict, strict_lines, checked, checked_lines = mypy_coverage(root)
    product = sum(1 for _ in product_files(root))
    total_lines = sum(map(lines, product_files(root)))
    print(
        f"mypy: strict over {strict} of {product} product modules "
        f"({strict_lines} of {total_lines} lines, {100 * strict_lines / total_lines:.0f}%); "
        f"checked in all {checked} modules ({100 * checked_lines / total_lines:.0f}% of the lines)"
    )
    pairs = app_pairs_both_ways(root)
    print(f"app pairs importing each other: {len(pairs)} {', '.join(pairs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
