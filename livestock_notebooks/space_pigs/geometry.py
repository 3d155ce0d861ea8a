"""Hex geometry of the galaxy: axial coordinates ``(q, r)``, rings, and the layout templates.

Axial coordinates as in Red Blob Games' hex guide: the six neighbours of ``(q, r)`` are
``(q+1, r)``, ``(q+1, r-1)``, ``(q, r-1)``, ``(q-1, r)``, ``(q-1, r+1)``, ``(q, r+1)``; the
distance is ``(|dq| + |dr| + |dq + dr|) / 2``. Ring ``k`` around a centre is the 6k cells at
distance k.
"""
from __future__ import annotations

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

TWIN_CORES = ((-4, 0), (4, 0))
SUN_CELL = (0, 0)
# with the optional connecting galaxy: closer cores, the sun above, three cells in the middle
# touching the ring-1 cells (-2, 0) of the west galaxy and (2, 0) of the east one
TWIN_CORES_CONNECTED = ((-3, 0), (3, 0))
SUN_CELL_CONNECTED = (0, -2)
CONNECTOR_CELLS = ((-1, 0), (0, 0), (1, 0))


def twin_geometry(connected: bool):
    """(cores, sun cell, connecting-galaxy cells) of the twin galaxies layout."""
    if connected:
        return TWIN_CORES_CONNECTED, SUN_CELL_CONNECTED, CONNECTOR_CELLS
    return TWIN_CORES, SUN_CELL, ()


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: tuple[int, int], k: int) -> list[tuple[int, int]]:
    """The cells at distance ``k`` from ``center``, walking round from the south-west."""
    if k == 0:
        return [center]
    q, r = center[0] + DIRECTIONS[4][0] * k, center[1] + DIRECTIONS[4][1] * k
    out = []
    for i in range(6):
        for _ in range(k):
            out.append((q, r))
            q, r = q + DIRECTIONS[i][0], r + DIRECTIONS[i][1]
    return out


def pancake_template(total: int) -> list[tuple[int, int]]:
    """Cells of a rough rectangle: columns alternately three and two hexes tall (odd-q offset)."""
    cells: list[tuple[int, int]] = []
    x = 0
    while len(cells) < total:
        height = 3 if x % 2 == 0 else 2
        for y in range(height):
            q = x
            r = y - (x - (x & 1)) // 2
            cells.append((q, r))
        x += 1
    return cells
