"""Layout of the board and the initial deployment: laying the hexes (four layouts, the advanced
layout options), revealing face-down hexes, and each clan's starting planet."""
from __future__ import annotations

from . import events, geometry as geo
from .actions import DrawHex, PlaceHex, StartPlanet
from .board import Board, PILES
from .data import RULES


class GalaxyMixin(Board):
    """Laying the galaxy (sequence ``layout``) and placing the starting piglets (``start``)."""

    def _layout_cells(self) -> list[tuple[int, int]]:
        """Free cells where the next hex may be laid."""
        placed = set(zip(self.hex_q, self.hex_r))
        layout = self.opts["layout"]
        m = len(placed) - (1 if layout == "twin" else 0)
        if layout == "rings":
            k = 0
            while True:
                cells = [c for c in geo.ring((0, 0), k) if c not in placed]
                if cells:
                    return cells
                k += 1
        if layout == "twin":
            cores, sun, connector = geo.twin_geometry(bool(self.opts.get("connecting_galaxy")))
            counts = [0, 0]
            for q, r in placed:
                if (q, r) == sun or (q, r) in connector:
                    continue
                counts[0 if q < 0 else 1] += 1
            if connector and sum(counts) >= self.seq_data["total"] - len(connector):
                return [c for c in connector if c not in placed]
            g = 0 if counts[0] <= counts[1] else 1
            k = 0
            while True:
                cells = [c for c in geo.ring(cores[g], k) if c not in placed and c not in connector and c != sun]
                facing = (cores[g][0] + (1 if g == 0 else -1), cores[g][1])
                if connector and k == 1 and facing in cells:
                    return [facing]  # the hex facing the connecting galaxy comes first, so they touch
                if cells:
                    return cells
                k += 1
        if layout == "pancake":
            template = geo.pancake_template(self.seq_data["total"])
            if m == 0:
                return template
            return [c for c in template if c not in placed and any(x in placed for x in geo.neighbours(*c))]
        # freedom: any cell touching the galaxy that keeps its rim one chain of touching hexes
        if m == 0:
            return [(0, 0)]
        cand = set()
        for q, r in placed:
            for c in geo.neighbours(q, r):
                if c not in placed:
                    cand.add(c)
        cells = sorted(c for c in cand if _rim_connected(placed | {c}))
        return cells or sorted(cand)

    def _legal_layout(self, p: int) -> list:
        if self.opts.get("look_before_placing") and self.drawn is None:
            return [DrawHex(p, pile) for pile in self._pile_names() if self.piles[pile]]
        cells = self._layout_cells()
        if self.drawn is not None:
            return [PlaceHex(p, "drawn", q, r) for q, r in cells]
        return [PlaceHex(p, pile, q, r) for pile in self._pile_names() if self.piles[pile] for q, r in cells]

    def _pile_names(self) -> list[str]:
        return sorted(self.piles) if self.rules == "simple_a" else [x for x in PILES if x in self.piles]

    def _start_options(self, p: int) -> list[int]:
        out = []
        rim = self._rim_set()
        for h in range(len(self.hex_q)):
            if self.hex_kind[h] == "S" or self.occupants[h]:
                continue
            if self.simple:
                if not self._is_planet(h):
                    continue
                if any(self.occupants[j] for j in self.adj()[h]):
                    continue
                out.append(h)
            else:
                if h not in rim:
                    continue
                if self.face_down[h] or self._is_planet(h):
                    out.append(h)
        if not out:  # nowhere by the rule (tiny galaxies): any free hex
            out = [h for h in range(len(self.hex_q)) if self.hex_kind[h] != "S" and not self.occupants[h]]
        return out

    def _legal_start(self, p: int) -> list:
        return [StartPlanet(p, h) for h in self._start_options(p)]

    def _do_DrawHex(self, a) -> None:
        tile = self.piles[a.pile].pop()
        self.drawn = [a.player, a.pile, tile]
        self._ev(events.DRAW_HEX,
                 f"{self.pname(a.player)} draws a hex from the {a.pile} pile and looks at it.", a.player,
                 pile=a.pile)

    def _do_PlaceHex(self, a) -> None:
        if a.pile == "drawn":
            _, pile, tile = self.drawn
            self.drawn = None
        else:
            pile = a.pile
            tile = self.piles[pile].pop()
        self._add_cell(a.q, a.r, tile, pile)
        h = len(self.hex_q) - 1
        face_down = self.opts.get("all_laid_before_revealed") or self.opts.get("unexplored")
        if face_down:
            self.face_down[h] = True
            self._ev(events.PLACE_HEX, f"{self.pname(a.player)} lays a {pile} hex face down at ({a.q},{a.r}) (H{h}).",
                     a.player, hex=h, q=a.q, r=a.r, pile=pile)
        else:
            self._ev(events.PLACE_HEX,
                     f"{self.pname(a.player)} lays a {pile} hex at ({a.q},{a.r}): {self.hex_label(h)}.",
                     a.player, irreversible=True, hex=h, q=a.q, r=a.r, pile=pile, tile=tile)
        self.seq_data["placed"] += 1

    def _do_StartPlanet(self, a) -> None:
        self._reveal(a.hex)
        self._add_troops(a.hex, a.player, RULES["components"]["starting_piglets"], 0)
        self._ev(events.START,
                 f"{self.pname(a.player)} puts 5 piglets on {self.hex_label(a.hex)}.", a.player, hex=a.hex)
        self.seq_data["i"] += 1

    def _enter_layout(self) -> None:
        pass

    def _poll_layout(self) -> bool:
        sd = self.seq_data
        if sd["placed"] < sd["total"]:
            self.actor = self.order[sd["placed"] % self.players]
            return True
        if self.opts.get("all_laid_before_revealed") and not self.opts.get("unexplored"):
            for h in range(len(self.hex_q)):
                self._reveal(h)
        return False

    def _enter_start(self) -> None:
        q = list(self.order)
        if self.opts.get("inverse_deployment"):
            q.reverse()
        self.seq_data = {"q": q, "i": 0}
        if self.opts.get("unexplored"):
            for h in sorted(self._rim_set()):  # the rim is charted before anyone settles
                self._reveal(h)

    def _poll_start(self) -> bool:
        sd = self.seq_data
        if sd["i"] < len(sd["q"]):
            self.actor = sd["q"][sd["i"]]
            return True
        return False


