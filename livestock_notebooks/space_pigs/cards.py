"""Cards: the draw pile, playing event cards in the sequence they name, choosing their targets,
and the cards with a target (planet swap, Acorn Festival, barred candidate, voting error, serum)."""
from __future__ import annotations

from . import events
from .actions import ChooseHex, ChoosePlayer, PlayCard, SpacePigsAction
from .board import Board
from .data import CARDS, RULES

# cards with a target: effect -> the kinds of target chosen in turn
CARD_TARGETS = {
    "swap_planets": ("planet", "planet2"),
    "festival": ("own_hex",),
    "bar_candidate": ("player_bar",),
    "vote_error": ("player_other",),
    "hog": ("serum_hex",),
}
# the sequence of each event card ("" for combat cards), by card id
_EVENT_SEQ = tuple(c.sequence if c.kind == "event" else "" for c in CARDS)


class CardsMixin(Board):
    """Event cards: when they may be played, their effects and targets."""

    def hand_size(self, player: int) -> int:
        """How many cards ``player``'s hand is filled up to in 1A (the Porcus power adds to it)."""
        return self._hand_size(player)

    def _hand_size(self, p: int) -> int:
        if self.rules == "simple_a":
            return RULES["simple"]["simple_a"]["hand_size"]
        if self.rules == "simple_b":
            return RULES["simple"]["simple_b"]["hand_size"]
        if self._powers_on() and self.clans[p] == "Porcus":
            return 8
        return RULES["components"]["hand_size"]

    def _draw_card(self) -> int | None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.dice.shuffle(self.deck)
            self._ev(events.RESHUFFLE, "The discard pile is shuffled into a new draw pile.", irreversible=True)
        if not self.deck:
            return None
        return self.deck.pop()

    def _discard_card(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.discard.append(card)

    def _seq_of(self, card: int) -> str:
        return CARDS[card].sequence

    def _card_playable_in(self, card: int, seq: str) -> bool:
        c = CARDS[card]
        if c.kind == "combat":
            return seq in ("3A", "3C")
        s = c.sequence
        if seq == "2X":
            seq = "2B"
        return s == seq

    @staticmethod
    def _target_action(p, t):
        kind, value = t
        return ChooseHex(p, value) if kind == "hex" else ChoosePlayer(p, value)

    def _target_options(self, p: int, kind: str, picks: list) -> list:
        n = self.players
        if kind == "planet":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h)]
        if kind == "planet2":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h) and h != picks[0]]
        if kind == "adjacent_planet":
            return [("hex", h) for h in self.adj()[picks[0]] if self._is_planet(h)]
        if kind == "own_hex":
            return [("hex", h) for h in self._own_hexes(p)]
        if kind == "serum_hex":
            return [("hex", h) for h in self._own_hexes(p) if (self._entry(h, p)[1] + self._entry(h, p)[3]) >= 2]
        if kind == "famine_hex":
            return [("hex", h) for h in range(len(self.hex_q))
                    if self._is_planet(h) and any(e[0] >= 0 for e in self.occupants[h])]
        if kind == "convert_hex":
            return [("hex", h) for h in range(len(self.hex_q))
                    if any(e[0] >= 0 and e[0] != p and (e[1] + e[3]) > 0 for e in self.occupants[h])]
        if kind == "forbid_planet":
            return [("hex", h) for h in range(len(self.hex_q)) if self._is_planet(h)]
        if kind == "extra_when":
            return [("player", p)] + [("player", q) for q in self._later_travellers()]
        if kind == "player_other":
            return [("player", q) for q in range(n) if q != p]
        if kind == "player_cards":
            return [("player", q) for q in range(n) if q != p and self.hands[q]]
        if kind == "player_governors":
            return [("player", q) for q in range(n) if q != p and self.governors[q] > 0]
        if kind == "player_bar":
            return [("player", q) for q in range(n) if q != p and q not in self.seq_data.get("barred", [])]
        if kind == "player_ban":
            return [("player", q) for q in range(n) if q != p and q != self.ban_last
                    and q not in self.seq_data.get("barred", [])]
        raise AssertionError(kind)

    def _targets_available(self, p: int, kinds: tuple) -> bool:
        if kinds[0] == "planet" and kinds[1] == "planet2":
            k = 0
            for h in range(len(self.hex_q)):
                if not self.face_down[h] and self.hex_kind[h] in "PD":
                    k += 1
                    if k >= 2:
                        return True
            return False
        first = self._target_options(p, kinds[0], [])
        if len(kinds) == 1:
            return bool(first)
        for _, v in first:
            if self._target_options(p, kinds[1], [v]):
                return True
        return False

    def _pend_options(self) -> list:
        pd = self.pending
        kinds = pd["kinds"]
        k = len(pd["picks"])
        opts = self._target_options(pd["player"], kinds[k], pd["picks"])
        if k + 1 < len(kinds) and kinds[k + 1] != "planet2":
            opts = [o for o in opts if self._target_options(pd["player"], kinds[k + 1], pd["picks"] + [o[1]])]
        return opts

    def _card_options(self, p: int, seq: str) -> list:
        """PlayCard actions for the cards ``p`` may play now in a window of ``seq``."""
        out: list[SpacePigsAction] = []
        seen = set()
        want = "2B" if seq == "2X" else seq
        hand = self.hands[p]
        es = _EVENT_SEQ
        for c in hand:
            if es[c] == want:
                break
        else:
            return out
        for c in sorted(hand):
            card = CARDS[c]
            if card.kind == "combat" or not self._card_playable_in(c, seq):
                continue
            key = card.key
            if key in seen:
                continue
            if not self._event_usable(p, card):
                continue
            seen.add(key)
            out.append(PlayCard(p, c))
        return out

    def _event_usable(self, p: int, card) -> bool:
        eff = card.effect
        if eff in CARD_TARGETS:
            if eff == "hog" and self._pigs_total(p)[1] + self.new_hogs[p] >= 3:
                return False
            return self._targets_available(p, CARD_TARGETS[eff])
        if eff == "colonists":
            return self.turn >= 2
        if eff in ("boots", "teleport", "range"):
            return self.ship is None and self.trip is None and self.trips[p] > 0
        if eff == "extra_trip":
            return self.trip is None
        if eff == "control_aliens":
            return "controller" not in self.seq_data
        return True

    def _do_card(self, a) -> None:
        p, c = a.player, a.card
        card = CARDS[c]
        seq = self.seq
        if self.combat is not None:  # face down in combat
            self.hands[p].remove(c)
            self.combat.cards_of(p).append(c)
            self._ev(events.COMBAT_CARD, f"{self.pname(p)} plays a card face down.", p)
            return
        self._discard_card(p, c)
        eff = card.effect
        self._ev(events.PLAY_CARD, f"{self.pname(p)} plays {card.english}: {card.text}", p, card=c, effect=eff)
        if eff in CARD_TARGETS:
            self.pending = {"what": "card", "id": c, "player": p, "kinds": list(CARD_TARGETS[eff]), "picks": []}
            return
        if eff == "colonists":
            self._gain_colonists(p, card.value, 0)
        elif eff == "draw":
            self.seq_data.setdefault("convoy", {})
            self.seq_data["convoy"][str(p)] = self.seq_data["convoy"].get(str(p), 0) + card.value
        elif eff == "governors":
            self.extra_governors[p] += card.value
            self._set_governors(p)
        elif eff in ("boots", "range", "teleport"):
            self.ship = {"mode": eff, "range": card.value if eff != "teleport" else 99}
        elif eff == "extra_trip":
            later = self._later_travellers()
            if seq == "2B" and later:
                self.pending = {"what": "card", "id": c, "player": p, "kinds": ["extra_when"], "picks": []}
            else:
                self.trips[p] += 1
        elif eff == "control_aliens":
            self.seq_data["controller"] = p
            self._ev(events.CHO_BOKO, f"{self.pname(p)} will move the aliens this turn instead of the Royal Pig.", p)
        else:  # pragma: no cover
            raise AssertionError(eff)

    def _do_target(self, a) -> None:
        pd = self.pending
        value = a.hex if isinstance(a, ChooseHex) else a.target
        pd["picks"].append(value)
        if len(pd["picks"]) < len(pd["kinds"]):
            return
        self.pending = None
        p, picks = pd["player"], pd["picks"]
        if pd["what"] == "card":
            eff = CARDS[pd["id"]].effect
            if eff == "swap_planets":
                self._swap_cells(picks[0], picks[1], p)
            elif eff == "festival":
                self.festival.append([picks[0], p])
                self._ev(events.FESTIVAL,
                         f"Acorn Festival on {self.hex_label(picks[0])}: no other player may land there "
                         f"this turn.", p, hex=picks[0])
            elif eff == "bar_candidate":
                self._bar(picks[0], p)
            elif eff == "vote_error":
                t = picks[0]
                moved = self.governors[t] // 2
                self.seq_data["vote_error"].append([p, t, moved])
                self._ev(events.VOTE_ERROR, f"Voting error: {moved} of {self.pname(t)}'s governors will vote with "
                         f"{self.pname(p)}.", p, target=t, governors=moved)
            elif eff == "extra_trip":
                t = picks[0]
                if t == p:
                    self.trips[p] += 1
                else:
                    self.seq_data.setdefault("deferred", []).append([p, t])
                    self._ev(events.EXTRA_LATER,
                             f"{self.pname(p)} will make the extra trip right after {self.pname(t)}.",
                             p, after=t)
            elif eff == "hog":
                e = self._entry(picks[0], p)
                if e[1] >= 2:
                    e[1] -= 2
                else:
                    take = 2 - e[1]
                    e[1] = 0
                    e[3] -= take
                e[2] += 1
                self._ev(events.SERUM,
                         f"Two of {self.pname(p)}'s piglets on {self.hex_label(picks[0])} become a hog.", p,
                         hex=picks[0])
        else:
            self._power_target(p, pd["id"], picks)

    def _swap_cells(self, x: int, y: int, p: int) -> None:
        for attr in ("hex_kind", "hex_colour", "hex_family", "face_down", "occupants"):
            lst = getattr(self, attr)
            lst[x], lst[y] = lst[y], lst[x]
        for f in self.festival:
            f[0] = y if f[0] == x else x if f[0] == y else f[0]
        self._ev(events.SWAP, f"{self.pname(p)} swaps the planets at H{x} and H{y}: now {self.hex_label(x)} and "
                 f"{self.hex_label(y)}.", p, hexes=[x, y])

    def _bar(self, t: int, p: int) -> None:
        sd = self.seq_data
        if t not in sd["barred"]:
            sd["barred"].append(t)
        if t in sd["candidates"]:
            sd["candidates"].remove(t)
        self._ev(events.BAR, f"{self.pname(t)} is barred from the Royal Pig election this turn.", p, target=t)
