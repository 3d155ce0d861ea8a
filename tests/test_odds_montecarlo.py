"""The Monte Carlo agrees with the exact odds (fixed seeds, a few standard errors), on numpy and
on the plain-Python kernels the static web edition runs (every test runs on both)."""
import math

import pytest

from livestock_notebooks.odds import (
    AcornWorm,
    Pigs,
    Pirates,
    Porcophages,
    default_tech_deck,
    livestock_battle,
    space_pigs_combat,
    tech_wipeout,
    tech_wipeout_two_sided,
)
from livestock_notebooks.odds import montecarlo
from livestock_notebooks.odds.montecarlo import (
    iter_livestock_battle,
    iter_space_pigs_combat,
    simulate_livestock_battle,
    simulate_space_pigs_combat,
    simulate_tech_wipeout,
    simulate_tech_wipeout_two_sided,
)

SIGMAS = 4.5


@pytest.fixture(autouse=True, params=["numpy", "python"])
def engine(request):
    """Each test once on the numpy kernels and once on the plain-Python ones."""
    if request.param == "numpy":
        pytest.importorskip("numpy")
    montecarlo.use_numpy(request.param == "numpy")
    yield request.param
    montecarlo.use_numpy(None)


def close(sim, name, exact):
    exact = float(exact)
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / sim.n)
    return abs(sim.frequency(name) - exact) <= SIGMAS * se + 1e-12


@pytest.mark.parametrize(
    "attack,defense,a_super,d_super",
    [(3, 4, False, False), (3, 4, True, False), (5, 5, True, True), (1, 12, True, False), (2, 9, False, True), (4, 0, True, False)],
)
def test_livestock_simulation_matches_exact(attack, defense, a_super, d_super):
    exact = livestock_battle(attack, defense, attacker_super=a_super, defender_super=d_super)
    sim = simulate_livestock_battle(attack, defense, 400_000, attacker_super=a_super, defender_super=d_super, seed=7)
    for name in ("attacker", "tie", "defender"):
        assert close(sim, name, getattr(exact, name)), (name, sim, exact)


@pytest.mark.parametrize(
    "attacker,defender,a_flee,d_flee",
    [
        (Pigs(3), Pigs(4), None, None),
        (Pigs(5), Porcophages(1), None, None),
        (Porcophages(1), Pigs(4, 1), None, None),
        (Pigs(2, 1, 1), Pirates(4), None, None),
        (Pigs(4, 1), AcornWorm(), None, None),
        (Pigs(6), Pigs(7), 3, 2),
        (Pigs(3), Pigs(3), 3, None),
    ],
)
def test_space_pigs_simulation_matches_exact(attacker, defender, a_flee, d_flee):
    exact = space_pigs_combat(attacker, defender, attacker_flee_at=a_flee, defender_flee_at=d_flee)
    sim = simulate_space_pigs_combat(
        attacker, defender, 60_000, attacker_flee_at=a_flee, defender_flee_at=d_flee, seed=11, chunk=25_000
    )
    assert close(sim, "attacker", exact.attacker)
    assert close(sim, "attacker fled", exact.attacker_fled)
    assert close(sim, "defender fled", exact.defender_fled)
    for side in ("attacker", "defender"):
        exact_hist = getattr(exact, f"{side}_survivors")
        sim_hist = sim.histogram(f"{side}_survivors")
        assert set(sim_hist) <= set(exact_hist)
        for count, p in exact_hist.items():
            se = math.sqrt(max(float(p) * (1 - float(p)), 1e-12) / sim.n)
            assert abs(sim_hist.get(count, 0.0) - float(p)) <= SIGMAS * se + 1e-9


@pytest.mark.parametrize("cards", [2, 3, 4, 6])
def test_tech_simulation_matches_exact(cards):
    deck = default_tech_deck()
    sim = simulate_tech_wipeout(deck, cards, 100_000, seed=3)
    assert close(sim, "wipeout", tech_wipeout(deck, cards).wipeout)


def test_two_sided_tech_simulation_matches_exact():
    deck = default_tech_deck()
    exact = tech_wipeout_two_sided(deck, 1, 2, attacker_hand=[3, 2, 0])
    sim = simulate_tech_wipeout_two_sided(deck, 1, 2, 100_000, attacker_hand=[3, 2, 0], seed=5)
    assert close(sim, "wipeout", exact.wipeout)


def test_chunks_feed_a_progress_bar_and_repeat_with_the_same_seed():
    steps = list(iter_livestock_battle(3, 4, 1_000, chunk=300, seed=1))
    assert [s.n for s in steps] == [300, 600, 900, 1_000]
    assert steps[-1].progress == 1.0
    whole = simulate_livestock_battle(3, 4, 1_000, chunk=300, seed=1)
    assert whole.counts == steps[-1].counts
    combats = list(iter_space_pigs_combat(Pigs(3), Pigs(3), 500, chunk=200, seed=2))
    assert [c.n for c in combats] == [200, 400, 500]
    assert sum(combats[-1].histogram("attacker_survivors").values()) == pytest.approx(1)


def test_simulation_results_show_themselves():
    sim = simulate_livestock_battle(3, 4, 1_000, seed=1)
    assert "attacker" in repr(sim) and "%" in repr(sim)
    assert "<table" in sim._repr_html_()
    assert 0 <= sim.attacker <= 1 and sim.stderr("attacker") > 0


def test_simulation_refuses_what_the_exact_odds_refuse():
    with pytest.raises(ValueError, match="Attacking"):
        simulate_livestock_battle(0, 3, 10)
    with pytest.raises(ValueError):
        simulate_space_pigs_combat(Pirates(2), Pigs(2), 10, attacker_flee_at=1)
