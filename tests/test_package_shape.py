"""The shape of the package (docs/architecture.md): sizes, layers, no import cycle, one layout per game.

Read statically from the source (``ast``), so lazy imports inside functions count too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "livestock_notebooks"
GAMES = ("livestock_uprising", "battlegoats", "space_pigs")
MAX_MODULE_LINES = 800
ROOT = PACKAGE.parent
#: every Python file the size limit applies to: the package, tests, benchmarks, docs
SIZED = sorted(p for folder in ("livestock_notebooks", "tests", "benchmarks", "docs") for p in (ROOT / folder).rglob("*.py"))
MAX_CLASS_LINES = 600


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> set[str]:
    """Modules of this package that ``name`` imports (top level or inside functions)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            if target in MODULES and target != name:
                found.add(target)
    return found


def _without_parent_packages(name: str, deps: set[str]) -> set[str]:
    # importing a submodule always runs its parent packages' __init__ first; an __init__ that
    # re-exports its own submodules is not a cycle of logic, so edges to one's own ancestors
    # (and from a package to its own children) are left out
    return {d for d in deps if not name.startswith(d + ".") and not d.startswith(name + ".")}


def test_no_module_is_too_long():
    long = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines()) for p in SIZED}
    too_long = {n: k for n, k in long.items() if k > MAX_MODULE_LINES}
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"


def test_no_class_is_too_long():
    too_long = {}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_CLASS_LINES:
                    too_long[f"{name}.{node.name}"] = length
    assert not too_long, f"classes over {MAX_CLASS_LINES} lines: {too_long}"


def test_no_import_cycle():
    graph = {n: _without_parent_packages(n, _imports(n)) for n in MODULES}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_has_the_same_shape(game):
    names = {p.stem for p in (PACKAGE / game).glob("*.py")}
    expected = {"__init__", "game", "board", "state", "notation", "tutorial", "events", "views", "determinize"}
    assert expected <= names, f"{game} lacks {sorted(expected - names)}"
    bots = {p.stem for p in (PACKAGE / game / "bots").glob("*.py")}
    assert {"__init__", "heuristic", "strong"} <= bots, f"{game}/bots lacks {sorted({'__init__', 'heuristic', 'strong'} - bots)}"
    widgets = {p.stem for p in (PACKAGE / "widgets" / game).glob("*.py")}
    assert {"__init__", "app", "board", "tutorial"} <= widgets


@pytest.mark.parametrize("game", GAMES)
def test_rules_import_nothing_from_their_bots(game):
    """The bots read the rules; no rules module (the package's own __init__ included) imports
    the game's bots subpackage, at the top or inside a function. ``GAME.bots`` names it instead
    (``core.game_info.BotRegistry``) and reads it when a bot is first asked for."""
    rules = [n for n in MODULES if (n == f"livestock_notebooks.{game}" or n.startswith(f"livestock_notebooks.{game}."))
             and not n.startswith(f"livestock_notebooks.{game}.bots")]
    assert len(rules) > 5
    bots = f"livestock_notebooks.{game}.bots"
    offenders = {n: sorted(d for d in _imports(n) if d == bots or d.startswith(bots + ".")) for n in rules}
    assert not {n: d for n, d in offenders.items() if d}, f"rules modules importing the bots: {offenders}"
    # and no file of the rules package holds a bot class or the search
    for name in rules:
        text = MODULES[name].read_text(encoding="utf-8")
        assert "SearchBot" not in text, f"{name} holds search code"


@pytest.mark.parametrize("game", GAMES)
def test_notation_does_not_import_the_state(game):
    assert f"livestock_notebooks.{game}.state" not in _imports(f"livestock_notebooks.{game}.notation")


def test_layers_point_one_way():
    """Engines, odds and core never import the widgets; core imports no game."""
    for name in MODULES:
        deps = _imports(name)
        if not name.startswith("livestock_notebooks.widgets") and name not in (
            "livestock_notebooks.catalog", "livestock_notebooks.cli", "livestock_notebooks.__main__"):
            assert not any(d.startswith("livestock_notebooks.widgets") for d in deps), f"{name} imports widgets"
        if name.startswith("livestock_notebooks.core"):
            assert not any(d.startswith(f"livestock_notebooks.{g}") for g in GAMES for d in deps), f"{name} imports a game"
        if name.startswith("livestock_notebooks.odds"):
            assert not any(d.startswith(f"livestock_notebooks.{g}") for g in GAMES for d in deps), f"{name} imports a game"
