"""Battles (rulebook: Attack, Battle Resolution, Casualties, No Defense, Retreat): from the attack to the advance."""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import ClassVar

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from ..odds.livestock_uprising import BattleOdds, livestock_battle, livestock_outcome, natural
from . import actions as A
from . import data as D
from .board import ACTIVE, DESTROYED, LOST, N_RESOURCES, OUT, LivestockBoard, _action
from .events import EventKind
from .views import AttackPreview, BattleView, PendingDecision

#: The side that lost a battle (``Battle.loser``), as saves write it.
ATTACKER, DEFENDER = "att", "def"
#: What a battle waits for (``Battle.stage``): nothing (being resolved), a defending card, a casualty, a retreat.
RESOLVING, RESPOND, CASUALTY, RETREAT = "", "respond", "casualty", "retreat"
#: The decision a stage asks for, as ``state.pending["kind"]`` names it.
_DECISION_KIND = {RESPOND: "card", CASUALTY: "casualty", RETREAT: "retreat"}


@dataclass
class Battle:
    """The battle in progress (``state.battle``), from the attack until the attacker advances.

    Saves keep the short keys of :attr:`SAVE_KEYS` (``att``, ``frm``, ``defs``, ``abonus``, ``cas`` ...).
    """

    attacker: int  #: the attacking General's slot
    from_cell: int  #: where the attacker stood
    to_cell: int  #: the square attacked
    defenders: list[int]  #: the defending Generals' slots (several in a barn)
    in_barn: bool = False  #: the defenders stand in their barn (no retreat)
    stage: str = RESOLVING  #: what the battle waits for
    decider: int = 0  #: the seat deciding now (the defender for a card, the loser for casualties)
    attack_bonus: int = 0  #: from a command card played earlier this turn
    overrun: int = 0  #: extra casualties a winning attacker causes (a command card)
    card: int = -1  #: the defending command card played (-1: none)
    loser: str = ""  #: ATTACKER or DEFENDER once rolled
    casualties_left: int = 0  #: casualties the losing side still owes
    must_retreat: bool = False  #: the beaten defender still has to retreat

    SAVE_KEYS: ClassVar[dict[str, str]] = {
        "attacker": "att", "from_cell": "frm", "to_cell": "to", "defenders": "defs", "in_barn": "barn",
        "stage": "stage", "decider": "decider", "attack_bonus": "abonus", "overrun": "overrun", "card": "card",
        "loser": "loser", "casualties_left": "cas", "must_retreat": "retreat",
    }

    def to_dict(self) -> dict:
        """The battle as saves write it (short keys; flags as 0/1)."""
        out: dict = {}
        for name, key in self.SAVE_KEYS.items():
            value = getattr(self, name)
            out[key] = int(value) if isinstance(value, bool) else (list(value) if isinstance(value, list) else value)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Battle":
        values = {name: data[key] for name, key in cls.SAVE_KEYS.items()}
        values["defenders"] = list(values["defenders"])
        values["in_barn"] = bool(values["in_barn"])
        values["must_retreat"] = bool(values["must_retreat"])
        return cls(**values)

    def copy(self) -> "Battle":
        return replace(self, defenders=list(self.defenders))


#: the exact odds already worked out (they are immutable), by totals and Super Armies
_ODDS: dict[tuple[int, int, bool, bool], BattleOdds] = {}


#: attack previews already worked out (immutable), by everything they depend on (see ``_preview``)
_PREVIEWS: dict[tuple, AttackPreview] = {}


def _odds(attack: int, defense: int, attacker_super: bool, defender_super: bool) -> BattleOdds:
    key = (attack, defense, attacker_super, defender_super)
    odds = _ODDS.get(key)
    if odds is None:
        odds = _ODDS[key] = livestock_battle(attack, defense, attacker_super=attacker_super,
                                             defender_super=defender_super)
    return odds


