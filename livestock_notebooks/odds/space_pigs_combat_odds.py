"""Space Pigs combat odds, exact: a combat fought round by round until one side is gone.

The model of one round is in :mod:`livestock_notebooks.odds.space_pigs_sides`. A combat is an absorbing
Markov chain over pairs of sides. A tied round changes nothing, so from a state where the
round is won with ``w`` ways, tied with ``t`` and lost with ``l``, the chain leaves the state
for the "won" successor with chance ``w / (w + l)`` and for the "lost" one with ``l / (w + l)``
(the geometric series of repeated ties, summed exactly). Every other transition removes a
troop, so the states form a DAG and one pass in topological order solves the chain exactly.

Fleeing ("I flee once I am down to N troops"): at the start of every round from the second
on, the defender and then the attacker may flee. A side with a threshold ``N`` flees as soon as
it starts such a round with ``N`` troops or fewer. The first round is always fought. Aliens
never flee. Fled troops survive and are counted as survivors; the side that stays holds the
hex.

Win probabilities for many starting positions share one memo (:func:`space_pigs_table`), so a
20 x 20 table of piglet combats costs a few hundred state evaluations.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Optional, overload

from .display import format_percent, html_table, prob_text
from .space_pigs_sides import SIDE_TYPES, Side, round_counts

__all__ = [
    "CombatOdds",
    "CombatTable",
    "space_pigs_combat",
    "space_pigs_table",
    "clear_cache",
]

# How a combat ends.
ATTACKER_LEFT = "defender eliminated"
DEFENDER_LEFT = "attacker eliminated"
DEFENDER_FLED = "defender fled"
ATTACKER_FLED = "attacker fled"
ENDINGS = (ATTACKER_LEFT, DEFENDER_FLED, DEFENDER_LEFT, ATTACKER_FLED)

FLEE_RULE = "Aliens fight to the end and never flee"
FLEE_SECTION = "Space Pigs, Phase 3, Sequence C"


def _check_side(name: str, side: object) -> Side:
    if not isinstance(side, SIDE_TYPES):
        raise TypeError(f"{name} must be Pigs, Pirates, Porcophages or AcornWorm, got {side!r}")
    if side.troops < 1:
        raise ValueError(f"{name} needs at least one troop to fight, got {side!r}")
    return side


def _check_flee(name: str, side: Side, flee_at: Optional[int]) -> Optional[int]:
    if flee_at is None:
        return None
    if isinstance(flee_at, bool) or not isinstance(flee_at, int) or flee_at < 0:
        raise ValueError(f"{name}_flee_at must be None or a troop count >= 0, got {flee_at!r}")
    if not side.can_flee:
        from ..core.errors import IllegalAction

        raise IllegalAction(f"{FLEE_RULE}; {side.describe()} cannot be given a retreat threshold", FLEE_SECTION)
    return flee_at if flee_at > 0 else None


def _flees(side: Side, flee_at: Optional[int]) -> bool:
    return flee_at is not None and side.troops <= flee_at


def _children(a: Side, d: Side) -> tuple[int, int, int, tuple[Side, Side], tuple[Side, Side]]:
    """Round counts (w, t, l) and the states after the attacker wins / loses the round."""
    w, t, l = round_counts(a, d)
    won = (a.after_win(killed_piglet=d.next_loss_is_piglet), d.after_loss())
    lost = (a.after_loss(), d.after_win(killed_piglet=a.next_loss_is_piglet))
    return w, t, l, won, lost


# ---------------------------------------------------------------------------------------------
# Win probability with one shared memo (for tables)

_WIN_MEMO: dict[tuple, Fraction] = {}
_CHILD_MEMO: dict[tuple, tuple] = {}


def clear_cache() -> None:
    """Forget every memoised combat state (for benchmarks)."""
    _WIN_MEMO.clear()
    _CHILD_MEMO.clear()


def _children_memo(a: Side, d: Side) -> tuple:
    key = (a, d)
    found = _CHILD_MEMO.get(key)
    if found is None:
        found = _CHILD_MEMO[key] = _children(a, d)
    return found


def _terminal_or_flee(a: Side, d: Side, a_flee, d_flee) -> Optional[Fraction]:
    """Attacker's chance to hold the hex if the combat is already decided at this state."""
    if d.troops == 0:
        return Fraction(1)
    if a.troops == 0:
        return Fraction(0)
    if _flees(d, d_flee):
        return Fraction(1)
    if _flees(a, a_flee):
        return Fraction(0)
    return None


