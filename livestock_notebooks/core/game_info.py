"""One game described once: :class:`GameInfo`.

Each game package exposes ``GAME``, a :class:`GameInfo` (``livestock_uprising.GAME``,
``battlegoats.GAME``, ``space_pigs.GAME``), and :data:`livestock_notebooks.games.GAMES` lists them
all. The session, the pages, the tournament runner, the lab and the tests read it rather than probing attribute names: the id used in saves (``name``), the
title, the seat counts, the bots by stable name (the names written into saves), the turn line
and the action texts. Pure Python.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable, Hashable, Iterator, Mapping

from .errors import SaveFileError
from .lab_facts import LabFacts
from .protocol import Action, GameState

__all__ = ["BotRegistry", "GameInfo", "bots_getattr"]


class BotRegistry(Mapping[str, Callable[..., Any]]):
    """A game's bots by stable name, read from the ``BOTS`` of the module named ``module`` the
    first time a bot is asked for.

    The rules package names its bots subpackage here without importing it: the bots import the
    rules (they play on states and views), never the reverse, and a page or a save that only
    needs the rules does not load the searching bots.
    """

    def __init__(self, module: str) -> None:
        self.module = module
        self._bots: dict[str, Callable[..., Any]] | None = None

    def _load(self) -> dict[str, Callable[..., Any]]:
        if self._bots is None:
            self._bots = dict(import_module(self.module).BOTS)
        return self._bots

    def __getitem__(self, name: str) -> Callable[..., Any]:
        return self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"BotRegistry({self.module!r})"


def bots_getattr(package: str, names: tuple[str, ...]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package that re-exports its bots (``names`` and the
    ``bots`` subpackage itself) when first asked for, so ``from livestock_notebooks.space_pigs
    import GreedyBot`` works while the rules import nothing from the bots."""

    def __getattr__(name: str) -> Any:
        if name == "bots" or name in names:
            module = import_module(f"{package}.bots")
            return module if name == "bots" else getattr(module, name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


@dataclass
class GameInfo:
    """How the shell makes, loads and describes one game. Only the first four are required.

    Hooks (all optional) take the live state; they must not change it.

    - ``player_name(i)``: a seat's name ("Chickens"); default "Player 1", "Player 2", ...
    - ``state_player_name(state, i)``: a seat's name once a game exists, for games whose
      names are dealt at set-up (Space Pigs: "P1 Porcus", the clan drawn). The session uses it
      for every name it writes (result, seat labels, hand-off, undo); ``player_name`` stays
      for the setup screen, before there is a state.
    - ``player_color(i)``: a CSS colour for the seat (log bullets, indicators).
    - ``state_player_color(state, i)``: the seat's colour once a game exists, for games whose
      colours follow a choice made at set-up (Livestock: the faction a seat plays).
    - ``turn_key(state)``: a value that changes when a new turn starts (for example the pair
      (round, player)); undo never crosses it. Default: ``state.turn`` / ``state.round`` if the
      state has one, else nothing (undo is then bounded by the other rules only).
    - ``describe_turn(state)``: the turn and phase indicator text.
    - ``end_turn(state, legal)``: the action the "end turn" button plays, or ``None`` when the
      button is not available now; ``end_turn_label`` is its caption.
    - ``passes``: the actions by which a seat passes, as ``Action.to_dict()`` items in the order
      tried (the tables' turn timer skips a late seat with them, ``tables/social.py``); empty:
      the game has no pass. ``passes_words`` says what skipping does, for the table's lobby.
    - ``progress(state)``: a number in [0, 1] for the bot-vs-bot progress bar.
    - ``players_of(state)``: how many players the state has (default: from common attributes).
    - ``new_game_options``: extra keyword arguments for ``new_game`` (``max_rounds`` ...).
    - ``only_real_choice(state, player, legal)``: when every action of ``legal`` but one changes
      nothing ``player`` would care about, that action and why, in words for the log (a Space
      Pigs card step where no card could change the combat); else ``None``. Decided from
      ``state.player_view(player)`` only, so taking the step tells nobody anything. A play page
      takes it for the player like a decision with one legal action.
    - ``describe_action(state, action)``: the log line of an action that made no event, and of
      an undone one (state before the action); default ``"<name>: <str(action)>"``. A game
      whose ``str(action)`` names a hidden card (a face-down combat card) says less here.
    - ``bot_aliases``: older names of bots (as earlier saves wrote them) -> the stable name.
    - ``bot_labels``: what menus show for a bot (default: its stable name capitalised).
    - ``blurb``: one sentence about the game for the front page and the list of pages.
    - ``lab``: the game's :class:`~livestock_notebooks.core.lab_facts.LabFacts` (``<game>/lab.py``),
      what the balance lab and the tournament need to know about it.
    """

    name: str
    title: str
    new_game: Callable[..., GameState]
    load: Callable[[str], GameState]
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 4
    default_players: int | None = None
    player_name: Callable[[int], str] | None = None
    state_player_name: Callable[[GameState, int], str] | None = None
    player_color: Callable[[int], str] | None = None
    state_player_color: Callable[[GameState, int], str] | None = None
    turn_key: Callable[[GameState], Hashable] | None = None
    describe_turn: Callable[[GameState], str] | None = None
    end_turn: Callable[[GameState, list], Action | None] | None = None
    end_turn_label: str = "End turn"
    passes: tuple[Mapping[str, Any], ...] = ()
    passes_words: str = ""
    progress: Callable[[GameState], float] | None = None
    players_of: Callable[[GameState], int] | None = None
    new_game_options: Mapping[str, Any] = field(default_factory=dict)
    max_actions: int = 20_000
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    bot_labels: Mapping[str, str] = field(default_factory=dict)
    describe_action: Callable[[GameState, Action], str] | None = None
    only_real_choice: Callable[[GameState, int, list], tuple[Action, str] | None] | None = None
    blurb: str = ""
    lab: LabFacts | None = None

    # -- defaults for the hooks ---------------------------------------------------------
    def seat_name(self, player: int | None, state: GameState | None = None) -> str:
        """A seat's name: ``state_player_name(state, player)`` when a state is given and the
        game has that hook, else ``player_name(player)``, else "Player <n>"."""
        if player is None:
            return "nobody"
        if state is not None and self.state_player_name is not None:
            return self.state_player_name(state, player)
        if self.player_name is not None:
            return self.player_name(player)
        return f"Player {player + 1}"

    def color(self, player: int | None, state: GameState | None = None) -> str:
        """A seat's CSS colour (``state_player_color`` when a state is given and the game has
        that hook, else ``player_color``; grey for nobody)."""
        if player is None:
            return "#666"
        if state is not None and self.state_player_color is not None:
            return self.state_player_color(state, player)
        if self.player_color is None:
            return "#666"
        return self.player_color(player)

    def action_text(self, state: GameState, action: Action, player: int | None) -> str:
        """An action in words for the log (``describe_action`` if given)."""
        if self.describe_action is not None:
            return self.describe_action(state, action)
        return f"{self.seat_name(player, state)}: {action}"

    def turn_of(self, state: GameState) -> Hashable:
        if self.turn_key is not None:
            return self.turn_key(state)
        for attr in ("turn", "turn_number", "round"):
            value = getattr(state, attr, None)
            if isinstance(value, (int, str, tuple)):
                return value
        return None

    def turn_text(self, state: GameState) -> str:
        if self.describe_turn is not None:
            return self.describe_turn(state)
        if state.is_over:
            return "Game over"
        return f"{self.seat_name(state.current_player, state)} to play"

    def count_players(self, state: GameState) -> int:
        if self.players_of is not None:
            return int(self.players_of(state))
        for attr in ("num_players", "n_players", "player_count", "players"):
            value = getattr(state, attr, None)
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                return value
            if isinstance(value, (list, tuple)):
                return len(value)
        raise SaveFileError("cannot tell how many players this game has (give spec.players_of)")

    def bot_label(self, name: str) -> str:
        """What a menu shows for the bot ``name`` ("greedy" -> "Greedy")."""
        name = self.bot_name(name)
        return self.bot_labels.get(name, name.capitalize())

    def bot_name(self, name: str) -> str:
        """The stable name of a bot, given its stable name or an older alias."""
        return self.bot_aliases.get(name, name)

    def make_bot(self, name: str, seed: int):
        name = self.bot_name(name)
        if name not in self.bots:
            raise ValueError(f"unknown bot {name!r}; this game has {sorted(self.bots)}")
        factory = self.bots[name]
        params: Mapping[str, inspect.Parameter]
        try:
            params = inspect.signature(factory).parameters
        except (TypeError, ValueError):
            params = {}
        if "seed" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()):
            return factory(seed=seed)
        return factory()