def _rim_connected(cells: set) -> bool:
    """Whether the rim hexes (fewer than six neighbours) of a set of cells all link up."""
    rim = [c for c in cells if sum(n in cells for n in geo.neighbours(*c)) < 6]
    if not rim:
        return True
    rim_set = set(rim)
    seen = {rim[0]}
    todo = [rim[0]]
    while todo:
        for n in geo.neighbours(*todo.pop()):
            if n in rim_set and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rim_set)


def hex_piles(players: int, rules: str, baston_rikiki: bool) -> dict[str, list[str]]:
    """The hex piles of a new game, unshuffled: per colour family (planets, its double planet
    and asteroids) and black asteroids; in simplified set A, one pile per kind of tile.

        >>> sorted(hex_piles(3, "simple_a", False))
        ['asteroid', 'blue double', 'blue planet', 'red double', 'red planet', 'yellow double', 'yellow planet']
    """
    mix = RULES["hex_mix"][str(players)]
    fewer = 1 if baston_rikiki else 0
    piles: dict[str, list[str]] = {}
    for colour, code in (("red", "r"), ("yellow", "y"), ("blue", "b")):
        planets = ["P" + code] * (mix["planets"][colour] - fewer)
        if rules == "simple_a":
            piles[f"{colour} planet"] = planets
            piles[f"{colour} double"] = ["D" + code]
        else:
            piles[colour] = planets + ["D" + code] * (1 if mix["double"] >= 3 else 0) + ["A"] * mix["asteroids"][colour]
    if rules == "simple_a":
        piles["asteroid"] = ["A"] * sum(mix["asteroids"].values())
        return {k: v for k, v in piles.items() if v}
    piles["black"] = ["A"] * mix["asteroids"]["black"]
    return piles
