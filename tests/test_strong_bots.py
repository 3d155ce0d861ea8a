"""The strong (search) bots of every game: legal, reproducible, honest, and they finish games.

They search with a cap on iterations here (no clock), so every decision is reproducible.
"""
from __future__ import annotations

import random

import pytest

from livestock_notebooks import tournament
from livestock_notebooks.games import GAMES
from livestock_notebooks.core.search import SearchBot

#: a game's new-game options here where not its default number of players
OPTIONS = {"space_pigs": {"players": 4, "rules": "full"}}


def options_of(game: str) -> dict:
    return dict(OPTIONS.get(game, {"players": GAMES[game].default_players}))


def _positions(game: str, seed: int, count: int = 4, every: int = 7):
    """Positions of a random game where the player to act has a real choice."""
    info = GAMES[game]
    options = options_of(game)
    state = info.new_game(seed=seed, max_rounds=30, **options)
    rng = random.Random(seed)
    found = 0
    for step in range(3000):
        if state.is_over or found >= count:
            return
        legal = state.legal_actions()
        if len(legal) > 1 and step % every == 0:
            found += 1
            yield state
        state.apply(rng.choice(legal))


def _bot(game: str, seed: int = 3, iterations: int = 12):
    return GAMES[game].bots["strong"](seed=seed, max_iterations=iterations)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_strong_bot_is_registered_at_three_levels(game):
    info = GAMES[game]
    assert {"strong", "strong-easy", "strong-hard"} <= set(info.bots)
    assert info.bot_label("strong") == "Strong (search)"
    levels = {name: info.make_bot(name, 1).level for name in ("strong-easy", "strong", "strong-hard")}
    assert levels == {"strong-easy": "easy", "strong": "normal", "strong-hard": "hard"}
    counts = [info.make_bot(name, 1).max_iterations for name in ("strong-easy", "strong", "strong-hard")]
    assert counts == sorted(counts) and len(set(counts)) == 3, counts  # each level plays more than the one below
    assert list(info.bots)[-1] not in levels  # the page's default bot is still the heuristic one


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_strong_bot_plays_legal_actions_and_explains_them(game):
    checked = 0
    for seed in (1, 2):
        for state in _positions(game, seed):
            bot = _bot(game)
            action = bot.choose(state.copy())
            assert state.is_legal(action), (game, seed, action)
            analysis = bot.last_analysis
            checked += 1
            if analysis.get("searched") is False:  # a routine decision its heuristic takes at once
                assert analysis["action"] == action and analysis["iterations"] == 1
                continue
            # a routine Livestock decision (a walk, a harvest, a purchase) searches with its cap
            budget = bot.routine_iterations if analysis.get("routine") else 12
            assert analysis["action"] == action and analysis["iterations"] == budget
            assert 0.0 <= analysis["win_chance"] <= 1.0 and analysis["visits"] >= 1
            assert all(alt["visits"] <= analysis["visits"] for alt in analysis["alternatives"])
    assert checked >= 6


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_strong_bot_is_reproducible_from_its_seed(game):
    for state in _positions(game, 5, count=3):
        first = _bot(game, seed=9).choose(state.copy())
        assert _bot(game, seed=9).choose(state.copy()) == first
        assert _bot(game, seed=9).last_analysis is None  # a fresh bot has said nothing yet


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_strong_bot_decides_from_its_own_view_only(game):
    """Two true states that look the same from the bot's seat (the others' hands, recipes,
    face-down cards, deck and dice redrawn) give the same decision."""
    checked = 0
    for state in _positions(game, 7, count=3):
        me = state.current_player
        choice = _bot(game, seed=4).choose(state.copy())
        for redraw in (11, 12):
            twin = state.redraw_hidden(me, redraw)
            assert twin.player_view(me) == state.player_view(me)
            assert _bot(game, seed=4).choose(twin) == choice, (game, me, redraw)
        checked += 1
    assert checked == 3


class _OnlyTheView:
    """A state that answers ``current_player`` and ``player_view(current_player)`` and nothing else."""

    def __init__(self, state):
        self._state = state

    @property
    def current_player(self):
        return self._state.current_player

    def player_view(self, seat):
        assert seat == self._state.current_player, "a bot looked at another seat's view"
        return self._state.player_view(seat)

    def __getattr__(self, name):
        raise AssertionError(f"the bot read {name!r} of the true state")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_strong_bot_reads_nothing_but_its_view(game):
    for state in _positions(game, 3, count=2):
        action = _bot(game).choose(_OnlyTheView(state))
        assert state.is_legal(action)


