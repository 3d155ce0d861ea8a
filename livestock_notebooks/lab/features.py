"""What the lab records about each game besides the tournament record: its features.

A game is still played by :func:`livestock_notebooks.tournament.play_one` (so its record is the
tournament's, byte for byte); the lab hands it a copy of the game's :class:`GameInfo` whose
``new_game`` keeps the state it made and whose bots report each action they choose. From the
final state and those actions a :class:`Watcher` writes the features of one game:

- every game: ``first_player`` (the seat that played first, or the first attacker);
- Livestock Uprising: ``factions`` (faction key per seat), ``cards_played`` (command cards each
  seat played), ``special_forces`` (special-force units each seat marshalled), ``super_army``
  (whether each seat formed its Super Army);
- BattleGoats: ``armies`` (the card ids each seat fought with: dealt, or drafted), ``deal``
  (``deal`` or ``draft``), ``card_list`` (``standard`` or ``custom``);
- Space Pigs: ``clans``, ``recipes`` (red, yellow, blue planets per seat), ``rules``,
  ``victory_turn`` (the turn the game was won, or ``None``) and ``cards_used`` (the names of the
  combat and event cards each seat played, once per play: public once the game is over).

Pure Python.
"""
from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, Callable, Mapping

from .. import battlegoats
from ..core.game_info import GameInfo
from ..livestock_uprising import actions as lu_actions
from ..livestock_uprising import data as lu_data
from ..space_pigs import actions as sp_actions
from ..space_pigs import data as sp_data

__all__ = ["FEATURE_COLUMNS", "Watcher", "game_options", "watched_info"]

_SPECIAL_FORCES = frozenset(sf["key"] for sf in lu_data.SPECIAL_FORCES)

#: The feature columns of each game, as (name, kind): kinds are those of :mod:`.store`.
FEATURE_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "livestock_uprising": (("first_player", "int"), ("factions", "strs"), ("cards_played", "ints"),
                           ("special_forces", "ints"), ("super_army", "bools")),
    "battlegoats": (("first_player", "int"), ("armies", "strss"), ("deal", "str"), ("card_list", "str")),
    "space_pigs": (("first_player", "int"), ("clans", "strs"), ("recipes", "intss"), ("rules", "str"),
                   ("victory_turn", "int"), ("cards_used", "strss")),
}


def game_options(game: str, options: Mapping[str, Any], seed: int, players: int) -> dict[str, Any]:
    """The ``new_game`` options of one game from an experiment's ``options``: the same for every
    game, but for these, drawn from the game's own seed (so from its index alone):

    - Livestock Uprising ``factions="draw"``: a different faction per seat, drawn at random;
    - BattleGoats ``cards`` as a list of card ids: those cards of the built-in list.

    >>> game_options("livestock_uprising", {"factions": "draw"}, 7, 2)
    {'factions': ['goats', 'cows']}
    """
    out = dict(options)
    if game == "livestock_uprising" and out.get("factions") == "draw":
        out["factions"] = random.Random(f"lab factions {int(seed)}").sample(list(lu_data.FACTION_KEYS), players)
    if game == "battlegoats" and isinstance(out.get("cards"), (list, tuple)) and all(
            isinstance(c, str) for c in out["cards"]):
        rows = {c.id: c.to_dict() for c in battlegoats.cards.standard_cards()}
        unknown = [c for c in out["cards"] if c not in rows]
        if unknown:
            raise ValueError(f"unknown BattleGoats card ids {unknown[:5]}")
        out["cards"] = [rows[c] for c in out["cards"]]
    return out


class Watcher:
    """Sees one game: the state ``new_game`` made (:meth:`started`), each bot's action before it
    is applied (:meth:`chose`), and writes the game's :meth:`features` once it is over."""

    def __init__(self, game: str):
        self.game = game
        self.state: Any = None
        self.players = 0
        self.cards_played: list[int] = []
        self.special_forces: list[int] = []
        self.super_army: list[bool] = []
        self.armies: list[list[str]] | None = None
        self.cards_used: list[list[str]] = []

    def started(self, state: Any) -> None:
        self.state = state
        self.players = int(state.players)
        self.cards_played = [0] * self.players
        self.special_forces = [0] * self.players
        self.super_army = [False] * self.players
        self.cards_used = [[] for _ in range(self.players)]
        if self.game == "battlegoats" and not state.draft:
            self.armies = [list(h) for h in state.hands]

    def chose(self, state: Any, action: Any) -> None:
        if self.game == "livestock_uprising":
            player = state.current_player
            if isinstance(action, lu_actions.PlayCard):
                self.cards_played[player] += 1
            elif isinstance(action, lu_actions.Marshal) and action.unit in _SPECIAL_FORCES:
                self.special_forces[player] += 1
            elif isinstance(action, lu_actions.FormSuperArmy):
                self.super_army[player] = True
        elif self.game == "space_pigs" and isinstance(action, sp_actions.PlayCard):
            self.cards_used[action.player].append(_space_pigs_card_name(action.card))
        elif self.game == "battlegoats" and self.armies is None and state.phase != "draft":
            self.armies = [list(h) for h in state.hands]  # the draft is over: nothing laid out yet

    def features(self) -> dict[str, Any]:
        s = self.state
        if self.game == "livestock_uprising":
            return {"first_player": _int_or_none(s.first_player),
                    "factions": [lu_data.FACTION_KEYS[f] for f in s.factions],
                    "cards_played": list(self.cards_played), "special_forces": list(self.special_forces),
                    "super_army": list(self.super_army)}
        if self.game == "battlegoats":
            return {"first_player": _int_or_none(s.first_attacker), "armies": self.armies or [],
                    "deal": "draft" if s.draft else "deal",
                    "card_list": "standard" if getattr(s.cards, "standard", False) else "custom"}
        if self.game == "space_pigs":
            won = s.is_over and bool(s.winners)
            return {"first_player": _int_or_none(s.first), "clans": list(s.clans),
                    "recipes": [list(s.recipe(p)) for p in range(self.players)], "rules": str(s.rules),
                    "victory_turn": int(s.turn) if won else None,
                    "cards_used": [list(names) for names in self.cards_used]}
        return {}


def _space_pigs_card_name(card: int) -> str:
    """A combat card by its name, an event card by its English title (``Overdrive``)."""
    c = sp_data.CARDS[card]
    return c.name if c.kind == "combat" else c.english


def _int_or_none(value: Any) -> int | None:
    return None if value is None or int(value) < 0 else int(value)


def watched_info(info: GameInfo, watcher: Watcher) -> GameInfo:
    """A copy of ``info`` whose games report to ``watcher``: the game plays exactly as before
    (same state, same bots, same seeds); the watcher only looks."""
    def new_game(**kwargs: Any) -> Any:
        state = info.new_game(**kwargs)
        watcher.started(state)
        return state

    bots = {name: _watched_factory(factory, watcher) for name, factory in info.bots.items()}
    return dataclasses.replace(info, new_game=new_game, bots=bots)


def _watched_factory(factory: Callable[..., Any], watcher: Watcher) -> Callable[..., Any]:
    @functools.wraps(factory)  # the signature stays the factory's (seed or not, options)
    def make(*args: Any, **kwargs: Any) -> Any:
        return _WatchedBot(factory(*args, **kwargs), watcher)

    return make


class _WatchedBot:
    """A bot whose every choice is shown to a watcher before it is returned."""

    def __init__(self, bot: Any, watcher: Watcher):
        self.bot = bot
        self.watcher = watcher

    def choose(self, state: Any) -> Any:
        action = self.bot.choose(state)
        self.watcher.chose(state, action)
        return action
