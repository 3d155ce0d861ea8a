"""The Space Pigs tutorial as data: its steps, the positions they start from and the worked answers.

Teach by doing: one short reading step (theme and goal), then one step per phase, sequence and
rule (several attackers on one hex, elimination and return, the clan powers included), each with
a goal and a worked answer on a small prepared position written in the engine's text notation
(:func:`~.notation.from_notation`) or going on from the previous step (``continues``), and last
a simplified game as a first game. ``advice`` refuses a move off a step's goal; ``bots`` marks
the steps where P2 and P3 must play (colonists, markers, combats, election, the first game). A step (:class:`~livestock_notebooks.core.tutorial.Step`)
says in a sentence or two what to do and is complete when the engine's events meet its goal.
Seat 0 (P1) is the learner; P2 and P3 are played by the Greedy bot, which also plays the
learner's part for "Show me" (:func:`demo_for`), steered where a step asks for a precise move.
The page that runs the steps is :mod:`livestock_notebooks.widgets.space_pigs.tutorial`. The
texts are our own summary of the rulebook, never its words. Pure Python.

>>> step_by_key("travel").section
'Phase 2, Sequence B: Space Travel Resolution'
>>> state_for(step_by_key("extra")).sequence
'2B'
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import tutorial
from ..core.protocol import Action
from ..core.tutorial import Step, events_of
from . import events as ev_
from .actions import (ChoosePlayer, Discard, Done, Flee, Fly, Load, MoveAliens, PlayCard, Redeploy, Stand,
                      UsePower)
from .game import GAME, GAME_SEQUENCES, new_game
from . import from_notation

__all__ = ["GALAXY", "NOT_TAUGHT", "STEPS", "Step", "demo_action", "demo_for", "state_for", "step_by_key"]

#: The little galaxy of most steps: a core and its first ring (H0 is the core; H1 (1,0),
#: H2 (-1,0), H3 (0,1), H4 (-1,1), H5 (1,-1), H6 (0,-1)).
GALAXY = "0,0:Pr:a4 1,0:Py:b3 -1,0:A 0,1:Pb -1,1:Pb:c3 1,-1:Pr 0,-1:Py"


def _past(state, seq: str) -> bool:
    now = state.sequence
    return now in GAME_SEQUENCES and GAME_SEQUENCES.index(now) > GAME_SEQUENCES.index(seq) or state.turn > 2


def _at(seq: str, header: str, cells: str) -> str:
    """A step's position: three clans, turn 2, sequence ``seq``, more ``header`` fields, ``cells``."""
    return f"SP1 n=3 turn=2 seq={seq} order=123 {header} | {cells}"


def _happened(kind: str, player: int | None = 0) -> Callable[[Any, Any], bool]:
    """A goal met once an event of ``kind`` (by ``player``; ``None``: anyone) happened."""
    return lambda ev, st: bool(events_of(ev, kind, player))


#: The empty planets next to H0 in :data:`GALAXY`.
EMPTY_NEXT_TO_H0 = (3, 5, 6)


def _travel_advice(action, state, targets) -> str | None:
    """Off the goal of a travel step: a trip that does not end on one of ``targets``, or Done before."""
    p = state.current_player
    held = any(state.player_view(p).hexes[t].holder == p for t in targets)
    names = " or ".join(f"H{t}" for t in targets)
    if isinstance(action, Fly) and action.hex not in targets:
        return f"This step asks you to fly to {names}."
    if isinstance(action, Load) and not any(t in state.trip_destinations(p, action.hex) for t in targets):
        return f"Board troops on a hex next to {names}."
    if isinstance(action, Done) and not held and state.sequence == "2B":
        return f"Take {names} first."
    return None


def _extra_advice(action, state) -> str | None:
    if isinstance(action, ChoosePlayer) and action.target != action.player:
        return "Pick yourself, to make the extra trip now."
    return _travel_advice(action, state, (1, 3)) if not isinstance(action, Fly) or action.hex not in (1, 3) else None


