"""Space Pigs bots: legal, deterministic, and the greedy bot beats random play."""
from __future__ import annotations

import statistics

from livestock_notebooks import space_pigs as sp
from livestock_notebooks import tournament
from livestock_notebooks.core.bots import play_out
from livestock_notebooks.space_pigs.bots.heuristic import GreedyBot, RandomBot
from livestock_notebooks.space_pigs.data import CARDS
from livestock_notebooks.space_pigs.bots.strong_policy import StrongPolicy


def test_bots_play_legal_actions_to_the_end():
    for rules in ("full", "simple_a", "simple_b"):
        state = sp.new_game(players=4, seed=3, rules=rules, max_rounds=3, clan_powers=rules == "full")
        bots = [GreedyBot(0), RandomBot(1), GreedyBot(2), RandomBot(3)]
        while not state.is_over:
            action = bots[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)


def test_greedy_bot_is_deterministic():
    def run():
        state = sp.new_game(players=3, seed=9, max_rounds=3)
        events = play_out(state, [GreedyBot(1), GreedyBot(2), GreedyBot(3)])
        return [e.text for e in events]
    assert run() == run()


def test_greedy_bot_beats_random_play():
    greedy = random_ = 0
    for seed in range(12):
        state = sp.new_game(players=4, seed=seed, rules="simple_b", max_rounds=8)
        play_out(state, [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 50), RandomBot(seed + 50)])
        greedy += sum(1 for w in state.winners if w in (0, 2))
        random_ += sum(1 for w in state.winners if w in (1, 3))
    assert greedy > random_


def _positions():
    """Positions from seeded games under several rule sets and options (set-up, travel with
    ship cards and targets, combats with face-down cards, elections)."""
    setups = [("full", {"clan_powers": True}), ("full", {"unexplored": True}), ("simple_a", {}),
              ("simple_b", {}), ("full", {"seventh_planet": True})]
    for g, (rules, opts) in enumerate(setups):
        state = sp.new_game(players=3 + g % 4, seed=100 + g, rules=rules, max_rounds=3, **opts)
        driver = [GreedyBot(g), RandomBot(g)]
        step = 0
        while not state.is_over:
            yield state
            state.apply(driver[step % 2].choose(state))
            step += 1


class _StrongOneWorld(StrongPolicy):
    """The strong bot's heuristic with one world for the playouts of its start and of its policy
    for a turn (the same code, a quarter / half of the time)."""

    def __init__(self, seed: int | None = 0):
        super().__init__(seed, start_worlds=1, mode_worlds=1)


class _StrongNoTurnPolicy(StrongPolicy):
    """The strong bot's heuristic without the playouts of its policy for a turn."""

    def __init__(self, seed: int | None = 0):
        super().__init__(seed, mode_worlds=0)


def test_bots_decide_from_their_seat_view_only():
    """Redrawing what the deciding seat may not know (other hands, face-down cards, recipes,
    markers, hidden tiles, the dice to come) never changes a bot's decision (the strong bot's
    heuristic included, the playouts of its start and of its policy for a turn too)."""
    checked = starts = travels = 0
    for state in _positions():
        seat = state.current_player
        # the start's playouts (about 0.7 s a decision) in the first six start positions, the
        # turn's policy's (about 0.3 s with one world) in the first three travels that choose one
        start = any(isinstance(a, sp.StartPlanet) for a in state.legal_actions())
        starts += start
        travel = state.sequence == "2B" and StrongPolicy(0).mode_wanted(state, state.player_view(seat), seat)
        travels += travel
        if start:
            strong = _StrongOneWorld if starts <= 6 else None
        else:
            strong = _StrongOneWorld if travel and travels <= 3 else _StrongNoTurnPolicy
        for bot_type in (GreedyBot, RandomBot, strong):
            if bot_type is None:
                continue
            for bot_seed in (0, 7):
                expected = bot_type(bot_seed).choose(state)
                for seed in (1, 2, 3):
                    twin = state.redraw_hidden(seat, seed)
                    assert bot_type(bot_seed).choose(twin) == expected, (bot_type.name, state.notation())
                    checked += 1
    assert checked > 5000


