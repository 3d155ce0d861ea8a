"""Space Pigs described once: :data:`GAME` (a :class:`~livestock_notebooks.core.game_info.GameInfo`).

The session, the pages and the tests read it: the save id ``"space_pigs"``, 3-6 seats named
by clan once they are drawn ("P1 Porcus"), the bots by stable name (``random``, ``greedy``, ``strong`` with ``strong-easy`` and ``strong-hard``;
earlier saves wrote ``Random`` and ``Greedy``, kept as aliases), the turn line, the log line of
an action that made no event (hiding face-down cards and secret choices), the progress of a
game, the set-up options with their captions, and the auto-layout: a galaxy laid out at once
by seeded random legal placements, as players would lay it. Pure Python.

>>> GAME.name, GAME.min_players, GAME.max_players, sorted(GAME.bots)
('space_pigs', 3, 6, ['greedy', 'random', 'strong', 'strong-easy', 'strong-hard'])
>>> GAME.bot_name("Greedy")
'greedy'
"""
from __future__ import annotations

import random
from typing import Any

from ..core.game_info import BotRegistry, GameInfo
from ..core.protocol import GameState
from ..core.search import STRONG_LABELS
from .actions import AnswerExchange, ChooseMarker, Discard, Done, OfferExchange, PlayCard
from .flow import SEQUENCE_ORDER
from .lab import LAB
from .pictures import PLAYER_COLOURS
from .pointless import pointless_card_step
from .setup import load as _load, new_game as _engine_new_game

__all__ = [
    "BOTS", "BOT_ALIASES", "DONE_WORDS", "GAME", "LAYOUT_OPTIONS", "OPTION_LABELS", "PLAYER_COLOURS",
    "RULE_MODES", "GAME_SEQUENCES", "describe_action", "describe_turn", "game_info", "new_game", "only_real_choice",
    "progress",
]


#: What ``state.sequence`` reads, in the order a game passes through it: the engine's
#: sequence order (set-up, then a turn) and "over" at the end.
GAME_SEQUENCES = tuple(s for s in SEQUENCE_ORDER if s != "end") + ("over",)

#: The rules modes, with their captions.
RULE_MODES = (("Full rules", "full"), ("Simplified A", "simple_a"), ("Simplified B", "simple_b"))
#: The on/off options of ``new_game``, with their captions.
OPTION_LABELS = (
    ("clan_powers", "Clan powers (advanced)"),
    ("inverse_deployment", "Inverse deployment"),
    ("seventh_planet", "The seventh planet"),
    ("baston_rikiki", "Baston Rikiki galaxy (fewer planets)"),
    ("connecting_galaxy", "Twin galaxies: connecting galaxy"),
    ("look_before_placing", "Layout: look at a hex before placing it"),
    ("all_laid_before_revealed", "Layout: lay every hex before revealing"),
    ("unexplored", "Layout: unexplored galaxy"),
)
#: The galaxy layouts, with their captions.
LAYOUT_OPTIONS = (("Rings around a core", "rings"), ("Twin galaxies with the sun", "twin"),
                  ("Pancake", "pancake"), ("Freedom", "freedom"))

#: The bots by stable name (the names written into saves), from the ``BOTS`` of the bots
#: subpackage when first asked for: the rules import nothing from the bots.
BOTS = BotRegistry(f"{__package__}.bots")
#: Bot names as earlier pages wrote them into saves -> the stable name.
BOT_ALIASES = {"Random": "random", "Greedy": "greedy"}


def new_game(*, players: int, seed: int = 0, auto_layout: bool = False, **options: Any):
    """``space_pigs.new_game`` that can also lay the galaxy out at once (``auto_layout``: each
    hex is laid by a seeded random choice among the legal placements, as the players would)."""
    state = _engine_new_game(players=players, seed=seed, **options)
    if auto_layout:
        rng = random.Random(seed * 7919 + 17)
        while state.sequence == "layout" and not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return state


