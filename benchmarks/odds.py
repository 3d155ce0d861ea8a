"""Benchmark of the exact odds and the Monte Carlo (a script, not a test).

    python benchmarks/odds.py [--quick]

Prints median times of
  * the Space Pigs 20 x 20 piglet table (attacker 1..20 piglets v defender 1..20 piglets,
    the attacker's exact chance to hold the hex), with our one-memo DP and with icepool;
  * the Super Army 31 x 31 table (attack totals 1..31 x defense totals 0..30, a Super Army
    attacking an ordinary army, and two Super Armies), with our code and with icepool;
  * the ratio icepool / ours (target: ours at least 20x faster);
  * Monte Carlo battles per second (target: 10 million or more).
Every exact run starts from empty caches; both libraries' answers are checked to agree.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from livestock_notebooks.odds import Pigs, livestock_table, space_pigs_table  # noqa: E402
from livestock_notebooks.odds import livestock as _livestock  # noqa: E402
from livestock_notebooks.odds import sides as _sides  # noqa: E402
from livestock_notebooks.odds import spacepigs as _spacepigs  # noqa: E402
from livestock_notebooks.odds.montecarlo import simulate_livestock_battle  # noqa: E402


def clear_our_caches() -> None:
    _spacepigs.clear_cache()
    _sides._round_counts.cache_clear()
    _sides.dice_total_distribution.cache_clear()
    _livestock._counts_for_difference.cache_clear()
    _livestock._odds_for_difference.cache_clear()
    _livestock._roll_classes.cache_clear()


def median_time(fn, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        clear_our_caches()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


# --- ours -----------------------------------------------------------------------------------

N_PIGLETS = 20
ATTACKS = range(1, 32)
DEFENSES = range(0, 31)


def ours_piglet_table():
    table = space_pigs_table([Pigs(i) for i in range(1, N_PIGLETS + 1)], [Pigs(j) for j in range(1, N_PIGLETS + 1)])
    return [list(row) for row in table.values]


def ours_super_table(defender_super: bool):
    table = livestock_table(ATTACKS, DEFENSES, attacker_super=True, defender_super=defender_super)
    return table.grid("attacker")


# --- icepool ----------------------------------------------------------------------------------


def icepool_piglet_table():
    """icepool at its best here: a round die with ties rerolled, cached by troop difference,
    a cached step per state, and a finite ``repeat`` (each decisive round removes a troop).
    A naive ``repeat="inf"`` over (a, d) states took about a minute for this table."""
    import functools

    import icepool

    @functools.lru_cache(maxsize=None)
    def round_die(diff):
        return icepool.map(lambda x: icepool.Reroll if x == 0 else (x > 0), icepool.d6 - icepool.d6 + diff)

    @functools.lru_cache(maxsize=None)
    def step(state):
        a, d = state
        if a == 0 or d == 0:
            return icepool.Die([state])
        return icepool.map(lambda won: (a, d - 1) if won else (a - 1, d), round_die(a - d))

    rows = []
    for i in range(1, N_PIGLETS + 1):
        row = []
        for j in range(1, N_PIGLETS + 1):
            die = icepool.map(step, icepool.Die([(i, j)]), repeat=i + j - 1, star=False)
            won = sum(q for outcome, q in die.items() if outcome[1] == 0)
            row.append(Fraction(won, die.denominator()))
        rows.append(row)
    return rows


def icepool_super_table(defender_super: bool, by_difference: bool = False):
    """One ``icepool.map`` per cell, as a user asks for one battle at a time; with
    ``by_difference`` the cells share one computation per attack - defense difference (the
    same shortcut our code takes)."""
    import functools

    import icepool

    two = icepool.d6 + icepool.d6  # a Super Army's natural 12 / 2 is a sum of 12 / 2
    a_die = two
    d_die = two if defender_super else icepool.d6

    def natural(roll, is_super):
        if not is_super:
            return 0
        return 1 if roll == 12 else (-1 if roll == 2 else 0)

    def cell(attack, defense):
        def won(x, y):
            na, nd = natural(x, True), natural(y, defender_super)
            if na or nd:
                return na > nd
            return attack + x > defense + y

        die = icepool.map(won, a_die, d_die)
        return Fraction(die.quantity(True), die.denominator())

    by_diff = functools.lru_cache(maxsize=None)(lambda diff: cell(diff, 0))
    rows = []
    for attack in ATTACKS:
        row = []
        for defense in DEFENSES:
            if defense == 0:
                row.append(Fraction(1))
            else:
                row.append(by_diff(attack - defense) if by_difference else cell(attack, defense))
        rows.append(row)
    return rows


# --- Monte Carlo --------------------------------------------------------------------------------


def monte_carlo_rate(n: int, repeats: int, **kw) -> float:
    times = []
    for seed in range(repeats):
        start = time.perf_counter()
        simulate_livestock_battle(3, 4, n, seed=seed, **kw)
        times.append(time.perf_counter() - start)
    return n / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    ours_repeats = 5 if args.quick else 21
    icepool_repeats = 1 if args.quick else 3

    try:
        import icepool

        icepool_version = icepool.__version__
    except ImportError:  # pragma: no cover
        icepool = None
        icepool_version = None

    print(f"Python {sys.version.split()[0]}; icepool {icepool_version or 'not installed'}")
    print(f"medians: ours over {ours_repeats} cold-cache runs, icepool over {icepool_repeats} runs\n")

    cases = [
        (f"Space Pigs {N_PIGLETS}x{N_PIGLETS} piglet table", ours_piglet_table, icepool_piglet_table),
        ("Super Army 31x31 table (Super Army v army)", lambda: ours_super_table(False), lambda: icepool_super_table(False)),
        ("Super Army 31x31 table (Super Army v Super Army)", lambda: ours_super_table(True), lambda: icepool_super_table(True)),
        ("  same, icepool also memoised by difference", lambda: ours_super_table(False), lambda: icepool_super_table(False, True)),
        ("  same, Super v Super, icepool memoised", lambda: ours_super_table(True), lambda: icepool_super_table(True, True)),
    ]
    for name, ours, theirs in cases:
        t_ours, r_ours = median_time(ours, ours_repeats)
        line = f"{name:<50} ours {t_ours * 1000:8.2f} ms"
        if icepool is not None:
            t_ice, r_ice = median_time(theirs, icepool_repeats)
            agree = "agree" if r_ours == r_ice else "DISAGREE"
            line += f" | icepool {t_ice * 1000:9.1f} ms | ratio {t_ice / t_ours:7.1f}x (target >= 20x) | results {agree}"
        print(line, flush=True)

    print()
    n = 2_000_000 if args.quick else 10_000_000
    mc_repeats = 3 if args.quick else 5
    for label, kw in [
        ("ordinary battles", {}),
        ("Super Army v army", {"attacker_super": True}),
        ("Super Army v Super Army", {"attacker_super": True, "defender_super": True}),
    ]:
        rate = monte_carlo_rate(n, mc_repeats, **kw)
        print(f"Monte Carlo, {label:<24} {rate / 1e6:7.1f} million battles/s (median of {mc_repeats} x {n:,}; target >= 10 million)")


if __name__ == "__main__":
    main()
