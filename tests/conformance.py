"""The generic conformance check, written once and run against every engine.

For each configuration an engine lists in ``CONFORMANCE_CONFIGS`` it plays seeded random
games to the end and, at every step, checks what a user of any engine relies on:

- the game is either over (no current player, no legal action) or offers legal actions;
- ``to_json()`` -> ``load()`` gives the identical state (same JSON, same legal actions);
- ``copy()`` is identical and independent of the original;
- actions legal elsewhere but not here, and malformed objects, raise ``IllegalAction`` and
  leave the state unchanged;
- the engine's own invariants hold (``invariant_violations()`` is empty);
- ``apply`` returns a list of ``Event``; the same seed and actions replay to the same state;
- every seat's view and the spectator view are frozen ``PlayerView`` dataclasses that hide what
  they must: ``redraw_hidden(player, seed)`` redraws everything that seat may not know, and the
  seat's view of the redrawn state is unchanged (and the redrawn state keeps the invariants);
- the text notation round-trips: ``from_notation(state.notation())`` writes the same notation.
"""
from __future__ import annotations

import json
import random

from livestock_notebooks import IllegalAction
import dataclasses

from livestock_notebooks.core.protocol import Event, PlayerView


class _NotAnAction:
    def __repr__(self):
        return "<not an action>"


MALFORMED = [None, "move north", 42, _NotAnAction(), ("Move", 1, 2)]


def play_random_game(module, config, seed, *, pool, check_every_step=True, max_steps=20000):
    rng = random.Random(seed)
    state = module.new_game(seed=seed, **config)
    actions_taken = []
    for step in range(max_steps):
        problems = state.invariant_violations()
        assert not problems, f"step {step}: invariants broken: {problems}"
        legal = state.legal_actions()
        if state.is_over:
            assert state.current_player is None, "a finished game has no current player"
            assert legal == [], "a finished game offers no action"
            assert all(0 <= w < config.get("players", 99) for w in state.winners)
            break
        assert state.current_player is not None, "a running game says whose decision it is"
        assert legal, f"step {step}: game not over but no legal action"
        assert len(set(legal)) == len(legal), "legal actions are listed once each"
        for action in legal[:3]:
            assert str(action) and "object at 0x" not in str(action), "actions read well"
        if check_every_step:
            _check_round_trip(module, state, legal)
            _check_illegal_rejected(state, legal, pool, rng)
            if step % VIEW_CHECK_EVERY == 0:
                _check_views(state, config.get("players", 2), seed * 100_000 + step)
                _check_notation(module, state)
        action = rng.choice(legal)
        pool.append(action)
        if len(pool) > 400:
            del pool[: len(pool) - 400]
        events = state.apply(action)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
        actions_taken.append(action)
    else:
        raise AssertionError(f"game did not end within {max_steps} steps: {config}")
    # replay: the same seed and the same actions reach the same state
    again = module.new_game(seed=seed, **config)
    for action in actions_taken:
        again.apply(action)
    assert again.to_json() == state.to_json(), "a seeded game replays exactly"
    return state, actions_taken


VIEW_CHECK_EVERY = 3


def _check_views(state, players, seed):
    before = state.to_json()
    for viewer in [*range(players), None]:
        view = state.player_view(viewer)
        assert isinstance(view, PlayerView), f"player_view({viewer}) is a PlayerView"
        assert dataclasses.is_dataclass(view) and type(view).__dataclass_params__.frozen
        assert view.viewer == viewer
        json.dumps(view.to_dict())  # a view is plain data
        for k in range(2):
            redrawn = state.redraw_hidden(viewer, seed + k)
            assert type(redrawn) is type(state)
            assert not redrawn.invariant_violations(), "a redrawn state keeps the invariants"
            assert redrawn.player_view(viewer) == view, (
                f"the view of {viewer} depends on what that seat may not know"
            )
            assert redrawn.legal_actions() == state.legal_actions() or redrawn.current_player != viewer or viewer is None, (
                "the acting seat's choices cannot depend on what it may not know"
            )
    assert state.to_json() == before, "views and redraws leave the state unchanged"


def _check_notation(module, state):
    text = state.notation()
    assert "\n" not in text, "the notation is one line"
    again = module.from_notation(text)
    assert again.notation() == text, "the notation round-trips"
    assert not again.invariant_violations()


def _check_round_trip(module, state, legal):
    text = state.to_json()
    json.loads(text)  # it is plain JSON
    loaded = module.load(text)
    assert loaded.to_json() == text, "JSON round trip gives the identical state"
    assert loaded.legal_actions() == legal
    assert loaded.current_player == state.current_player
    twin = state.copy()
    assert twin.to_json() == text, "copy() is identical"
    if legal:
        twin.apply(legal[0])
        assert state.to_json() == text, "copy() is independent of the original"


def _check_illegal_rejected(state, legal, pool, rng):
    before = state.to_json()
    legal_set = set(legal)
    candidates = [a for a in rng.sample(pool, min(len(pool), 6)) if a not in legal_set]
    for action in candidates[:3]:
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert isinstance(exc, ValueError)
            assert exc.section, f"IllegalAction for {action} names no rulebook section"
        else:
            raise AssertionError(f"illegal action {action} was accepted")
        assert state.to_json() == before, f"rejected action {action} changed the state"
    for bad in rng.sample(MALFORMED, 2):
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"malformed action {bad!r} was accepted")
        assert state.to_json() == before, f"malformed action {bad!r} changed the state"
