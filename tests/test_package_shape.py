"""The shape of the package (docs/architecture.md): sizes, layers, no import cycle, one layout per game.

Read statically from the source (``ast``), so lazy imports inside functions count too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from livestock_notebooks.games import GAMES as REGISTRY

PACKAGE = Path(__file__).resolve().parents[1] / "livestock_notebooks"
GAMES = tuple(REGISTRY)
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
    expected = {"__init__", "game", "board", "state", "notation", "tutorial", "events", "views", "determinize", "lab"}
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


#: what each part of the package may import besides itself and the package root (the layers of
#: docs/architecture.md); a new part fails the test below until it is placed here
EVERYTHING = {"core", "odds", *GAMES, "games", "tournament", "win_chance", "review", "lab", "tables", "catalog",
              "data_catalog", "links", "widgets", "command", "cli", "static_site"}
MAY_IMPORT: dict[str, set[str]] = {
    "core": set(),
    "odds": {"core"},
    **{game: {"core", "odds"} for game in GAMES},
    "games": {"core", *GAMES},
    "tournament": {"core", "games"},
    "win_chance": {"core", "games", "tournament"},
    "review": {"core", "games", "tournament", "win_chance"},
    "lab": {"core", "games", "tournament", "command", "cli"},
    "tables": {"core", "games"},
    "links": set(),
    "catalog": {"core", "games", "links"},
    "data_catalog": {"core", "catalog", "games"},
    "widgets": EVERYTHING - {"widgets", "command", "cli", "static_site"},
    "command": set(),
    "cli": EVERYTHING - {"cli"},
    "static_site": EVERYTHING - {"static_site"},
    "__main__": {"cli"},
}


def _part(name: str) -> str:
    """The part of the package a module belongs to: ``livestock_notebooks.<part>...``."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_layers_point_one_way():
    """Every module imports only the parts below its own (lazy imports included): core nothing,
    odds core, each engine core and odds (never another engine nor anything above), and so on up
    to the widgets and the command line."""
    wrong = []
    for name in MODULES:
        part = _part(name)
        if not part:
            continue
        assert part in MAY_IMPORT, f"{part}: place this part of the package in MAY_IMPORT (its layer)"
        for dep in _imports(name):
            other = _part(dep)
            if other and other != part and other not in MAY_IMPORT[part]:
                wrong.append(f"{name} imports {dep}")
    assert not wrong, wrong


# --------------------------------------------------------------------------- the registry of games
ROOT_NOTEBOOKS = ROOT / "notebooks"
#: modules that go over every game: each reads the registry (``games.GAMES`` or ``widgets.games.PAGES``)
CONSUMERS = (
    "livestock_notebooks.tournament", "livestock_notebooks.tables.service", "livestock_notebooks.tables.store",
    "livestock_notebooks.lab.features", "livestock_notebooks.lab.analysis", "livestock_notebooks.lab.studies",
    "livestock_notebooks.lab.cli", "livestock_notebooks.catalog", "livestock_notebooks.data_catalog",
    "livestock_notebooks.widgets.landing", "livestock_notebooks.widgets.pictures",
    "livestock_notebooks.widgets.tables.page", "livestock_notebooks.win_chance", "livestock_notebooks.review",
    "livestock_notebooks.static_site.build",
)
REGISTRIES = ("livestock_notebooks.games", "livestock_notebooks.widgets.games")


def _top_level_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_in_each_registry_with_its_own_parts(game):
    from livestock_notebooks.widgets.games import PAGES

    assert set(PAGES) == set(REGISTRY), "widgets/games.py PAGES and games.py GAMES list the same games"
    info = REGISTRY[game]
    assert info.name == game and info.title and info.blurb
    assert info.lab is not None and (PACKAGE / game / "lab.py").is_file(), "the game's lab facts: <game>/lab.py"
    assert "play_app" in _top_level_names(PACKAGE / "widgets" / game / "app.py")
    assert "tutorial_app" in _top_level_names(PACKAGE / "widgets" / game / "tutorial.py")
    for page in (PAGES[game].play_notebook, PAGES[game].tutorial_notebook):
        assert (ROOT_NOTEBOOKS / page).is_file(), page
    assert (PACKAGE / "data" / game).is_dir()


@pytest.mark.parametrize("consumer", CONSUMERS)
def test_what_goes_over_every_game_reads_the_registry(consumer):
    assert set(REGISTRIES) & _imports(consumer), f"{consumer} should read livestock_notebooks.games"


def _game_names_listed(path: Path, at_least: int = 2) -> list[str]:
    """Where a module names games in code: compares a value with a game's name (``game == "x"``),
    or lists ``at_least`` games in a list, tuple, set or dict display."""
    names = set(REGISTRY)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            values = [node.left, *node.comparators]
            if any(isinstance(v, ast.Constant) and v.value in names for v in values):
                found.append(f"line {node.lineno}: compares with a game's name")
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            listed = [i.value for i in items if isinstance(i, ast.Constant) and i.value in names]
            if len(listed) >= at_least:
                found.append(f"line {node.lineno}: lists {listed}")
    return found


def test_no_shared_module_and_no_test_keeps_its_own_list_of_games():
    """Games are named in their own packages and in the registries only: shared code goes over
    ``GAMES``, and so do the tests (a test never lists every game itself; it may keep settings
    for some games, keyed by name, when it goes over the registry for the rest)."""
    own = tuple(f"livestock_notebooks.{g}" for g in REGISTRY) + tuple(f"livestock_notebooks.widgets.{g}" for g in REGISTRY)
    offenders = {}
    for name, path in MODULES.items():
        if name in REGISTRIES or any(name == o or name.startswith(o + ".") for o in own):
            continue
        if found := _game_names_listed(path):
            offenders[name] = found
    for path in sorted((ROOT / "tests").glob("*.py")):
        if path.name == "test_package_shape.py":
            continue
        found = [f for f in _game_names_listed(path, at_least=len(REGISTRY)) if "lists" in f]
        if found and "livestock_notebooks.games" not in path.read_text(encoding="utf-8"):
            offenders[str(path.relative_to(ROOT))] = found
    assert not offenders, offenders