class BattleMixin(LivestockBoard):
    """An attack, the defending card, the dice, casualties, retreat and advance; Generals destroyed and players out."""

    battle: Battle | None

    def _battle_now(self) -> Battle:
        """The battle in progress (the rules calling this run only during one)."""
        assert self.battle is not None, "no battle in progress"
        return self.battle

    def pending_decision(self) -> PendingDecision | None:
        """The decision a battle asks of someone now (see :class:`~.views.PendingDecision`)."""
        b = self.battle
        if b is None or not b.stage:
            return None
        return PendingDecision(
            kind=_DECISION_KIND[b.stage],
            player=b.decider,
            attacker=self._general_names[b.attacker],
            defenders=tuple(self._general_names[d] for d in b.defenders),
            square=self._square_names[b.to_cell],
            casualties_left=b.casualties_left,
        )

    @property
    def pending(self) -> dict | None:
        """A decision asked mid-turn: ``{"kind": "card"|"casualty"|"retreat", "player", ...}``."""
        decision = self.pending_decision()
        if decision is None:
            return None
        return dict(asdict(decision), defenders=list(decision.defenders))

    def attack_preview(self, action) -> AttackPreview:
        """What a legal :class:`Attack` would face, with the exact odds (before any defending card)."""
        legal = self.legal_actions()
        if not (any(a is action for a in legal) or action in legal) or not isinstance(action, A.Attack):
            raise IllegalAction(f"{action} is not a legal attack now", "Attack")
        to = self._cell_by_name[action.to]
        defenders = self._barn_group(to) if self.terrain[to] == D.BARN else [self.occupant[to]]
        return self._preview(self._slot_by_name[action.general], self._cell_by_name[action.frm], to, defenders,
                             self.bonuses["attack"])

    def _preview(self, slot: int, frm: int, to: int, defenders: list[int], bonus: int) -> AttackPreview:
        names, armies, super_army = self._general_names, self.armies, self.super_army
        key = (self.size, frm, to, bonus, super_army[slot // 3], super_army[defenders[0] // 3], names[slot],
               tuple(armies[slot]), *[(names[d], tuple(armies[d])) for d in defenders])
        found = _PREVIEWS.get(key)
        if found is None:
            if len(_PREVIEWS) > 5_000:
                _PREVIEWS.clear()
            found = _PREVIEWS[key] = self._work_out_preview(slot, frm, to, defenders, bonus)
        return found

    def _work_out_preview(self, slot: int, frm: int, to: int, defenders: list[int], bonus: int) -> AttackPreview:
        seat = slot // 3
        destroys = [d for d in defenders if self.super_army[seat] and not self.armies[d]]
        fighting = [d for d in defenders if d not in destroys]
        attack = self._attack_total(slot) + bonus
        defense = sum(self._defense_total(d) for d in fighting)
        attacker_super, defender_super = bool(self.super_army[seat]), bool(self.super_army[defenders[0] // 3])
        odds = _odds(attack, defense, attacker_super, defender_super) if fighting else None
        names = self._general_names
        return AttackPreview(
            general=names[slot], frm=self._square_names[frm], to=self._square_names[to], attack=attack,
            defense=defense, attack_bonus=bonus, attacker_super=attacker_super, defender_super=defender_super,
            defenders=tuple(names[d] for d in fighting), destroys=tuple(names[d] for d in destroys), odds=odds,
        )

    def battle_view(self) -> BattleView | None:
        """The battle in progress as public data (totals and odds before any defending card)."""
        b = self.battle
        if b is None:
            return None
        return BattleView(
            attacker=self._general_names[b.attacker],
            defenders=tuple(self._general_names[d] for d in b.defenders),
            square=self._square_names[b.to_cell],
            stage=b.stage,
            decider=b.decider,
            card=D.CARD_KEYS[b.card] if b.card >= 0 else None,
            preview=self._preview(b.attacker, b.from_cell, b.to_cell, b.defenders, b.attack_bonus),
            overrun=b.overrun,
            loser=b.loser,
            casualties_left=b.casualties_left,
            must_retreat=b.must_retreat,
        )

    def preview_attack(self, action) -> dict:
        """What an :class:`Attack` would face, with the exact odds (before any defending card).

        Returns ``{"attack", "defense", "attacker_super", "defender_super", "defenders",
        "destroys", "odds"}``; ``odds`` is a :class:`livestock_notebooks.odds.BattleOdds` (None when
        the Super Army only destroys troopless Generals and nobody fights). :meth:`attack_preview`
        gives the same as a :class:`~.views.AttackPreview`.
        """
        p = self.attack_preview(action)
        return {
            "attack": p.attack, "defense": p.defense, "attacker_super": p.attacker_super,
            "defender_super": p.defender_super, "defenders": list(p.defenders), "destroys": list(p.destroys),
            "odds": p.odds,
        }

    def _retreat_cells(self, slot: int) -> list[int]:
        seat = slot // 3
        out = []
        terrain, occupant, barn_of = self.terrain, self.occupant, self.barn_of
        for nb in self._neighbours[self.general_cell[slot]]:
            t = terrain[nb]
            if t == D.BARN:
                if barn_of[nb] == seat and not any(p == nb and s // 3 != seat for s, p in enumerate(self.general_cell)):
                    out.append(nb)
            elif t < D.FOREST and occupant[nb] < 0:
                out.append(nb)
        return out

    def _battle_options(self, b: Battle) -> list:
        stage = b.stage
        if stage == RESPOND:
            out = [
                _action(A.PlayCard, D.CARD_KEYS[c], "", "", -1)
                for c in self.hands[b.decider]
                if D.CARD_DEFENDING[c] and self._defending_card_matters(b, c)
            ]
            out.append(_action(A.DeclineCard))
            return out
        if stage == CASUALTY:
            return [
                _action(A.Casualty, self._general_names[s], D.UNIT_KEYS[u])
                for s, u in self._casualty_choices(b)
            ]
        if stage == RETREAT:
            name = self._general_names[b.defenders[0]]
            return [_action(A.Retreat, name, self._square_names[c]) for c in self._retreat_cells(b.defenders[0])]
        raise AssertionError(stage)  # pragma: no cover

    def _casualty_choices(self, b: Battle) -> list[tuple[int, int]]:
        slots = b.defenders if b.loser == DEFENDER else [b.attacker]
        out = []
        for s in slots:
            for u in sorted(set(self.armies[s])):
                out.append((s, u))
        return out

    def _do_attack(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot_by_name[a.general]
        frm = self.general_cell[slot]
        to = self._cell_by_name[a.to]
        self.steps[slot] = 0
        self.done[slot] = 1
        self.has_acted = 1
        in_barn = self.terrain[to] == D.BARN
        defenders = self._barn_group(to) if in_barn else [self.occupant[to]]
        defender_seat = defenders[0] // 3
        names = ", ".join(self._general_text(d) for d in defenders)
        events = [Event(EventKind.ATTACK, f"{self._general_text(slot)} attacks {names} at {a.to}", seat,
                        {"attacker": a.general, "from": a.frm, "to": a.to,
                         "defenders": [self._general_names[d] for d in defenders]})]
        bonus_attack = self.bonuses["attack"]
        overrun = self.bonuses["overrun"]
        self.bonuses["attack"] = self.bonuses["overrun"] = 0
        self.battle = Battle(attacker=slot, from_cell=frm, to_cell=to, defenders=defenders, in_barn=in_barn,
                             decider=defender_seat, attack_bonus=bonus_attack, overrun=overrun)
        # Hand sizes are public, the cards are not: a defender holding any command card is asked,
        # whether or not one of them could be played, so the question tells the attacker nothing.
        if self.hands[defender_seat]:
            self._battle_now().stage = RESPOND
            return events
        events.extend(self._fight())
        return events

    def _fighting_defenders(self, b: Battle) -> list[int]:
        """The defenders that fight: against a Super Army, Generals with no units are destroyed instead."""
        if self.super_army[b.attacker // 3]:
            return [d for d in b.defenders if self.armies[d]]
        return list(b.defenders)

    def _defending_card_matters(self, b: Battle, c: int) -> bool:
        """False for a defending card that could change nothing in this battle (it is not offered)."""
        kind = D.CARD_EFFECT[c]["kind"]
        if kind == "cancel_attack":
            return True
        fighting = self._fighting_defenders(b)
        if not fighting:  # a Super Army destroys them all: only calling the attack off helps
            return False
        if kind in ("defense_bonus", "best_of_two", "counter"):  # No Defense: nobody rolls, the defender loses
            return sum(self._defense_total(d) for d in fighting) > 0
        return True

    def _do_decline(self, a) -> list[Event]:
        seat = self._battle_now().decider
        events = [Event(EventKind.CARD, f"{self._player_text(seat)} plays no command card", seat, {"card": None})]
        events.extend(self._fight())
        return events

    def _fight(self) -> list[Event]:
        """Roll the battle in self.battle and carry out what follows until a decision is needed."""
        b = self._battle_now()
        b.stage = RESOLVING
        att, defs = b.attacker, b.defenders
        card = b.card
        card_kind = D.CARD_EFFECT[card]["kind"] if card >= 0 else ""
        seat, defender_seat = att // 3, defs[0] // 3
        events: list[Event] = []
        if card_kind == "cancel_attack":
            self.battle = None
            events.append(Event(EventKind.BATTLE, "The attack is called off", defender_seat, {"outcome": "cancelled"}))
            return events
        if self.super_army[seat]:
            troopless = [d for d in defs if not self.armies[d]]
            for d in troopless:
                events.extend(self._destroy(d))
            defs = b.defenders = [d for d in defs if d not in troopless]
            if not defs:
                self.battle = None
                if self.phase != "over":
                    self._place(att, b.to_cell)
                    events.append(Event(EventKind.ADVANCE, f"{self._general_text(att)} moves into "
                                        f"{self._square_names[b.to_cell]}", seat,
                                        {"general": self._general_names[att], "to": self._square_names[b.to_cell]}))
                return events
        attack = self._attack_total(att) + b.attack_bonus
        # No Defense: only the units' own defense points count; a card adds to a defense, it cannot make one.
        defense = sum(self._defense_total(d) for d in defs)
        if card_kind == "defense_bonus" and defense > 0:
            defense += D.CARD_EFFECT[card]["value"]
        attacker_super = bool(self.super_army[seat])
        defender_super = bool(self.super_army[defender_seat])
        attacker_dice_rolled: tuple = ()
        defender_dice_rolled: tuple = ()
        if defense > 0:
            attacker_dice_rolled = self.dice.rolls(D.SUPER_DICE if attacker_super else 1)
            defender_dice_count = D.SUPER_DICE if defender_super else 1
            defender_dice_rolled = self.dice.rolls(defender_dice_count)
            if card_kind == "best_of_two":
                other = self.dice.rolls(defender_dice_count)
                if (natural(other, defender_super), sum(other)) > (natural(defender_dice_rolled, defender_super), sum(defender_dice_rolled)):
                    defender_dice_rolled = other
        outcome = livestock_outcome(attack, defense, attacker_dice_rolled, defender_dice_rolled, attacker_super, defender_super)
        data = {"attack": attack, "defense": defense, "attacker_dice": list(attacker_dice_rolled),
                "defender_dice": list(defender_dice_rolled), "outcome": outcome}
        if defense == 0:
            text = f"Defense 0: {self._general_text(defs[0])} loses without a roll"
        else:
            text = (f"Battle: attack {attack} + {'+'.join(map(str, attacker_dice_rolled))} = {attack + sum(attacker_dice_rolled)} against "
                    f"defense {defense} + {'+'.join(map(str, defender_dice_rolled))} = {defense + sum(defender_dice_rolled)}: "
                    + {"attacker": "the attacker wins", "defender": "the defender wins", "tie": "a tie"}[outcome])
            notes = [f"{who} rolled a natural {'12' if nat > 0 else '2'}"
                     for who, nat in (("the attacker", natural(attacker_dice_rolled, attacker_super)), ("the defender", natural(defender_dice_rolled, defender_super)))
                     if nat]
            if notes:
                text += " (" + " and ".join(notes) + ")"
        events.append(Event(EventKind.BATTLE, text, seat, data, irreversible=True))
        if outcome == "tie":
            self.battle = None
            return events
        if outcome == "attacker":
            casualties = (D.SUPER_CASUALTIES if attacker_super else 1) + b.overrun
            if card_kind == "no_casualty":
                casualties = 0
            b.loser = DEFENDER
            b.must_retreat = not (b.in_barn or card_kind == "no_retreat")
        else:
            casualties = (D.SUPER_CASUALTIES if defender_super else 1)
            if card_kind == "counter":
                casualties += D.CARD_EFFECT[card]["value"]
            b.loser = ATTACKER
            b.must_retreat = False
        b.casualties_left = casualties
        events.extend(self._continue_battle())
        return events

    def _continue_battle(self) -> list[Event]:
        b = self._battle_now()
        events: list[Event] = []
        while b.casualties_left > 0:
            choices = self._casualty_choices(b)
            if not choices:
                b.casualties_left = 0
                break
            if len(choices) > 1:
                b.stage = CASUALTY
                b.decider = choices[0][0] // 3
                return events
            events.extend(self._take_casualty(*choices[0], auto=True))
        # casualties done: a Super Army left without units takes its owner out
        losers = b.defenders if b.loser == DEFENDER else [b.attacker]
        loser_seat = losers[0] // 3
        if self.super_army[loser_seat] and not any(self.armies[s] for s in self._own_slots(loser_seat)):
            events.extend(self._eliminate(loser_seat, "its Super Army has no units left"))
        if self.phase == "over":
            self.battle = None
            return events
        if b.loser == DEFENDER and b.must_retreat:
            d = b.defenders[0]
            if self.general_status[d] == ACTIVE:
                cells = self._retreat_cells(d)
                if len(cells) > 1:
                    b.stage = RETREAT
                    b.decider = d // 3
                    return events
                if cells:
                    events.extend(self._retreat(d, cells[0], auto=True))
                else:
                    frm = b.from_cell
                    if self.terrain[frm] == D.BARN:
                        events.append(Event(EventKind.RETREAT, f"{self._general_text(d)} has nowhere to retreat and the attacker came "
                                            "from its barn: both stay where they are", d // 3,
                                            {"general": self._general_names[d], "to": None}))
                        self.battle = None
                        return events + self._after_battle()
                    # swap places
                    att = b.attacker
                    self._lift(att)
                    self._place(d, frm)
                    events.append(Event(EventKind.RETREAT, f"{self._general_text(d)} has no free square and takes "
                                        f"the attacker's square {self._square_names[frm]}", d // 3,
                                        {"general": self._general_names[d], "to": self._square_names[frm]}))
            events.extend(self._advance())
        elif b.loser == DEFENDER and b.in_barn and b.to_cell not in self.general_cell:
            events.extend(self._advance())  # the barn was emptied: the Super Army enters it
        self.battle = None
        return events + self._after_battle()

    def _advance(self) -> list[Event]:
        b = self._battle_now()
        att, to = b.attacker, b.to_cell
        if self.general_status[att] != ACTIVE or to in self.general_cell:
            return []
        self._place(att, to)
        return [Event(EventKind.ADVANCE, f"{self._general_text(att)} moves into {self._square_names[to]}", att // 3,
                      {"general": self._general_names[att], "to": self._square_names[to]})]

    def _after_battle(self) -> list[Event]:
        """If the player whose turn it is left the game in the battle, the turn passes on."""
        if self.phase != "over" and not self.alive[self.turn]:
            return self._next_turn()
        return []

    def _take_casualty(self, slot: int, unit: int, auto: bool = False) -> list[Event]:
        b = self._battle_now()
        self.armies[slot].remove(unit)
        b.casualties_left -= 1
        if unit < D.N_TROOPS:
            self.troop_stock[unit] += 1
            fate = "goes back to the supply"
        else:
            self.special_force_state[unit - D.N_TROOPS] = LOST
            fate = "leaves the game"
        return [Event(EventKind.CASUALTY, f"{self._general_text(slot)} loses {D.with_article(D.UNIT_NAMES[unit])}, which {fate}", slot // 3,
                      {"general": self._general_names[slot], "unit": D.UNIT_KEYS[unit], "auto": auto})]

    def _retreat(self, slot: int, cell: int, auto: bool = False) -> list[Event]:
        self._place(slot, cell)
        return [Event(EventKind.RETREAT, f"{self._general_text(slot)} retreats to {self._square_names[cell]}", slot // 3,
                      {"general": self._general_names[slot], "to": self._square_names[cell], "auto": auto})]

    def _do_casualty(self, a) -> list[Event]:
        slot = self._slot_by_name[a.general]
        events = self._take_casualty(slot, D.UNIT_CODE[a.unit])
        self._battle_now().stage = RESOLVING
        events.extend(self._continue_battle())
        return events

    def _do_retreat(self, a) -> list[Event]:
        b = self._battle_now()
        slot = self._slot_by_name[a.general]
        events = self._retreat(slot, self._cell_by_name[a.to])
        b.must_retreat = False
        b.stage = RESOLVING
        events.extend(self._advance())
        self.battle = None
        return events + self._after_battle()

    def _destroy(self, slot: int) -> list[Event]:
        seat = slot // 3
        where = self._square_names[self.general_cell[slot]]
        self._lift(slot)
        self.general_status[slot] = DESTROYED
        self.steps[slot] = 0
        events = [Event(EventKind.DESTROYED, f"{self._general_text(slot)} has no units and is destroyed at {where}", seat,
                        {"general": self._general_names[slot]})]
        if not self._own_slots(seat):
            events.extend(self._eliminate(seat, "all its Generals are destroyed"))
        return events

    def _eliminate(self, seat: int, why: str) -> list[Event]:
        for s in range(3 * seat, 3 * seat + 3):
            for u in self.armies[s]:
                if u < D.N_TROOPS:
                    self.troop_stock[u] += 1
                else:
                    self.special_force_state[u - D.N_TROOPS] = LOST
            self.armies[s] = []
            if self.general_cell[s] >= 0:
                self._lift(s)
            if self.general_status[s] == ACTIVE:
                self.general_status[s] = OUT
            self.steps[s] = 0
        for r in range(N_RESOURCES):
            self.token_supply[r] += self.tokens[seat][r]
            self.tokens[seat][r] = 0
        self.played.extend(self.hands[seat])
        self.hands[seat] = []
        self.alive[seat] = 0
        events = [Event(EventKind.OUT, f"{self._player_text(seat)} is out of the game: {why}", seat, {"player": seat})]
        left = [p for p in range(self.players) if self.alive[p]]
        if len(left) == 1:
            self.phase = "over"
            self._winners = left
            self.battle = None
            events.append(Event(EventKind.WIN, f"{self._player_text(left[0])} is the last player standing and wins", left[0],
                                {"winners": left}))
        return events

    def _explain_battle_choice(self, action, b) -> None:
        """Why a Casualty or a Retreat is not allowed."""
        if isinstance(action, A.Casualty):
            slot = self._slot_by_name[action.general]
            losers = b.defenders if b.loser == DEFENDER else [b.attacker]
            require(slot in losers, f"{action.general} is not on the losing side", "Casualties")
            raise IllegalAction(f"{action.general} has no {action.unit} to lose", "Casualties")
        require(self._slot_by_name[action.general] == b.defenders[0], f"{action.general} is not the General retreating",
                "Battle Resolution")
        raise IllegalAction("a retreat goes to an empty open square next to the defender", "Battle Resolution")
