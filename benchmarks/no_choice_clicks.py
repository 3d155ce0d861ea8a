"""Clicks with no real choice (issue 27): the decisions of scripted games against bots, each seat
in turn standing for the human.

Greedy bots play every seat; each seat's decisions are what a human in that seat would be asked
(figures per seat and game). Each decision is one of:

- taken for you: one legal action (the play page takes it, with a log line);
- taken for you, only real choice: the game's ``only_real_choice`` says every other action
  changes nothing for the player (Space Pigs: no card could change the combat);
- asked, no real choice: a click the page still asks for although nothing hangs on it, found by
  the checks below: every legal action leads to the same position as the player sees it whatever
  the dice, or (Space
  Pigs) a Pecari technology adjustment that cannot cross the wipeout line, a re-roll that cannot
  change the round's result;
- asked: a real choice.

"Before" counts the clicks with no real choice as the page asked them before ``only_real_choice``
(every decision with more than one legal action asked); "after" as it asks them now. Run it on
an older commit (``git archive``) to see what the engine itself asked then::

    PYTHONPATH=. python benchmarks/no_choice_clicks.py --games 4
"""
from __future__ import annotations

import argparse
from collections import Counter

from livestock_notebooks.core.rng import Dice
from livestock_notebooks.games import GAMES

#: the scripted games: (game, seats, new_game options)
GAMES_PLAYED = (
    ("space_pigs", 3, {"rules": "simple_b", "max_rounds": 6, "auto_layout": True}),  # the play page's first game
    ("space_pigs", 4, {"rules": "full", "max_rounds": 6, "auto_layout": True, "clan_powers": True}),
    ("livestock_uprising", 2, {}),
)


#: the dice each check is repeated with: every die high, every die low, mixed, then seeded draws
#: (a difference that shows only on a rare roll, such as a natural 12, needs the extremes)
DICE_PLANS = ([6] * 30, [1] * 30, [6, 1] * 15, [1, 6] * 15) + tuple(range(8))


def _dice(plan) -> Dice:
    dice = Dice(1000 + plan if isinstance(plan, int) else 999)
    if not isinstance(plan, int):
        dice.script(list(plan))
    return dice


def _same_everywhere(state, player: int, legal: list) -> bool:
    """Every legal action leads to the same position as ``player`` sees it, whatever the dice
    (the plans of :data:`DICE_PLANS`: the real dice are hidden, and one roll could hide a
    difference another would show)."""
    for plan in DICE_PLANS:
        seen = None
        for action in legal:
            after = state.copy()
            after.dice = _dice(plan)
            after.apply(action)
            view = after.player_view(player)
            if seen is None:
                seen = view
            elif view != seen:
                return False
    return True


def _space_pigs_pointless_power(state, legal: list) -> str | None:
    """A Pecari power step whose every use changes nothing (the engine may offer it still)."""
    cb = state.combat
    if cb is None:
        return None
    if cb.stage == "tech" and cb.tech not in (5, 6):
        return "technology adjustment that cannot cross the wipeout line"
    if cb.stage == "reroll":  # checked here on its own, not with the engine's _reroll_matters
        from livestock_notebooks.odds.space_pigs_sides import resolve_round
        a_side, d_side = state._sides(cb)
        ar, dr = cb.rolled()
        outcomes = set()
        for side, dice in (("a", a_side.strength_dice()), ("d", d_side.strength_dice())):
            for value in range(1, dice[0] + 1):
                a = [value] + ar[1:] if side == "a" else ar
                d = [value] + dr[1:] if side == "d" else dr
                outcomes.add(resolve_round(a_side, d_side, sum(a), sum(d))[2])
        if outcomes == {resolve_round(a_side, d_side, sum(ar), sum(dr))[2]}:
            return "re-roll that cannot change the round's result"
    return None


def classify(info, state, player: int) -> str:
    legal = state.legal_actions()
    if len(legal) == 1:
        return "taken for you: one legal action"
    if info.only_real_choice is not None and info.only_real_choice(state, player, legal) is not None:
        return "taken for you: only real choice"
    if info.name == "space_pigs":
        why = _space_pigs_pointless_power(state, legal)
        if why:
            return f"asked, no real choice: {why}"
    if _same_everywhere(state, player, legal):
        return "asked, no real choice: every action leads to the same position"
    return "asked"


def play(game: str, players: int, options: dict, seed: int) -> Counter:
    info = GAMES[game]
    state = info.new_game(players=players, seed=seed, **options)
    bots = [info.make_bot("greedy", seed * 101 + i + 1) for i in range(players)]
    counts: Counter = Counter()
    for _ in range(info.max_actions):
        if state.is_over:
            break
        p = state.current_player
        counts[classify(info, state, p)] += 1
        state.apply(bots[p].choose(state))
    return counts


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per setting (seeds 1..N)")
    args = parser.parse_args(argv)
    for game, players, options in GAMES_PLAYED:
        total: Counter = Counter()
        for seed in range(1, args.games + 1):
            total += play(game, players, options, seed)
        seat_games = args.games * players
        pointless_now = sum(v for k, v in total.items() if k.startswith("asked, no real choice"))
        before = pointless_now + total["taken for you: only real choice"]
        print(f"{game} {players}p {options or ''}: {args.games} games, {sum(total.values())} decisions, "
              f"{sum(total.values()) / seat_games:.1f} per seat and game")
        for kind, n in sorted(total.items()):
            print(f"  {n:5d}  {kind}")
        print(f"  clicks with no real choice: before {before}, after {pointless_now} "
              f"({before / seat_games:.2f} and {pointless_now / seat_games:.2f} per seat and game)")


if __name__ == "__main__":
    main()
