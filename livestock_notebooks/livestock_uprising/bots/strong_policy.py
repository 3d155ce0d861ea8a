"""The strong bot's own playing policy: the greedy bot's play with a Super Army end game that
minds the tempo of battles.

In a fight between two Super Armies the side that strikes first usually wins (armies carry more
attack than defense, and each lost battle costs two units), and a Super Army can reach any
square at most two steps away. :class:`TacticalBot` therefore plays as the greedy bot except:

- its Super Army attacks the other Super Army only when the exact odds of striking now are
  at least as good as those of being struck, and otherwise does not step into its reach (more
  than two steps away) while it hunts the other Generals, so the other army has to come to it;
  once within reach it does not run (two armies of two steps each could chase each other for
  ever) but plays on as the greedy bot, and from round :data:`WAIT_UNTIL` on it waits no more
  (two such armies would wait for each other);
- when only the other side has a Super Army, its Generals walking home avoid ending a move
  within that army's reach where another step home does as well;
- from round :data:`WAIT_UNTIL` on, when only the other side has a Super Army, it goes home to
  form one of its own with any units at all (the greedy bot waits for 3): otherwise two
  Generals of one unit each, rebuying a unit a turn, outlast a Super Army that beats one of
  them a turn, and the game never ends.

:func:`no_hideout` keeps the strong bot's Super Army out of other players' barns (the strong bot
filters its legal actions with it before this policy or its search choose): nobody may attack in
their own barn and only a Super Army may enter another's, so in a two-player game an army in the
other player's barn cannot be attacked at all. A short playout scored by material rates hiding
there above any fight (nothing is lost in it), and a beaten army parked there for good left
games that neither side could finish. It still attacks Generals standing in a barn (the army
that wins advances into it), and then steps out again.

It reads the legal actions and ``player_view(its seat)`` only, like the greedy bot.
"""
from __future__ import annotations

from ...odds.livestock_uprising import livestock_battle
from .. import actions as A
from .heuristic import _FAR, GreedyBot, _walk_distances

__all__ = ["TacticalBot", "no_hideout", "super_duel"]

_REACH = 2  # the steps a Super Army takes in a turn
#: from this round on a Super Army no longer waits out of reach: two armies that both want to
#: strike first would otherwise wait for each other until the round limit
WAIT_UNTIL = 30


def super_duel(attack: int, defense: int) -> float:
    """A Super Army attacking another: the attacker's chance to win less its chance to lose
    (-1 when it has no attack to strike with)."""
    if attack < 1:
        return -1.0
    odds = livestock_battle(attack, defense, attacker_super=True, defender_super=True)
    return float(odds.attacker - odds.defender)


