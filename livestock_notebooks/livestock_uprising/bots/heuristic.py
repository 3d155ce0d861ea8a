"""Bots for Livestock Uprising, deciding from what their seat may know.

- :class:`RandomBot` (the shared one): a uniformly random legal action.
- :class:`GreedyBot`: harvests what it can reach and use, marshals the dearest unit it can pay
  for, hands a unit to its strongest neighbouring General, attacks when the engine's exact odds
  favour it (playing an attack card first), and once its armies are large enough (sooner as the
  game goes on, or when an opponent already has one) walks every General home and forms a Super
  Army, which then hunts the Generals it can beat, troopless ones first (a Super Army removes them).

Both have ``choose(state) -> action``; ``livestock_notebooks.core.bots.play_out(state, [bot, bot])``
plays a game to the end. The greedy bot reads the legal actions and ``state.player_view(its seat)``
only (the other hands, the deck order and the dice to come never change its choice).
"""
from __future__ import annotations

import random
from collections import deque

from ...core.bots import RandomBot
from .. import actions as A
from .. import data as D

__all__ = ["RandomBot", "GreedyBot"]

_VALUE = {r: i + 1 for i, r in enumerate(D.RESOURCES)}  # grass 1 .. apple 5
_UNIT_WORTH = {k: sum(c) for k, c in zip(D.UNIT_KEYS, D.UNIT_COST)}
_UNIT_POWER = {k: a + d for k, a, d in zip(D.UNIT_KEYS, D.UNIT_ATTACK, D.UNIT_DEFENSE)}
_UNIT_ATTACK = dict(zip(D.UNIT_KEYS, D.UNIT_ATTACK))
_OPEN = frozenset(D.RESOURCES)
_FAR = 99


def _xy(square: str) -> tuple[int, int]:
    return int(square[1:]) - 1, ord(square[0]) - 97


#: each player's active Generals and their units in all, by the tuple of Generals (see :func:`_roster`)
_ROSTERS: dict[tuple[int, int], tuple] = {}


def _roster(generals, me: int) -> tuple[tuple, int]:
    """``me``'s active Generals (in ``generals`` order) and how many units they hold. Worked out
    once per tuple of General views (immutable; a state hands out the same tuple for the same
    Generals), kept with it so that its id cannot be reused while remembered."""
    key = (id(generals), me)
    found = _ROSTERS.get(key)
    if found is None or found[0] is not generals:
        mine = tuple(g for g in generals if g.player == me and g.active)
        found = (generals, mine, sum(len(g.units) for g in mine))
        if type(generals) is not tuple:  # a list could change under the key
            return found[1:]
        if len(_ROSTERS) > 5_000:
            _ROSTERS.clear()
        _ROSTERS[key] = found
    return found[1:]


#: the resources an army can harvest (grass always), by its units
_HARVESTS: dict[tuple[str, ...], frozenset[str]] = {}

#: king-move distances already worked out, by the two square names
_DISTANCES: dict[tuple[str, str], int] = {}


def _dist(a: str, b: str) -> int:
    d = _DISTANCES.get((a, b))
    if d is None:
        (r1, c1), (r2, c2) = _xy(a), _xy(b)
        d = _DISTANCES[(a, b)] = max(abs(r1 - r2), abs(c1 - c2))
    return d


#: walks already worked out, by the board's terrain and barns, the goals, the walker and its kind
_WALKS: dict[tuple, dict[str, int]] = {}


#: resource needs already worked out, by tokens, faction and what the supply still offers
_NEEDS: dict[tuple, dict[str, float]] = {}


def _walk_distances(view, goals, me: int, super_army: bool) -> dict[str, int]:
    """Steps from every square to the nearest of ``goals`` for a General of ``me`` (forests,
    lakes and, unless a Super Army, other players' barns block; Generals standing in the way do
    not: they move or are fought). Remembered: the terrain and barns do not change once laid."""
    key = (_board_facts(view.board)[1], tuple(goals), me, super_army)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) > 20_000:
            _WALKS.clear()
        found = _WALKS[key] = _walk(view, goals, me, super_army)
    return found


#: what the bots read of a board again and again, by the board (views are immutable and a state
#: hands out the same board for the same position): see :func:`_board_facts`
_FACTS: dict[int, tuple] = {}


