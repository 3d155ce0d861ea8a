"""Rule values and house values of Livestock Uprising, loaded once from the data file.

Everything a rule needs (costs, attack/defense points, harvest icons, the tile mix, the
command cards' effects) is in ``livestock_notebooks/data/livestock_uprising/rules.json``; this
module turns it into small tuples the engine can index by integer.

Unit codes: ``0..4`` are the five troop kinds (``TROOPS`` order), ``5..16`` the twelve
special forces (``5 + 3 * faction + i``). Terrain codes: ``0..4`` the resource tiles
(``RESOURCES`` order), ``5`` forest, ``6`` lake, ``7`` barn, ``-1`` a cell not placed yet.
"""
from __future__ import annotations

import json
from importlib import resources as _resources


def _load() -> dict:
    path = _resources.files("livestock_notebooks").joinpath("data").joinpath("livestock_uprising").joinpath("rules.json")
    return json.loads(path.read_text(encoding="utf-8"))


RULES: dict = _load()

RESOURCES: tuple[str, ...] = tuple(RULES["resources"]["names"])
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
TOKENS_EACH: int = RULES["resources"]["tokens_each"]
TOKENS_TOTAL: int = RULES["resources"]["total"]

FACTIONS: tuple[dict, ...] = tuple(RULES["factions"])
FACTION_KEYS: tuple[str, ...] = tuple(f["key"] for f in FACTIONS)
FACTION_NAMES: tuple[str, ...] = tuple(f["name"] for f in FACTIONS)
FACTION_CODES: tuple[str, ...] = ("Ch", "Co", "Go", "Pi")

# Generals: global general code = 3 * faction + (stars - 1)
GENERAL_NAMES: tuple[str, ...] = tuple(
    g["name"] for f in FACTIONS for g in sorted(f["generals"], key=lambda g: g["stars"])
)
GENERAL_STARS: tuple[int, ...] = tuple(i % 3 + 1 for i in range(len(GENERAL_NAMES)))
GENERAL_CODE = {name: i for i, name in enumerate(GENERAL_NAMES)}

# Units
TROOPS: tuple[dict, ...] = tuple(RULES["troops"])
SPECIAL_FORCES: tuple[dict, ...] = tuple(
    sf for fk in FACTION_KEYS for sf in RULES["special_forces"] if sf["faction"] == fk
)
N_TROOPS = len(TROOPS)
UNITS: tuple[dict, ...] = TROOPS + SPECIAL_FORCES
UNIT_KEYS: tuple[str, ...] = tuple(u["key"] for u in UNITS)
UNIT_NAMES: tuple[str, ...] = tuple(u["name"] for u in UNITS)
UNIT_CODE = {k: i for i, k in enumerate(UNIT_KEYS)}
UNIT_ATTACK: tuple[int, ...] = tuple(u["attack"] for u in UNITS)
UNIT_DEFENSE: tuple[int, ...] = tuple(u["defense"] for u in UNITS)
UNIT_COST: tuple[tuple[int, ...], ...] = tuple(
    tuple(u["cost"].get(r, 0) for r in RESOURCES) for u in UNITS
)
# bitmask of harvestable resources per unit
UNIT_HARVEST: tuple[int, ...] = tuple(
    sum(1 << RESOURCE_INDEX[r] for r in u["harvests"]) for u in UNITS
)
UNIT_SWIFT: tuple[bool, ...] = tuple("swift" in u.get("abilities", ()) for u in UNITS)
UNIT_GLUTTON: tuple[bool, ...] = tuple("glutton" in u.get("abilities", ()) for u in UNITS)
UNIT_FACTION: tuple[int, ...] = tuple(
    -1 if i < N_TROOPS else FACTION_KEYS.index(u["faction"]) for i, u in enumerate(UNITS)
)
TROOP_COUNTS: tuple[int, ...] = tuple(t["count"] for t in TROOPS)
TROOP_LETTERS: tuple[str, ...] = tuple(t["letter"] for t in TROOPS)


def faction_special_forces(faction: int) -> tuple[int, int, int]:
    """Unit codes of a faction's three special forces."""
    base = N_TROOPS + 3 * faction
    return (base, base + 1, base + 2)


# Terrain
TERRAINS: tuple[dict, ...] = tuple(RULES["tiles"]["terrains"])
TERRAIN_KEYS: tuple[str, ...] = tuple(t["key"] for t in TERRAINS) + ("barn",)
TERRAIN_LETTERS: tuple[str, ...] = tuple(t["letter"] for t in TERRAINS)
FOREST, LAKE, BARN, UNPLACED = 5, 6, 7, -1
assert TERRAIN_KEYS[FOREST] == "forest" and TERRAIN_KEYS[LAKE] == "lake"
assert tuple(TERRAIN_KEYS[:5]) == RESOURCES


def tiles_for(players: int) -> list[int]:
    """Terrain codes of every tile kept for ``players`` (backs numbered ``players`` or lower)."""
    out: list[int] = []
    for back, spec in RULES["tiles"]["by_back"].items():
        if int(back) <= players:
            mix = spec["mix"]
            assert sum(mix.values()) == spec["count"]
            for key, count in mix.items():
                out.extend([TERRAIN_KEYS.index(key)] * count)
    return sorted(out)


GRIDS = {int(k): (v["start"], v["final"]) for k, v in RULES["grids"].items() if k != "source"}
MAX_UNITS_GENERAL: int = RULES["unit_limits"]["general"]
MAX_UNITS_SUPER: int = RULES["unit_limits"]["super_army"]
SUPER_DICE: int = RULES["super_army"]["dice"]
SUPER_MOVES: int = RULES["super_army"]["moves"]
SUPER_CASUALTIES: int = RULES["super_army"]["casualties"]
CARDS_DEALT: int = RULES["command_cards_dealt"]["value"]

# Command cards
CARDS: tuple[dict, ...] = tuple(RULES["command_cards"])
CARD_KEYS: tuple[str, ...] = tuple(c["key"] for c in CARDS)
CARD_NAMES: tuple[str, ...] = tuple(c["name"] for c in CARDS)
CARD_CODE = {k: i for i, k in enumerate(CARD_KEYS)}
CARD_DEFENDING: tuple[bool, ...] = tuple(c["timing"] == "defending" for c in CARDS)
CARD_PHASES: tuple[frozenset, ...] = tuple(frozenset(c["phases"]) for c in CARDS)
CARD_EFFECT: tuple[dict, ...] = tuple(c["effect"] for c in CARDS)

READINGS: tuple[dict, ...] = tuple(RULES["readings"])


def house_values() -> list[dict]:
    """Every value-carrying object of the data file, flattened, with its source (for a house-rules page)."""
    out = []
    for t in TROOPS:
        out.append({"what": t["name"], "source": t["source"], "values": {k: t[k] for k in ("attack", "defense", "harvests", "count", "cost")}})
    for sf in SPECIAL_FORCES:
        out.append({"what": sf["name"], "source": sf["source"], "values": {k: sf[k] for k in ("faction", "attack", "defense", "harvests", "abilities", "cost")}})
    for c in CARDS:
        out.append({"what": c["name"], "source": c["source"], "values": {"timing": c["timing"], "text": c["text"]}})
    return out


def with_article(name: str) -> str:
    """``"a Sacrificial Sheep"``, ``"an Ornery Oxen"``."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``"1 unit"``, ``"3 units"``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
