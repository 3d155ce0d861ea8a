"""Hidden information (player_view), notation, saves and replays for BattleGoats."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from livestock_notebooks import SaveFileError
from livestock_notebooks import battlegoats as bg

CONFIGS = [
    {"players": 2, "max_rounds": 10},
    {"players": 3, "max_rounds": 6, "draft": True},
    {"players": 5, "max_rounds": 4},
    {"players": 6, "max_rounds": 3, "draft": True},
]


def random_states(config, seed, every=1):
    rng = random.Random(seed)
    s = bg.new_game(seed=seed, **config)
    i = 0
    while not s.is_over:
        if i % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
        i += 1
    yield s


def leaks(state, p):
    """Card ids in p's view that p must not know."""
    text = json.dumps(state.player_view(p).to_dict())
    bad = []
    for cid in state.cards.ids:
        if cid not in state.seen[p] and f'"{cid}"' in text:
            bad.append(cid)
    # and no face-down card of another player is shown on a battlefield unless revealed before
    view = state.player_view(p)
    for q, row in enumerate(view.boards):
        if q == p:
            continue
        for s, cell in enumerate(row):
            cid = state.board[q][s]
            if cell and cell.card is not None:
                if cid not in state.revealed and cid not in state.face_up:
                    bad.append(f"{cid} at {q}:{s}")
    return bad


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), config=st.sampled_from(CONFIGS))
def test_player_view_never_leaks_a_face_down_card(seed, config):
    for s in random_states(config, seed, every=3):
        for p in range(s.players):
            assert not leaks(s, p), (s.notation(), p)


def test_view_shows_own_cards_and_remembered_reveals():
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | ram_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "llama,bear,owl,.,.,.,.,.,./-/-/-/- | rev=-")
    v = s.player_view(1)
    assert [c.card for c in v.boards[1] if c] == ["llama", "bear", "owl"]  # own face-down cards
    assert [c.card for c in v.boards[0] if c] == [None, None]
    s.apply(bg.ChooseAttacker(0, 0))
    s.apply(bg.ChooseTarget(0, 1, 1))  # ram 7 vs bear 6: bear defeated, ram back face down
    s.apply(bg.Dodge(1, 1, False))  # the bear's owner lets it fight (its only choice)
    v = s.player_view(1)
    cell = v.boards[0][0]
    assert dataclasses.asdict(cell) == {"card": "ram_goat", "face_up": False, "counts_face_up": False, "known": True}
    assert v.boards[0][1].card is None
    assert v.discards[1] == ("bear",)


def test_view_in_the_draft_shows_only_your_pack():
    s = bg.new_game(players=3, seed=2, draft=True)
    v = s.player_view(0)
    assert list(v.pack) == s.packs[0] and v.pack_sizes == (8, 8, 8)
    for q in (1, 2):
        for cid in s.packs[q]:
            assert f'"{cid}"' not in json.dumps(v.to_dict())


def test_player_view_rejects_unknown_players():
    with pytest.raises(ValueError):
        bg.new_game(players=2).player_view(2)


@pytest.mark.parametrize("config", CONFIGS)
def test_notation_round_trips(config):
    for seed in range(3):
        for s in random_states(config, seed, every=2):
            text = s.notation()
            again = bg.from_notation(text)
            assert again.notation() == text
            assert again.legal_actions() == s.legal_actions()
            assert again.current_player == s.current_player


def test_notation_rejects_nonsense():
    for text in ["", "chess", "bg2 attack s0 | a | b | rev=-", "bg2 dance s0 r1/- f0 l0 basic | | | rev=-",
                 "bg2 attack s0 r1/- f0 l0 basic | no_card,.,.,.,.,.,.,.,./-/-/-/- | .,.,.,.,.,.,.,.,./-/-/-/- | rev=-"]:
        with pytest.raises(ValueError):
            bg.from_notation(text)


def test_docstring_notation_examples_load():
    doc = bg.__doc__
    examples = [line.strip() for line in doc.splitlines() if line.strip().startswith("bg2 attack")]
    assert len(examples) == 2
    for text in examples:
        s = bg.from_notation(text)
        assert s.phase == "attack" and s.legal_actions()