def _board_facts(board) -> tuple:
    """``(board, terrain and barn of every square, (name, resource, generals) of every resource
    square in board order, the first square of each ``barn_of`` value)``, worked out once per board object (kept with the board, so its id
    cannot be reused while remembered)."""
    found = _FACTS.get(id(board))
    if found is None or found[0] is not board:
        squares = [sq for row in board for sq in row]
        first_of: dict = {}  # the first square (board order) of each barn_of value
        for sq in squares:
            first_of.setdefault(sq.barn_of, sq.name)
        found = (board, tuple((sq.terrain, sq.barn_of) for sq in squares),
                 tuple((sq.name, sq.resource, sq.generals) for sq in squares if sq.resource is not None), first_of)
        if type(board) is not tuple:  # a list could change under the key
            return found
        if len(_FACTS) > 2_000:
            _FACTS.clear()
        _FACTS[id(board)] = found
    return found


def _walk(view, goals, me: int, super_army: bool) -> dict[str, int]:
    squares = {sq.name: sq for row in view.board for sq in row}

    def passable(sq) -> bool:
        if sq.terrain in _OPEN:
            return True
        return sq.terrain == "barn" and (super_army or sq.barn_of == me)

    out = {g: 0 for g in goals if g in squares}
    todo = deque(out)
    while todo:
        here = todo.popleft()
        r, c = _xy(here)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                name = f"{chr(97 + c + dc)}{r + dr + 1}"
                sq = squares.get(name)
                if sq is None or name in out or not passable(sq):
                    continue
                out[name] = out[here] + 1
                todo.append(name)
    return out


