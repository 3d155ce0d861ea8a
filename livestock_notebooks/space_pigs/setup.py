"""Setting a game up: options checked, clans, the secret (or public) recipes, the first player,
the deck and the hex piles; then the layout of the board starts. Also loading a save and
starting from a notation."""
from __future__ import annotations

from ..core.errors import IllegalAction, SaveFileError
from ..core.protocol import load_state
from . import geometry
from .board import LAYOUTS, OPTION_DEFAULTS, RULE_SETS
from .galaxy import hex_piles
from .data import CLANS, FULL_DECK, RECIPES, simple_deck
from .notation import read_notation
from .state import SpacePigsState


def new_game(*, players: int, seed: int = 0, rules: str = "full", max_rounds: int | None = None,
             clans: list[str] | None = None, **options) -> SpacePigsState:
    """Set up a game: clans, recipes, first player, deck and hex piles; the layout starts."""
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 6:
        raise ValueError("Space Pigs is played by 3 to 6 players")
    if rules not in RULE_SETS:
        raise ValueError(f"rules must be one of {RULE_SETS}")
    if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
        raise ValueError("max_rounds must be a positive int or None")
    opts = dict(OPTION_DEFAULTS)
    for k, v in options.items():
        if k not in opts:
            raise TypeError(f"unknown option {k!r}; options: {sorted(opts)}")
        opts[k] = v
    if opts["layout"] not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}")
    if opts["connecting_galaxy"] and opts["layout"] != "twin":
        raise ValueError("connecting_galaxy goes with layout='twin'")
    s = SpacePigsState._fresh(players, seed, rules, max_rounds, opts)
    d = s.dice
    n = players
    log = []
    # clans
    if clans is not None:
        if len(clans) != n or len(set(clans)) != n or any(c not in CLANS for c in clans):
            raise ValueError(f"clans must be {n} different names from {CLANS}")
        s.clans = list(clans)
    else:
        pool = list(CLANS)
        d.shuffle(pool)
        s.clans = pool[:n]
    log.append("Clans: " + ", ".join(f"P{p + 1} {c}" for p, c in enumerate(s.clans)) + ".")
    # recipes (secret in the full game)
    markers = [list(r) for r in RECIPES]
    d.shuffle(markers)
    s.recipes = markers[:n]
    if opts["seventh_planet"]:
        acorns = ["r"] * 10 + ["y"] * 10 + ["b"] * 10
        d.shuffle(acorns)
        seventh: list[str | None] = list(acorns[:n])
        s.seventh = seventh
    log.append("Each clan draws a secret sacred recipe." if rules == "full"
               else "Sacred recipes (public): " + ", ".join(
                   f"P{p + 1} {r[0]} red {r[1]} yellow {r[2]} blue" for p, r in enumerate(s.recipes)) + ".")
    # first player
    if rules == "full":
        contenders = list(range(n))
        while True:
            rolls = {p: d.roll(6) for p in contenders}
            log.append("First player roll: " + ", ".join(f"P{p + 1} {r}" for p, r in rolls.items()) + ".")
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                break
        s.first = contenders[0]
    else:
        s.first = 0
        log.append("The youngest player (P1) goes first.")
    s.order = [(s.first + i) % n for i in range(n)]
    log.append(f"P{s.first + 1} is the First Player.")
    # cards
    deck = list(FULL_DECK if rules == "full" else simple_deck())
    d.shuffle(deck)
    s.deck = deck
    # hexes
    s.piles = hex_piles(n, rules, bool(opts["baston_rikiki"]))
    if rules != "simple_a":
        for colour in ("red", "yellow", "blue"):
            d.shuffle(s.piles[colour])
    total = sum(len(v) for v in s.piles.values())
    if opts["layout"] == "twin":
        _, sun, _ = geometry.twin_geometry(bool(opts["connecting_galaxy"]))
        s._add_cell(sun[0], sun[1], "S", "")
    s.seq_data = {"placed": 0, "total": total}
    s.setup_log = log
    s.seq = "layout"
    s._advance()
    s._events = []
    return s


def load(text: str | bytes) -> SpacePigsState:
    """Load a game saved with ``state.to_json()`` (raises SaveFileError if corrupt)."""
    state = load_state(SpacePigsState, text)
    assert isinstance(state, SpacePigsState)
    _check_playable(state)
    return state


def _check_playable(state: SpacePigsState) -> None:
    """The last guard of ``load``: a save whose fields all pass their checks but whose nested
    sequence data (combat, pending card, sequence queues) do not fit together is refused rather
    than shown as a page that breaks on the first click."""
    try:
        legal = state.legal_actions()
        for p in [None, *range(state.players)]:
            state.player_view(p)
        if legal:
            trial = state.copy()
            try:
                trial.apply(legal[0])
            except IllegalAction:
                pass
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, AssertionError) as exc:
        raise SaveFileError(f"save file is corrupt: its sequence data do not fit the position "
                            f"(sequence {state.seq!r}: {type(exc).__name__}: {exc})") from None


def from_notation(text: str, *, seed: int = 0, max_rounds: int | None = None,
                  script: list[int] | None = None) -> SpacePigsState:
    """A game set up from a one-line notation (:mod:`.notation`), at the start of the sequence it
    names; ``script`` queues die results for the rolls made at once."""
    return read_notation(SpacePigsState, text, seed=seed, max_rounds=max_rounds, script=script)