def test_save_and_load_mid_game():
    for s in random_states({"players": 3, "max_rounds": 5, "draft": True}, 7, every=5):
        text = s.to_json()
        again = bg.load(text)
        assert again.to_json() == text
        assert again.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("text", [
    "not json", "{}", json.dumps({"game": "chess", "version": 1, "state": {}}),
    json.dumps({"game": "battlegoats", "version": 99, "state": {}}),
    json.dumps({"game": "battlegoats", "version": 1, "state": {"players": 2}}),
])
def test_corrupt_saves_raise_save_file_error(text):
    with pytest.raises(SaveFileError):
        bg.load(text)


def test_save_with_a_card_in_two_places_is_corrupt():
    s = bg.new_game(players=2, seed=1)
    data = json.loads(s.to_json())
    data["state"]["hands"][1][0] = data["state"]["hands"][0][0]
    with pytest.raises(SaveFileError, match="corrupt"):
        bg.load(json.dumps(data))


_ATTACKED = ('bg2 attack s0 r1/- f0 l0 basic | ram_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- '
             '| bear^,owl,llama,.,.,.,.,.,./-/-/-/- | rev=bear '
             'pend={"attacker":0,"card":"ram_goat","dodge_queue":[[1,1]],"dodged":[],"own":null,'
             '"stage":"dodge","targets":[[1,1]]}')


@pytest.mark.parametrize("field, value", [
    ("players", 9), ("draft", "yes"), ("max_rounds", 0), ("layout_first", -1), ("phase", "lunch"), ("seat", 7),
    ("round", -1), ("first_attacker", "me"), ("hands", [[]]), ("packs", []), ("board", [[None] * 8, [None] * 9]),
    ("discard", [[1], []]), ("set_aside", "x"), ("face_up", ["not_a_card"]), ("face_up_turn", 5),
    ("revealed", [None]), ("seen", None), ("defeated", ["nobody"]), ("winners", [5]), ("result", "draw"),
    ("captured", None), ("movers", [[0, 12]]), ("pending", {"stage": "nap"}), ("dice", {"state": 3}), ("cards", 42),
    ("pending", {"stage": "dodge", "attacker": 0, "card": "ram_goat", "targets": [[1, 0]], "dodged": [],
                 "dodge_queue": [[1, 0]], "own": None}),  # the face-up bear cannot be asked to dodge
])
def test_a_corrupt_save_field_is_named_in_the_refusal(field, value):
    """Saves: the message of a refused save names the field that is wrong."""
    data = json.loads(bg.from_notation(_ATTACKED).to_json())
    data["state"][field] = value
    with pytest.raises(SaveFileError, match=f"save file field '{field}"):
        bg.load(json.dumps(data))


@pytest.mark.parametrize("field", ["board", "pending", "dice", "movers", "players"])
def test_a_missing_save_field_is_named(field):
    data = json.loads(bg.from_notation(_ATTACKED).to_json())
    del data["state"][field]
    with pytest.raises(SaveFileError, match=f"save file field '{field}' is missing"):
        bg.load(json.dumps(data))


def test_a_save_at_the_dodge_step_of_a_card_that_cannot_dodge_loads():
    """Face Up Cards: every face-down defending card has the dodge step, the owl too."""
    s = bg.load(bg.from_notation(_ATTACKED).to_json())
    assert s.stage == "dodge" and s.legal_actions() == [bg.Dodge(1, 1, False)]


def test_actions_round_trip_through_dicts():
    s = bg.new_game(players=2, seed=1)
    for a in s.legal_actions()[:5]:
        assert bg.action_from_dict(a.to_dict()) == a
        assert str(a).startswith("Player 1 places ")


def test_events_never_name_face_down_cards():
    rng = random.Random(3)
    s = bg.new_game(players=3, seed=3, draft=True, max_rounds=8)
    while not s.is_over:
        before_hidden = {c for q in range(s.players) for c in s.hands[q] + s.packs[q]} | set(s.set_aside)
        events = s.apply(rng.choice(s.legal_actions()))
        for e in events:
            for cid in before_hidden:
                assert f'"{cid}"' not in json.dumps(e.data) and s.cards[cid].name not in e.text or e.kind == "capture", (e, cid)