def test_greedy_bot_picks_the_targets_of_a_card_it_played():
    # a card whose targets are being chosen in the travel step: the bot picks one, never Done
    swap = [c.id for c in CARDS if c.key == "displacement"][0]
    cells = "0,0:Pr:a3 1,0:Py:b3 -1,0:A 0,1:Pb 1,-1:Dr 0,-1:A -1,1:Pb:c3"
    state = sp.from_notation(f"SP1 n=3 turn=2 seq=2B order=123 rp=1 trips=1,1,1 hands={swap}// | {cells}")
    state.apply(sp.PlayCard(0, swap))
    action = GreedyBot(0).choose(state)
    assert action in state.legal_actions() and isinstance(action, sp.ChooseHex)


# ---------------------------------------------------------------- the greedy bot plays a real game
# a small galaxy: P1 (recipe 3 red, 2 yellow, 1 blue) on a red planet, asteroids around it
_ONE_TARGET = "0,0:Pr:a6 1,0:Pr 0,1:A 1,-1:A -1,0:A 0,-1:A -1,1:A 2,0:Py:b3 2,-1:Pb:c3"
# the same player ringed by planets its recipe wants
_MANY_TARGETS = "0,0:Pr:a9 1,0:Pr 0,1:Py -1,1:Dy 1,-1:Pr -1,0:Pb 0,-1:Py 2,0:Py:b3 2,-1:Pb:c3"


def _position(cells: str, seq: str, **fields: str):
    extra = " ".join(f"{k}={v}" for k, v in fields.items())
    return sp.from_notation(f"SP1 n=3 turn=2 seq={seq} order=123 rp=1 recipes=321,123,213 {extra} | {cells}")


def test_greedy_bot_chooses_its_travel_marker_by_need():
    # one planet worth taking: the smallest marker (the 4 is kept for later); many: the 4
    assert GreedyBot(0).choose(_position(_ONE_TARGET, "2A")) == sp.ChooseMarker(0, 2)
    assert GreedyBot(0).choose(_position(_MANY_TARGETS, "2A")) == sp.ChooseMarker(0, 4)


def test_greedy_bot_plays_event_cards_in_their_sequence():
    tax = [c.id for c in CARDS if c.key == "tax"][0]
    extra = [c.id for c in CARDS if c.key == "extra_move"][0]
    # Phase 4 Sequence B: a governor card is played, not kept
    assert GreedyBot(0).choose(_position(_ONE_TARGET, "4B", hands=f"{tax}//")) == sp.PlayCard(0, tax)
    # Phase 2 Sequence B with planets to take: Extra-Mouve first, then the trips
    state = _position(_MANY_TARGETS, "2B", trips="2,1,1", hands=f"{extra}//")
    assert GreedyBot(0).choose(state) == sp.PlayCard(0, extra)
    # then it travels to a planet its recipe wants
    while state.current_player == 0 and state.sequence == "2B":
        state.apply(GreedyBot(0).choose(state))
    view = state.player_view(0)
    taken = [x for x in view.hexes if x.occupant(0) is not None and x.index != 0]
    assert len(taken) == 3 and all(x.kind in "PD" for x in taken)


def test_four_greedy_bots_finish_with_a_recipe_winner():
    """Issue 13: full rules, four greedy bots, a recipe winner within 20 turns."""
    records = tournament.play_games("space_pigs", seats=["greedy"] * 4, games=5, seed=1, max_rounds=20,
                                    options={"rules": "full"})
    assert all(r["finished"] and len(r["winners"]) == 1 for r in records), [r["result"] for r in records]
    assert statistics.median(r["rounds"] for r in records) <= 10
