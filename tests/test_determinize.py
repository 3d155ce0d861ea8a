"""``determinize(view, rng)``: a whole game drawn from what one seat may know (for searching bots).

One section per engine (Space Pigs has its own file, tests/test_determinize_space_pigs.py). Each
draw must give back the view it came from, be a state the engine accepts (invariants, load), offer
the viewer the same legal actions, redraw every hidden part (covering every possibility over many
draws) and bring fresh dice.
"""
from __future__ import annotations

import random

import pytest

from livestock_notebooks import battlegoats as bg
from livestock_notebooks import livestock_uprising as lu
from livestock_notebooks.livestock_uprising import data as LD


def _check_draw(module, state, seat, rng) -> None:
    view = state.player_view(seat)
    drawn = module.determinize(view, rng)
    assert type(drawn) is type(state)
    assert drawn.player_view(seat) == view, (seat, state.notation())
    assert drawn.invariant_violations() == []
    module.load(drawn.to_json())  # the engine's own load accepts it
    assert drawn.current_player == state.current_player
    if seat is not None and seat == state.current_player:
        assert drawn.legal_actions() == state.legal_actions()


def _check_every_seat(module, positions, rng) -> None:
    for state in positions:
        for seat in [None, *range(state.players)]:  # None: a spectator
            _check_draw(module, state, seat, rng)


def _check_reads_only_the_view(module, state, other, seat) -> None:
    """``other`` is another true state with the same view for ``seat``: the draws are the same."""
    assert other.player_view(seat) == state.player_view(seat)
    a = module.determinize(state.player_view(seat), random.Random(3))
    b = module.determinize(other.player_view(seat), random.Random(3))
    assert a.to_json() == b.to_json()


def _check_fresh_dice(module, state, seat) -> None:
    """Each draw brings new dice (not the true ones); the same seed repeats the draw."""
    view = state.player_view(seat)
    draws = [module.determinize(view, random.Random(i)).dice.to_dict() for i in range(5)]
    assert len({repr(d) for d in draws}) == 5
    assert state.dice.to_dict() not in draws
    assert module.determinize(view, 8).to_json() == module.determinize(view, random.Random(8)).to_json()


def _positions(new, games, pick, limit=500):
    """(state copy, step) at sampled steps of random games; ``pick(state, step)`` says which."""
    out = []
    for g, kwargs in enumerate(games):
        state = new(**kwargs)
        rng = random.Random(g)
        step = 0
        while not state.is_over and step < limit:
            if pick(state, step):
                out.append(state.copy())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


# ============================================================================ Livestock Uprising
def _lu_stage(state) -> str:
    return state.battle.stage if state.battle is not None and state.battle.stage else state.phase


@pytest.fixture(scope="module")
def lu_positions():
    games = [dict(players=2, seed=1, max_rounds=30), dict(players=3, seed=2, max_rounds=12),
             dict(players=4, seed=3, max_rounds=10), dict(players=2, seed=4, max_rounds=30)]
    counts: dict[str, int] = {}

    def pick(state, step):
        stage = _lu_stage(state)
        counts[stage] = counts.get(stage, 0) + 1
        return counts[stage] <= 8 or step % 23 == 0 or (stage in ("respond", "casualty", "retreat", "super")
                                                           and counts[stage] <= 40)
    return _positions(lambda **kw: lu.new_game(**kw), games, pick, limit=1500)


def test_livestock_positions_reach_the_battle_decisions(lu_positions):
    stages = {_lu_stage(s) for s in lu_positions}
    assert {"barn", "action", "harvest", "marshal", "respond", "retreat"} <= stages


def test_livestock_draw_gives_back_every_seats_view(lu_positions):
    _check_every_seat(lu, lu_positions, random.Random(5))


def test_livestock_draw_in_a_casualty_choice_and_a_super_army_turn():
    # random games until a loser chooses its casualty (and Super Army turns on the way)
    state = lu.new_game(players=2, seed=7, max_rounds=40)
    rng = random.Random(7)
    seen = set()
    for _ in range(4000):
        if state.is_over:
            state = lu.new_game(players=2, seed=len(seen) + 100, max_rounds=40)
        seen.add(_lu_stage(state))
        for seat in (0, 1):
            if _lu_stage(state) in ("casualty", "super"):
                _check_draw(lu, state, seat, rng)
        state.apply(rng.choice(state.legal_actions()))
    assert "casualty" in seen


def test_livestock_draw_reads_nothing_but_the_view():
    state = lu.new_game(players=3, seed=11, max_rounds=10)
    rng = random.Random(1)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    other = state.redraw_hidden(0, seed=99)
    assert other.hands[1] != state.hands[1] or other.deck != state.deck
    _check_reads_only_the_view(lu, state, other, 0)


