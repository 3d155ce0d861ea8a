"""The strong Space Pigs bot's own heuristic, :class:`StrongPolicy`: the greedy bot with the
changes that beat greedy bots (the figures are in :mod:`.strong`'s docstring).

- It plays for its recipe only: a planet of a colour its planets already make enough of is worth
  nothing to it (the greedy bot takes every free planet it passes), and from turn 2 it leaves no
  guard on such a surplus planet, so those troops travel on. Greedy bots call the clan making
  the most acorns the leader: they send the aliens at it, attack its planets and vote against
  it, so a clan that makes exactly its recipe draws less fire and keeps its troops together.
- From turn 2 it lands on a planet its recipe lacks when the exact combat odds give it 40% or
  more with every troop it can spare (the greedy bot waits for 55%).
- It attacks a planet of a clan that, as far as it can see, may be producing its recipe already
  (:func:`recipe_done_chance`), at 30% odds or better: the victory is checked at the end of the
  turn, so taking one of that clan's planets first stops it.
- It stands for Royal Pig at every election it may stand in; as Royal Pig it hands the colonists
  it does not keep to the clans least likely to be producing their recipe, then to the smallest,
  and sends the aliens at the clan most likely to be producing its recipe (then the biggest
  producer), where the greedy bot goes by production alone.

It reads ``state.player_view(its seat)`` only, as the greedy bot does.

Tried against three greedy bots on the same games and not kept (none was ahead of the heuristic
above by more than one win on the games both played, runs of 35 to 100 games; it won 43 of the
first 100): the biggest travel markers first (turns 1 to 2), more guards on a threatened recipe
planet, redeploying troops to them in 3B, attacking at 30% odds, counting the troops next to a
planet as one attack, attacks on turn 1, a stronger denial (worth 8 acorns, from 20% odds) or
none at all, laying its recipe's colours on the rim during the layout.
"""
from __future__ import annotations

from .actions import Done, Stand
from .bots import COLOUR_INDEX, WORM, GreedyBot, _acorns_of, _Plan, _production, _strength
from .data import RECIPES
from .views import SpacePigsPlayerView

__all__ = ["StrongPolicy", "recipe_done_chance"]

#: the odds it attacks a planet its recipe lacks at, and a planet of a clan that may be winning
BOLD_ODDS = 0.4
DENIAL_ODDS = 0.3
#: what taking a planet from a clan that is surely producing its recipe is worth (in acorns)
DENIAL_WORTH = 4.0


def recipe_done_chance(view: SpacePigsPlayerView, q: int) -> float:
    """The chance, as ``view``'s seat sees it, that clan ``q``'s planets produce its whole recipe
    now: its recipe when the seat knows it, else the share of the recipes it may hold (any but the
    seat's own) that its production covers."""
    known = view.clans[q].recipe
    own = view.clans[view.viewer].recipe if view.viewer is not None else None
    recipes = [known] if known is not None else [r for r in RECIPES if r != own]
    made = _production(view, q)
    return sum(all(m >= n for m, n in zip(made, r)) for r in recipes) / len(recipes) if recipes else 0.0


class _StrongPlan(_Plan):
    """The greedy bot's reading of the map, for the recipe alone, with bolder attacks."""

    def gain(self, h: int) -> float:
        x = self.view.hexes[h]
        if not x.face_down and x.colour in COLOUR_INDEX and self.gap[COLOUR_INDEX[x.colour]] == 0:
            return 0.0  # its colour is made in full already
        return super().gain(h)

    def keep_at(self, h: int) -> int:
        x = self.view.hexes[h]
        if self.view.turn >= 2 and x.kind in ("P", "D") and x.colour in COLOUR_INDEX:
            c = COLOUR_INDEX[x.colour]
            if self._made()[c] - _acorns_of(self.view, h) >= self._need()[c]:
                return 0  # a surplus planet: its troops are free to go
        return super().keep_at(h)

    def _need(self) -> list[int]:
        clan = self.view.clans[self.p]
        need = list(clan.recipe) if clan.recipe is not None else [0, 0, 0]
        if clan.seventh in COLOUR_INDEX:
            need[COLOUR_INDEX[clan.seventh]] += 1
        return need

    def _made(self) -> list[int]:
        return _production(self.view, self.p)

    def move_value(self, src: int, dst: int, total: int, hogs: int) -> tuple[float, int]:
        value, send = super().move_value(src, dst, total, hogs)
        x = self.view.hexes[dst]
        if self.view.turn < 2 or x.kind == "S" or not self.enemies(dst):
            return value, send
        spare = total - self.keep_at(src)
        if spare <= 0:
            return value, send
        chance = self.win_chance(spare, hogs, dst)
        gain = self.gain(dst)
        if value <= 0 and gain >= 1.5 and chance >= BOLD_ODDS:  # a planet the recipe lacks
            value, send = chance * gain - (1 - chance) * 0.3 * spare, spare
        holder = x.occupants[0].who
        if x.kind in ("P", "D") and len(x.occupants) == 1 and holder >= 0 and chance >= DENIAL_ODDS:
            danger = recipe_done_chance(self.view, holder)
            worth = chance * (gain + DENIAL_WORTH * danger) - (1 - chance) * 0.3 * spare
            if danger > 0 and worth > value:
                return worth, spare
        return value, send


class StrongPolicy(GreedyBot):
    """The greedy bot playing for its recipe alone, bolder, denying, and always a candidate
    (see the module docstring)."""

    name = "Greedy (strong's heuristic)"
    plan_class = _StrongPlan

    def choose(self, state):
        p = state.current_player
        if p is not None and Stand(p, True) in state.legal_actions():
            return Stand(p, True)
        return super().choose(state)

    @staticmethod
    def _give(view: SpacePigsPlayerView, p: int, options: list):
        mine = [a for a in options if a.to == p]
        if mine:
            return mine[0]
        return max(options, key=lambda a: (-recipe_done_chance(view, a.to), -sum(_production(view, a.to)),
                                           -_strength(view, a.to), -a.to))

    @staticmethod
    def _aliens(view: SpacePigsPlayerView, p: int, options: list):
        danger = {q: recipe_done_chance(view, q) + 0.1 * sum(_production(view, q))
                  for q in range(view.players) if q != p}

        def score(a):
            if any(o.who == WORM for o in view.hexes[a.src].occupants):
                return (False, 0.0, 0, 0, -a.dst)  # the worm only shrinks the galaxy: let it sleep
            enemy = [o for o in view.hexes[a.dst].occupants if not o.is_alien and o.who != p]
            mine = any(o.who == p for o in view.hexes[a.dst].occupants)
            worst = max([danger[o.who] for o in enemy] or [0.0])
            return (bool(enemy) and not mine, worst, _acorns_of(view, a.dst), -sum(o.count for o in enemy), -a.dst)
        best = max(options, key=score)
        return best if score(best)[0] else Done(p)
