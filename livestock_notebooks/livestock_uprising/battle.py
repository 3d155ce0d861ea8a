"""Battles (rulebook: Attack, Battle Resolution, Casualties, No Defense, Retreat): from the attack to the advance."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.protocol import Event, require
from ..odds.livestock_uprising import livestock_outcome, natural
from . import actions as A
from . import data as D
from .board import ACTIVE, DESTROYED, OUT, LivestockBoard, _mk



class BattleMixin(LivestockBoard):
    """An attack, the defending card, the dice, casualties, retreat and advance; Generals destroyed and players out."""

    @property
    def pending(self) -> dict | None:
        """A decision asked mid-turn: ``{"kind": "card"|"casualty"|"retreat", "player", ...}``."""
        b = self.battle
        if b is None or not b["stage"]:
            return None
        kinds = {"respond": "card", "casualty": "casualty", "retreat": "retreat"}
        return {
            "kind": kinds[b["stage"]],
            "player": b["decider"],
            "attacker": self._gname[b["att"]],
            "defenders": [self._gname[d] for d in b["defs"]],
            "square": self._names[b["to"]],
            "casualties_left": b.get("cas", 0),
        }

    def preview_attack(self, action) -> dict:
        """What an :class:`Attack` would face, with the exact odds (before any defending card).

        Returns ``{"attack", "defense", "attacker_super", "defender_super", "defenders",
        "destroys", "odds"}``; ``odds`` is a :class:`livestock_notebooks.odds.BattleOdds` (None when
        the Super Army only destroys troopless Generals and nobody fights).
        """
        from ..odds.livestock_uprising import livestock_battle

        if action not in self.legal_actions() or not isinstance(action, A.Attack):
            raise IllegalAction(f"{action} is not a legal attack now", "Attack")
        slot = self._slot[action.general]
        seat = slot // 3
        to = self._cell[action.to]
        defenders = self._barn_group(to) if self.terrain[to] == D.BARN else [self.occ[to]]
        destroys = [d for d in defenders if self.superarmy[seat] and not self.armies[d]]
        fighting = [d for d in defenders if d not in destroys]
        attack = self._attack_total(slot) + self.buffs["attack"]
        defense = sum(self._defense_total(d) for d in fighting)
        a_super, d_super = bool(self.superarmy[seat]), bool(self.superarmy[defenders[0] // 3])
        odds = livestock_battle(attack, defense, attacker_super=a_super, defender_super=d_super) if fighting else None
        return {
            "attack": attack, "defense": defense, "attacker_super": a_super, "defender_super": d_super,
            "defenders": [self._gname[d] for d in fighting], "destroys": [self._gname[d] for d in destroys],
            "odds": odds,
        }

    def _retreat_cells(self, slot: int) -> list[int]:
        seat = slot // 3
        out = []
        terrain, occ, barn_of = self.terrain, self.occ, self.barn_of
        for nb in self._nb8[self.gpos[slot]]:
            t = terrain[nb]
            if t == D.BARN:
                if barn_of[nb] == seat:
                    out.append(nb)
            elif t < D.FOREST and occ[nb] < 0:
                out.append(nb)
        return out

    def _battle_options(self, b: dict) -> list:
        stage = b["stage"]
        if stage == "respond":
            out = [
                _mk(A.PlayCard, D.CARD_KEYS[c], "", "", -1)
                for c in self.hands[b["decider"]]
                if D.CARD_DEFENDING[c]
            ]
            out.append(_mk(A.DeclineCard))
            return out
        if stage == "casualty":
            return [
                _mk(A.Casualty, self._gname[s], D.UNIT_KEYS[u])
                for s, u in self._casualty_choices(b)
            ]
        if stage == "retreat":
            name = self._gname[b["defs"][0]]
            return [_mk(A.Retreat, name, self._names[c]) for c in self._retreat_cells(b["defs"][0])]
        raise AssertionError(stage)  # pragma: no cover

    def _casualty_choices(self, b: dict) -> list[tuple[int, int]]:
        slots = b["defs"] if b["loser"] == "def" else [b["att"]]
        out = []
        for s in slots:
            for u in sorted(set(self.armies[s])):
                out.append((s, u))
        return out

    def _do_attack(self, a) -> list[Event]:
        seat = self.turn
        slot = self._slot[a.general]
        frm = self.gpos[slot]
        to = self._cell[a.to]
        self.steps[slot] = 0
        self.done[slot] = 1
        self.acted = 1
        in_barn = self.terrain[to] == D.BARN
        defenders = self._barn_group(to) if in_barn else [self.occ[to]]
        dseat = defenders[0] // 3
        names = ", ".join(self._gtext(d) for d in defenders)
        events = [Event("attack", f"{self._gtext(slot)} attacks {names} at {a.to}", seat,
                        {"attacker": a.general, "from": a.frm, "to": a.to,
                         "defenders": [self._gname[d] for d in defenders]})]
        bonus_attack = self.buffs["attack"]
        overrun = self.buffs["overrun"]
        self.buffs["attack"] = self.buffs["overrun"] = 0
        if self.superarmy[seat]:
            troopless = [d for d in defenders if not self.armies[d]]
            for d in troopless:
                events.extend(self._destroy(d))
            defenders = [d for d in defenders if d not in troopless]
            if not defenders:
                if not in_barn and self.phase != "over":
                    self._place(slot, to)
                    events.append(Event("advance", f"{self._gtext(slot)} moves into {a.to}", seat,
                                        {"general": a.general, "to": a.to}))
                return events
        self.battle = {
            "att": slot, "frm": frm, "to": to, "defs": defenders, "barn": int(in_barn),
            "stage": "", "decider": dseat, "abonus": bonus_attack, "overrun": overrun,
            "card": -1, "loser": "", "cas": 0, "retreat": 0,
        }
        if any(D.CARD_DEFENDING[c] for c in self.hands[dseat]):
            self.battle["stage"] = "respond"
            return events
        events.extend(self._fight())
        return events

    def _do_decline(self, a) -> list[Event]:
        seat = self.battle["decider"]
        events = [Event("card", f"{self._ptext(seat)} plays no command card", seat, {"card": None})]
        events.extend(self._fight())
        return events

    def _fight(self) -> list[Event]:
        """Roll the battle in self.battle and carry out what follows until a decision is needed."""
        b = self.battle
        b["stage"] = ""
        att, defs = b["att"], b["defs"]
        card = b["card"]
        ckind = D.CARD_EFFECT[card]["kind"] if card >= 0 else ""
        seat, dseat = att // 3, defs[0] // 3
        events = []
        if ckind == "cancel_attack":
            self.battle = None
            events.append(Event("battle", "The attack is called off", dseat, {"outcome": "cancelled"}))
            return events
        attack = self._attack_total(att) + b["abonus"]
        defense = sum(self._defense_total(d) for d in defs)
        if ckind == "defense_bonus":
            defense += D.CARD_EFFECT[card]["value"]
        a_super = bool(self.superarmy[seat])
        d_super = bool(self.superarmy[dseat])
        adice: tuple = ()
        ddice: tuple = ()
        if defense > 0:
            adice = self.dice.rolls(D.SUPER_DICE if a_super else 1)
            nd = D.SUPER_DICE if d_super else 1
            ddice = self.dice.rolls(nd)
            if ckind == "best_of_two":
                other = self.dice.rolls(nd)
                if (natural(other, d_super), sum(other)) > (natural(ddice, d_super), sum(ddice)):
                    ddice = other
        outcome = livestock_outcome(attack, defense, adice, ddice, a_super, d_super)
        data = {"attack": attack, "defense": defense, "attacker_dice": list(adice),
                "defender_dice": list(ddice), "outcome": outcome}
        if defense == 0:
            text = f"Defense 0: {self._gtext(defs[0])} loses without a roll"
        else:
            text = (f"Battle: attack {attack} + {'+'.join(map(str, adice))} = {attack + sum(adice)} against "
                    f"defense {defense} + {'+'.join(map(str, ddice))} = {defense + sum(ddice)}: "
                    + {"attacker": "the attacker wins", "defender": "the defender wins", "tie": "a tie"}[outcome])
            notes = [f"{who} rolled a natural {'12' if nat > 0 else '2'}"
                     for who, nat in (("the attacker", natural(adice, a_super)), ("the defender", natural(ddice, d_super)))
                     if nat]
            if notes:
                text += " (" + " and ".join(notes) + ")"
        events.append(Event("battle", text, seat, data, irreversible=True))
        if outcome == "tie":
            self.battle = None
            return events
        if outcome == "attacker":
            cas = (D.SUPER_CASUALTIES if a_super else 1) + b["overrun"]
            if ckind == "no_casualty":
                cas = 0
            b["loser"] = "def"
            b["retreat"] = 0 if (b["barn"] or ckind == "no_retreat") else 1
        else:
            cas = (D.SUPER_CASUALTIES if d_super else 1)
            if ckind == "counter":
                cas += D.CARD_EFFECT[card]["value"]
            b["loser"] = "att"
            b["retreat"] = 0
        b["cas"] = cas
        events.extend(self._continue_battle())
        return events

    def _continue_battle(self) -> list[Event]:
        b = self.battle
        events = []
        while b["cas"] > 0:
            choices = self._casualty_choices(b)
            if not choices:
                b["cas"] = 0
                break
            if len(choices) > 1:
                b["stage"] = "casualty"
                b["decider"] = choices[0][0] // 3
                return events
            events.extend(self._take_casualty(*choices[0], auto=True))
        # casualties done: a Super Army left without units takes its owner out
        losers = b["defs"] if b["loser"] == "def" else [b["att"]]
        lseat = losers[0] // 3
        if self.superarmy[lseat] and not any(self.armies[s] for s in self._own_slots(lseat)):
            events.extend(self._eliminate(lseat, "its Super Army has no units left"))
        if self.phase == "over":
            self.battle = None
            return events
        if b["loser"] == "def" and b["retreat"]:
            d = b["defs"][0]
            if self.gstat[d] == ACTIVE:
                cells = self._retreat_cells(d)
                if len(cells) > 1:
                    b["stage"] = "retreat"
                    b["decider"] = d // 3
                    return events
                if cells:
                    events.extend(self._retreat(d, cells[0], auto=True))
                else:
                    frm = b["frm"]
                    if self.terrain[frm] == D.BARN:
                        events.append(Event("retreat", f"{self._gtext(d)} has nowhere to retreat and the attacker came "
                                            "from its barn: both stay where they are", d // 3,
                                            {"general": self._gname[d], "to": None}))
                        self.battle = None
                        return events + self._after_battle()
                    # swap places
                    att = b["att"]
                    self._lift(att)
                    self._place(d, frm)
                    events.append(Event("retreat", f"{self._gtext(d)} has no free square and takes "
                                        f"the attacker's square {self._names[frm]}", d // 3,
                                        {"general": self._gname[d], "to": self._names[frm]}))
            events.extend(self._advance())
        self.battle = None
        return events + self._after_battle()

    def _advance(self) -> list[Event]:
        b = self.battle
        att, to = b["att"], b["to"]
        if self.gstat[att] != ACTIVE or (self.terrain[to] != D.BARN and self.occ[to] >= 0):
            return []
        self._place(att, to)
        return [Event("advance", f"{self._gtext(att)} moves into {self._names[to]}", att // 3,
                      {"general": self._gname[att], "to": self._names[to]})]

    def _after_battle(self) -> list[Event]:
        """If the player whose turn it is left the game in the battle, the turn passes on."""
        if self.phase != "over" and not self.alive[self.turn]:
            return self._next_turn()
        return []

    def _take_casualty(self, slot: int, unit: int, auto: bool = False) -> list[Event]:
        b = self.battle
        self.armies[slot].remove(unit)
        b["cas"] -= 1
        if unit < D.N_TROOPS:
            self.troops[unit] += 1
            fate = "goes back to the supply"
        else:
            self.sf[unit - D.N_TROOPS] = 2
            fate = "leaves the game"
        return [Event("casualty", f"{self._gtext(slot)} loses a {D.UNIT_NAMES[unit]}, which {fate}", slot // 3,
                      {"general": self._gname[slot], "unit": D.UNIT_KEYS[unit], "auto": auto})]

    def _retreat(self, slot: int, cell: int, auto: bool = False) -> list[Event]:
        self._place(slot, cell)
        return [Event("retreat", f"{self._gtext(slot)} retreats to {self._names[cell]}", slot // 3,
                      {"general": self._gname[slot], "to": self._names[cell], "auto": auto})]

    def _do_casualty(self, a) -> list[Event]:
        slot = self._slot[a.general]
        events = self._take_casualty(slot, D.UNIT_CODE[a.unit])
        self.battle["stage"] = ""
        events.extend(self._continue_battle())
        return events

    def _do_retreat(self, a) -> list[Event]:
        b = self.battle
        slot = self._slot[a.general]
        events = self._retreat(slot, self._cell[a.to])
        b["retreat"] = 0
        b["stage"] = ""
        events.extend(self._advance())
        self.battle = None
        return events + self._after_battle()

    def _destroy(self, slot: int) -> list[Event]:
        seat = slot // 3
        where = self._names[self.gpos[slot]]
        self._lift(slot)
        self.gstat[slot] = DESTROYED
        self.steps[slot] = 0
        events = [Event("destroyed", f"{self._gtext(slot)} has no units and is destroyed at {where}", seat,
                        {"general": self._gname[slot]})]
        if not self._own_slots(seat):
            events.extend(self._eliminate(seat, "all its Generals are destroyed"))
        return events

    def _eliminate(self, seat: int, why: str) -> list[Event]:
        for s in range(3 * seat, 3 * seat + 3):
            for u in self.armies[s]:
                if u < D.N_TROOPS:
                    self.troops[u] += 1
                else:
                    self.sf[u - D.N_TROOPS] = 2
            self.armies[s] = []
            if self.gpos[s] >= 0:
                self._lift(s)
            if self.gstat[s] == ACTIVE:
                self.gstat[s] = OUT
            self.steps[s] = 0
        for r in range(5):
            self.supply[r] += self.res[seat][r]
            self.res[seat][r] = 0
        self.played.extend(self.hands[seat])
        self.hands[seat] = []
        self.alive[seat] = 0
        events = [Event("out", f"{self._ptext(seat)} is out of the game: {why}", seat, {"player": seat})]
        left = [p for p in range(self.players) if self.alive[p]]
        if len(left) == 1:
            self.phase = "over"
            self._winners = left
            self.battle = None
            events.append(Event("win", f"{self._ptext(left[0])} is the last player standing and wins", left[0],
                                {"winners": left}))
        return events

    def _explain_battle_choice(self, action, b) -> None:
        """Why a Casualty or a Retreat is not allowed."""
        if isinstance(action, A.Casualty):
            slot = self._slot[action.general]
            losers = b["defs"] if b["loser"] == "def" else [b["att"]]
            require(slot in losers, f"{action.general} is not on the losing side", "Casualties")
            raise IllegalAction(f"{action.general} has no {action.unit} to lose", "Casualties")
        require(self._slot[action.general] == b["defs"][0], f"{action.general} is not the General retreating",
                "Battle Resolution")
        raise IllegalAction("a retreat goes to an empty open square next to the defender", "Battle Resolution")