def test_livestock_other_hands_are_dealt_from_every_card_the_seat_has_not_seen():
    state = lu.new_game(players=3, seed=12, max_rounds=10)
    rng = random.Random(2)
    while state.phase == "barn" or not state.played:
        state.apply(rng.choice(state.legal_actions()))
    view = state.player_view(1)
    unseen = set(range(len(LD.CARDS))) - set(state.hands[1]) - set(state.played)
    where: dict[int, set[int]] = {0: set(), 2: set()}
    for i in range(400):
        drawn = lu.determinize(view, random.Random(i))
        assert drawn.hands[1] == state.hands[1]
        for q in (0, 2):
            assert len(drawn.hands[q]) == len(state.hands[q])
            where[q] |= set(drawn.hands[q])
        assert len(drawn.deck) == len(state.deck)
        assert set(drawn.deck) | set(drawn.hands[0]) | set(drawn.hands[2]) == unseen
    assert where[0] == unseen and where[2] == unseen  # every unseen card turns up in each other hand


def test_livestock_dice_are_drawn_fresh_and_a_seed_repeats_the_draw():
    _check_fresh_dice(lu, lu.new_game(players=2, seed=13), 0)


# ============================================================================ BattleGoats
@pytest.fixture(scope="module")
def bg_positions():
    games = [dict(players=2, seed=1, max_rounds=10), dict(players=3, seed=2, draft=True, max_rounds=8),
             dict(players=4, seed=3, max_rounds=6, layout_first=2), dict(players=5, seed=4, draft=True, max_rounds=5),
             dict(players=3, seed=5, max_rounds=8, layout_first=1)]

    def pick(state, step):
        return step % 7 == 0 or state.phase in ("move", "first") or state.stage in (
            "dodge", "capture", "defender", "own", "second", "ending")
    return _positions(lambda **kw: bg.new_game(**kw), games, pick)


def test_battlegoats_positions_reach_every_phase_and_the_dodges(bg_positions):
    phases = {(s.phase, s.stage) for s in bg_positions}
    assert {("draft", None), ("layout", None), ("first", None), ("move", None), ("attack", "attacker"),
            ("attack", "target"), ("attack", "dodge")} <= phases


def test_battlegoats_draw_gives_back_every_seats_view(bg_positions):
    _check_every_seat(bg, bg_positions, random.Random(6))


def test_battlegoats_draw_reads_nothing_but_the_view():
    state = bg.new_game(players=3, seed=21, max_rounds=8)
    rng = random.Random(4)
    while state.phase != "attack" or state.round < 2:
        state.apply(rng.choice(state.legal_actions()))
    other = state.redraw_hidden(2, seed=5)
    assert other.board != state.board
    _check_reads_only_the_view(bg, state, other, 2)


def _laid_out(players: int, seed: int) -> bg.BattleGoatsState:
    state = bg.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while state.phase != "attack":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_battlegoats_every_unseen_card_appears_in_each_face_down_slot_of_an_opponent():
    state = _laid_out(2, 22)
    view = state.player_view(0)
    heroes = set(state.cards.heroes)
    unseen = set(state.cards.ids) - set(view.seen)
    hidden_slots = [s for s, sv in enumerate(view.boards[1]) if sv is not None and sv.card is None]
    assert len(hidden_slots) == 9
    found: dict[int, set[str]] = {s: set() for s in hidden_slots}
    for i in range(2500):
        drawn = bg.determinize(view, random.Random(i))
        army = [drawn.board[1][s] for s in hidden_slots]
        assert sum(c in heroes for c in army) == 1  # every army has its one Hero
        for s, c in zip(hidden_slots, army):
            found[s].add(c)
    for s in hidden_slots:
        assert found[s] == unseen, (s, sorted(unseen - found[s])[:5])


def test_battlegoats_draft_draws_keep_the_cards_the_seat_saw_in_play():
    state = bg.new_game(players=3, seed=23, draft=True)
    rng = random.Random(3)
    for _ in range(7):  # two packs passed: seat 0 saw cards now in the others' hands and packs
        state.apply(rng.choice(state.legal_actions()))
    view = state.player_view(0)
    located = set(view.hand) | set(view.pack)
    saw_elsewhere = set(view.seen) - located
    assert saw_elsewhere
    heroes = set(state.cards.heroes)
    for i in range(200):
        drawn = bg.determinize(view, random.Random(i))
        assert not saw_elsewhere & set(drawn.set_aside)
        for q in (1, 2):
            assert len(drawn.hands[q]) == len(state.hands[q]) and len(drawn.packs[q]) == len(state.packs[q])
            assert sum(c in heroes for c in drawn.hands[q]) == 1
            assert not heroes & set(drawn.packs[q])


def test_battlegoats_dice_are_drawn_fresh_and_a_seed_repeats_the_draw():
    _check_fresh_dice(bg, _laid_out(3, 24), 1)
