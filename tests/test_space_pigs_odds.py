"""The engine's combat agrees with the exact odds of livestock_notebooks.odds (one shared model)."""
from __future__ import annotations

import math

import pytest

from livestock_notebooks import space_pigs as sp
from livestock_notebooks.odds import AcornWorm, Pigs, Pirates, Porcophages, space_pigs_combat
from livestock_notebooks.space_pigs import Done, MoveAliens, PlayCard
from livestock_notebooks.space_pigs.data import CARDS

RUNS = 3000
# the combat is on H0, the core of a tiny galaxy; every player also holds a far hex (not next to
# H0, so nobody can flee) so that winning with one troop left does not eliminate the winner
CELLS = ["0,0:Pr", "1,0:Py", "-1,0:A", "0,1:Pb", "1,-1:Dr", "0,-1:A", "-1,1:Pb", "2,0:A:a2", "-2,0:A:b2"]


def _position(h0: str, extra: dict | None = None) -> str:
    cells = list(CELLS)
    cells[0] += ":" + h0
    for h, occ in (extra or {}).items():
        cells[h] += ":" + occ
    return " ".join(cells)


def _attacker_holds(state, attacker) -> bool:
    occ = state.troops_on(0)
    if not occ:
        return False
    first = occ[0]
    return first.get("player") == attacker if isinstance(attacker, int) else first.get("aliens") == attacker


def _check(hits: int, p) -> None:
    p = float(p)
    se = math.sqrt(p * (1 - p) / RUNS)
    assert abs(hits / RUNS - p) <= 4 * se + 1e-9, (hits / RUNS, p, se)


@pytest.mark.parametrize("h0,attacker_side,defender_side", [
    ("a4:b3h1", Pigs(3, 1), Pigs(4)),  # P2 attacks P1: 1d8+3 against 1d6+3
    ("a2h1:b6", Pigs(6), Pigs(2, 1)),
    ("por1:b4", Pigs(4), Porcophages(1)),  # the pack grows on piglet kills
    ("pir3:b5", Pigs(5), Pirates(3)),
    ("worm:b6", Pigs(6), AcornWorm()),
])
def test_engine_combat_matches_exact_odds(h0, attacker_side, defender_side):
    exact = space_pigs_combat(attacker_side, defender_side)
    hits = 0
    for seed in range(RUNS):
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=3A order=213 rp=1 | {_position(h0, {6: 'c5'})}", seed=seed)
        assert s.combat is None  # no card, no flight possible: fought to the end at once
        hits += _attacker_holds(s, 1)
    _check(hits, exact.attacker)


def test_engine_alien_attack_matches_exact_odds():
    # A growing porcophage pack: the case that once showed a solver-order bug in the odds.
    exact = space_pigs_combat(Porcophages(2), Pigs(3)).attacker
    hits = 0
    for seed in range(RUNS):
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=3C order=123 rp=2 | {_position('a3', {2: 'por2', 6: 'c5', 4: 'b1'})}",
                             seed=seed)
        s.apply(MoveAliens(1, 2, 0))
        hits += _attacker_holds(s, "porcophages")
    _check(hits, exact)


def test_engine_combat_with_card_bonuses_matches_exact_odds():
    att = next(c for c in CARDS if c.kind == "combat" and c.attack == 2 and c.tech <= 1)
    dfn = next(c for c in CARDS if c.kind == "combat" and c.defense == 1 and c.tech == 0)
    exact = space_pigs_combat(Pigs(3, bonus=att.attack), Pigs(3, bonus=dfn.defense))
    hits = 0
    for seed in range(RUNS):
        s = sp.from_notation(f"SP1 n=3 turn=2 seq=3A order=213 rp=1 hands={dfn.id}/{att.id}/ | "
                             f"{_position('a3:b3', {6: 'c5'})}", seed=seed)
        s.apply(PlayCard(0, dfn.id))
        s.apply(PlayCard(1, att.id))
        hits += _attacker_holds(s, 1)
    _check(hits, exact.attacker)
