"""BattleGoats described once: :data:`GAME` (a :class:`~livestock_notebooks.core.game_info.GameInfo`).

The session, the play page and the tests read it: the save id ``"battlegoats"``, 2-6 seats,
the bots by stable name (``random``, ``smart``, ``strong`` with ``strong-easy`` and ``strong-hard``; earlier pages wrote ``Random`` and ``Smart`` into
saves and the engine called the smart one ``seen``, all kept as aliases), the seat colours, the
turn line, the log line of an action that made no event (never naming a face-down card), the
progress of a game, the set-up options with their captions, and the automatic set-up: who lays
out first. Pure Python.

>>> GAME.name, GAME.min_players, GAME.max_players, sorted(GAME.bots)
('battlegoats', 2, 6, ['random', 'smart', 'strong', 'strong-easy', 'strong-hard'])
>>> GAME.bot_name("Smart"), GAME.bot_name("seen")
('smart', 'smart')
>>> setup_options([False, True, True])
{'layout_first': 1}
"""
from __future__ import annotations

from typing import Any, Sequence, cast

from ..core.game_info import BotRegistry, GameInfo
from ..core.protocol import Action, GameState
from ..core.search import STRONG_LABELS
from . import actions as act
from .board import player_text
from .cards import SLOT_NAMES
from .lab import LAB
from .pictures import PLAYER_COLOURS
from .state import BattleGoatsState, load, new_game

__all__ = [
    "ARMY_MODES", "BOTS", "BOT_ALIASES", "GAME", "PLAYER_COLOURS", "ROUND_LIMITS", "describe_action",
    "describe_turn", "game_info", "progress", "result_text", "setup_options",
]

#: The bots by stable name (the names written into saves), from the ``BOTS`` of the bots
#: subpackage when first asked for: the rules import nothing from the bots.
BOTS = BotRegistry(f"{__package__}.bots")
#: Bot names as earlier pages and the engine wrote them -> the stable name.
BOT_ALIASES = {"Random": "random", "Smart": "smart", "seen": "smart"}
#: How the armies are built, with their captions (``draft`` option of ``new_game``).
ARMY_MODES = (("Basic deal", False), ("Draft", True))
#: Round limits offered, with their captions (0: none; ``max_rounds`` option of ``new_game``).
ROUND_LIMITS = (("No limit", 0), ("10 rounds", 10), ("20 rounds", 20), ("40 rounds", 40))

# the turn line outside the attacks, by phase; and inside an attack, by stage
_PHASE_LINES = {
    "draft": "Draft: {who} keeps a card ({pack} in the pack)",
    "layout": "Battlefield setup: {who} lays out ({hand} cards to place)",
    "first": "{who} finished first and chooses who attacks first",
    "move": "Battle begins: cards able to move may swap places; every player is asked, {who} now",
}
# the dodge step comes for every face-down defending card, so its line tells nothing of the card
_STAGE_LINES = {
    "dodge": "{head}; {who} lets their face-down card fight, or flips it if it may avoid battle",
    "defender": "{head}; {who} chooses the defending card",
    "ending": "The last cards fell together: {who} chooses how it ends",
}


def result_text(winners: Sequence[int], result: str | None) -> str:
    """The result of a finished game in words (the turn line and the page's hint)."""
    if result == "shared":
        return "Game over: " + " and ".join(player_text(p) for p in winners) + " share the victory"
    if result == "no_victors":
        return "Game over: all fell defeated on the battlefield; there are no victors"
    if result == "max_rounds":
        return "Game over: the round limit was reached; nobody wins"
    if winners:
        return f"Game over: {player_text(winners[0])} has the last card in play and wins"
    return "Game over"


def describe_turn(state: BattleGoatsState) -> str:
    """The turn line (public facts only)."""
    if state.is_over:
        return result_text(state.winners, state.result)
    cp = state.current_player
    assert cp is not None
    who = player_text(cp)
    if state.phase in _PHASE_LINES:
        return _PHASE_LINES[state.phase].format(who=who, pack=len(state.packs[cp]), hand=len(state.hands[cp]))
    limit = "/" + str(state.max_rounds) if state.max_rounds else ""
    head = f"Round {state.round}{limit}: {player_text(state.seat)} attacks"
    return _STAGE_LINES.get(state.stage or "", "{head}").format(head=head, who=who)


def describe_action(state: BattleGoatsState, action: Action) -> str:
    """The log line of an action that made no event (or an undone one): a kept or laid-out card
    is not named (the others must not learn it); a "stay" at the start of battle names no slot."""
    if isinstance(action, act.Pick):
        return f"{player_text(action.player)} keeps a card from the pack"
    if isinstance(action, act.Place):
        return f"{player_text(action.player)} lays a card face down in {SLOT_NAMES[action.slot]}"
    return str(action)


def progress(state: BattleGoatsState) -> float:
    """A number in [0, 1] for the bot-vs-bot progress bar: the share of cards defeated."""
    if state.is_over:
        return 1.0
    if state.phase != "attack":
        return 0.05
    left = sum(1 for b in state.board for c in b if c is not None)
    return max(0.05, min(0.99, 1 - left / (9 * state.players)))


def setup_options(humans: Sequence[bool]) -> dict[str, Any]:
    """What the page decides at set-up: the first human seat lays out first (and so, finishing
    first, chooses who attacks first); with bots only, seat 1 does. ``humans[i]``: seat i is human."""
    return {"layout_first": next((i for i, human in enumerate(humans) if human), 0)}


def _bg(state: GameState) -> BattleGoatsState:
    """The session hands every hook a :class:`GameState`; ours are BattleGoats states."""
    return cast(BattleGoatsState, state)


def game_info(**options: Any) -> GameInfo:
    """The :class:`GameInfo` of BattleGoats (``options`` go to ``new_game``)."""
    return GameInfo(
        name=BattleGoatsState.GAME,
        title="BattleGoats",
        new_game=new_game,
        load=load,
        bots=BOTS,
        bot_aliases=BOT_ALIASES,
        # easy plays the attack planner alone, with no search (bots/strong.py LEVEL_PLAYOUTS)
        bot_labels={**STRONG_LABELS, "strong-easy": "Strong (planner, easy)"},
        min_players=2,
        max_players=6,
        default_players=3,
        blurb="A card game of goat armies: lay nine cards face down on a 3x3 battlefield, then attack "
              "and turn them over.",
        lab=LAB,
        player_color=lambda i: PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
        turn_key=lambda s: (_bg(s).phase, _bg(s).seat, _bg(s).round),
        describe_turn=lambda s: describe_turn(_bg(s)),
        describe_action=lambda s, a: describe_action(_bg(s), a),
        progress=lambda s: progress(_bg(s)),
        players_of=lambda s: _bg(s).players,
        new_game_options=dict(options),
    )


#: BattleGoats described once.
GAME = game_info()