def _hold_probability(a: Side, d: Side, a_flee, d_flee) -> Fraction:
    """Chance the attacker holds the hex from the start of a round 2+ state (flee check first)."""
    memo = _WIN_MEMO
    root = (a, d, a_flee, d_flee)
    if root in memo:
        return memo[root]
    stack = [root]
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        sa, sd, _, _ = key
        done = _terminal_or_flee(sa, sd, a_flee, d_flee)
        if done is not None:
            memo[key] = done
            stack.pop()
            continue
        w, _t, l, won, lost = _children_memo(sa, sd)
        k_won = (won[0], won[1], a_flee, d_flee)
        k_lost = (lost[0], lost[1], a_flee, d_flee)
        v_won = memo.get(k_won)
        v_lost = memo.get(k_lost)
        if v_won is None or v_lost is None:
            if v_won is None:
                stack.append(k_won)
            if v_lost is None:
                stack.append(k_lost)
            continue
        memo[key] = (v_won * w + v_lost * l) / (w + l)
        stack.pop()
    return memo[root]


def _first_round_hold(a: Side, d: Side, a_flee, d_flee) -> Fraction:
    """Round 1 is always fought (no fleeing), then round 2+ rules apply."""
    if a_flee is None and d_flee is None:
        return _hold_probability(a, d, None, None)  # no thresholds: round 1 is like any other
    w, t, l, won, lost = _children_memo(a, d)
    total = w + t + l
    value = _hold_probability(won[0], won[1], a_flee, d_flee) * w
    value += _hold_probability(lost[0], lost[1], a_flee, d_flee) * l
    if t:
        value += _hold_probability(a, d, a_flee, d_flee) * t
    return value / total


@dataclass(frozen=True)
class CombatTable:
    """``table[i, j]``: the attacker's chance to hold the hex, attackers[i] v defenders[j]."""

    attackers: tuple
    defenders: tuple
    values: tuple  # rows of Fractions

    def __getitem__(self, key: tuple[int, int]) -> Fraction:
        i, j = key
        return self.values[i][j]

    def float_grid(self) -> list[list[float]]:
        return [[float(p) for p in row] for row in self.values]

    def __repr__(self) -> str:
        return f"CombatTable({len(self.attackers)} attackers x {len(self.defenders)} defenders)"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{d.describe()}</th>" for d in self.defenders)
        rows = "".join(
            f"<tr><th>{a.describe()}</th>"
            + "".join(f"<td title='{p}'>{format_percent(p, 0, clamp=False)}</td>" for p in row)
            + "</tr>"
            for a, row in zip(self.attackers, self.values)
        )
        return (
            "<div class='livestock-odds'><b>Attacker's chance to hold the hex (rows: attacker,"
            " columns: defender; hover for the exact fraction)</b>"
            f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        )


def space_pigs_table(
    attackers: Iterable[Side],
    defenders: Iterable[Side],
    *,
    attacker_flee_at: Optional[int] = None,
    defender_flee_at: Optional[int] = None,
) -> CombatTable:
    """The attacker's exact chance to hold the hex for every attacker x defender pair.

    ``space_pigs_table([Pigs(i) for i in range(1, 21)], [Pigs(j) for j in range(1, 21)])``
    is the 20 x 20 piglet table; all cells share one memo of combat states.
    """
    attackers, defenders = tuple(attackers), tuple(defenders)
    rows = []
    for a in attackers:
        _check_side("attacker", a)
        a_flee = _check_flee("attacker", a, attacker_flee_at)
        row = []
        for d in defenders:
            _check_side("defender", d)
            d_flee = _check_flee("defender", d, defender_flee_at)
            row.append(_first_round_hold(a, d, a_flee, d_flee))
        rows.append(tuple(row))
    return CombatTable(attackers, defenders, tuple(rows))


# ---------------------------------------------------------------------------------------------
# Full distribution of one combat