def test_fuzzed_saves_load_or_raise_save_file_error():
    rng = random.Random(5)
    states = list(random_states({"players": 3, "max_rounds": 5, "draft": True}, 2, every=7))
    junk = [None, -1, 99, "x", [], {}, [1, 2], True, "cowboy_goat", [[None]]]
    for _ in range(400):
        s = rng.choice(states)
        data = json.loads(s.to_json())
        payload = data["state"]
        key = rng.choice(sorted(payload))
        target = payload
        if isinstance(payload[key], list) and payload[key] and rng.random() < 0.5:
            target, key = payload[key], rng.randrange(len(payload[key]))
        target[key] = rng.choice(junk)
        try:
            loaded = bg.load(json.dumps(data))
        except SaveFileError:
            continue
        loaded.legal_actions()
        loaded.player_view(0)


def test_spectator_view_names_only_public_cards():
    s = bg.from_notation("bg2 attack s0 r1/- f0 l0 basic | ram_goat,kid_goat,.,.,.,.,.,.,./-/-/-/- | "
                         "llama,bear,owl,.,.,.,.,.,./-/-/-/- | rev=kid_goat")
    v = s.player_view(None)
    assert v.viewer is None and v.hand == () and v.pack == ()
    assert [c.card for c in v.boards[0] if c] == [None, "kid_goat"]
    assert [c.card for c in v.boards[1] if c] == [None, None, None]
    assert v.seen == ("kid_goat",)


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_redraw_hidden_keeps_the_view_and_changes_only_unseen_cards(viewer):
    s = bg.new_game(players=3, seed=4, draft=True)
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    redrawn = s.redraw_hidden(viewer, 11)
    assert redrawn.player_view(viewer) == s.player_view(viewer)
    assert not redrawn.invariant_violations()
    if viewer is not None:
        assert redrawn.hands[viewer] == s.hands[viewer] and redrawn.packs[viewer] == s.packs[viewer]
    others = [q for q in range(3) if q != viewer]
    assert any(redrawn.hands[q] != s.hands[q] or redrawn.packs[q] != s.packs[q] for q in others), "unseen cards moved"


# -------------------------------------------------- hidden information: Jonas and the dodges
def _jonas_game(owner: int):
    """A 3-player game after the layout, Jonas on ``owner``'s battlefield, the first attacker chosen."""
    s = bg.new_game(players=3, seed=11)
    if "jonas" not in s.hands[owner]:
        where = s.owner_of("jonas")
        src = s.hands[where[1]] if where and where[0] == "hand" else s.set_aside
        src[src.index("jonas")] = s.hands[owner][0]
        s.hands[owner][0] = "jonas"
    for p in range(3):
        s.seen[p] = set(s.hands[p])
    while s.phase == "layout":
        s.apply(s.legal_actions()[0])
    s.apply(bg.ChooseFirstAttacker(s.current_player, 0))
    assert s.phase == "move"
    return s


@pytest.mark.parametrize("owner", [0, 1, 2])
def test_battlefield_setup_every_player_is_asked_about_a_card_able_to_move(owner):
    """Battlefield Setup: Jonas may swap as the battle begins. Every player is asked in seat order
    from the first attacker, so the steps, the turn line and the 'stay' events are the same
    whoever holds him."""
    s = _jonas_game(owner)
    asked, stays = [], []
    while s.phase == "move":
        cp = s.current_player
        asked.append(cp)
        line = bg.GAME.describe_turn(s)
        assert all(s.player_view(q).current_player == cp for q in (0, 1, 2, None))
        assert s.legal_actions()[0] == bg.MoveAtStart(cp, bg.STAY, bg.STAY)
        assert len(s.legal_actions()) == (1 if cp != owner else 9)
        (move,) = [e for e in s.apply(bg.MoveAtStart(cp, bg.STAY, bg.STAY)) if e.kind == "move"]
        stays.append((line.replace(f"Player {cp + 1}", "P"), move.text.replace(f"Player {cp + 1}", "P"), move.player == cp, move.data == {"player": cp}))
    assert asked == [0, 1, 2]
    assert len(set(stays)) == 1, stays  # the holder's 'stay' reads like everyone else's
    assert "jonas" not in stays[0][1].lower() and s.phase == "attack"


