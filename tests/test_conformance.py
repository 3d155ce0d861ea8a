"""One generic conformance test, run against every engine and each of its configurations."""
from __future__ import annotations

import importlib
import os

import pytest

from conformance import play_random_game
from livestock_notebooks.games import GAMES

ENGINES = list(GAMES)
# Per configuration: games checked at every step (JSON round trip, illegal actions, views and
# notation every few steps) and further games played fast to the end with the invariants
# checked. LSN_CONFORMANCE_GAMES=N checks N games at every step instead (a longer, deeper run,
# e.g. after a rules change; the benchmarks' engine runs play many more games unchecked).
CHECKED_GAMES = int(os.environ.get("LSN_CONFORMANCE_GAMES", "6"))
FAST_GAMES = 40


def _cases():
    for name in ENGINES:
        module = importlib.import_module(f"livestock_notebooks.{name}")
        for i, config in enumerate(module.CONFORMANCE_CONFIGS):
            yield pytest.param(module, config, id=f"{name}-{i}-" + "-".join(f"{k}={v}" for k, v in config.items()))


CASES = list(_cases())


@pytest.mark.parametrize("module,config", CASES)
def test_random_games_checked_at_every_step(module, config):
    pool = []
    for seed in range(CHECKED_GAMES):
        play_random_game(module, config, seed, pool=pool, check_every_step=True)


@pytest.mark.parametrize("module,config", CASES)
def test_many_random_games_reach_the_end(module, config):
    pool = []
    ended = 0
    for seed in range(1000, 1000 + FAST_GAMES):
        state, _ = play_random_game(module, config, seed, pool=pool, check_every_step=False)
        ended += state.is_over
    assert ended == FAST_GAMES


@pytest.mark.parametrize("name", ENGINES)
def test_each_game_is_described_once(name):
    from livestock_notebooks.core.game_info import GameInfo

    module = importlib.import_module(f"livestock_notebooks.{name}")
    info = module.GAME
    assert isinstance(info, GameInfo)
    assert info.name == name
    state = info.new_game(players=info.min_players, seed=3)
    assert type(state).GAME == info.name, "the save id is the GameInfo name"
    assert info.load(state.to_json()).to_json() == state.to_json()
    assert info.min_players <= info.max_players
    assert "random" in info.bots, "every game has a random bot under the stable name 'random'"
    for bot_name in info.bots:
        assert bot_name == bot_name.lower() and " " not in bot_name, "bot names are stable ids"
        bot = info.make_bot(bot_name, seed=1)
        if not state.is_over:
            assert bot.choose(state) in state.legal_actions()
    for old, new in info.bot_aliases.items():
        assert new in info.bots, f"alias {old!r} names a bot of this game"
    assert info.turn_text(state)


def _lookalikes(value):
    """Values equal (or nearly) to ``value`` but of another type: refused like any bad action."""
    import numpy as np

    if isinstance(value, bool):
        return [int(value), str(value)]
    if isinstance(value, int):
        out = [float(value), str(value), np.int64(value)]
        if value in (0, 1):
            out.append(bool(value))
        return out
    if isinstance(value, str):
        return [0, None, value.encode()]
    return []


@pytest.mark.parametrize("name", ENGINES)
def test_actions_with_wrongly_typed_fields_are_refused_unchanged(name):
    """An action whose field is ``1.0``, ``True``, ``"1"`` or a numpy integer where the rules
    want the int ``1`` is refused with IllegalAction before anything changes, though it compares
    equal to a legal action."""
    import dataclasses
    import random

    from livestock_notebooks import IllegalAction

    module = importlib.import_module(f"livestock_notebooks.{name}")
    config = module.CONFORMANCE_CONFIGS[0]
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state = module.new_game(seed=seed, **config)
        for _ in range(150):
            if state.is_over:
                break
            legal = state.legal_actions()
            action = rng.choice(legal)
            before = state.to_json()
            for f in dataclasses.fields(action):
                for bad in _lookalikes(getattr(action, f.name)):
                    wrong = dataclasses.replace(action, **{f.name: bad})
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(wrong)
                    assert refused.value.section, "the refusal names the rulebook section of the decision"
                    assert state.to_json() == before, f"{wrong!r} changed the state"
                    checked += 1
            state.apply(action)
    assert checked > 100