def _one_card_each(action, state) -> str | None:
    """Off the goal of the several-attackers step: no card, or a second card, in one combat."""
    cards = state.combat.cards_of(0) if state.combat is not None else ()
    if isinstance(action, Done) and state.combat is not None and not cards:
        return "Play a card in this combat first."
    if isinstance(action, PlayCard) and cards:
        return "Keep your other card for the next combat."
    return None


def _against_a_clan(action, state) -> str | None:
    """The alien step's goal: the pirates go against another clan, not onto the learner's own
    hex nor an empty one (the rules allow both; the step would knock the learner out)."""
    if not isinstance(action, MoveAliens):
        return "This step asks you to send the pirates."
    holder = state.player_view(action.player).hexes[action.dst].holder
    if holder == action.player:
        return "Those are your own piglets: send the pirates against another clan."
    if holder is None or holder < 0:
        return "No clan holds that hex: send the pirates against another clan."
    return None


def _load(position: str, seed: int, dice: tuple[int, ...]):
    return from_notation(position, seed=seed, script=list(dice) or None)


def _new_game(*, seed: int, **options):
    return new_game(players=3, seed=seed, **{"auto_layout": True, **options})


def state_for(step: Step, seed: int = 7):
    """A fresh engine state for ``step``."""
    return tutorial.state_for(step, _load, seed, new_game=_new_game)


