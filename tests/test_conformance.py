"""One generic conformance test, run against every engine and each of its configurations."""
from __future__ import annotations

import importlib

import pytest

from conformance import play_random_game

ENGINES = ["livestock_uprising", "battlegoats", "space_pigs"]
# Per configuration: games checked at every step (JSON round trip, illegal actions) and
# further games played fast to the end with the invariants checked.
CHECKED_GAMES = 12
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
