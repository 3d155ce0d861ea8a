"""The advanced clan powers: each once a turn, never on turn 1; those used from a window
(outside combat) and their targets. The combat powers are resolved in :mod:`.space_combat`."""
from __future__ import annotations

from . import events
from .actions import SpacePigsAction, UsePower
from .board import Board
from .data import POWERS, RULES

# powers with a target: power -> the kinds of target chosen in turn
POWER_TARGETS = {
    "steal": ("player_cards",),
    "famine": ("famine_hex",),
    "convert": ("convert_hex", "own_hex"),
    "forbid": ("player_other", "forbid_planet"),
    "recover": ("own_hex",),
    "swap": ("planet", "adjacent_planet"),
    "ban": ("player_ban",),
    "assassinate": ("player_governors",),
}
# powers used from a window (not in combat), by sequence
WINDOW_POWERS = {
    "1A": ("steal",),
    "2A": ("forbid",),
    "2B": ("swap", "extra_move", "move_again", "teleport"),
    "3B": ("famine", "convert", "recover", "long_redeploy"),
    "4C": ("ban", "assassinate"),
}


class PowersMixin(Board):
    """Clan powers used from a window, and their targets."""

    def _powers_on(self) -> bool:
        return bool(self.opts.get("clan_powers")) and self.rules == "full" and self.turn >= 2

    def _power_ready(self, p: int, power: str) -> bool:
        return (self._powers_on() and not self.out[p] and power in POWERS.get(self.clans[p], ())
                and power not in self.powers_used[p])

    def _power_options(self, p: int, seq: str) -> list:
        out: list[SpacePigsAction] = []
        if not self.opts["clan_powers"] or self.turn < 2 or self.rules != "full":
            return out
        for power in WINDOW_POWERS.get(seq if seq != "2X" else "2B", ()):
            if not self._power_ready(p, power):
                continue
            if power in POWER_TARGETS and not self._targets_available(p, POWER_TARGETS[power]):
                continue
            if power == "recover" and self.lost[p] <= 0:
                continue
            if power == "teleport" and (self.ship is not None or self.trips[p] <= 0):
                continue
            if power in ("swap", "extra_move", "move_again", "teleport") and self.trip is not None:
                continue
            out.append(UsePower(p, power, 0))
        return out

    def _do_power(self, a) -> None:
        p, power = a.player, a.power
        self.powers_used[p].append(power)
        self._ev(events.POWER,
                 f"{self.pname(p)} uses a clan power: {power.replace('_', ' ')}.", p, power=power, arg=a.arg)
        if power in POWER_TARGETS:
            self.pending = {"what": "power", "id": power, "player": p, "kinds": list(POWER_TARGETS[power]), "picks": []}
            return
        if power == "extra_move":
            self.trips[p] += 1
        elif power == "move_again":
            self.seq_data["again"] = p
        elif power == "teleport":
            self.ship = {"mode": "teleport", "range": 99}
        elif power == "long_redeploy":
            self.seq_data["far"] = p
        elif power in ("flee_first", "win_tie", "reroll", "tech_adjust"):
            self._combat_power(p, power, a.arg)
        else:  # pragma: no cover
            raise AssertionError(power)

    def _power_target(self, p: int, power: str, picks: list) -> None:
        if power == "steal":
            t = picks[0]
            hand = sorted(self.hands[t])
            c = hand[self.dice.below(len(hand))]
            self.hands[t].remove(c)
            self.hands[p].append(c)
            self._ev(events.STEAL, f"{self.pname(p)} steals a random card from {self.pname(t)}.", p, irreversible=True,
                     target=t)
        elif power == "famine":
            h = picks[0]
            texts = []
            for e in self.occupants[h]:
                if e[0] < 0:
                    continue
                dead_p = sum(1 for _ in range(e[1] + e[3]) if self._roll(6) >= 5)
                dead_h = sum(1 for _ in range(e[2] + e[4]) if self._roll(6) >= 6)
                self._kill(e, dead_p, dead_h)
                texts.append(f"{self.pname(e[0])} loses {dead_p} piglet(s) and {dead_h} hog(s)")
            self._clean(h)
            self._ev(events.FAMINE, f"Acorn famine on {self.hex_label(h)}: " + "; ".join(texts) + ".", p,
                     irreversible=True, hex=h)
            self._check_eliminations()
        elif power == "convert":
            h, dest = picks
            got = 0
            for e in self.occupants[h]:
                if e[0] < 0 or e[0] == p:
                    continue
                n = 0
                for _ in range(e[1] + e[3] + e[2] + e[4]):
                    if self._roll(6) >= 5:
                        n += 1
                n = min(n, e[1] + e[3])  # hogs cannot be converted
                self._kill(e, n, 0)
                got += n
            self._clean(h)
            room = RULES["components"]["piglets_per_player"] - self._pigs_total(p)[0]
            got = min(got, max(room, 0))
            if got and self._entry(dest, p) is not None:
                self._add_troops(dest, p, got, 0, moved=True)
            self._ev(events.CONVERT, f"{self.pname(p)} converts {got} piglet(s) on {self.hex_label(h)}, placed on "
                     f"{self.hex_label(dest)}.", p, irreversible=True, hex=h, dest=dest, converted=got)
            self._check_eliminations()
        elif power == "forbid":
            t, h = picks
            self.forbid.append([t, h])
            self._ev(events.FORBID,
                     f"{self.pname(t)} may not disembark on {self.hex_label(h)} this turn.", p, target=t, hex=h)
        elif power == "recover":
            h = picks[0]
            if self._pigs_total(p)[0] < RULES["components"]["piglets_per_player"]:
                self._add_troops(h, p, 1, 0, moved=True)
                self.lost[p] -= 1
                self._ev(events.RECOVER,
                         f"{self.pname(p)} recovers a piglet lost in combat, on {self.hex_label(h)}.", p,
                         hex=h)
        elif power == "swap":
            self._swap_cells(picks[0], picks[1], p)
        elif power == "ban":
            self.ban_last = picks[0]
            self.seq_data["banned_now"] = picks[0]
            self._bar(picks[0], p)
        elif power == "assassinate":
            t = picks[0]
            r = self._roll(6)
            k = 0 if r == 1 else 1 if r <= 3 else 2
            k = min(k, self.governors[t])
            self.governors[t] -= k
            self._ev(events.ASSASSINATE, f"{self.pname(p)} rolls {r} to assassinate {self.pname(t)}'s governors: {k} "
                     f"killed.", p, irreversible=True, target=t, roll=r, killed=k)