STEPS: tuple[Step, ...] = (
    Step("welcome", "Pigs in space", "Game Sequence; Number of Players; Set-Up; The First Game Turn; The Game Turn",
         "You lead a pig clan in a galaxy of red, yellow and blue planets. Your sacred recipe asks for three "
         "planets of one colour, two of another and one of the third: hold them when acorns are produced at a "
         "turn's end and you win.\n\n"
         "A turn has four phases: paperwork, space travel, space combat, then acorns and the Royal Pig's "
         "election. You are P1; bots play P2 and P3."),
    Step("draw", "Draw cards", "Phase 1, Sequence A: Draw Cards",
         "Combat cards give an attack bonus, a defence bonus and a technology index; event cards are played "
         "only in the sequence printed on them. Throw away any cards you do not want, then draw back up to "
         "six. Clans that voted alike last election may "
         "swap cards one for one.",
         "Discard one card (click it in your hand), then press Done to draw back up to six.",
         position=_at("1A", "rp=2 hands=2.18.45.60/3.9/", GALAXY),
         check=lambda ev, st: bool(events_of(ev, ev_.DRAW)) and bool(events_of(ev, ev_.DISCARD)),
         advice=lambda a, st: ("Throw away a card first: click it in your hand." if isinstance(a, Done)
                               and len(st.hands[0]) >= 4 else None),
         moves=2,
         praise="Your hand is full again."),
    Step("colonists", "Colonists arrive, and you deploy them", "Phase 1, Sequence B: Colonists Arrive; Phase 1, Sequence C: Determine Order of Play; "
         "Phase 1, Sequence D: Deploy Colonists",
         "From turn 2 the Royal Pig draws hidden colonist markers (1 to 3 piglets; five with three clans) and "
         "hands them out, at most two to a clan. Two new piglets may become a hog (one a turn). Troop strength "
         "(hogs count double) sets the order of play; newcomers join hexes you hold.",
         "You are the Royal Pig: hand out all the markers, then deploy your new troops on your hexes.",
         position=_at("1B", "rp=1", GALAXY),
         check=lambda ev, st: bool(events_of(ev, ev_.COLONISTS, None)) and _past(st, "1D"),
         bots=True,
         moves=8,
         praise="The colonists have landed."),
    Step("aliens_arrive", "Aliens arrive", "Phase 1, Sequence E: Arrival and Deployment of Aliens",
         "The Royal Pig rolls a d8: 1-2 nobody comes, 3-4 pirates (2 to 4 of them), 5-6 one porcophage, 7-8 the "
         "acorn worm. He places them on an asteroid free of other aliens (pigs there do not stop them; at most 4 "
         "pirates, 3 porcophages or one worm to a hex). The die shows 3: pirates.",
         "Place the pirates on one of the highlighted asteroids.",
         position=_at("1E", "rp=1", "0,0:Pr:a4 1,0:Py:b3 -1,0:A 0,1:Pb -1,1:Pb:c3 1,-1:A 0,-1:Py"),
         dice=(3, 6),
         check=_happened(ev_.ALIENS_PLACED),
         praise="The pirates lurk on their asteroid."),
    Step("marker", "A secret travel marker", "Phase 2, Sequence A: Choice of Space Travel Marker",
         "Each clan owns five travel markers: 2, 2, 3, 3 and 4 trips. Everyone picks one in secret, then all "
         "are revealed. A used marker stays aside until all five have been used, so a big turn now means "
         "smaller ones later. You have already used a 2 and a 3 in this cycle.",
         "Choose a travel marker.",
         position=_at("2A", "rp=2 used=23,,", GALAXY),
         check=_happened(ev_.MARKERS, None),
         bots=True,
         praise="The markers are revealed: trips are taken in order of play."),
    Step("travel", "Space travel", "Phase 2, Sequence B: Space Travel Resolution",
         "Your marker gives your trips this turn. A trip moves any troops from a hex to an adjacent one (cards "
         "reach further); each troop travels once a turn. Landing on another clan or aliens is an attack, fought "
         "in phase 3. Leaving a hex empty gives it up.",
         "Take an empty planet next to H0 (H3, H5 or H6): click H0, choose how many troops board, then click it.",
         continues=True,
         check=lambda ev, st: any(e.data.get("hex") in EMPTY_NEXT_TO_H0 for e in events_of(ev, ev_.LAND)),
         advice=lambda a, st: _travel_advice(a, st, EMPTY_NEXT_TO_H0),
         moves=2,
         praise="Your piglets have a new planet."),
    Step("extra", "Event cards: Extra-Mouve", "Event Cards; Phase 2, Sequence B: Space Travel Resolution",
         "Event cards are played only in the sequence printed on them, and then discarded. Extra-Mouve gives "
         "one more trip: now, after a clan of your choice, or once everyone has travelled. You have one trip "
         "and an Extra-Mouve in your hand.",
         "Play Extra-Mouve for a trip now (pick yourself), then take both empty planets H1 and H3.",
         position=_at("2B", "rp=2 trips=1,0,0 hands=48//", "0,0:Pr:a5 1,0:Py -1,0:A 0,1:Pb -1,1:Pb:b3 1,-1:Pr:c3 "
                      "0,-1:Py"),
         check=lambda ev, st: bool(events_of(ev, ev_.PLAY_CARD)) and {1, 3} <= {e.data.get("hex") for e in
                                                                          events_of(ev, ev_.LAND)},
         advice=lambda a, st: _extra_advice(a, st),
         moves=6,
         praise="Two planets in one turn."),
    Step("combat", "Combat, cards and the wipeout line", "Phase 3, Sequence A: Combat",
         "Before the first round each side may play combat cards face down, the defender first. Each round "
         "both roll a d6 (a d8 with a hog) plus one per troop beyond the first plus their cards; the lower total "
         "loses a troop (piglets first), a tie changes nothing. The combat screen shows the exact odds.",
         "Attack the red planet H0: play a combat card or more, press Done, and fight to the end.",
         position=_at("3A", "rp=2 hands=8.18.26/27.20/", "0,0:Pr:b4:a5 1,0:Py:a2 -1,0:A 0,1:Pb:b2 -1,1:Pb 1,-1:Pr:c3 0,-1:Py"),
         check=lambda ev, st: bool(events_of(ev, ev_.COMBAT_END, None) or events_of(ev, ev_.WIPEOUT, None)),
         advice=lambda a, st: None if not isinstance(a, Flee) else "This step asks you to fight to the end.",
         bots=True,
         moves=4,
         praise="The combat is over."),
    Step("wipeout", "Over-armament: the wipeout", "Phase 3, Sequence A: Combat (Wipeout)",
         "When the technology indices of all the cards played in a combat add up to 6 or more, over-armament "
         "destroys every troop on the hex, on both sides. Your two cards have index 3 each.",
         "See it happen: play both cards against P2 on H0, then press Done.",
         position=_at("3A", "rp=2 hands=26.27//", "0,0:Pr:b2:a3 1,0:Py:a2 -1,0:A 0,1:Pb:b2 -1,1:Pb 1,-1:Pr:c3 "
                      "0,-1:Py"),
         check=_happened(ev_.WIPEOUT, None),
         advice=lambda a, st: ("Play both cards first: together they reach 6." if isinstance(a, Done)
                               and len(st.hands[0]) > 0 else None),
         moves=2,
         praise="Nobody is left on H0."),
    Step("flee", "Fleeing", "Phase 3, Sequence A: Combat (Fleeing)",
         "From the second round, first the defender and then the attacker may flee: all their troops in the "
         "combat jump to an adjacent hex where they already have troops. Every troop fights at least one round "
         "first. The first round was just fought: your two piglets lost one against six.",
         "Save your last piglet: flee to your yellow planet H1.",
         position=_at("3A", "rp=2", "0,0:Pr:b6:a2 1,0:Py:a3 -1,0:A 0,1:Pb -1,1:Pb:c3 1,-1:Pr 0,-1:Py"),
         dice=(2, 5),
         check=_happened(ev_.FLEE),
         advice=lambda a, st: None if isinstance(a, Flee) else "This step asks you to flee to H1.",
         praise="Your piglet lives to fight another round."),
    Step("multi", "Several attackers", "Phase 3, Sequence A: Combat (Multi-Player Combat)",
         "When several clans land on one hex, its holder fights them one at a time in the order of play; the "
         "winner of each combat defends against the next. P3 holds H0; you and P2 landed there.",
         "Play one card in each combat: first as you attack P3, then as you defend H0 against P2.",
         position=_at("3A", "rp=2 hands=8.10//", "0,0:Pr:c2:a4:b2 1,0:Py -1,0:A 0,1:Pb:b3 -1,1:Pb 1,-1:Pr:c3 "
                      "0,-1:Py"),
         check=lambda ev, st: len(events_of(ev, ev_.COMBAT_END, None)) >= 2,
         advice=lambda a, st: _one_card_each(a, st),
         bots=True,
         moves=3,
         praise="The winner of the first combat defended H0 in the second."),
    Step("redeploy", "Redeployment", "Phase 3, Sequence B: Redeployment",
         "After the combats each troop may move one hex, from a hex you hold to an adjacent hex you hold.",
         "Strengthen your yellow planet H1: move troops there from H0 (click H0, then H1), then press Done.",
         position=_at("3B", "rp=2", "0,0:Pr:a5 1,0:Py:a1 -1,0:A 0,1:Pb:b3 -1,1:Pb 1,-1:Pr:c3 0,-1:Py"),
         check=_happened(ev_.REDEPLOY),
         advice=lambda a, st: None if isinstance(a, Redeploy) and a.dst == 1 else
         "This step asks you to move troops from H0 to H1 first.",
         praise="Your troops stand where they are needed."),
    Step("aliens_move", "The Royal Pig moves the aliens", "Phase 3, Sequence C: Alien Space Travel and Combat",
         "From turn 2 the Royal Pig may move one whole alien stack and fight with it: pirates up to 3 hexes, "
         "porcophages 2 (they grow as they eat), the worm 1 (a planet it wins becomes an asteroid). Aliens play "
         "no cards and never flee.",
         "You are the Royal Pig: send the pirates against another clan (click them, then a red-marked hex).",
         position=_at("3C", "rp=1", "0,0:Pr:a5 1,0:Py:b2 -1,0:A 0,1:Pb:b3 -1,1:Pb 1,-1:A:pir3 0,-1:Py:c3"),
         check=_happened(ev_.ALIENS_MOVE),
         advice=_against_a_clan,
         praise="The pirates strike."),
    Step("elimination", "Eliminated, and back", "Elimination",
         "A clan down to one troop or none is eliminated until the next turn begins: then it returns with five "
         "piglets on an empty hex at the galaxy's edge (further in if the edge is full) and all five travel "
         "markers. You were eliminated last turn.",
         "Come back: click one of the highlighted empty hexes on the edge.",
         position=_at("return", "rp=2 out=1 used=23,4,", "0,0:Pr:b4 1,0:Py:b2 -1,0:A 0,1:Pb:c3 -1,1:Pb "
                      "1,-1:Pr:c3 0,-1:Py"),
         check=_happened(ev_.RETURN),
         praise="Your clan is back with five piglets."),
    Step("victory", "Acorn production and victory", "Phase 4, Sequence A: Acorn Production (Victory)",
         "In phase 4 each planet you hold alone gives an acorn of its colour, a double planet two. If your "
         "acorns cover your recipe you win (never on turn 1; ties go to the first in order of play). Your "
         "recipe is 3 red, 2 yellow, 1 blue: your planets give 3 red and 2 yellow, one blue is missing.",
         "Take the blue planet H3, end travel and redeployment, and watch the production.",
         position=_at("2B", "rp=2 trips=2,0,0 recipes=321,213,132", "0,0:Dr:a3 1,0:Pr:a2 -1,0:Dy:a2 0,1:Pb -1,1:A:b3 1,-1:Py:c3 0,-1:A"),
         check=lambda ev, st: any(e.data.get("winner") == 0 for e in events_of(ev, ev_.VICTORY, None)),
         advice=lambda a, st: _travel_advice(a, st, (3,)),
         moves=4,
         praise="Your sacred recipe is complete: P1 wins!"),
    Step("election", "The Royal Pig election", "Phase 4, Sequence B: Governors; Phase 4, Sequence C: Election",
         "Each acorn produced brings a governor, a vote. Clans say whether they stand; the Royal Pig (the first "
         "player on turn 1) calls the clans to vote in any order, his own vote first or last. A clan's governors "
         "all go to one candidate; most votes win (ties: order of play).",
         "Stand for Royal Pig, call the clans to vote, and cast your own vote.",
         position=_at("4C", "rp=1", "0,0:Dr:a3 1,0:Py:a2 -1,0:Dy:b2 0,1:Pb:b3 -1,1:A:c3 1,-1:Pb:c2 0,-1:Py:c2"),
         check=_happened(ev_.ELECTION, None),
         bots=True,
         moves=4,
         praise="The Senapork has spoken."),
    Step("clans", "Clan powers (advanced)", "Clan Powers",
         "With the clan powers option each clan has three powers, each usable once a turn from turn 2: Porcus "
         "holds eight cards, Phacocherus wins ties, Scrofa gets an extra trip, and more. A power ready to use "
         "shows as a button. You are Hylocherus: you may steal a random card.",
         "Use your steal power on P2 (the Porcus clan).",
         position=_at("1A", "rp=2 clans=Hy,Po,Ph opts=clan_powers hands=2.18/3.9.27/45", GALAXY),
         check=_happened(ev_.STEAL),
         advice=lambda a, st: None if isinstance(a, UsePower) or isinstance(a, ChoosePlayer) and a.target == 1
         else "This step asks you to steal from P2.",
         moves=2,
         praise="A card of P2's is now in your hand."),
    Step("galaxy", "Building the galaxy", "Initial Forces and Deployment; Layout of the Board; Preparing the Board; "
         "Set-Up; Size of the Board",
         "Each game lays its own galaxy. Hexes lie face down in piles by the colour of their back; you pick a "
         "pile, not a hex, so you never quite know what you lay. After the core, rings are filled in order of "
         "play, each complete before the next. Then each clan puts 5 piglets on a rim planet.",
         "Lay a hex: choose a pile, then click a free spot next to the galaxy.",
         fresh={"rules": "full", "auto_layout": False},
         check=_happened(ev_.PLACE_HEX),
         bots=True,
         praise="Your hex is down; the bots lay the rest in a real game."),
    Step("first_game", "A first game: simplified rules", "Simplified Rules (Set A); Simplified Rules (Set B)",
         "The simplified rules make a good first game: public recipes, no Royal Pig, governors, election or "
         "aliens; three trips a turn and one new colonist per planet held. Pick a starting planet (at least one "
         "hex from other clans), then travel, fight and redeploy.",
         "Play the first turn to its end against the two bots.",
         fresh={"rules": "simple_b", "max_rounds": 4},
         bots=True,
         check=lambda ev, st: st.is_over or any(e.data.get("turn") == 2 for e in events_of(ev, ev_.TURN, None)),
         moves=9,
         praise="You have played a whole turn. Carry on, or play a full game on the Play page."),
)

