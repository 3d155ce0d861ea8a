"""Livestock Uprising described once: :data:`GAME`, the :class:`~livestock_notebooks.core.game_info.GameInfo`
that the session, the pages and the tests read (the save id, seats, bots by stable name, the turn
line, the end-phase button, progress). Pure Python.

    >>> from livestock_notebooks.livestock_uprising import GAME
    >>> GAME.name, sorted(GAME.bots), GAME.seat_name(1)
    ('livestock_uprising', ['greedy', 'random', 'strong', 'strong-easy', 'strong-hard'], 'Cows')
"""
from __future__ import annotations

from typing import Any

from ..core.game_info import BotRegistry, GameInfo
from ..core.search import STRONG_LABELS
from . import actions as A
from . import data as D
from .lab import LAB
from .pictures import FACTION_COLOURS  # the factions' colours (the rulebook's barns: blue, red, green, black)
from .state import LivestockState, load, new_game

__all__ = ["GAME", "BOTS", "BOT_ALIASES", "FACTION_COLOURS", "PHASE_LABELS", "describe_turn", "end_phase_action",
           "only_real_choice"]

#: The bots by stable name (the names written into saves), from the ``BOTS`` of the bots
#: subpackage when first asked for: the rules import nothing from the bots.
BOTS = BotRegistry(f"{__package__}.bots")
#: Names earlier pages wrote into saves -> the stable name.
BOT_ALIASES = {"Random": "random", "Sensible": "greedy", "Greedy": "greedy"}

#: The phases (``state.phase_name``) in words.
PHASE_LABELS = {
    "barn": "Setup: place your barn",
    "action": "Action phase",
    "harvest": "Harvest phase",
    "marshal": "Marshalling phase",
    "super": "Forming the Super Army",
    "over": "Game over",
}

_END_PHASE = (A.EndActions, A.EndHarvest, A.EndTurn)


def _faction_name(i: int) -> str:
    return D.FACTION_NAMES[i]


def _seat_name(state: Any, seat: int) -> str:
    """A seat's name once a game exists: the faction that seat plays (not the faction numbered like the seat)."""
    return D.FACTION_NAMES[state.factions[seat]]


def _faction_colour(i: int) -> str:
    return FACTION_COLOURS[D.FACTION_KEYS[i]]


def _seat_colour(state: Any, seat: int) -> str:
    """A seat's colour once a game exists: its faction's."""
    return FACTION_COLOURS[D.FACTION_KEYS[state.factions[seat]]]


def describe_turn(state: Any) -> str:
    """The turn line: round, whose turn, the phase, and a battle decision asked of someone."""
    if state.is_over:
        winners = state.winners
        if winners:
            return "Game over: " + " and ".join(D.FACTION_NAMES[state.factions[p]] for p in winners) + " won"
        return "Game over"
    who = D.FACTION_NAMES[state.factions[state.turn_player]]
    text = f"Round {state.rounds_played + 1} \u00b7 {who} \u00b7 {PHASE_LABELS.get(state.phase_name, state.phase_name)}"
    pending = state.pending
    if pending is not None:
        other = D.FACTION_NAMES[state.factions[pending["player"]]]
        text += f" \u00b7 {other} must choose a {'defending card' if pending['kind'] == 'card' else pending['kind']}"
    return text


def end_phase_action(state: Any, legal: list) -> A.LivestockAction | None:
    """The action of the "End phase" button (end the action phase, the harvest, the turn), if legal now."""
    for action in legal:
        if isinstance(action, _END_PHASE):
            return action
    return None


def _progress(state: Any) -> float:
    limit = state.max_rounds or 40
    return state.rounds_played / limit


def _turn_key(state: Any) -> tuple[int, int]:
    return (state.rounds_played, state.turn_player)


def _players_of(state: Any) -> int:
    return state.players


def only_real_choice(state: Any, player: int, legal: list) -> tuple[A.Casualty, str] | None:
    """The first casualty and why, when the losing side owes as many casualties as its fighting
    Generals have units (Casualties: every unit goes whichever is picked first, so the order
    changes nothing); else ``None``. Read from ``player``'s view (armies are public)."""
    if not legal or not all(isinstance(a, A.Casualty) for a in legal):
        return None
    view = state.player_view(player)
    b = view.battle
    if b is None or b.stage != "casualty":
        return None
    losers = set(b.defenders) if b.loser == "def" else {b.attacker}
    units = sum(len(g.units) for g in view.generals if g.name in losers)
    if b.casualties_left < units:
        return None
    return legal[0], f"all {units} units are lost whichever goes first"


GAME = GameInfo(
    name=LivestockState.GAME, title="Livestock Uprising", new_game=new_game, load=load,
    bots=BOTS, bot_aliases=BOT_ALIASES, bot_labels=STRONG_LABELS, min_players=2, max_players=4, default_players=2,
    player_name=_faction_name, state_player_name=_seat_name, player_color=_faction_colour, state_player_color=_seat_colour, players_of=_players_of, turn_key=_turn_key,
    describe_turn=describe_turn, progress=_progress, max_actions=40_000,
    end_turn=end_phase_action, end_turn_label="End phase", lab=LAB, only_real_choice=only_real_choice,
    # the turn timer's skip (a house rule of the tables: the rulebook has no timer)
    passes=({"type": "DeclineCard"}, {"type": "EndActions"}, {"type": "EndHarvest"}, {"type": "EndTurn"}),
    passes_words="Skipping a late player ends their turn: no card is played, and the action phase, the harvest "
                 "and the turn are ended. A choice the rules require (a barn, a casualty) is made by a bot.",
    blurb="Chickens, cows, goats and pigs raise armies, harvest the farm and fight for it: play on the board "
          "against friends or computer players.",
)