class _Chance:
    """An attribute of :class:`CombatOdds`: the chance that the combat ends in one of ``endings``."""

    def __init__(self, *endings: str, doc: str | None = None) -> None:
        self.endings = endings
        self.__doc__ = doc or f"Chance the combat ends with: {' or '.join(endings)}."

    @overload
    def __get__(self, odds: None, owner: Any = None) -> "_Chance": ...

    @overload
    def __get__(self, odds: "CombatOdds", owner: Any = None) -> Fraction: ...

    def __get__(self, odds: "CombatOdds | None", owner: Any = None) -> "Fraction | _Chance":
        if odds is None:
            return self
        return sum((p for (_, _, e), p in odds.final.items() if e in self.endings), Fraction(0))


@dataclass(frozen=True)
class CombatOdds:
    """Exact outcome of one Space Pigs combat.

    ``attacker`` / ``defender``: the chance that side is the one left on the hex (the other was
    eliminated or fled). ``final`` maps ``(attacker_side, defender_side, ending)`` to its chance,
    where ``ending`` is one of ``"defender eliminated"``, ``"defender fled"``,
    ``"attacker eliminated"``, ``"attacker fled"``.
    """

    attacker_start: Side
    defender_start: Side
    attacker_flee_at: Optional[int]
    defender_flee_at: Optional[int]
    final: dict

    defender_eliminated = _Chance(ATTACKER_LEFT)
    attacker_eliminated = _Chance(DEFENDER_LEFT)
    defender_fled = _Chance(DEFENDER_FLED)
    attacker_fled = _Chance(ATTACKER_FLED)
    attacker = _Chance(ATTACKER_LEFT, DEFENDER_FLED, doc="Chance the attacker is the one left on the hex.")
    defender = _Chance(DEFENDER_LEFT, ATTACKER_FLED, doc="Chance the defender is the one left on the hex.")

    def _states(self, index: int) -> dict:
        out: dict = {}
        for key, p in self.final.items():
            out[key[index]] = out.get(key[index], Fraction(0)) + p
        return dict(sorted(out.items(), key=lambda kv: _side_sort_key(kv[0])))

    @property
    def attacker_survivor_states(self) -> dict:
        """Distribution of the attacker's side at the end (fled troops count as survivors)."""
        return self._states(0)

    @property
    def defender_survivor_states(self) -> dict:
        return self._states(1)

    @staticmethod
    def _counts(states: dict) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for side, p in states.items():
            out[side.troops] = out.get(side.troops, Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def attacker_survivors(self) -> dict[int, Fraction]:
        """Troops the attacker has at the end -> chance (0 means eliminated)."""
        return self._counts(self.attacker_survivor_states)

    @property
    def defender_survivors(self) -> dict[int, Fraction]:
        return self._counts(self.defender_survivor_states)

    @property
    def attacker_piglets_hogs(self) -> dict[tuple[int, int], Fraction]:
        """For pigs: (piglets, hogs) left -> chance."""
        return {(s.piglets, s.hogs): p for s, p in self.attacker_survivor_states.items() if hasattr(s, "piglets")}

    @property
    def defender_piglets_hogs(self) -> dict[tuple[int, int], Fraction]:
        return {(s.piglets, s.hogs): p for s, p in self.defender_survivor_states.items() if hasattr(s, "piglets")}

    def expected_survivors(self, side: str = "attacker") -> Fraction:
        dist = self.attacker_survivors if side == "attacker" else self.defender_survivors
        return sum((n * p for n, p in dist.items()), Fraction(0))

    def _title(self) -> str:
        text = f"{self.attacker_start.describe()} attack {self.defender_start.describe()}"
        flee = []
        if self.attacker_flee_at is not None:
            flee.append(f"attacker flees at {self.attacker_flee_at}")
        if self.defender_flee_at is not None:
            flee.append(f"defender flees at {self.defender_flee_at}")
        return text + (f" ({', '.join(flee)})" if flee else "")

    def __repr__(self) -> str:
        parts = [f"attacker {prob_text(self.attacker)}", f"defender {prob_text(self.defender)}"]
        if self.attacker_flee_at is not None or self.defender_flee_at is not None:
            parts.append(f"attacker fled {prob_text(self.attacker_fled)}")
            parts.append(f"defender fled {prob_text(self.defender_fled)}")
        return f"CombatOdds({self._title()}: {', '.join(parts)})"

    def _repr_html_(self) -> str:
        rows = [("attacker holds the hex", self.attacker), ("defender holds the hex", self.defender)]
        if self.attacker_flee_at is not None or self.defender_flee_at is not None:
            rows += [("… of which the defender fled", self.defender_fled),
                     ("… of which the attacker fled", self.attacker_fled)]
        rows += [(f"attacker ends with {n} troop{'s' if n != 1 else ''}", p) for n, p in self.attacker_survivors.items()]
        rows += [(f"defender ends with {n} troop{'s' if n != 1 else ''}", p) for n, p in self.defender_survivors.items()]
        return html_table(f"Space Pigs combat: {self._title()}", rows)


def _side_sort_key(side: Side) -> tuple:
    return (side.troops, getattr(side, "hogs", 0))


def space_pigs_combat(
    attacker: Side,
    defender: Side,
    *,
    attacker_flee_at: Optional[int] = None,
    defender_flee_at: Optional[int] = None,
) -> CombatOdds:
    """Exact odds of a Space Pigs combat fought until one side is eliminated or flees.

    ``space_pigs_combat(Pigs(5), Porcophages(1)).attacker`` is the chance the pigs hold the hex.
    ``attacker_flee_at=N`` means "the attacker flees once it is down to N troops" (checked at
    the start of every round from the second; pigs only).
    """
    _check_side("attacker", attacker)
    _check_side("defender", defender)
    a_flee = _check_flee("attacker", attacker, attacker_flee_at)
    d_flee = _check_flee("defender", defender, defender_flee_at)

    final: dict = {}

    def settle(a: Side, d: Side, p: Fraction) -> bool:
        """Record a finished combat; True if (a, d) is an end state at a round start."""
        if d.troops == 0:
            ending = ATTACKER_LEFT
        elif a.troops == 0:
            ending = DEFENDER_LEFT
        elif _flees(d, d_flee):
            ending = DEFENDER_FLED
        elif _flees(a, a_flee):
            ending = ATTACKER_FLED
        else:
            return False
        key = (a, d, ending)
        final[key] = final.get(key, Fraction(0)) + p
        return True

    # Round 1: always fought.
    w, t, l, won, lost = _children_memo(attacker, defender)
    total = w + t + l
    mass: dict = {}
    for state, ways in ((won, w), (lost, l), ((attacker, defender), t)):
        if ways:
            mass[state] = mass.get(state, Fraction(0)) + Fraction(ways, total)

    # Rounds 2+: states in topological order (children after parents).
    order = _topological_order(list(mass), a_flee, d_flee)
    for state in order:
        p = mass.pop(state, None)
        if p is None:
            continue
        a, d = state
        if settle(a, d, p):
            continue
        w, _t, l, won, lost = _children_memo(a, d)
        for nxt, ways in ((won, w), (lost, l)):
            if ways:
                mass[nxt] = mass.get(nxt, Fraction(0)) + p * ways / (w + l)
    return CombatOdds(attacker, defender, a_flee, d_flee, final)


def _topological_order(starts: list, a_flee, d_flee) -> list:
    """Reachable round-start states, each after every state that can lead to it.

    An iterative depth-first search: a state is marked when it is *expanded* (not when it is
    pushed), so its post-order position comes after all of its descendants even when a state
    is reachable along paths of different lengths (porcophage packs grow, so they are).
    """
    expanded_states: set = set()
    done: set = set()
    post: list = []
    stack = [(start, False) for start in reversed(starts)]
    while stack:
        state, expanded = stack.pop()
        if expanded:
            if state not in done:
                done.add(state)
                post.append(state)
            continue
        if state in expanded_states:
            continue
        expanded_states.add(state)
        stack.append((state, True))
        a, d = state
        if _terminal_or_flee(a, d, a_flee, d_flee) is not None:
            continue
        _w, _t, _l, won, lost = _children_memo(a, d)
        for nxt in (won, lost):
            if nxt not in expanded_states:
                stack.append((nxt, False))
    post.reverse()
    return post