#: Rulebook sections deliberately not taught, with the reason (every other heading has a step).
NOT_TAUGHT: dict[str, str] = {
    "Contents": "a list of the pieces in the box; the page draws each piece when it is needed",
    "Advanced and Optional Rules": "variants for experienced players, chosen on the Play page once the basic "
                                   "rules are known (the clan powers among them have their own step)",
    "History of the Great Clans": "background story, no rule",
    "Did You Know?": "trivia, no rule",
    "Game Summary / Player's Aid Sheet": "a summary of the rules the other steps teach",
}


def step_by_key(key: str) -> Step:
    return tutorial.find_step(STEPS, key)


def demo_for(step: Step, seed: int = 7) -> Callable[[object], Action]:
    """The worked answer of ``step``: the Greedy bot, steered (see :func:`demo_action`)."""
    bot = GAME.make_bot("greedy", seed)
    return lambda state: demo_action(step, state, bot)


def _first(legal: list[Action], kind: type, test: Callable[[Any], bool] = lambda a: True) -> Action | None:
    return next((a for a in legal if isinstance(a, kind) and test(a)), None)


def demo_action(step: Step, state, bot: Any) -> Action:
    """The worked answer's next action: the Greedy bot's choice, steered where a step asks for
    something precise (land on H1 or H3, flee, play a card, stand, send the pirates, steal). It reads
    the learner's view (``state.player_view``), as the learner does."""
    legal = state.legal_actions()
    p = state.current_player
    view = state.player_view(p)
    steered: Action | None = None
    targets = {"travel": EMPTY_NEXT_TO_H0[:1], "victory": (3,), "extra": (1, 3)}.get(step.key)
    if targets and view.sequence == "2B":
        if step.key == "extra" and state.trips[p] < 2 and not view.hexes[1].holder == p:
            steered = _first(legal, PlayCard) or _first(legal, ChoosePlayer, lambda a: a.target == p)
        todo = [t for t in targets if view.hexes[t].holder != p]
        if steered is not None:
            pass
        elif view.trip is not None:
            steered = _first(legal, Fly, lambda a: a.hex in todo)
        elif not todo:
            steered = Done(p)
        else:
            steered = _first(legal, Load, lambda a: any(t in state.trip_destinations(p, a.hex) for t in todo))
    elif step.key == "wipeout":
        steered = _first(legal, PlayCard) or _first(legal, Done)
    elif step.key == "draw" and view.sequence == "1A":  # one card away, then the draw
        steered = _first(legal, Discard) if len(view.own_hand() or ()) >= 4 else _first(legal, Done)
    elif step.key == "flee":
        steered = _first(legal, Flee)
    elif step.key == "combat" and view.combat is not None and not view.combat.cards_of(p):
        steered = _first(legal, PlayCard)
    elif step.key == "multi" and view.combat is not None:  # one card in each combat
        steered = _first(legal, Done) if view.combat.cards_of(p) else _first(legal, PlayCard)
    elif step.key == "clans":
        steered = _first(legal, UsePower) or _first(legal, ChoosePlayer, lambda a: a.target == 1)
    elif step.key == "redeploy":
        steered = _first(legal, Redeploy, lambda a: a.dst == 1)
    elif step.key == "election" and Stand(p, True) in legal:
        steered = Stand(p, True)
    elif step.key == "aliens_move":
        steered = _first(legal, MoveAliens, lambda a: view.hexes[a.dst].holder not in (None, p)
                         and not view.hexes[a.dst].occupants[0].is_alien)
    return steered if steered is not None else bot.choose(state)