# one action of each public decision next to hidden information, and the cut of its events
# before the battle reveals the cards (what follows a reveal may name them)
_NEAR_HIDDEN_STAGES = ("target", "second", "own", "defender", "dodge")


def _public_choice(state):
    """At a dodge step or a start-of-battle step, the choice every holder has (fight, stay);
    elsewhere None."""
    cp = state.current_player
    if state.phase == "move":
        return bg.MoveAtStart(cp, bg.STAY, bg.STAY)
    if state.stage == "dodge":
        p, slot = state.pending["dodge_queue"][0]
        return bg.Dodge(p, slot, False)
    return None


def _until_reveal(events):
    out = []
    for e in events:
        if e.kind in ("reveal", "battle"):
            break
        out.append((e.kind, e.text, e.player, json.dumps(e.data, sort_keys=True)))
    return out


def _hidden_step_cases():
    """(state, action) from seeded games: the action that leads to a dodge or start-of-battle
    step, and the fight / stay taken at one."""
    for players, seed, draft in ((2, 3, False), (3, 5, True), (4, 8, False)):
        rng = random.Random(seed)
        s = bg.new_game(players=players, seed=seed, draft=draft, max_rounds=6)
        while not s.is_over:
            action = _public_choice(s) or rng.choice(s.legal_actions())
            if s.phase in ("first", "move") or (s.phase == "attack" and s.stage in _NEAR_HIDDEN_STAGES):
                yield s.copy(), action
            s.apply(action)


def _public_side(state, seat):
    return state.current_player, state.player_view(seat), bg.GAME.describe_turn(state)


def test_dodge_and_start_of_battle_steps_do_not_depend_on_hidden_cards():
    """Face Up Cards and Battlefield Setup: whether the game pauses for a face-down defender or at
    the start of battle, who decides, the turn line, every other seat's view and the events of the
    fight / stay are the same whatever the cards that seat cannot see are."""
    checked = {"dodge": 0, "move": 0}
    for state, action in _hidden_step_cases():
        events = _until_reveal(state.copy().apply(action))
        after = state.copy()
        revealing = any(e.kind in ("reveal", "battle") for e in after.apply(action))
        for seat in [*range(state.players), None]:
            for seed in (1, 2):
                twin = state.redraw_hidden(seat, seed)
                assert _public_side(twin, seat) == _public_side(state, seat), (state.notation(), seat)
                twin_events = twin.apply(action)
                assert _until_reveal(twin_events) == events, (state.notation(), seat, action)
                if not revealing:
                    assert _public_side(twin, seat) == _public_side(after, seat), (state.notation(), seat, action)
        if state.phase == "move":
            checked["move"] += 1
        elif state.stage == "dodge":
            checked["dodge"] += 1
    assert checked["dodge"] >= 5 and checked["move"] >= 3, checked


def test_face_up_cards_the_dodge_step_is_public_and_reads_the_same_for_any_card():
    """Face Up Cards: a face-down target gets the step whether it may avoid battle or not; the
    turn line and the views are the same, and only its owner learns which choices it has."""
    import tests.test_battlegoats_rules as r
    seen = set()
    for defender in ("ninja_goat", "bear"):
        s = r.position(r.board(F1="ram_goat"), r.board(F1=defender, F2="kid_goat"))
        s.apply(bg.ChooseAttacker(0, 0))
        s.apply(bg.ChooseTarget(0, 1, 0))
        assert s.stage == "dodge" and s.current_player == 1
        for viewer in (0, 1, None):
            v = s.player_view(viewer)
            assert v.pending.dodge_queue == ((1, 0),) and v.current_player == 1
        line = bg.GAME.describe_turn(s)
        assert "Player 2" in line
        (fight, *_) = s.apply(bg.Dodge(1, 0, False))
        seen.add((line, fight.kind, fight.text, fight.player, json.dumps(fight.data)))
    assert len(seen) == 1, seen