@pytest.mark.parametrize("game,seats,max_rounds", [
    ("livestock_uprising", ["strong", "random"], 3),
    ("battlegoats", ["strong", "smart", "random"], 6),
    ("space_pigs", ["strong", "greedy", "random"], 2),
])
def test_games_with_strong_bots_finish(game, seats, max_rounds):
    records = tournament.play_games(game, seats=seats, games=1, seed=2, max_rounds=max_rounds,
                                    options={k: v for k, v in options_of(game).items() if k != "players"},
                                    bot_options={"strong": {"max_iterations": 6}})
    assert records[0]["finished"], records[0]["result"]


class _BusyClock:
    """The clock of a very busy machine: every reading is 0.5 s after the last (a playout that
    takes a few milliseconds seems to take seconds)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 0.5
        return self.now


def _searched_position(game: str, level: str):
    """A position where the strong bot at ``level`` searches with its whole count (a Livestock key
    decision, a BattleGoats attack, a Space Pigs battle card), with that count."""
    from livestock_notebooks.space_pigs.bots.strong import is_searched

    info = GAMES[game]
    for seed in range(1, 40):
        state = info.new_game(seed=seed, max_rounds=30, **options_of(game))
        bots = [info.make_bot("greedy" if "greedy" in info.bots else "smart", seed + k) for k in range(state.players)]
        for _ in range(3000):
            if state.is_over:
                break
            legal = state.legal_actions()
            me = state.current_player
            view = state.player_view(me)
            if len(legal) > 1:
                # a game without a line here: any decision with a choice
                wanted = {"livestock_uprising": lambda: view.pending is not None or any(type(a).__name__ == "Attack" for a in legal),
                          "battlegoats": lambda: type(legal[0]).__name__ == "ChooseAttacker",
                          "space_pigs": lambda: is_searched(view, legal)}.get(game, lambda: True)
                if wanted():
                    return state
            state.apply(bots[me].choose(state))
    raise AssertionError(f"no searched position in {game}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_level_of_a_bot_sets_its_playouts_not_its_clock(game):
    """On a machine so busy that each playout seems to take seconds, a bot at a level still runs
    its level's playouts (a clock budget of 0.1 s would have stopped after one); the clock is only
    a safety stop, far above what a level needs."""
    from livestock_notebooks.core.search import SAFETY_SECONDS

    # the lowest level that searches (BattleGoats' easy plays its planner alone: no playouts)
    level, name = next((lv, n) for lv, n in (("easy", "strong-easy"), ("normal", "strong"))
                       if GAMES[game].make_bot(n, 3).max_iterations)
    state = _searched_position(game, level)
    bot = GAMES[game].make_bot(name, 3)
    count = bot.max_iterations
    assert count == type(bot).LEVEL_PLAYOUTS[level] and bot.seconds == SAFETY_SECONDS >= 30
    bot.clock = _BusyClock()
    bot.choose(state.copy())
    assert bot.last_analysis["iterations"] == count
    # the same bot on a time budget of 0.1 s stops after its first playout on that machine
    timed = GAMES[game].bots["strong"](seed=3, level=level, seconds=0.1)
    timed.clock = _BusyClock()
    timed.choose(state.copy())
    assert timed.last_analysis["iterations"] == 1
    # and a search gone on far too long stops at the safety stop
    runaway = GAMES[game].make_bot(name, 3)
    runaway.clock = _BusyClock()
    runaway.clock.now = 0.0
    runaway.seconds = 1.0
    runaway.choose(state.copy())
    assert runaway.last_analysis["iterations"] < count


def test_a_search_bot_refuses_a_finished_game_and_an_unknown_level():
    with pytest.raises(ValueError, match="levels"):
        SearchBot(lambda view, rng: None, lambda state, seat: 0.5, level="brutal")

    class Over:
        current_player = None

    with pytest.raises(ValueError, match="over"):
        _bot("battlegoats").choose(Over())
