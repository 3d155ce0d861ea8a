"""What a seat may not know, redrawn: :meth:`HiddenMixin.redraw_hidden` gives a copy of the game in
which every secret of the other seats is dealt again at random, consistently with what the seat
sees (its view stays the same). Bots that search can sample possible worlds with it, and the
conformance test uses it to check that views hide what they must.

Secret to a seat (``None``, a spectator, knows none of them):

- the other hands, the cards played face down in a combat by the other side (still cards that
  may be played in that combat), the draw pile and the discard pile (only their sizes are known);
  a card offered in an exchange stays known to the two partners;
- the other clans' sacred recipes (full game) and seventh-planet acorns;
- the travel markers chosen but not yet revealed;
- the tiles of face-down hexes, of the hex piles and of a hex drawn and looked at by someone
  else (redrawn within each pile family);
- the dice to come (reseeded).
"""
from __future__ import annotations

from typing import Any

from ..core.rng import Dice
from .board import Board
from .data import RECIPES


class HiddenMixin(Board):
    """``redraw_hidden`` (see the module docstring)."""

    def redraw_hidden(self, player: int | None, seed: int) -> Any:
        """A copy in which everything ``player`` may not know is redrawn at random (``None``: a
        spectator); ``redrawn.player_view(player) == self.player_view(player)``."""
        dice = Dice(seed)
        twin = self.copy()
        twin._redraw_cards(player, dice)
        twin._redraw_clan_secrets(player, dice)
        twin._redraw_tiles(player, dice)
        twin.dice = dice  # the dice to come: reseeded
        twin._legal = twin._legal_set = None
        return twin

    def _redraw_cards(self, player: int | None, dice: Dice) -> None:
        keep: set[int] = set()  # cards the seat knows where they are
        if self.offer is not None and player in (self.offer[0], self.offer[1]):
            keep.add(self.offer[2])
        cb = self.combat
        hidden_combat: list[list[int]] = []
        if cb is not None:
            secret = cb.stage in ("cards_d", "cards_a") and not cb.revealed
            for who, cards in ((cb.attacker, cb.attacker_cards), (cb.defender, cb.defender_cards)):
                if secret and who != player:
                    hidden_combat.append(cards)
                elif not cb.revealed:
                    keep.update(cards)
            if cb.revealed:
                keep.update(cb.attacker_cards + cb.defender_cards)
        hands = [h for q, h in enumerate(self.hands) if q != player]
        pool = [c for group in (self.deck, self.discard, *hands, *hidden_combat) for c in group if c not in keep]
        dice.shuffle(pool)
        # the face-down combat cards first: only cards that may be played in that combat
        sequence = cb.sequence if cb is not None else ""
        for cards in hidden_combat:
            for i in range(len(cards)):
                pick = next((c for c in pool if self._card_playable_in(c, sequence)), None)
                if pick is None:  # pragma: no cover - the played cards themselves are in the pool
                    break
                pool.remove(pick)
                cards[i] = pick
        for hand in hands:
            for i, c in enumerate(hand):
                if c not in keep:
                    hand[i] = pool.pop()
        for pile in (self.deck, self.discard):
            for i, c in enumerate(pile):
                if c not in keep:
                    pile[i] = pool.pop()

    def _redraw_clan_secrets(self, player: int | None, dice: Dice) -> None:
        others = [q for q in range(self.players) if q != player]
        if not self.simple:
            known = [list(self.recipes[player])] if player is not None else []
            markers = [list(r) for r in RECIPES]
            for r in known:
                if r in markers:
                    markers.remove(r)
            dice.shuffle(markers)
            for q in others:
                self.recipes[q] = markers.pop()
        acorns = [c for c in "ryb" for _ in range(10)]
        mine = self.seventh[player] if player is not None else None
        if mine is not None:
            acorns.remove(mine)
        dice.shuffle(acorns)
        for q in others:
            if self.seventh[q] is not None:
                self.seventh[q] = acorns.pop()
            if self.choice[q]:
                self.choice[q] = dice.choice(sorted(set(self._markers_left(q))))

    def _redraw_tiles(self, player: int | None, dice: Dice) -> None:
        drawn = self.drawn if self.drawn is not None and self.drawn[0] != player else None
        families = sorted({self.hex_family[h] for h in range(len(self.hex_q)) if self.face_down[h]}
                          | set(self.piles) | ({drawn[1]} if drawn else set()))
        for family in families:
            cells = [h for h in range(len(self.hex_q)) if self.face_down[h] and self.hex_family[h] == family]
            pile = self.piles.get(family, [])
            tiles = [self.hex_kind[h] + self.hex_colour[h] for h in cells] + list(pile)
            if drawn is not None and drawn[1] == family:
                tiles.append(drawn[2])
            dice.shuffle(tiles)
            for h in cells:
                tile = tiles.pop()
                self.hex_kind[h], self.hex_colour[h] = tile[0], tile[1:]
            if drawn is not None and drawn[1] == family:
                drawn[2] = tiles.pop()
            pile[:] = tiles

