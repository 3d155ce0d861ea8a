"""The Space Pigs tutorial: its steps (data) and the widget that runs them on the real board.

Teach by doing: theme and goal first, then one step per phase and sequence, each on a small
prepared position written in the engine's text notation (``space_pigs.from_notation``), and
last a simplified game as a first game. A step says in a sentence or two what to do, waits for
the learner's move on the real board (the same :class:`SpacePigsView` as the game page), shows
the engine's own rule message for a move the rules forbid, and is complete when the engine's
events meet the goal (:meth:`Step.done`). *Back*, *Next*, *Show me* (the engine's Greedy bot
plays the learner's part until the goal is met) and *Start over* are always there.

Seat 0 (P1) is the learner; P2 and P3 are played by the Greedy bot. The texts are our own
summary of the rulebook, never its words.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as w

from .. import space_pigs as sp
from ..engine import Action, Event
from ..session import Seat
from ..space_pigs.bots import GreedyBot
from .space_pigs_app import new_game, play_app

__all__ = ["STEPS", "Step", "SpacePigsTutorial", "state_for", "step_by_key"]

ORDER = ("layout", "start", "return", "1A", "1B", "1C", "1D", "1E", "2A", "2B", "2X", "3A", "3B", "3C", "4A", "4B",
         "4C", "over")

#: The little galaxy of most steps: a core and its first ring (H0 is the core; H1 (1,0),
#: H2 (-1,0), H3 (0,1), H4 (-1,1), H5 (1,-1), H6 (0,-1)).
GALAXY = "0,0:Pr:a4 1,0:Py:b3 -1,0:A 0,1:Pb -1,1:Pb:c3 1,-1:Pr 0,-1:Py"


def _kind(events: Sequence[Event], kind: str, player: int | None = 0) -> list[Event]:
    return [e for e in events if e.kind == kind and (player is None or e.player == player)]


def _past(state, seq: str) -> bool:
    now = state.sequence
    return now in ORDER and ORDER.index(now) > ORDER.index(seq) or state.turn > 2


@dataclass(frozen=True)
class Step:
    """One tutorial step. A step with neither ``position`` nor ``fresh`` is a reading step."""

    key: str
    title: str
    section: str  # the rulebook section it teaches
    text: str  # the rule, briefly, in our own words
    goal: str = ""
    position: str | None = None  # engine notation of the prepared position
    dice: tuple[int, ...] = ()  # die results scripted before the sequence starts
    fresh: dict | None = None  # or: options of a new game (the first game)
    check: Callable[[Sequence[Event], object], bool] | None = None
    praise: str = "Well done."

    @property
    def interactive(self) -> bool:
        return self.position is not None or self.fresh is not None

    def done(self, events: Sequence[Event], state) -> bool:
        return self.check is not None and bool(self.check(events, state))


def state_for(step: Step, seed: int = 7):
    """A fresh engine state for ``step``."""
    if step.fresh is not None:
        return new_game(players=3, seed=seed, auto_layout=True, **step.fresh)
    if step.position is None:
        raise ValueError(f"step {step.key!r} has no position")
    return sp.from_notation(step.position, seed=seed, script=list(step.dice) or None)


STEPS: tuple[Step, ...] = (
    Step("welcome", "Pigs in space", "Number of Players; Set-Up",
         "You lead one of the great pig clans of an empire spread over a galaxy of coloured planets. "
         "Each clan has a sacred recipe: three planets of one colour, two of another and one of the third "
         "(in the full game it is secret). At the end of a turn, when your planets produce the acorns of "
         "your recipe, you win; a double planet counts twice, asteroids produce nothing. A turn has four "
         "phases: (1) paperwork: cards, new colonists, the order of play and the aliens; (2) space travel; "
         "(3) space combat; (4) acorn production and the election of the Royal Pig, who hands out colonists "
         "and moves the aliens next turn. The steps that follow walk through them on small galaxies; you are "
         "P1, two bots play P2 and P3. The last step is a whole first game with the simplified rules."),
    Step("draw", "Draw cards", "Phase 1, Sequence A: Draw Cards",
         "Cards are of two kinds: combat cards (an attack bonus, a defence bonus and a technology index) and "
         "event cards, each playable only in the sequence printed on it. First you may throw away any cards "
         "you do not want; then you draw until you hold six again. Clans that voted alike last election may "
         "swap cards one for one.",
         "Discard one card (click it in your hand), then press Done to draw back up to six.",
         position="SP1 n=3 turn=2 seq=1A order=123 rp=2 hands=2.18.45.60/3.9/ | " + GALAXY,
         check=lambda ev, st: bool(_kind(ev, "draw")) and bool(_kind(ev, "discard")),
         praise="Your hand is full again."),
    Step("colonists", "Colonists arrive, and you deploy them", "Phase 1, Sequences B, C and D",
         "From turn 2 the Royal Pig draws face-down colonist markers (1 to 3 piglets each; five of them with "
         "three clans) and hands them out as he likes, at most two to any clan, himself included. Each clan may "
         "then turn two of its new piglets into a hog (one a turn; a hog rolls a d8 in combat). The order of "
         "play is then set by troop strength (hogs count double), and everyone places the newcomers on hexes "
         "where they already have troops.",
         "You are the Royal Pig: hand out all the markers, then deploy your new troops on your hexes.",
         position="SP1 n=3 turn=2 seq=1B order=123 rp=1 | " + GALAXY,
         check=lambda ev, st: bool(_kind(ev, "colonists", None)) and _past(st, "1D"),
         praise="The colonists have landed."),
    Step("aliens_arrive", "Aliens arrive", "Phase 1, Sequence E: Arrival and Deployment of Aliens",
         "The Royal Pig rolls a d8: 1-2 nobody comes, 3-4 pirates (2 to 4 of them), 5-6 one porcophage, 7-8 the "
         "acorn worm. He places them on a free asteroid or on aliens of the same kind (at most 4 pirates, 3 "
         "porcophages or one worm to a hex; pigs on an asteroid do not stop them). The die here shows 3: pirates.",
         "Place the pirates on one of the highlighted asteroids.",
         position="SP1 n=3 turn=2 seq=1E order=123 rp=1 | 0,0:Pr:a4 1,0:Py:b3 -1,0:A 0,1:Pb -1,1:Pb:c3 1,-1:A 0,-1:Py",
         dice=(3, 6),
         check=lambda ev, st: bool(_kind(ev, "aliens_placed")),
         praise="The pirates lurk on their asteroid."),
    Step("marker", "A secret travel marker", "Phase 2, Sequence A: Choice of Space Travel Marker",
         "Each clan owns five travel markers: 2, 2, 3, 3 and 4 trips. Everyone picks one in secret, then all "
         "are revealed. A used marker stays aside until all five have been used, so a big turn now means "
         "smaller ones later. You have already used a 2 and a 3 in this cycle.",
         "Choose a travel marker.",
         position="SP1 n=3 turn=2 seq=2A order=123 rp=2 used=23,, | " + GALAXY,
         check=lambda ev, st: bool(_kind(ev, "markers", None)),
         praise="The markers are revealed: trips are taken in order of play."),
    Step("travel", "Space travel", "Phase 2, Sequence B: Space Travel Resolution",
         "A trip moves any number of troops from one hex to an adjacent hex (cards can carry them further). "
         "Each troop travels once a turn. Landing where another clan or aliens stand is an attack, fought in "
         "phase 3; the defenders pinned there are as many as the attackers. Leaving a hex empty gives it up.",
         "Take the empty yellow planet H1: click your red planet H0, choose how many troops board, then click H1.",
         position="SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=2,0,0 | 0,0:Pr:a5 1,0:Py -1,0:A 0,1:Pb:b3 -1,1:Pb "
                  "1,-1:Pr:c3 0,-1:Py",
         check=lambda ev, st: any(e.data.get("hex") == 1 for e in _kind(ev, "land")),
         praise="Your piglets have a new yellow planet."),
    Step("combat", "Combat, cards and the wipeout line", "Phase 3, Sequence A: Combat",
         "Each round both sides roll: a d6, or a d8 if they have a hog, plus one per troop beyond the first, plus "
         "their combat cards. The lower total loses a troop (piglets before hogs); a tie changes nothing. Before "
         "the first round the defender, then the attacker, play cards face down; they are revealed together. "
         "Beware the technology indices: if the cards of both sides add up to 6 or more, every troop on the hex "
         "is destroyed. The combat screen shows the exact odds before any card is chosen.",
         "Attack the red planet H0: play one or more combat cards face down, press Done, and fight to the end "
         "(from round 2 you may flee).",
         position="SP1 n=3 turn=2 seq=3A order=123 rp=2 hands=8.18.26/27.20/ | 0,0:Pr:b4:a5 1,0:Py:a2 -1,0:A "
                  "0,1:Pb:b2 -1,1:Pb 1,-1:Pr:c3 0,-1:Py",
         check=lambda ev, st: bool(_kind(ev, "combat_end", None) or _kind(ev, "wipeout", None)),
         praise="The combat is over. Did the technology total stay under 6?"),
    Step("flee", "Fleeing", "Phase 3, Sequence A: Combat (Fleeing)",
         "From the second round, first the defender and then the attacker may flee: all their troops in the "
         "combat jump to an adjacent hex where they already have troops. Every troop fights at least one round "
         "first. The first round was just fought: your two piglets lost one against six.",
         "Save your last piglet: flee to your yellow planet H1.",
         position="SP1 n=3 turn=2 seq=3A order=123 rp=2 | 0,0:Pr:b6:a2 1,0:Py:a3 -1,0:A 0,1:Pb -1,1:Pb:c3 "
                  "1,-1:Pr 0,-1:Py",
         dice=(2, 5),
         check=lambda ev, st: bool(_kind(ev, "flee")),
         praise="Your piglet lives to fight another round."),
    Step("redeploy", "Redeployment", "Phase 3, Sequence B: Redeployment",
         "After the combats each troop may move one hex, from a hex you hold to an adjacent hex you hold.",
         "Strengthen your yellow planet H1: move troops there from H0 (click H0, then H1), then press Done.",
         position="SP1 n=3 turn=2 seq=3B order=123 rp=2 | 0,0:Pr:a5 1,0:Py:a1 -1,0:A 0,1:Pb:b3 -1,1:Pb "
                  "1,-1:Pr:c3 0,-1:Py",
         check=lambda ev, st: bool(_kind(ev, "redeploy")),
         praise="Your troops stand where they are needed."),
    Step("aliens_move", "The Royal Pig moves the aliens", "Phase 3, Sequence C: Alien Space Travel and Combat",
         "From turn 2 the Royal Pig may move one whole alien stack and fight with it: pirates fly up to 3 hexes, "
         "porcophages 2 (each piglet they kill adds one to the pack, up to 3), the worm 1, onto a planet, which "
         "it turns into an asteroid when it wins (three planets at most in a game). Aliens play no cards and "
         "never flee.",
         "You are the Royal Pig: send the pirates against another clan (click them, then a red-marked hex).",
         position="SP1 n=3 turn=2 seq=3C order=123 rp=1 | 0,0:Pr:a5 1,0:Py:b2 -1,0:A 0,1:Pb:b3 -1,1:Pb "
                  "1,-1:A:pir3 0,-1:Py:c3",
         check=lambda ev, st: bool(_kind(ev, "aliens_move")),
         praise="The pirates strike."),
    Step("victory", "Acorn production and victory", "Phase 4, Sequence A: Acorn Production; Victory",
         "In phase 4 every planet you hold alone produces one acorn of its colour, a double planet two. If your "
         "acorns cover your sacred recipe you win at once (never on turn 1; ties go to the first in the order "
         "of play). Your recipe is 3 red, 2 yellow, 1 blue: the red double planet and a red planet give 3 red, "
         "the yellow double planet 2 yellow. One blue is missing.",
         "Take the blue planet H3, end your travel and your redeployment, and watch the production.",
         position="SP1 n=3 turn=2 seq=2B order=123 rp=2 trips=2,0,0 recipes=321,213,132 | 0,0:Dr:a3 1,0:Pr:a2 "
                  "-1,0:Dy:a2 0,1:Pb -1,1:A:b3 1,-1:Py:c3 0,-1:A",
         check=lambda ev, st: any(e.data.get("winner") == 0 for e in _kind(ev, "victory", None)),
         praise="Your sacred recipe is complete: P1 wins!"),
    Step("election", "The Royal Pig election", "Phase 4, Sequences B and C: Governors and Election",
         "Each acorn produced brings a governor, and each governor is a vote. Clans say whether they stand; the "
         "Royal Pig (the first player on turn 1) calls the clans to vote in any order and casts his own vote "
         "first or last. A clan gives all its governors to one candidate; most votes win, ties go to the first "
         "in the order of play. Clans that voted for the same candidate form a faction and may swap cards next "
         "turn.",
         "Stand for Royal Pig, call the clans to vote, and cast your own vote.",
         position="SP1 n=3 turn=2 seq=4C order=123 rp=1 | 0,0:Dr:a3 1,0:Py:a2 -1,0:Dy:b2 0,1:Pb:b3 -1,1:A:c3 "
                  "1,-1:Pb:c2 0,-1:Py:c2",
         check=lambda ev, st: bool(_kind(ev, "election", None)),
         praise="The Senapork has spoken."),
    Step("first_game", "A first game: simplified rules", "Simplified Rules (Set B)",
         "The simplified rules make a good first game: recipes are public, there is no Royal Pig, no governors, "
         "no election and no aliens; everyone has three trips a turn and gets one new colonist per planet held. "
         "Pick a starting planet (clans start at least one hex apart), then travel, fight and redeploy.",
         "Play the first turn to its end against the two bots.",
         fresh={"rules": "simple_b", "max_rounds": 4},
         check=lambda ev, st: st.is_over or any(e.data.get("turn") == 2 for e in _kind(ev, "turn", None)),
         praise="You have played a whole turn. Carry on, or play a full game on the Play page."),
)


def step_by_key(key: str) -> Step:
    for s in STEPS:
        if s.key == key:
            return s
    raise KeyError(key)


TUTORIAL_CSS = """
<style>
.lsn-tut-card { border: 2px solid #4527a0; border-radius: 8px; padding: 8px 12px; background: #f7f4ff; max-width: 1100px; }
.lsn-tut-card .widget-html-content { line-height: 1.45; }
.lsn-tut-progress span { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 10px;
  margin-right: 2px; font-size: 0.8em; padding: 1px 4px; background: #eee; color: #555; }
.lsn-tut-progress span.lsn-tut-now { background: #4527a0; color: #fff; }
.lsn-tut-progress span.lsn-tut-ok { background: #2e7d32; color: #fff; }
.lsn-tut-goal { font-weight: 600; margin-top: 4px; }
.lsn-tut-done-ok { color: #1b5e20; font-weight: 600; }
</style>
"""


class SpacePigsTutorial:
    """The tutorial page. ``widget`` shows it; ``go(i)``, ``next()``, ``back()``, ``show_me()`` and
    ``start_over()`` drive it from Python as the buttons do. ``app`` is the game shell under it."""

    def __init__(self, steps: Sequence[Step] = STEPS, *, bot_delay: float | None = 0.5, loop=None, seed: int = 7):
        self.steps = list(steps)
        self.seed = seed
        self.index = 0
        self.completed: set[str] = set()
        self._events: list = []
        self._met = False
        self.app = play_app(bot_delay=bot_delay, autosave=False, check_resume=False, headless=False, loop=loop)
        for part in (self.app.setup_box, self.app.save_box, self.app.headless_box, self.app.new_game_button,
                     self.app.title, self.app.resume_box):
            part.layout.display = "none"
        self.app.on_change(self._changed)

        self.style = w.HTML(TUTORIAL_CSS)
        self.progress = w.HTML()
        self.progress.add_class("lsn-tut-progress")
        self.header = w.HTML()
        self.header.add_class("lsn-tut-header")
        self.text = w.HTML()
        self.text.add_class("lsn-tut-text")
        self.done_label = w.HTML()
        self.done_label.add_class("lsn-tut-done")
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.back_button.add_class("lsn-tut-back")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary")
        self.next_button.add_class("lsn-tut-next")
        self.next_button.on_click(lambda _b: self.next())
        self.show_button = w.Button(description="Show me", icon="magic", tooltip="Let the engine play your part")
        self.show_button.add_class("lsn-tut-show")
        self.show_button.on_click(lambda _b: self.show_me())
        self.reset_button = w.Button(description="Start over", icon="redo", tooltip="Set this step up again")
        self.reset_button.add_class("lsn-tut-reset")
        self.reset_button.on_click(lambda _b: self.start_over())
        nav = w.HBox([self.back_button, self.next_button, self.show_button, self.reset_button],
                     layout=w.Layout(grid_gap="6px", margin="6px 0"))
        card = w.VBox([self.progress, self.header, self.text, self.done_label, nav])
        card.add_class("lsn-tut-card")
        self.widget = w.VBox([self.style, card, self.app.widget])
        self.widget.add_class("lsn-tutorial")
        self.go(0)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- navigation ------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based) and set its position up."""
        self.index = max(0, min(index, len(self.steps) - 1))
        step = self.step
        self._events = []
        self._met = False
        if step.interactive:
            state = state_for(step, seed=self.seed)
            self._events = list(getattr(state, "start_events", []) or [])
            self.app.view.start_events(self._events)
            self.app.start_state(state, [Seat.human(), Seat("Greedy"), Seat("Greedy")],
                                 message=f"Tutorial: {step.title}", autosave=False)
            self.app.widget.layout.display = None
        else:
            self.app.cancel_bot_tick()
            self.app.view.clear()
            self.app.widget.layout.display = "none"
        self._draw()

    def next(self) -> None:
        if self.index < len(self.steps) - 1:
            self.go(self.index + 1)

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def start_over(self) -> None:
        self.go(self.index)

    def show_me(self, max_actions: int = 400) -> bool:
        """Let the Greedy bot play the learner's part (and the bots theirs) until the goal is met."""
        step = self.step
        session = self.app.session
        if not step.interactive or session is None:
            return False
        bot = GreedyBot(self.seed)
        for _ in range(max_actions):
            session = self.app.session
            if self.is_done or session.state.is_over:
                break
            if session.is_bot_turn:
                if not self.app.step():
                    break
                continue
            if session.current_player != 0:
                break
            if not self.app.act(_demo_action(step, session.state, bot)):
                break
        if not self.is_done:
            self.app.message("Start over to try this step again.", "info")
        return self.is_done

    # -- goals --------------------------------------------------------------------------------
    @property
    def is_done(self) -> bool:
        if not self.step.interactive:
            return True
        return self._met

    def _changed(self, app, events) -> None:
        step = self.step
        if not step.interactive or app.session is None:
            return
        for e in events:
            if not any(e is seen for seen in self._events):
                self._events.append(e)
        met = step.done(self._events, app.session.state)
        if met and not self._met:
            self.completed.add(step.key)
        self._met = self._met or met
        self._draw_done()

    def _draw(self) -> None:
        step = self.step
        if not step.interactive:
            self.completed.add(step.key)
        chips = []
        for i, s in enumerate(self.steps):
            cls = "lsn-tut-now" if i == self.index else ("lsn-tut-ok" if s.key in self.completed else "")
            chips.append(f'<span class="{cls}" title="{html.escape(s.title)}">{i + 1}</span>')
        self.progress.value = "".join(chips)
        self.header.value = (f'<h3 style="margin:0.2em 0">Step {self.index + 1} of {len(self.steps)}: '
                             f'{html.escape(step.title)}</h3>'
                             f'<div style="color:#666;font-size:0.85em">Rulebook: {html.escape(step.section)}</div>')
        goal = f'<div class="lsn-tut-goal">Your goal: {html.escape(step.goal)}</div>' if step.goal else ""
        self.text.value = f"<div>{html.escape(step.text)}</div>{goal}"
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.show_button.disabled = not step.interactive
        self.reset_button.disabled = not step.interactive
        self._draw_done()

    def _draw_done(self) -> None:
        step = self.step
        if not step.interactive:
            self.done_label.value = '<div style="color:#555">Press Next to begin.</div>'
            self.next_button.button_style = "primary"
            return
        if self._met:
            self.done_label.value = (f'<div class="lsn-tut-done-ok">\u2714 {html.escape(step.praise)} '
                                     'Press Next for the next step.</div>')
            self.next_button.button_style = "success"
        else:
            self.done_label.value = '<div style="color:#555">Make your move on the board below.</div>'
            self.next_button.button_style = "primary"


def _demo_action(step: Step, state, bot: GreedyBot) -> Action:
    """The worked answer's next action: the Greedy bot's choice, steered where a step asks for
    something precise (land on H1 or H3, flee, play a card, stand, send the pirates)."""
    from ..space_pigs.actions import Discard, Done, Flee, Fly, Load, MoveAliens, PlayCard, Redeploy, Stand

    legal = state.legal_actions()
    p = state.current_player
    if step.key in ("travel", "victory") and state.sequence == "2B":
        target = 1 if step.key == "travel" else 3
        trip = state.trip
        if trip is None:
            if state.owner(target) == p:
                return Done(p)
            loads = [a for a in legal if isinstance(a, Load) and target in state.trip_destinations(p, a.hex)]
            if loads:
                return loads[0]
        else:
            fly = next((a for a in legal if isinstance(a, Fly) and a.hex == target), None)
            if fly is not None:
                return fly
    if step.key == "draw" and state.sequence == "1A" and len(state.hands[p]) >= 4:
        discard = next((a for a in legal if isinstance(a, Discard)), None)
        if discard is not None:
            return discard
    if step.key == "flee":
        flee = next((a for a in legal if isinstance(a, Flee)), None)
        if flee is not None:
            return flee
    if step.key == "combat" and state.cb is not None:
        plays = [a for a in legal if isinstance(a, PlayCard)]
        played = state.cb["acards"] if p == state.cb["a"] else state.cb["dcards"]
        if plays and not played:
            return plays[0]
    if step.key == "redeploy":
        moves = [a for a in legal if isinstance(a, Redeploy) and a.dst == 1]
        if moves:
            return moves[0]
    if step.key == "election" and Stand(p, True) in legal:
        return Stand(p, True)
    if step.key == "aliens_move":
        moves = [a for a in legal if isinstance(a, MoveAliens) and state.owner(a.dst) not in (None, p)]
        if moves:
            return moves[0]
    return bot.choose(state)