class TacticalBot(GreedyBot):
    """The greedy bot with the Super Army tempo rules of the module docstring."""

    name = "Tactical"

    def _act(self, view, legal, me, mine, gathering):
        enemy = [g for g in view.generals if g.player != me and g.active and g.super_army and g.square]
        if not enemy:
            return super()._act(view, legal, me, mine, gathering)
        threat = enemy[0]
        reach = _walk_distances(view, [threat.square], threat.player, True)
        own = next((g for g in mine if g.super_army), None)
        if own is not None:
            step = self._duel(view, legal, me, own, threat, reach)
            if step is not None:
                return step
            return super()._act(view, legal, me, mine, gathering)
        if gathering:
            step = self._walk_home(view, legal, me, mine, reach)
            if step is not None:
                return step
        return super()._act(view, legal, me, mine, gathering)

    def gathering(self, view, me: int) -> bool:
        """As the greedy bot, and from round :data:`WAIT_UNTIL` on with any units when only the
        other side has a Super Army (see the module docstring)."""
        if super().gathering(view, me):
            return True
        if view.super_army[me] or not view.alive[me] or view.rounds_played < WAIT_UNTIL:
            return False
        if not any(view.super_army[p] and view.alive[p] for p in range(view.players) if p != me):
            return False
        return any(g.units for g in view.generals if g.player == me and g.active)

    # ------------------------------------------------------------------ two Super Armies
    def _duel(self, view, legal, me, own, threat, reach):
        """Our Super Army's action when the other side has one too (``None``: as greedy)."""
        strike = super_duel(own.attack, threat.defense)  # we attack now
        struck = -super_duel(threat.attack, own.defense)  # they attack us (from our side)
        attacks = [a for a in legal if isinstance(a, A.Attack) and a.general == own.name]
        on_threat = next((a for a in attacks if a.to == threat.square), None)
        if on_threat is not None and (strike >= 0 or strike >= struck):
            return on_threat
        if struck >= 0 or view.rounds_played >= WAIT_UNTIL:
            return None  # being struck is welcome (or waiting has gone on long enough): hunt as greedy does
        safe = reach.get(own.square, _FAR) > _REACH
        if own.done or own.steps <= 0 or not safe:
            return None  # within reach already: running away only starts a chase that never ends
        for a in attacks:
            if a.to == threat.square:
                continue
            preview = view.preview(a)
            if preview is not None and preview.destroys and reach.get(a.to, _FAR) > _REACH:
                return a  # a General removed without a battle, and out of reach afterwards
        moves = [a for a in legal if isinstance(a, A.Move) and a.general == own.name]
        targets = [g.square for g in view.generals if g.player != me and g.active and g.square and not g.super_army]
        hunt = _walk_distances(view, targets, me, True) if targets else {}

        def key(a):
            d = reach.get(a.to, _FAR)
            return (d <= _REACH, hunt.get(a.to, _FAR), abs(d - (_REACH + 1)), a.to)

        here = (False, hunt.get(own.square, _FAR), abs(reach.get(own.square, _FAR) - (_REACH + 1)), "")
        best = min(moves, key=key) if moves else None
        if best is not None and key(best)[:3] < here[:3]:
            return best
        return _first_kind(legal, A.EndActions)  # waiting out of reach: the other army must come

    # ------------------------------------------------------------------ walking home under threat
    def _walk_home(self, view, legal, me, mine, reach):
        """A step home for a General, out of the other Super Army's reach when one does as well."""
        barn = self._barn(view, me)
        if barn is None:
            return None
        home = _walk_distances(view, [barn], me, False)
        best, best_key = None, None
        for a in legal:
            if not isinstance(a, A.Move):
                continue
            g = next((g for g in mine if g.name == a.general), None)
            if g is None or home.get(a.to, _FAR) >= home.get(g.square, _FAR):
                continue
            key = (reach.get(a.to, _FAR) <= _REACH and a.to != barn, home.get(a.to, _FAR), a.general, a.to)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best


def no_hideout(view, legal: list, me: int) -> list:
    """``legal`` less the actions that would keep ``me``'s Super Army in another player's barn:
    a step into one, and, while it stands in one with a step out on offer, staying or ending the
    action phase there (see the module docstring). Unchanged without a Super Army of ``me``."""
    if not view.super_army[me] or view.phase != "action" or view.pending is not None:
        return legal
    own = next((g for g in view.generals if g.player == me and g.active and g.super_army and g.square), None)
    if own is None:
        return legal
    hideouts = {sq.name for row in view.board for sq in row
                if sq.terrain == "barn" and sq.barn_of is not None and sq.barn_of != me}
    kept = [a for a in legal if not (isinstance(a, A.Move) and a.general == own.name and a.to in hideouts)]
    if own.square in hideouts and any(isinstance(a, (A.Move, A.Attack)) and a.general == own.name for a in kept):
        kept = [a for a in kept if not isinstance(a, A.EndActions)
                and not (isinstance(a, A.Stay) and a.general == own.name)]
    return kept if kept else legal


def _first_kind(legal, cls):
    return next((a for a in legal if isinstance(a, cls)), legal[-1])
