"""Livestock Uprising: the complete rules engine (pure Python; no widget import).

Quick start::

    from livestock_notebooks import livestock_uprising as lu
    state = lu.new_game(players=2, seed=42)          # factions=["cows", "pigs"], max_rounds=N
    state.current_player                             # whose decision it is now (None when over)
    actions = state.legal_actions()                  # frozen dataclasses with a readable str()
    events = state.apply(actions[0])                 # list of Event: .kind, .text, .data
    state.is_over, state.winners                     # winners == [] when max_rounds ended it
    text = state.to_json(); again = lu.load(text)    # save / load (SaveFileError if corrupt)
    state.notation(); lu.from_notation("...")        # one-line positions (see .notation)

Rules come from the rulebook; values it leaves out (troop attack/defense, harvest icons, the
special forces of three factions, the command cards' effects, the terrain mix) and every
reading of an ambiguous rule are in ``livestock_notebooks/data/livestock_uprising/rules.json``
(each marked ``rulebook``, ``published`` or ``house``; readings in its ``readings`` list, also
as ``lu.data.READINGS``).

Turn structure (``state.phase_name``)
    ``barn``: setup, each player in seat order places its barn (:class:`PlaceBarn`); then the
    board fills itself, Generals stand on their barns and a random first player starts.
    ``action``: per General :class:`Move` (one square, 8 directions; 2 for a Super Army or a
    General with a swift Chicken unit), :class:`Attack` (moving onto an enemy), :class:`Stay`;
    then :class:`EndActions`. ``harvest``: :class:`Harvest` per General, :class:`EndHarvest`.
    ``marshal``: :class:`Marshal` (buy a unit under a General), at most one
    :class:`Transfer` (no buying after it), :class:`EndTurn`. ``super``: after
    :class:`DeclareSuperArmy` (all Generals in the own barn), :class:`Marshal` with what is left,
    then :class:`FormSuperArmy`. ``over``: the game has ended.
    :class:`PlayCard` plays a command card whenever offered (own turn; defending cards when
    attacked).

Decisions asked of a player mid-turn (``state.pending`` is then a dict with ``kind``):
    ``card``: the defender may play a defending card (:class:`PlayCard`) or :class:`DeclineCard`;
    ``casualty``: the losing side picks a unit (:class:`Casualty`); ``retreat``: the beaten
    defender picks a square (:class:`Retreat`). ``state.current_player`` is that player.

Reading the position (for a UI)
    ``state.size`` (board is size x size), ``state.board`` (rows of dicts: ``name`` like "c2",
    ``terrain``, ``resource``, ``barn_of``, ``generals``), ``state.terrain_at("c2")``,
    ``state.generals`` (dicts: name, stars, player, faction, square, status, super, attack,
    defense, units, steps, done, harvested), ``state.army("Billy")``, ``state.general_at("c2")``,
    ``state.resources[player]["hay"]``, ``state.resource_supply``, ``state.troop_supply``,
    ``state.special_forces``, ``state.hand(player)``, ``state.turn_player``,
    ``state.rounds_played``, ``state.alive_players``, ``state.faction_of(p)``,
    ``state.is_super_army(p)``, ``state.render()`` (text picture),
    ``state.actions_for("Billy")`` (legal actions naming a General, for a click on it),
    ``state.preview_attack(attack_action)`` (totals and exact odds before attacking).

What a seat may know (for pages, bots that must not peek, networked tables)
    ``state.player_view(p)`` (``None``: a spectator) is a frozen
    :class:`~.views.LivestockView`: the board, Generals, tokens, supplies, phase, pending
    decision, the battle in progress with its odds, the viewer's own hand and the others' hand
    sizes, and the engine's previews of the viewer's attacks. ``state.redraw_hidden(p, seed)``
    redraws what ``p`` cannot see (other hands, the deck order, the dice);
    ``lu.determinize(view, rng)`` draws a whole state from a view alone (for searching bots).
    Squares are named column letter + row number, row 1 at the top ("a1" is the top-left).
    Names for display: ``lu.data.UNIT_NAMES``/``UNIT_KEYS``, ``CARD_NAMES``/``CARD_KEYS``,
    ``CARDS`` (with ``text``), ``FACTION_NAMES``, ``GENERAL_NAMES``, ``RESOURCES``.

The game described once (save id, seats, bots by stable name ``random``/``greedy``, turn line):
``lu.GAME`` (:mod:`.game`). Event kinds: ``lu.EventKind`` (:mod:`.events`).

Bots: the :mod:`.bots` subpackage (``RandomBot``, ``GreedyBot``, ``StrongBot``). Errors: an illegal action raises
``livestock_notebooks.IllegalAction`` with ``.rule`` and ``.section`` (a rulebook section) and
leaves the state unchanged; a non-action raises ``MalformedAction``.
"""
from __future__ import annotations

from . import actions, data
from .actions import (
    ACTION_CLASSES,
    Attack,
    Casualty,
    DeclareSuperArmy,
    DeclineCard,
    EndActions,
    EndHarvest,
    EndTurn,
    FormSuperArmy,
    Harvest,
    LivestockAction,
    Marshal,
    Move,
    PlaceBarn,
    PlayCard,
    Retreat,
    Stay,
    Transfer,
)
from .events import EventKind
from .determinize import determinize
from ..core.game_info import bots_getattr
from .game import GAME
from .notation import NotationError
from .state import LivestockState, from_notation, load, new_game

TITLE = GAME.title
PLAYERS = tuple(range(GAME.min_players, GAME.max_players + 1))


def action_from_dict(d) -> LivestockAction:
    """Rebuild an action saved with ``action.to_dict()``."""
    return actions.from_dict(d)


CONFORMANCE_CONFIGS = [
    {"players": 2, "max_rounds": 30},
    {"players": 3, "max_rounds": 12},
    {"players": 4, "max_rounds": 8, "factions": ["pigs", "goats", "cows", "chickens"]},
]
BENCHMARK_CONFIGS = [
    {"players": 2, "max_rounds": 30},
    {"players": 4, "max_rounds": 20},
]

__all__ = [
    "GAME", "EventKind", "determinize", "new_game", "load", "from_notation", "NotationError", "action_from_dict", "LivestockState", "actions", "data",
    "CONFORMANCE_CONFIGS", "BENCHMARK_CONFIGS", *[c.__name__ for c in ACTION_CLASSES], "LivestockAction",
]


#: the bots, re-exported when first asked for (``GreedyBot``, ``BOTS``, the ``bots`` subpackage):
#: the rules import nothing from the bots subpackage, which imports the rules
__getattr__ = bots_getattr(__name__, ("BOTS", "GreedyBot", "StrongBot"))