def describe_turn(state) -> str:
    """The turn line (public facts only)."""
    if state.is_over:
        if state.winners:
            return f"Game over: {state.pname(state.winners[0])} wins with the sacred recipe"
        return "Game over: the last turn is played, nobody wins"
    seq = state.sequence
    who = state.pname(state.current_player) if state.current_player is not None else "nobody"
    head = f"Turn {state.turn}: " if state.turn else ""
    if seq == "layout":
        return f"Laying out the galaxy: {who} lays a hex"
    if seq == "start":
        return f"Initial deployment: {who} chooses a rim planet"
    title = state.sequence_title
    short = title.split(": ", 1)[-1] if ": " in title else title
    combat_round = _combat_round(state)
    if combat_round is not None:
        return f"{head}{seq} {short}, round {combat_round}: {who} decides"
    return f"{head}{seq} {short}: {who} decides"


#: How the log words a player's "Done" in each sequence.
DONE_WORDS = {"1A": "is done with cards", "1B": "is done with colonists", "1D": "is done deploying",
              "2B": "ends travel", "2X": "makes no extra trip", "3B": "ends redeployment", "4B": "is done",
              "3C": "is done"}


def describe_action(state, action) -> str:
    """A log line for an action that made no event (or an undone one), hiding what is secret:
    face-down cards, travel markers and the cards of a discard or an exchange."""
    p = action.player
    who = state.pname(p)
    in_combat = _combat_round(state) is not None
    if isinstance(action, PlayCard) and in_combat:
        return f"{who} plays a card face down"
    if isinstance(action, ChooseMarker):
        return f"{who} chooses a travel marker face down"
    if isinstance(action, Discard):
        return f"{who} discards a card"
    if isinstance(action, AnswerExchange):
        return f"{who} answers an exchange"
    if isinstance(action, OfferExchange):
        return f"{who} offers an exchange"
    if isinstance(action, Done):
        if in_combat:
            return f"{who} is done"
        return f"{who} {DONE_WORDS.get(state.sequence, 'is done')}"
    return state.describe(action)


def progress(state) -> float:
    """How far the game has gone, in [0, 1] (turns of the limit, six when there is none)."""
    if state.is_over:
        return 1.0
    order = [s for s in GAME_SEQUENCES if s not in ("2X", "over")]
    seq = state.sequence
    frac = order.index(seq) / len(order) if seq in order else 0.0
    limit = state.max_rounds or 6
    return max(0.0, min(0.99, (max(state.turn, 1) - 1 + frac) / limit))


def only_real_choice(state, player: int, legal: list) -> tuple[Done, str] | None:
    """"Play no card" and why, when no card ``player`` may put down in this combat could change
    it (:func:`.pointless.pointless_card_step`, from the player's own view); else ``None``."""
    done = Done(player)
    if state.combat is None or state.combat.stage not in ("cards_d", "cards_a") or done not in legal:
        return None  # (public facts: a view is built only at a card step)
    why = pointless_card_step(state.player_view(player))
    return None if why is None else (done, why)


def _combat_round(state) -> int | None:
    """The round of the combat under way (public), or ``None`` when there is none."""
    return None if state.combat is None else int(state.combat.round)


def _players(state: GameState) -> int:
    return len(state.order)  # type: ignore[attr-defined]


def game_info(**options: Any) -> GameInfo:
    """The :class:`GameInfo` of Space Pigs (``options`` go to ``new_game``). Seats are "Player 1"
    ... on the setup screen, then named by clan once drawn ("P1 Porcus", as the log says)."""
    return GameInfo(
        name="space_pigs", title="Space Pigs", new_game=new_game, load=_load,
        min_players=3, max_players=6, default_players=3,
        bots=BOTS, bot_aliases=BOT_ALIASES, bot_labels=STRONG_LABELS,
        state_player_name=lambda s, i: s.pname(i),  # type: ignore[attr-defined]
        player_color=lambda i: PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
        turn_key=lambda s: (s.turn, s.sequence),  # type: ignore[attr-defined]
        describe_turn=describe_turn, describe_action=describe_action, progress=progress, players_of=_players,
        only_real_choice=only_real_choice,
        new_game_options=dict(options), max_actions=60_000, lab=LAB,
        # the turn timer's skip (a house rule of the tables: the rulebook has no timer)
        passes=({"type": "Done"}, {"type": "AnswerExchange", "card": -1}, {"type": "Stand", "yes": False},
                {"type": "Stay"}),
        passes_words="Skipping a late player passes for them: Done, no exchange, no candidacy, no flight. A "
                     "choice the rules require is made by a bot.",
        blurb="Pig clans explore a galaxy of hexes, fight aliens and each other, and elect the Royal Pig.",
    )


GAME = game_info()
