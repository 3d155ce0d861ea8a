"""Command cards (rulebook: Command Cards): which may be played, on what, and their effects."""
from __future__ import annotations

from bisect import insort

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from . import actions as A
from . import data as D
from .battle import RESPOND
from .board import N_RESOURCES, _RESOURCE_NAMES, LivestockBoard, _action, known
from .events import EventKind


class CommandCardsMixin(LivestockBoard):
    """Cards on offer, their targets, playing one, and why a card cannot be played."""

    def _card_options(self, seat: int, slots: list[int], out: list) -> None:
        hand = self.hands[seat]
        if not hand:
            return
        phase = self.phase
        for c in hand:
            if D.CARD_DEFENDING[c] or phase not in D.CARD_PHASES[c]:
                continue
            out.extend(self._card_targets(seat, c, slots))

    def _card_targets(self, seat: int, c: int, slots: list[int]) -> list:
        key = D.CARD_KEYS[c]
        effect = D.CARD_EFFECT[c]
        kind = effect["kind"]
        gname = self._general_names
        if self._card_waste(seat, kind, slots)[0]:
            return []  # the card would change nothing now: not offered (explained if tried)
        if kind in ("attack_bonus", "overrun", "harvest_bonus", "extra_transfer"):
            return [_action(A.PlayCard, key, "", "", -1)]
        if kind == "extra_step":
            return [_action(A.PlayCard, key, gname[s], "", -1) for s in slots if not self.done[s]]
        if kind == "extra_step_all":
            return [_action(A.PlayCard, key, "", "", -1)] if any(not self.done[s] for s in slots) else []
        if kind == "second_wind":
            return [_action(A.PlayCard, key, gname[s], "", -1) for s in slots if self.done[s]]
        if kind == "gain_choice":
            return [_action(A.PlayCard, key, "", _RESOURCE_NAMES[r], -1) for r in range(N_RESOURCES) if self.token_supply[r] > 0]
        if kind == "gain":
            if any(self.token_supply[D.RESOURCE_INDEX[r]] > 0 for r in effect["resources"]):
                return [_action(A.PlayCard, key, "", "", -1)]
            return []
        if kind == "steal":
            return [
                _action(A.PlayCard, key, "", _RESOURCE_NAMES[r], p)
                for p in range(self.players)
                if p != seat and self.alive[p]
                for r in range(N_RESOURCES)
                if self.tokens[p][r] > 0
            ]
        if kind == "free_unit":
            u = D.UNIT_CODE[effect["unit"]]
            if self.troop_stock[u] <= 0:
                return []
            return [_action(A.PlayCard, key, gname[s], "", -1) for s in slots if len(self.armies[s]) < self._cap(s)]
        raise AssertionError(kind)  # pragma: no cover

    def _card_waste(self, seat: int, kind: str, slots: list[int]) -> tuple[str, str]:
        """Why a card with this effect would be wasted if played now (the reason and its rulebook
        section), or ``("", "")``. Such a card is not offered; played anyway it is refused."""
        if kind in ("harvest_bonus", "extra_transfer") and self.super_army[seat]:
            return "a Super Army neither harvests nor transfers units", "Super Army Rules"
        if kind in ("attack_bonus", "overrun") and not any(not self.done[s] and self.steps[s] > 0 for s in slots):
            return "none of your Generals can attack any more this turn", "Attacking"
        if kind == "harvest_bonus" and self.phase == "harvest":
            harvests: list = []
            self._harvest_options(seat, slots, harvests)
            if not harvests:
                return "none of your Generals can harvest any more this turn", "Harvest Phase"
        if kind == "extra_transfer":
            if len(slots) < 2:
                return "a transfer needs two of your Generals on the board", "Transfering Units"
            cells = [self.general_cell[s] for s in slots]
            if self.phase == "marshal" and not any(
                    f == t or t in self._neighbours[f] for i, f in enumerate(cells) for t in cells[i + 1:]):
                return "no two of your Generals stand together or side by side", "Transfering Units"
        return "", ""

    def _do_play_card(self, a) -> list[Event]:
        c = D.CARD_CODE[a.card]
        b = self.battle
        seat = b.decider if b is not None else self.turn
        self.hands[seat].remove(c)
        self.played.append(c)
        name = D.CARD_NAMES[c]
        effect = D.CARD_EFFECT[c]
        kind = effect["kind"]
        data = {"card": a.card, "effect": kind}
        text = f"{self._player_text(seat)} plays {name}"
        events = []
        if b is not None:  # a defending card
            b.card = c
            events.append(Event(EventKind.CARD, f"{text}: {D.CARDS[c]['text']}", seat, data))
            events.extend(self._fight())
            return events
        if kind == "attack_bonus":
            self.bonuses["attack"] += effect["value"]
        elif kind == "overrun":
            self.bonuses["overrun"] += effect["value"]
        elif kind == "harvest_bonus":
            self.bonuses["harvest"] += effect["value"]
        elif kind == "extra_transfer":
            self.transfers_left += effect["value"]
        elif kind == "extra_step":
            s = self._slot_by_name[a.general]
            self.steps[s] += effect["value"]
            text += f" on {self._general_text(s)}"
        elif kind == "extra_step_all":
            for s in self._own_slots(seat):
                if not self.done[s]:
                    self.steps[s] += effect["value"]
        elif kind == "second_wind":
            s = self._slot_by_name[a.general]
            self.done[s] = 0
            self.steps[s] = self._base_steps(s)
            # the card gives the turn its action back: a Super Army formed before anyone acts again
            # may act this turn (as it may when it forms before any General acted)
            self.has_acted = 0
            text += f" on {self._general_text(s)}"
        elif kind == "gain_choice":
            r = D.RESOURCE_INDEX[a.resource]
            got = min(effect["value"], self.token_supply[r])
            self.token_supply[r] -= got
            self.tokens[seat][r] += got
            text += f" and takes {got} {a.resource}"
            data["gained"] = {a.resource: got}
        elif kind == "gain":
            got = {}
            for rname, v in effect["resources"].items():
                r = D.RESOURCE_INDEX[rname]
                g = min(v, self.token_supply[r])
                self.token_supply[r] -= g
                self.tokens[seat][r] += g
                got[rname] = g
            text += " and takes " + ", ".join(f"{v} {k}" for k, v in got.items())
            data["gained"] = got
        elif kind == "steal":
            r = D.RESOURCE_INDEX[a.resource]
            got = min(effect["value"], self.tokens[a.opponent][r])
            self.tokens[a.opponent][r] -= got
            self.tokens[seat][r] += got
            text += f" and takes {got} {a.resource} from {self._player_text(a.opponent)}"
            data.update(opponent=a.opponent, gained={a.resource: got})
        elif kind == "free_unit":
            s = self._slot_by_name[a.general]
            u = D.UNIT_CODE[effect["unit"]]
            self.troop_stock[u] -= 1
            insort(self.armies[s], u)
            text += f": {D.with_article(D.UNIT_NAMES[u])} joins {self._general_text(s)}"
        else:  # pragma: no cover
            raise AssertionError(kind)
        events.append(Event(EventKind.CARD, text, seat, data))
        return events

    def _explain_card(self, action, seat: int) -> None:
        c = known(D.CARD_CODE, action.card, f"there is no command card {action.card!r}", "Command Cards")
        require(c in self.hands[seat], f"{D.CARD_NAMES[c]} is not in your hand", "Command Cards")
        b = self.battle
        if b is not None and b.stage == RESPOND:
            require(D.CARD_DEFENDING[c], f"{D.CARD_NAMES[c]} cannot be played while defending", "Command Cards")
            require(self._defending_card_matters(b, c),
                    f"{D.CARD_NAMES[c]} would change nothing here: a defender with no defense points from its units "
                    "loses without a roll, and a Super Army destroys Generals with no units", "No Defense")
        else:
            require(self.phase != "super", f"{D.CARD_NAMES[c]} waits until the Super Army has formed "
                    "(while it forms, only marshalling is done)", "Super Army")
            require(not D.CARD_DEFENDING[c],
                    f"{D.CARD_NAMES[c]} is played only when one of your Generals is attacked", "Command Cards")
            require(self.phase in D.CARD_PHASES[c],
                    f"{D.CARD_NAMES[c]} is played in the {' or '.join(sorted(D.CARD_PHASES[c]))} phase",
                    "Command Cards")
        why, section = self._card_waste(seat, D.CARD_EFFECT[c]["kind"], self._own_slots(seat))
        require(not why, f"{D.CARD_NAMES[c]} would be wasted: {why}", section)
        raise IllegalAction(f"{D.CARD_NAMES[c]} has no such target now", "Command Cards")
