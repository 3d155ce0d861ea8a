"""What one seat (or a spectator) may know of a Livestock Uprising game, as read-only data.

``state.player_view(player)`` returns a :class:`LivestockView`; ``player_view(None)`` the
spectator's. The board, the Generals with their units and totals, every player's tokens, the
supplies, the phase and any battle are public; a command-card hand is seen only by its owner
(the others see its size), the deck only by its size, and the dice to come by nobody. Pages draw
from a view alone (:mod:`livestock_notebooks.widgets.livestock_uprising`).

The battle previews (:class:`AttackPreview`) carry the totals and the exact odds the engine
computed (:meth:`LivestockState.preview_attack`), so a page never recomputes them.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.protocol import PlayerView
from ..odds.livestock_uprising import BattleOdds
from . import data as D
from .pictures import position_html

__all__ = ["SquareView", "GeneralView", "PendingDecision", "AttackPreview", "BattleView", "LivestockView"]


@dataclass(frozen=True)
class SquareView:
    """One square: ``terrain`` key (``None`` before it is laid), its ``resource`` (``None`` on a
    closed square or a barn), the barn's owner, the names of the Generals on it."""

    name: str
    terrain: str | None
    resource: str | None
    barn_of: int | None
    generals: tuple[str, ...]


@dataclass(frozen=True)
class GeneralView:
    """A General: where it stands (``square`` ``None`` once off the board), its status
    (``active``, ``merged``, ``destroyed``, ``out``), its units (keys) and totals, and what it
    has done this turn."""

    name: str
    stars: int
    player: int
    faction: str
    square: str | None
    status: str
    super_army: bool
    attack: int
    defense: int
    units: tuple[str, ...]
    steps: int
    done: bool
    harvested: bool

    @property
    def active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class PendingDecision:
    """A decision asked mid-turn: ``kind`` ``card`` (a defending card or none), ``casualty``
    or ``retreat``, by ``player``, in the battle of ``attacker`` against ``defenders`` at ``square``."""

    kind: str
    player: int
    attacker: str
    defenders: tuple[str, ...]
    square: str
    casualties_left: int


@dataclass(frozen=True)
class AttackPreview:
    """What an attack faces before any defending card: the totals (a card's attack bonus
    included), Super Army dice, the Generals fighting, those a Super Army destroys without a
    battle, and the exact ``odds`` (``None`` when nobody fights)."""

    general: str
    frm: str
    to: str
    attack: int
    defense: int
    attack_bonus: int
    attacker_super: bool
    defender_super: bool
    defenders: tuple[str, ...]
    destroys: tuple[str, ...]
    odds: BattleOdds | None


@dataclass(frozen=True)
class BattleView:
    """The battle in progress: who attacks whom where, what it waits for, the defending card
    played (once played it is public) and the totals and odds before that card."""

    attacker: str
    defenders: tuple[str, ...]
    square: str
    stage: str
    decider: int
    card: str | None
    preview: AttackPreview
    overrun: int = 0  #: extra casualties a winning attacker causes (a command card played before)
    loser: str = ""  #: ``att`` or ``def`` once the dice are rolled
    casualties_left: int = 0  #: casualties the losing side still owes
    must_retreat: bool = False  #: the beaten defender still has to retreat


@dataclass(frozen=True)
class LivestockView(PlayerView):
    """What ``viewer`` may know (see the module docstring). Tokens are in :data:`~.data.RESOURCES`
    order; ``hand`` is the viewer's own (empty for a spectator), ``hand_sizes`` everyone's."""

    players: int
    size: int
    factions: tuple[str, ...]
    board: tuple[tuple[SquareView, ...], ...]
    generals: tuple[GeneralView, ...]
    tokens: tuple[tuple[int, ...], ...]
    token_supply: tuple[int, ...]
    troop_supply: tuple[int, ...]
    special_forces: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    played: tuple[str, ...]
    phase: str
    turn_player: int
    current_player: int | None
    rounds_played: int
    max_rounds: int | None
    alive: tuple[bool, ...]
    super_army: tuple[bool, ...]
    winners: tuple[int, ...]
    attack_bonus: int
    overrun: int
    harvest_bonus: int
    transfers_left: int
    marshal_locked: bool
    pending: PendingDecision | None
    battle: BattleView | None
    attack_previews: tuple[AttackPreview, ...]  #: the viewer's legal attacks, when it is the viewer's decision
    first_player: int = -1  #: the seat drawn to go first (-1 before the board is complete)
    resume_phase: str = ""  #: while forming a Super Army, the phase the turn goes back to
    has_acted: bool = False  #: a General of the player in turn has moved or attacked this turn

    # -- reading helpers ------------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return self.phase

    @property
    def alive_players(self) -> list[int]:
        return [p for p in range(self.players) if self.alive[p]]

    def faction_of(self, player: int) -> str:
        return self.factions[player]

    def faction_name(self, player: int) -> str:
        return D.FACTION_NAMES[D.FACTION_KEYS.index(self.factions[player])]

    def is_super_army(self, player: int) -> bool:
        return self.super_army[player]

    def resources(self, player: int) -> dict[str, int]:
        """A player's tokens by resource name."""
        return dict(zip(D.RESOURCES, self.tokens[player]))

    @property
    def resource_supply(self) -> dict[str, int]:
        return dict(zip(D.RESOURCES, self.token_supply))

    def picture_html(self) -> str:
        """The board, the players' resources and every General's units and strengths."""
        return position_html(self)

    @property
    def troops_left(self) -> dict[str, int]:
        """Troop cards left in the supply, by unit key."""
        return dict(zip(D.UNIT_KEYS, self.troop_supply))

    @property
    def special_force_states(self) -> dict[str, str]:
        """Each special force: ``available``, ``in play`` or ``lost``."""
        return dict(zip(D.UNIT_KEYS[D.N_TROOPS:], self.special_forces))

    def general(self, name: str) -> GeneralView | None:
        return next((g for g in self.generals if g.name == name), None)

    def general_at(self, square: str) -> list[str]:
        """Names of the Generals on ``square``."""
        return [g.name for g in self.generals if g.square == square]

    def preview(self, attack: Any) -> AttackPreview | None:
        """The engine's preview of one of the viewer's legal attacks (an :class:`~.actions.Attack`)."""
        for p in self.attack_previews:
            if (p.general, p.frm, p.to) == (attack.general, attack.frm, attack.to):
                return p
        return None

    def to_dict(self) -> dict:
        """Plain JSON data (fractions as ``"n/d"`` strings)."""
        return _json_fractions(dataclasses.asdict(self))


def _json_fractions(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {k: _json_fractions(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_fractions(v) for v in value]
    return value
