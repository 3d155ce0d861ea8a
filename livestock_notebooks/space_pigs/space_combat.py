"""Phase 3, Space Combat: choosing and fighting combats (3A: face-down cards, technology
and over-armament, fleeing, rounds resolved by the shared odds model) and redeployment (3B).
Alien attacks in 3C use the same combat."""
from __future__ import annotations

from typing import Any

from ..odds.space_pigs_sides import AcornWorm, Pigs, Pirates, Porcophages, resolve_round
from . import events
from .actions import ChooseCombat, Done, Flee, PlayCard, Redeploy, SpacePigsAction, Stay, UsePower
from .combat import WIPEOUT_TOTAL, Combat
from .board import ALIEN_NAME, Board, PIRATES, PORCOPHAGES, WORM, troops_text
from .data import CARDS, RULES

# a combat stage ended by Done -> the next stage
_STAGE_AFTER_DONE = {"cards_d": "cards_a", "cards_a": "to_reveal", "tech": "tech_done", "reroll": "check_tie",
                     "win_tie": "resolve"}


class SpaceCombatMixin(Board):
    """Phase 3: combat (3A, and 3C's alien combats) and redeployment (3B)."""

    @property
    def _fight(self) -> Combat:
        """The combat under way (only called while there is one)."""
        assert self.combat is not None, "no combat under way"
        return self.combat

    def _legal_3A(self, p: int) -> list:
        cb = self.combat
        if cb is None:
            return [ChooseCombat(p, h) for h in self.seq_data["choices"]]
        return self._combat_options(p, cb)

    def _legal_3B(self, p: int) -> list:
        out: list[SpacePigsAction] = []
        occs = self.occupants
        held = [h for h, occ in enumerate(occs) if len(occ) == 1 and occ[0][0] == p]
        far = self.seq_data.get("far") == p
        adj = self.adj()
        for h in held:
            e = occs[h][0]
            if e[1] + e[2] == 0:
                continue
            if far:
                dsts = [j for j in held if j != h]
            else:
                dsts = [j for j in adj[h] if len(occs[j]) == 1 and occs[j][0][0] == p]
            for d in dsts:
                if e[1]:
                    out.append(Redeploy(p, h, d, False))
                if e[2]:
                    out.append(Redeploy(p, h, d, True))
        out += self._card_options(p, "3B")
        out += self._power_options(p, "3B")
        out += self._offer_options(p)
        out.append(Done(p))
        return out

    def _do_ChooseCombat(self, a) -> None:
        self.seq_data["choices"] = []
        self._start_combat(a.hex, a.player, "3A")

    def _do_Redeploy(self, a) -> None:
        p = a.player
        src = self.occupants[a.src][0]
        if a.hog:
            src[2] -= 1
        else:
            src[1] -= 1
        self._add_troops(a.dst, p, 0 if a.hog else 1, 1 if a.hog else 0, moved=True)
        self._clean(a.src)
        self._ev(events.REDEPLOY,
                 f"{self.pname(p)} redeploys {'a hog' if a.hog else 'a piglet'} from {self.hex_label(a.src)}"
                 f" to {self.hex_label(a.dst)}.", p, src=a.src, dst=a.dst, hog=a.hog)

    def _start_combat(self, h: int, attacker: int, seq: str) -> None:
        occ = self.occupants[h]
        defender = occ[0][0]
        self.combat = Combat(hex=h, attacker=attacker, defender=defender, sequence=seq)
        aname = self._side_name(attacker)
        dname = self._side_name(defender)
        self._ev(events.COMBAT, f"Combat on {self.hex_label(h)}: {aname} ({self._side_text(h, attacker)}) "
                 f"attack{self._verb_s(attacker)} "
                 f"{dname} ({self._side_text(h, defender)}).", attacker if attacker >= 0 else None, hex=h,
                 attacker=attacker, defender=defender)

    @staticmethod
    def _verb_s(who: int) -> str:
        """Verb ending for a side: 'the pirates roll', 'P1 rolls', 'the acorn worm rolls'."""
        return "" if who in (PIRATES, PORCOPHAGES) else "s"

    def _side_name(self, who: int) -> str:
        return self.pname(who) if who >= 0 else f"the {ALIEN_NAME[who]}"

    def _side_text(self, h: int, who: int) -> str:
        e = self._entry(h, who)
        if who >= 0:
            return troops_text(e[1] + e[3], e[2] + e[4])
        return f"{e[1]}"

    def _side(self, h: int, who: int, bonus: int):
        e = self._entry(h, who)
        if who >= 0:
            return Pigs(e[1] + e[3], e[2] + e[4], bonus)
        if who == PIRATES:
            return Pirates(e[1], bonus)
        if who == PORCOPHAGES:
            return Porcophages(e[1], bonus)
        return AcornWorm(bonus)

    def _flee_targets(self, who: int, h: int) -> list[int]:
        if who < 0:
            return []
        return [j for j in self.adj()[h] if self._entry(j, who) is not None]

    def _combat_options(self, p: int, cb: Combat) -> list:
        out: list[SpacePigsAction]
        stage = cb.stage
        if stage in ("cards_d", "cards_a"):
            out = []
            seen = set()
            for c in sorted(self.hands[p]):
                card = CARDS[c]
                if not self._card_playable_in(c, cb.sequence):
                    continue
                if card.kind != "combat" and card.effect not in ("self_bonus", "enemy_malus"):
                    continue  # an event card of the sequence that does nothing in a combat (Cho Boko)
                key = card.name if card.kind == "combat" else card.key
                if key in seen:
                    continue
                seen.add(key)
                out.append(PlayCard(p, c))
            out.append(Done(p))
            return out
        if stage == "tech":
            return [UsePower(p, "tech_adjust", 1), UsePower(p, "tech_adjust", -1), Done(p)]
        if stage in ("flee_d", "flee_a"):
            out = [Flee(p, j) for j in self._flee_targets(p, cb.hex)]
            if cb.round == 1:
                out = [UsePower(p, "flee_first", j) for j in self._flee_targets(p, cb.hex)]
            out.append(Stay(p))
            return out
        if stage == "reroll":
            return [UsePower(p, "reroll", 0), UsePower(p, "reroll", 1), Done(p)]
        if stage == "win_tie":
            return [UsePower(p, "win_tie", 0), Done(p)]
        raise AssertionError(stage)

    def _combat_power(self, p: int, power: str, arg: int) -> None:
        cb = self._fight
        if power == "tech_adjust":
            cb.tech += arg
            self._ev(events.TECH_ADJUST, f"The technology total becomes {cb.tech}.", p, tech=cb.tech)
            cb.stage = "tech_done"
        elif power == "flee_first":
            self._flee(p, arg)
        elif power == "reroll":
            side = "a" if (p == cb.attacker) == (arg == 0) else "d"
            rolls = cb.rolled()[0 if side == "a" else 1]
            sizes = self._side(cb.hex, cb.attacker if side == "a" else cb.defender, 0).strength_dice()
            # re-roll the first die of that side
            old = rolls[0]
            rolls[0] = self._roll(sizes[0])
            self._ev(events.REROLL,
                     f"{self.pname(p)} forces a re-roll: {old} becomes {rolls[0]}.", p, irreversible=True,
                     side=side, old=old, new=rolls[0])
            cb.stage = "rolled2"
        elif power == "win_tie":
            cb.tie_won_by = p
            cb.stage = "resolve"

    def _do_Flee(self, a) -> None:
        self._flee(a.player, a.hex)

    def _do_Stay(self, a) -> None:
        cb = self._fight
        cb.stage = "flee_a" if cb.stage == "flee_d" else "roll"

    def _flee(self, p: int, dest: int) -> None:
        cb = self._fight
        h = cb.hex
        e = self._entry(h, p)
        pg, hg = e[1] + e[3], e[2] + e[4]
        self.occupants[h].remove(e)
        self._add_troops(dest, p, pg, hg)
        self._ev(events.FLEE, f"{self.pname(p)} flees with {troops_text(pg, hg)} from {self.hex_label(h)} to "
                 f"{self.hex_label(dest)}.", p, hex=h, dest=dest)
        other = cb.attacker if p == cb.defender else cb.defender
        self._end_combat(winner=other, fled=p)

    def _reveal_cards(self) -> None:
        cb = self._fight
        ab = db = tech = 0
        for side, cards in (("a", cb.attacker_cards), ("d", cb.defender_cards)):
            for c in cards:
                card = CARDS[c]
                if card.kind == "combat":
                    tech += card.tech
                    if side == "a":
                        ab += card.attack
                    else:
                        db += card.defense
                elif card.effect == "self_bonus":
                    if side == "a":
                        ab += card.value
                    else:
                        db += card.value
                elif card.effect == "enemy_malus":
                    if side == "a":
                        db -= card.value
                    else:
                        ab -= card.value
        cb.attacker_bonus, cb.defender_bonus, cb.tech = ab, db, tech
        names = lambda cs: ", ".join(CARDS[c].name if CARDS[c].kind == "combat" else CARDS[c].english for c in cs) or "none"
        if cb.attacker_cards or cb.defender_cards:
            self._ev(events.REVEAL_CARDS,
                     f"Cards revealed: attacker {names(cb.attacker_cards)}; defender {names(cb.defender_cards)}. "
                     f"Bonuses {ab:+d} / {db:+d}, technology total {tech}.", irreversible=True,
                     attacker_cards=list(cb.attacker_cards), defender_cards=list(cb.defender_cards), attack_bonus=ab,
                     defense_bonus=db, tech=tech)
        self.discard.extend(cb.attacker_cards)
        self.discard.extend(cb.defender_cards)
        cb.revealed = True

    def _wipeout(self) -> None:
        cb = self._fight
        h = cb.hex
        for e in self.occupants[h]:
            if e[0] >= 0:
                self.lost[e[0]] += e[1] + e[3]
        self.occupants[h] = []
        self._ev(events.WIPEOUT,
                 f"Technology total {cb.tech}: over-armament destroys every troop on {self.hex_label(h)}!",
                 hex=h, tech=cb.tech)
        self.combat = None
        self._check_eliminations()

    def _sides(self, cb: Combat) -> tuple[Any, Any]:
        """The attacker's and the defender's side in the shared odds model, with the card bonuses."""
        return (self._side(cb.hex, cb.attacker, cb.attacker_bonus),
                self._side(cb.hex, cb.defender, cb.defender_bonus))

    def _offer_pecari(self, cb: Combat, power: str, stage: str) -> bool:
        """Whether the Pecari Banzai player in this combat may use ``power`` now; if so the combat
        waits at ``stage`` for that player's decision."""
        pec = self._pecari_in(cb)
        if pec is None or not self._power_ready(pec, power):
            return False
        cb.stage = stage
        self.actor = pec
        return True

    @staticmethod
    def _tech_adjust_matters(cb: Combat) -> bool:
        """Whether moving the revealed technology total one up or down could cross the wipeout
        line (a total of 5 or 6): elsewhere the Pecari adjustment would change nothing but spend
        the turn's power, so it is not offered (Technology Indices)."""
        return WIPEOUT_TOTAL - 1 <= cb.tech <= WIPEOUT_TOTAL

    def _reroll_matters(self, cb: Combat) -> bool:
        """Whether re-rolling the first die of either side could change who wins the round (or
        make or break a tie): otherwise the Pecari re-roll would change nothing but spend the
        turn's power, so it is not offered (Combat Resolution)."""
        a_side, d_side = self._sides(cb)
        ar, dr = cb.rolled()
        now = resolve_round(a_side, d_side, sum(ar), sum(dr))[2]
        for rolls, other, size, attacker in ((ar, dr, a_side.strength_dice()[0], True),
                                             (dr, ar, d_side.strength_dice()[0], False)):
            rest = sum(rolls) - rolls[0]
            for value in range(1, size + 1):
                a_roll, d_roll = (rest + value, sum(other)) if attacker else (sum(other), rest + value)
                if resolve_round(a_side, d_side, a_roll, d_roll)[2] != now:
                    return True
        return False

    def _pecari_in(self, cb: Combat) -> int | None:
        for who in (cb.defender, cb.attacker):
            if who >= 0 and self.clans[who] == "Pecari Banzai":
                return who
        return None

    def _combat_step(self) -> bool:
        """Advance the combat until a decision is needed (True) or it ends (False)."""
        while self.combat is not None:
            cb = self.combat
            st = cb.stage
            h = cb.hex
            if st in ("cards_d", "cards_a"):  # cards face down, the defender first; only with cards in hand
                who = cb.defender if st == "cards_d" else cb.attacker
                if who >= 0 and self.hands[who]:
                    self.actor = who
                    return True
                cb.stage = _STAGE_AFTER_DONE[st]
                continue
            if st == "to_reveal":
                self._reveal_cards()
                cb.stage = "revealed"
                continue
            if st == "revealed":
                if self._tech_adjust_matters(cb) and self._offer_pecari(cb, "tech_adjust", "tech"):
                    return True
                cb.stage = "tech_done"
                continue
            if st in ("tech", "reroll"):  # the Pecari Banzai player decides
                self.actor = self._pecari_in(cb)
                return True
            if st == "tech_done":
                if cb.tech >= WIPEOUT_TOTAL:
                    self._wipeout()
                    return False
                cb.stage = "flee_d"
                continue
            if st in ("flee_d", "flee_a"):
                who = cb.defender if st == "flee_d" else cb.attacker
                can = who >= 0 and bool(self._flee_targets(who, h))
                if cb.round == 1:
                    can = can and self._power_ready(who, "flee_first")
                if can:
                    self.actor = who
                    return True
                cb.stage = "flee_a" if st == "flee_d" else "roll"
                continue
            if st == "roll":
                a_side, d_side = self._sides(cb)
                ar = [self._roll(s) for s in a_side.strength_dice()]
                dr = [self._roll(s) for s in d_side.strength_dice()]
                cb.rolls = [ar, dr]
                cb.stage = "rolled"
                continue
            if st in ("rolled", "rolled2"):
                if st == "rolled" and self._reroll_matters(cb) and self._offer_pecari(cb, "reroll", "reroll"):
                    return True
                cb.stage = "check_tie"
                continue
            if st == "check_tie":
                a_side, d_side = self._sides(cb)
                at = sum(cb.rolled()[0]) + a_side.modifier()
                dt = sum(cb.rolled()[1]) + d_side.modifier()
                if at == dt:
                    for who in (cb.defender, cb.attacker):
                        if who >= 0 and self.clans[who] == "Phacocherus" and self._power_ready(who, "win_tie"):
                            cb.stage = "win_tie"
                            cb.tie_player = who
                            self.actor = who
                            return True
                cb.stage = "resolve"
                continue
            if st == "win_tie":
                self.actor = cb.tie_player
                return True
            if st == "resolve":
                self._resolve_round()
                continue
            raise AssertionError(st)
        return False

    def _resolve_round(self) -> None:
        cb = self._fight
        h = cb.hex
        a_side, d_side = self._sides(cb)
        ar, dr = cb.rolled()
        a_roll, d_roll = sum(ar), sum(dr)
        at, dt = a_roll + a_side.modifier(), d_roll + d_side.modifier()
        if cb.tie_won_by is not None and at == dt:
            # Phacocherus wins the tie: treat as a win for his side
            if cb.tie_won_by == cb.attacker:
                a_roll += 1
            else:
                d_roll += 1
            cb.tie_won_by = None
        a_after, d_after, winner = resolve_round(a_side, d_side, a_roll, d_roll)
        text = (f"Round {cb.round} on {self.hex_label(h)}: {self._side_name(cb.attacker)} roll{self._verb_s(cb.attacker)} "
                f"{'+'.join(map(str, ar))}{a_side.modifier():+d} = {at}, {self._side_name(cb.defender)} "
                f"roll{self._verb_s(cb.defender)} {'+'.join(map(str, dr))}"
                f"{d_side.modifier():+d} = {dt}")
        if winner == "tie":
            text += ": a tie, nobody falls."
        else:
            loser = cb.defender if winner == "attacker" else cb.attacker
            lside = d_side if winner == "attacker" else a_side
            what = "a piglet" if loser >= 0 and lside.next_loss_is_piglet else "a hog" if loser >= 0 else f"one of the {ALIEN_NAME[loser]}"
            if loser == WORM:
                what = "the acorn worm"
            text += f": {self._side_name(loser)} lose{self._verb_s(loser)} {what}."
        grown = self._write_side(h, cb.attacker, a_after) + self._write_side(h, cb.defender, d_after)
        grow = " The smell of blood draws another porcophage." if grown > 0 else ""
        self._ev(events.ROUND, text + grow, irreversible=True, hex=h, round=cb.round, attacker_roll=ar,
                 defender_roll=dr, attacker_total=at, defender_total=dt, winner=winner)
        cb.round += 1
        cb.rolls = None
        if a_after.troops == 0 or d_after.troops == 0:
            self._clean(h)
            self._end_combat(winner=cb.attacker if a_after.troops else cb.defender, fled=None)
        else:
            cb.stage = "flee_d"

    def _write_side(self, h: int, who: int, side) -> int:
        """Write a side's troops after a round; returns how many porcophages joined the pack
        (never more than the markers left in the supply)."""
        e = self._entry(h, who)
        if who >= 0:
            lost_p = (e[1] + e[3]) - side.piglets
            self.lost[who] += max(0, lost_p)
            e[1], e[2], e[3], e[4] = side.piglets, side.hogs, 0, 0
        elif who == WORM:
            e[1] = side.troops
        elif who == PORCOPHAGES and side.count > e[1]:
            left = RULES["components"]["alien_markers_per_type"]["value"] - self._alien_count(PORCOPHAGES)
            grown = min(side.count - e[1], max(0, left))
            e[1] += grown
            return grown
        else:
            e[1] = side.count
        return 0

    def _end_combat(self, winner: int, fled: int | None) -> None:
        cb = self._fight
        h = cb.hex
        self._clean(h)
        occ = self.occupants[h]
        w = self._entry(h, winner)
        if w is not None and occ and occ[0] is not w and (self._entry(h, cb.defender) is None):
            occ.remove(w)
            occ.insert(0, w)
        self._ev(events.COMBAT_END, f"{self._side_name(winner)} hold{self._verb_s(winner)} {self.hex_label(h)}"
                 + (f" ({self._side_name(fled)} fled)" if fled is not None else "") + ".", hex=h, winner=winner,
                 fled=fled)
        self.combat = None
        if winner == WORM and self._entry(h, WORM) is not None and self.hex_kind[h] in "PD":
            self._devour(h)
        self._check_eliminations()

    def _enter_3A(self) -> None:
        self.trips = [0] * self.players
        self.ship = None
        self._merge_moved()
        self.seq_data = {"ptr": -1, "choices": []}

    def _pending_attacks(self, who: int) -> list[int]:
        return [h for h, occ in enumerate(self.occupants) if len(occ) > 1 and any(e[0] == who for e in occ[1:])]

    def _poll_3A(self) -> bool:
        while True:
            if self.combat is not None:
                if self._combat_step():
                    return True
                continue
            if self.seq_data.get("choices"):
                self.actor = self.order[self.seq_data["ptr"]] if self.seq_data["ptr"] >= 0 else None
                return True
            # alien attacks first, by hex
            started = False
            for h, occ in enumerate(self.occupants):
                if len(occ) > 1:
                    for e in occ[1:]:
                        if e[0] < 0:
                            self._start_combat(h, e[0], "3A")
                            started = True
                            break
                if started:
                    break
            if started:
                continue
            sd = self.seq_data
            ptr = max(sd["ptr"], 0)
            while ptr < len(self.order):
                p = self.order[ptr]
                hexes = self._pending_attacks(p)
                if hexes:
                    sd["ptr"] = ptr
                    if len(hexes) == 1:
                        self._start_combat(hexes[0], p, "3A")
                    else:
                        sd["choices"] = hexes
                        self.actor = p
                        return True
                    break
                ptr += 1
            else:
                sd["ptr"] = len(self.order)
                # any hex still holding several occupants (should not happen) is settled in hex order
                return False

    def _enter_3B(self) -> None:
        self._merge_moved()
        self.seq_data = {"q": [p for p in self.order], "i": 0, "far": -1}

    def _poll_3B(self) -> bool:
        return self._window(self._legal_3B)

    def _done_3B(self, p: int) -> bool:
        if self.seq_data.get("far") == p:
            self.seq_data["far"] = -1
        return True

    def _combat_done(self) -> None:
        """``Done`` in a combat: the current step (cards, technology, re-roll, tie) is over."""
        cb = self._fight
        cb.stage = _STAGE_AFTER_DONE.get(cb.stage, cb.stage)