class GreedyBot:
    """A simple, sensible player (see the module docstring). Seeded for tie-breaks.

    ``super_army_units``: the units (all Generals together) at which it goes home to form a Super
    Army early in the game; the bar drops by one every ``patience`` rounds, to ``min_units``.
    ``attack_odds``: the least chance of winning a battle it attacks with."""

    name = "Greedy"

    def __init__(self, seed: int | None = 0, *, super_army_units: int = 11, attack_odds: float = 0.6,
                 min_units: int = 6, patience: int = 6):
        self._seed = seed
        self.super_army_units = super_army_units
        self.attack_odds = attack_odds
        self.min_units = min_units
        self.patience = patience

    @property
    def _random(self) -> random.Random:
        """The tie-break generator, seeded on first use (a playout's bots mostly never draw)."""
        rng = self.__dict__.get("_rng")
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng

    # ------------------------------------------------------------------ entry point
    def choose(self, state):
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        view = state.player_view(state.current_player)  # from here on, only what this seat may know
        return self.decide(view, legal)

    def decide(self, view, legal):
        """The choice among ``legal`` seen from ``view`` (the deciding seat's view)."""
        me = view.current_player
        if view.pending is not None:
            return self._decide_pending(view, legal, view.pending)
        phase = view.phase
        if phase == "barn":
            return self._random.choice(legal)
        mine = list(_roster(view.generals, me)[0])
        if phase == "super":
            buys = [a for a in legal if isinstance(a, A.Marshal)]
            return self._best_buy(buys, mine) if buys else _first(legal, A.FormSuperArmy)
        card = self._useful_card(view, legal, me, mine)
        if card is not None:
            return card
        gathering = self.gathering(view, me)
        if gathering and any(isinstance(a, A.DeclareSuperArmy) for a in legal):
            if phase == "action" and not view.has_acted:
                return _first(legal, A.DeclareSuperArmy)  # formed now, the Super Army still acts this turn
            if phase == "marshal":
                return _first(legal, A.DeclareSuperArmy)
        if phase == "action":
            return self._act(view, legal, me, mine, gathering)
        if phase == "harvest":
            harvests = [a for a in legal if isinstance(a, A.Harvest)]
            if harvests:
                need = self._needs(view, me)
                return max(harvests, key=lambda a: (need.get(a.resource, 0), _VALUE[a.resource], a.general))
            return _first(legal, A.EndHarvest)
        if phase == "marshal":
            buys = [a for a in legal if isinstance(a, A.Marshal)]
            if buys:
                return self._best_buy(buys, mine)
            transfer = self._transfer(legal, mine, gathering)
            return transfer if transfer is not None else _first(legal, A.EndTurn)
        return legal[-1]

    # ------------------------------------------------------------------ the Super Army decision
    def gathering(self, view, me: int) -> bool:
        """Whether ``me`` should walk its Generals home and form a Super Army: its units reach a bar
        that falls as rounds pass, or an opponent already has a Super Army (its Generals would be
        picked off one by one)."""
        if view.super_army[me] or not view.alive[me]:
            return False
        units = _roster(view.generals, me)[1]
        if units == 0:
            return False
        if any(view.super_army[p] and view.alive[p] for p in range(view.players) if p != me):
            return units >= min(3, self.min_units)
        bar = max(self.min_units, self.super_army_units - view.rounds_played // max(1, self.patience))
        return units >= bar

    # ------------------------------------------------------------------ pieces
    def _decide_pending(self, view, legal, pending):
        kind = pending.kind
        if kind == "card":
            plays = [a for a in legal if isinstance(a, A.PlayCard)]
            return plays[0] if plays else legal[-1]
        if kind == "casualty":
            return min(legal, key=lambda a: (_UNIT_POWER[a.unit], _UNIT_WORTH[a.unit], a.general, a.unit))
        # retreat: as far as possible from enemies
        me = view.current_player
        enemies = [g.square for g in view.generals if g.player != me and g.square]
        return max(legal, key=lambda a: (min((_dist(a.to, e) for e in enemies), default=9), a.to))

    def _best_buy(self, buys, mine):
        load = {g.name: len(g.units) for g in mine}
        return max(buys, key=lambda a: (_UNIT_WORTH[a.unit], _UNIT_POWER[a.unit], -load.get(a.general, 0), a.general))

    def _transfer(self, legal, mine, gathering):
        """One unit from a weaker General to the strongest neighbour with room (never its last)."""
        if gathering:
            return None
        strength = {g.name: (g.attack + g.defense, g.name) for g in mine}
        best, best_key = None, None
        for a in legal:
            if not isinstance(a, A.Transfer) or strength[a.to] <= strength[a.frm]:
                continue
            frm = next(g for g in mine if g.name == a.frm)
            if len(frm.units) < 2:
                continue
            key = (strength[a.to], _UNIT_ATTACK[a.unit], a.unit, a.frm)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _needs(self, view, me: int) -> dict[str, float]:
        """How much one more token of each resource helps: little once it is plentiful, more when
        it brings a unit still in the supply within reach. The last answer is kept with its view
        (views are immutable): a decision asks once per General."""
        last = self.__dict__.get("_last_needs")
        if last is not None and last[0] is view and last[1] == me:
            return dict(last[2])
        key = (view.tokens[me], view.factions[me], view.troop_supply, view.special_forces)
        found = _NEEDS.get(key)
        if found is None:
            if len(_NEEDS) > 20_000:
                _NEEDS.clear()
            found = _NEEDS[key] = self._work_out_needs(view, me)
        self._last_needs = (view, me, found)
        return dict(found)

    @staticmethod
    def _work_out_needs(view, me: int) -> dict[str, float]:
        have = dict(zip(D.RESOURCES, view.tokens[me]))
        need = {r: float(_VALUE[r]) if have[r] < 4 else 0.5 for r in D.RESOURCES}
        faction = view.factions[me]
        for u, (key, cost) in enumerate(zip(D.UNIT_KEYS, D.UNIT_COST)):
            if u < D.N_TROOPS:
                if view.troop_supply[u] <= 0:
                    continue
            elif D.UNITS[u]["faction"] != faction or view.special_forces[u - D.N_TROOPS] != "available":
                continue
            short = {r: c - have[r] for r, c in zip(D.RESOURCES, cost) if c > have[r]}
            missing = sum(short.values())
            if 0 < missing <= 3:
                for r in short:
                    need[r] = max(need[r], _VALUE[r] + _UNIT_WORTH[key] / missing)
        return need

    def _useful_card(self, view, legal, me, mine):
        phase = view.phase
        for a in legal:
            if not isinstance(a, A.PlayCard):
                continue
            kind = D.CARD_EFFECT[D.CARD_CODE[a.card]]["kind"]
            if phase == "marshal" and kind in ("gain", "free_unit"):
                return a
            if phase == "marshal" and kind in ("gain_choice", "steal") and a.resource in ("carrot", "apple", "corn"):
                return a
            if phase == "harvest" and kind == "harvest_bonus" and any(isinstance(b, A.Harvest) for b in legal):
                return a
        return None

    def _action_card(self, legal, kinds, general=""):
        for a in legal:
            if isinstance(a, A.PlayCard) and D.CARD_EFFECT[D.CARD_CODE[a.card]]["kind"] in kinds and a.general == general:
                return a
        return None

    def _best_attack(self, view, legal):
        """The attack with the best odds (a Super Army's, or one on a General it destroys, first)."""
        best, best_key = None, None
        for a in legal:
            if not isinstance(a, A.Attack):
                continue
            preview = view.preview(a)
            if preview is None:
                continue
            p = float(preview.odds.attacker) if preview.odds is not None else 1.0
            key = (bool(preview.destroys), p, a.general, a.to)
            if best_key is None or key > best_key:
                best, best_key = (a, p, preview), key
        return best

    def _act(self, view, legal, me, mine, gathering):
        found = self._best_attack(view, legal)
        last_resort = None
        if found is not None:
            attack, p, preview = found
            bar = self.attack_odds
            if preview.attacker_super:
                bar -= 0.15  # a Super Army loses one unit when beaten and wins the game by attacking
            elif gathering:
                bar += 0.2  # on the way home, fight only when it clearly pays
            if gathering and not preview.attacker_super:
                barn = _walk_distances(view, [self._barn(view, me)], me, False)
                if barn.get(attack.to, _FAR) >= barn.get(attack.frm, _FAR):
                    p = 0.0  # on the way home, fight only what stands in the way
            if p >= bar or preview.destroys:
                if preview.odds is not None and p < 0.95:
                    card = self._action_card(legal, ("attack_bonus", "overrun"))
                    if card is not None:
                        return card
                return attack
            if preview.attacker_super:
                last_resort = attack  # a Super Army that cannot get nearer anyone fights anyway
            if p >= bar - 0.2 and not gathering:
                card = self._action_card(legal, ("attack_bonus",))
                if card is not None:
                    return card  # the bonus may lift the odds over the bar
        moves = [a for a in legal if isinstance(a, A.Move)]
        by_general: dict[str, list] = {}
        for move in moves:
            by_general.setdefault(move.general, []).append(move)
        for g in sorted(mine, key=lambda g: g.name):
            options = by_general.get(g.name)
            if not options and not g.super_army:
                continue
            if g.super_army:
                step = self._hunt(view, me, g, options or [], legal)
            else:
                target = self._barn(view, me) if gathering else self._harvest_target(view, me, g)
                step = self._step_towards(view, me, g, options, [target] if target else [])
            if step is not None:
                return step
        if last_resort is not None:
            return last_resort  # waiting cannot make a Super Army stronger: only its attacks win
        return _first(legal, A.EndActions)

    def _hunt(self, view, me, g, options, legal):
        """The Super Army's move: towards the enemy General it can finish soonest."""
        enemies = [e for e in view.generals if e.player != me and e.active and e.square]
        if not enemies:
            return None
        dist = _walk_distances(view, [g.square], me, True)

        def cost(e):
            return (dist.get(e.square, _FAR) + 2 * len(e.units) - 3 * (not e.units), e.name)

        target = min(enemies, key=cost)
        if not options:
            return self._action_card(legal, ("second_wind",), g.name) if g.done else None
        step = self._step_towards(view, me, g, options, [target.square])
        if step is None:
            step = self._step_towards(view, me, g, options, [e.square for e in enemies])
        if step is not None and g.steps == 1 and dist.get(target.square, _FAR) > 2:
            card = self._action_card(legal, ("extra_step", "extra_step_all"), g.name) or \
                self._action_card(legal, ("extra_step_all",))
            if card is not None:
                return card
        return step

    def _step_towards(self, view, me, g, options, goals):
        if not goals or g.square in goals:
            return None
        dist = _walk_distances(view, goals, me, g.super_army)
        here = dist.get(g.square, _FAR)
        step = min(options, key=lambda a: (dist.get(a.to, _FAR), _dist(a.to, goals[0]), a.to))
        return step if dist.get(step.to, _FAR) < here else None

    @staticmethod
    def _barn(view, me):
        return _board_facts(view.board)[3].get(me)

    def _harvest_target(self, view, me, g):
        can = _HARVESTS.get(g.units)
        if can is None:
            harvests = {"grass"}
            for u in g.units:
                harvests.update(D.UNITS[D.UNIT_CODE[u]]["harvests"])
            if len(_HARVESTS) > 5_000:
                _HARVESTS.clear()
            can = _HARVESTS[g.units] = frozenset(harvests)
        need = self._needs(view, me)
        dist = _walk_distances(view, [g.square], me, False)
        best, best_score = None, None
        alone = (g.name,)
        for name, r, generals in _board_facts(view.board)[2]:
            if r not in can or name not in dist:
                continue
            if generals and generals != alone:
                continue
            score = need[r] * 2 - 3 * dist[name]
            if best_score is None or score > best_score:
                best, best_score = name, score
        return best


def _first(legal, cls):
    for a in legal:
        if isinstance(a, cls):
            return a
    return legal[-1]
