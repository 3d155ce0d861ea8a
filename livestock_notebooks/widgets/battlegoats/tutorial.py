"""The BattleGoats tutorial: learn by playing, one short step per rulebook section.

Order (as the best rules tutors teach): the theme, the goal, an overview, then one step per
section of the rulebook (building your army, battlefield setup with its front and back rows and
its neighbours, attacking, ties, face-up cards, turns and winning). The examples are the six
cards the rulebook itself uses: Cowboy, Soldier, Cyborg, Fainting, Wizard and Matador Goat.

Every step starts from a position written in the engine's text notation
(:func:`~livestock_notebooks.battlegoats.from_notation`), states its goal in a sentence or two
and waits for the learner's move on the real board (:class:`BattleGoatsView`, the play page's
board). A move the rules forbid shows the engine's own rule message; an allowed move that is
not the step's goal is explained and not played. *Show me* plays the step's solution;
*Back* and *Next* move between steps. The opponent (Player 2) answers from a script.

Pure data (:data:`STEPS`) plus one widget class (:class:`Tutorial`)::

    from livestock_notebooks.widgets.battlegoats.tutorial import Tutorial
    Tutorial()
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as w

from ... import battlegoats as bg
from ...battlegoats.cards import card_value
from ...core.errors import IllegalAction
from .board import BattleGoatsView
from ..shell.app import ViewContext, illegal_message

__all__ = ["STEPS", "Step", "Tutorial", "value_in_slot"]

ME, THEM = 0, 1


def value_in_slot(state, cid: str, player: int, slot: int) -> int:
    """The card's value if it sat in ``slot`` of ``player``'s battlefield (defending a goat)."""
    board = list(state.board[player])
    board[slot] = cid
    v, _ = card_value(state.cards.by_id[cid], board=board, slot=slot, role="defending", other_type="goat",
                      face_up=False, own_discard=len(state.discard[player]), other_discard=0,
                      seen=frozenset(), slain=frozenset())
    return v


def _name(cid: str) -> str:
    return bg.standard_cards()[cid].name


@dataclass
class Step:
    """One tutorial step.

    ``position``: engine notation (None: no board). ``goal``: what to do (1-2 sentences; empty
    for a step you only read). ``check(action, state)``: ``None`` if the move fits the goal,
    else why not (the move is then not played). ``done(state)``: the goal is reached.
    ``solution``: the actions *Show me* plays. ``reply(state)``: the opponent's move when the
    opponent must decide. ``after``: shown once the goal is reached.
    """

    key: str
    section: str
    title: str
    text: str
    position: str | None = None
    goal: str = ""
    check: Callable[[object, object], str | None] | None = None
    done: Callable[[object], bool] | None = None
    solution: Sequence = ()
    reply: Callable[[object], object] | None = None
    after: str = ""

    @property
    def interactive(self) -> bool:
        return self.done is not None


# --------------------------------------------------------------------------- positions
ALL_SIX = ("bg2 attack s0 r1/- f0 l0 basic "
           "| soldier_goat,fainting_goat,matador_goat,wizard_goat,cyborg_goat,captain_horns,owl,cowboy_goat,wolf"
           "/-/-/-/- "
           "| ram_goat,shield_goat,sentry_goat,archer_goat,scout_goat,mountain_goat,herd_goat,nanny_goat,queen_nanny"
           "/-/-/-/- | rev=-")
LAST_CARD = ("bg2 attack s0 r4/- f0 l0 basic | .,.,.,.,ram_goat,.,.,.,./-/sentry_goat,archer_goat/-/- "
             "| .,.,.,.,.,.,.,kid_goat,./-/wolf,owl,bear,llama,yeti,hydra,griffin,troll/-/- | rev=-")
DRAFT = ("bg2 draft s0 r0/- f- l0 draft "
         "| .,.,.,.,.,.,.,.,./captain_horns/-/cowboy_goat,soldier_goat,cyborg_goat,fainting_goat,wizard_goat,"
         "matador_goat,wolf,owl/- "
         "| .,.,.,.,.,.,.,.,./queen_nanny/-/ram_goat,shield_goat,sentry_goat,archer_goat,scout_goat,mountain_goat,"
         "herd_goat,nanny_goat/- | rev=-")
COWBOY = ("bg2 layout s0 r0/- f- l0 basic "
          "| wolf,ram_goat,shield_goat,.,sentry_goat,archer_goat,.,.,./cowboy_goat,scout_goat,owl,bear/-/-/- "
          "| .,.,.,.,.,.,.,.,./queen_nanny,mountain_goat,herd_goat,nanny_goat,kid_goat,llama,yeti,hydra,griffin"
          "/-/-/- | rev=-")
SOLDIER = ("bg2 layout s0 r0/- f- l0 basic "
           "| .,cowboy_goat,.,wolf,.,ram_goat,.,shield_goat,./soldier_goat,scout_goat,owl,bear,archer_goat/-/-/- "
           "| .,.,.,.,.,.,.,.,./queen_nanny,mountain_goat,herd_goat,nanny_goat,kid_goat,llama,yeti,hydra,griffin"
           "/-/-/- | rev=-")
CYBORG = ("bg2 attack s0 r2/- f0 l0 basic "
          "| owl,cyborg_goat,ram_goat,.,soldier_goat,.,.,captain_horns,./-/herd_goat/-/- "
          "| .,wolf,scout_goat,bear,.,.,.,cowboy_goat,queen_nanny/-/-/-/- | rev=cowboy_goat")
FAINTING = ("bg2 attack s0 r3/- f0 l0 basic "
            "| .,.,.,.,fainting_goat,.,.,owl,./-/-/-/- "
            "| .,.,.,kid_goat,wizard_goat,.,.,.,./-/-/-/- | rev=wizard_goat")
MATADOR = ('bg2 attack s1 r2/- f1 l0 basic | .,matador_goat,.,.,soldier_goat,.,.,owl,./-/-/-/- '
           '| .,.,.,.,cyborg_goat*,.,.,.,./-/-/-/- | rev=cyborg_goat '
           'pend={"attacker":4,"card":"cyborg_goat","dodge_queue":[[0,1]],"dodged":[],"own":null,'
           '"stage":"dodge","targets":[[0,1]]}')
ENDING = ("bg2 attack s0 r5/- f0 l0 basic | .,.,.,.,wolf,.,.,.,./-/-/-/- "
          "| .,.,.,.,stubborn_goat,.,.,.,./-/-/-/- | rev=stubborn_goat")


# --------------------------------------------------------------------------- checks
def _only(kind: str, text: str):
    def check(action, state):
        return None if type(action).__name__ == kind else text
    return check


def _check_draft(action, state):
    if isinstance(action, bg.Pick) and action.card != "cowboy_goat":
        return f"You may keep {_name(action.card)} in a real game; for this step keep Cowboy Goat (you will place it next)."
    return None


def _check_cowboy(action, state):
    if not isinstance(action, bg.Place):
        return None
    if action.card != "cowboy_goat":
        return "For this step place Cowboy Goat: choose it in your hand first."
    v = value_in_slot(state, "cowboy_goat", ME, action.slot)
    if v < 9:
        front = (v - 1) // 4
        return (f"Cowboy Goat would be a {v} there: {front} card{'s' if front != 1 else ''} in front of it. "
                "Find a slot with two cards in front of it.")
    return None


def _check_soldier(action, state):
    if not isinstance(action, bg.Place):
        return None
    if action.card != "soldier_goat":
        return "For this step place Soldier Goat: choose it in your hand first."
    v = value_in_slot(state, "soldier_goat", ME, action.slot)
    if v < 8:
        return f"Soldier Goat would be a {v} there ({v - 4} neighbours). Find the slot with four neighbours."
    return None


def _check_cyborg(action, state):
    if isinstance(action, bg.ChooseAttacker) and action.slot != 1:
        return "For this step attack with your Cyborg Goat (F2)."
    if isinstance(action, bg.ChooseTarget) and (action.target_player, action.target_slot) != (THEM, 7):
        return "For this step attack the Cowboy Goat you saw earlier (Player 2's B2)."
    return None


def _check_fainting(action, state):
    if isinstance(action, bg.ChooseAttacker) and action.slot != 4:
        return "For this step attack with your Fainting Goat (M2)."
    return None


def _check_matador(action, state):
    if isinstance(action, bg.Dodge) and not action.dodge:
        return ("Fighting is allowed, but Cyborg Goat (8, +1 against goats) would beat your Matador Goat (4). "
                "Avoid the battle instead.")
    return None


def _reply_defend_with_wizard(state):
    if state.stage == "defender":
        return bg.ChooseDefender(THEM, state.board[THEM].index("wizard_goat"))
    return bg.SeenBot(0).choose(state)


def _reply_share(state):
    if state.stage == "ending":
        return bg.ChooseEnding(THEM, True)
    return bg.SeenBot(0).choose(state)


STEPS: list[Step] = [
    Step(
        "theme", "Overview", "Goats at war",
        "<p>Every player leads a small army of goats, heroes, creatures and war machines. There are four kinds "
        "of cards, each with its colour: <b>Heroes</b> (purple, with a star), <b>Equipment</b> (blue), "
        "<b>Goats</b> (orange) and <b>Creatures</b> (green). Each card has a number, its strength, and usually "
        "a special ability that changes that number.</p>"
        "<p>Below is your army (the bottom battlefield, marked <i>you</i>) and an opponent's. You can read "
        "your own cards; the opponent's are face down, shown as <b>?</b>. Rest the pointer on a card to "
        "read its ability.</p>",
        ALL_SIX,
    ),
    Step(
        "goal", "Turns and Winning", "The goal: the last card standing",
        "<p>Players take turns attacking each other's cards. A defeated card leaves the battlefield. "
        "<b>When every other army is gone, the player who still has a card standing wins.</b></p>"
        "<p>Here the opponent has a single card left, face down in their back row, and it is your turn.</p>",
        LAST_CARD,
        goal="Win the game: click your Ram Goat, then the opponent's last card, then press the red Attack button.",
        done=lambda s: s.is_over and s.winners == [ME],
        solution=(bg.ChooseAttacker(ME, 4), bg.ChooseTarget(ME, THEM, 7)),
        after="Your Ram Goat (5, +2 when it attacks) beat the Kid Goat: the opponent has no card left, so you win.",
    ),
    Step(
        "overview", "Overview", "How a game goes",
        "<ol><li><b>Build your army</b>: everyone gets a random Hero and 8 more cards, dealt or drafted.</li>"
        "<li><b>Lay out your battlefield</b>: your 9 cards go face down in a 3 by 3 square. Where a card "
        "sits matters.</li>"
        "<li><b>Battle</b>: in turn, each player attacks one card of an opponent. Both cards are turned "
        "over; the higher number, after abilities, wins.</li></ol>"
        "<p>The next steps take these one at a time, with the six cards the rulebook uses as its "
        "examples.</p>",
        ALL_SIX,
    ),
    Step(
        "army", "Building Your Army", "Building your army: the draft",
        "<p>In the basic game everyone is simply dealt a Hero and 8 cards. In the <b>draft</b> you get your "
        "Hero and a pack of 8 cards: keep one in secret, pass the rest to the player on your right, take "
        "the pack from your left, and repeat until the packs are empty. Cards nobody gets are set aside.</p>"
        "<p>You already hold your Hero, Captain Horns. Here is your first pack.</p>",
        DRAFT,
        goal="Keep Cowboy Goat: click it in the pack, then press Keep.",
        check=_check_draft,
        done=lambda s: "cowboy_goat" in s.hands[ME],
        solution=(bg.Pick(ME, "cowboy_goat"),),
        after="Cowboy Goat is yours; the other seven cards go on to your neighbour.",
    ),
    Step(
        "rows", "Battlefield Setup", "Setting up: front and back rows",
        "<p>Your nine cards go face down into a 3 by 3 square. The <b>front row</b> faces your opponents; "
        "a card is <i>in front of</i> another when it is in the same column, nearer the front. Once laid "
        "out, cards do not move, but you may look at your own cards at any time.</p>"
        "<p><b>Cowboy Goat</b> is only worth 1 on its own, but it gains 4 for every card standing straight "
        "ahead of it in its column. Six of your cards are already down.</p>",
        COWBOY,
        goal="Make Cowboy Goat a 9: choose it in your hand, then click a slot with two cards in front of it.",
        check=_check_cowboy,
        done=lambda s: any(s.board[ME][slot] == "cowboy_goat" for slot in (7, 8)),
        solution=(bg.Place(ME, "cowboy_goat", 7),),
        after="Two cards in front: 1 + 4 + 4 = 9. In the front row it would have stayed a 1.",
    ),
    Step(
        "adjacent", "Battlefield Setup", "Setting up: neighbours",
        "<p>Some cards count their <b>adjacent</b> cards: the ones directly above, below, left and right "
        "(never diagonal).</p>"
        "<p><b>Soldier Goat</b> is worth 4, and one point more for every neighbour.</p>",
        SOLDIER,
        goal="Make Soldier Goat an 8: place it where it has four neighbours.",
        check=_check_soldier,
        done=lambda s: s.board[ME][4] == "soldier_goat",
        solution=(bg.Place(ME, "soldier_goat", 4),),
        after="In the middle it touches four cards: 4 + 4 = 8. A corner has only two neighbours.",
    ),
    Step(
        "attack", "Attacking", "Attacking",
        "<p>On your turn you must attack: choose one of your cards, then any card of any opponent. Both "
        "are turned face up, abilities are added, and the higher number wins. The loser goes face up to "
        "its owner's discard pile; the winner turns face down again where it stood.</p>"
        "<p>Your <b>Cyborg Goat</b> is worth 8, drops by one for every card already in your discard pile (you "
        "have one there) and rises by one when it fights another goat. Earlier in this game you saw the opponent's <b>Cowboy Goat</b>: "
        "it sits in their back row with only one card in front of it. Before you attack, the page shows "
        "your exact chances; as you have seen the Cowboy, the result is certain.</p>",
        CYBORG,
        goal="Attack the Cowboy Goat (Player 2's B2) with your Cyborg Goat (F2), after a look at the odds.",
        check=_check_cyborg,
        done=lambda s: "cowboy_goat" in s.discard[THEM],
        solution=(bg.ChooseAttacker(ME, 1), bg.ChooseTarget(ME, THEM, 7)),
        after="Cyborg Goat: 8 - 1 + 1 = 8. Cowboy Goat: 1 + 4 = 5. The battle report lists each step.",
    ),
    Step(
        "tie", "Attacking", "Ties",
        "<p>When both numbers are equal, <b>both cards are defeated</b>.</p>"
        "<p><b>Fainting Goat</b> (7) has a twist: when it attacks you do not pick a card. You name an opponent, "
        "and that opponent decides which of their own cards takes the hit. The opponent's <b>Wizard Goat</b> "
        "(7) is dangerous to its own side: whenever it attacks, it also strikes one of its owner's cards next "
        "to it. Here it will only defend.</p>",
        FAINTING,
        goal="Attack with your Fainting Goat: click it, click any card of Player 2, then press Attack.",
        check=_check_fainting,
        done=lambda s: "fainting_goat" in s.discard[ME] and "wizard_goat" in s.discard[THEM],
        solution=(bg.ChooseAttacker(ME, 4), bg.ChooseOpponent(ME, THEM)),
        reply=_reply_defend_with_wizard,
        after="Player 2 sent the Wizard Goat to defend: 7 against 7 is a tie, and both go to the discard piles.",
    ),
    Step(
        "faceup", "Face Up Cards", "Face-up cards",
        "<p>Some abilities care whether a card is <b>face up</b>. A card counts as face up only if it was "
        "already face up when the current turn began. You may attack with a face-up card.</p>"
        "<p><b>Matador Goat</b> (4): if it is attacked while still face down, its owner can turn it over and "
        "skip the fight; the attacker and the Matador both stay face up. While face up it is worth one "
        "more. Player 2's Cyborg Goat is attacking your Matador Goat right now.</p>",
        MATADOR,
        goal="Save your Matador Goat: flip it face up and avoid the battle.",
        check=_check_matador,
        done=lambda s: "matador_goat" in s.face_up and s.board[ME][1] == "matador_goat",
        solution=(bg.Dodge(ME, 1, True),),
        after=("No battle took place. Matador Goat was face up when your turn began, so from now on it "
               "counts as face up: 4 + 1 = 5."),
    ),
    Step(
        "winning", "Turns and Winning", "Turns and the end of the game",
        "<p>Turns go round the table clockwise, one attack each; passing is not an option while you have a "
        "card to attack with. Keep going until a single army has cards left.</p>"
        "<p>If the last two cards defeat each other (a tie, or a card that explodes), the two players choose: "
        "share the victory, or both lose with no victor. Here your Wolf (5, +2 against goats) meets the "
        "opponent's Stubborn Goat (7; its -2 counts only when it attacks).</p>",
        ENDING,
        goal="Attack the Stubborn Goat with your Wolf, then choose how the game ends.",
        done=lambda s: s.is_over,
        solution=(bg.ChooseAttacker(ME, 4), bg.ChooseTarget(ME, THEM, 4), bg.ChooseEnding(ME, True)),
        reply=_reply_share,
        after="That is the whole game. Open the play page to fight bots or friends.",
    ),
]


# --------------------------------------------------------------------------- the widget
TUTORIAL_CSS = """
<style>
.lsn-bg-tutorial { max-width: 1100px; }
.lsn-bg-tut-head { color: #555; }
.lsn-bg-tut-title h3 { margin: 0.2em 0; }
.lsn-bg-tut-goal { border-left: 5px solid #ef6c00; background: #fff3e0; padding: 6px 10px; font-weight: 600; }
.lsn-bg-tut-feedback .lsn-msg-error { color: #b00020; font-weight: 600; }
.lsn-bg-tut-feedback .lsn-msg-info { color: #1b5e20; font-weight: 600; }
.lsn-bg-tut-feedback .lsn-msg-warn { color: #8d4b00; font-weight: 600; }
</style>
"""


class Tutorial:
    """The tutorial widget (``widget``); the board is the play page's :class:`BattleGoatsView`.

    Drive it from Python: ``next_button.click()``, ``show_me_button.click()``, and the board's
    own buttons (``view.boards[0].slots[7].click()``) as a learner would.
    """

    def __init__(self, steps: Sequence[Step] | None = None, *, loop=None, step_delay: float | None = 0.6):
        self.steps = list(STEPS if steps is None else steps)
        self.index = 0
        self.state = None
        self.completed = False
        self.events: list = []
        self.view = BattleGoatsView(state_getter=lambda: self.state, step_delay=step_delay, loop=loop)
        self.view.bind(self)
        self.style = w.HTML(TUTORIAL_CSS)
        self.head = w.HTML()
        self.head.add_class("lsn-bg-tut-head")
        self.title = w.HTML()
        self.title.add_class("lsn-bg-tut-title")
        self.text = w.HTML()
        self.text.add_class("lsn-bg-tut-text")
        self.goal = w.HTML()
        self.goal.add_class("lsn-bg-tut-goal")
        self.feedback = w.HTML()
        self.feedback.add_class("lsn-bg-tut-feedback")
        self.back_button = w.Button(description="Back", icon="arrow-left")
        self.back_button.add_class("lsn-bg-tut-back")
        self.back_button.on_click(lambda _b: self.go(self.index - 1))
        self.show_me_button = w.Button(description="Show me", icon="eye", button_style="warning")
        self.show_me_button.add_class("lsn-bg-tut-show")
        self.show_me_button.on_click(lambda _b: self.show_me())
        self.reset_button = w.Button(description="Start this step again", icon="redo", layout=w.Layout(width="auto"))
        self.reset_button.add_class("lsn-bg-tut-reset")
        self.reset_button.on_click(lambda _b: self.go(self.index))
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary",
                                    layout=w.Layout(width="auto"))
        self.next_button.add_class("lsn-bg-tut-next")
        self.next_button.on_click(lambda _b: self.go(self.index + 1))
        self.nav = w.HBox([self.back_button, self.show_me_button, self.reset_button, self.next_button],
                          layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.nav.add_class("lsn-bg-tut-nav")
        self.widget = w.VBox([self.style, self.head, self.title, self.text, self.goal, self.feedback, self.nav,
                              self.view.widget])
        self.widget.add_class("lsn-bg-tutorial")
        self.go(0)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- the shell's interface used by the board -------------------------------------
    def message(self, text: str, kind: str = "info") -> None:
        if not text:
            self.feedback.value = ""
            return
        self.feedback.value = f'<span class="lsn-msg-{kind}" role="status">{html.escape(text)}</span>'

    @property
    def feedback_text(self) -> str:
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.feedback.value))

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def would_accept(self, actions: Sequence) -> bool:
        """Whether a run of moves (the board's Attack button plays two) fits the rules and the goal;
        shows why not."""
        probe = self.state.copy()
        for action in actions:
            if not self._ok(action, probe):
                return False
            probe.apply(action)
        return True

    def _ok(self, action, state) -> bool:
        if self.completed:
            self.message("This step is done: press Next (or start it again).", "warn")
            return False
        if not self.step.interactive or state.current_player != ME:
            self.message("Nothing to play in this step: read it, then press Next.", "warn")
            return False
        try:
            state.copy().apply(action)
        except IllegalAction as exc:
            self.message(illegal_message(exc), "error")
            return False
        why = self.step.check(action, state) if self.step.check else None
        if why:
            self.message(f"That move is allowed, but not this step's goal. {why}", "warn")
            return False
        return True

    def act(self, action) -> bool:
        """Play the learner's move (the board calls this)."""
        if self.state is None or not self._ok(action, self.state):
            return False
        self._apply(action)
        self.message("", "info")
        self._opponent()
        self._check_done()
        self.refresh()
        return True

    # -- steps ----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Open step ``index`` (0-based) from its starting position."""
        index = max(0, min(len(self.steps) - 1, index))
        self.index = index
        step = self.step
        self.completed = False
        self.events = []
        self.state = bg.from_notation(step.position) if step.position else None
        self.view.report.reset()
        self.view.sel_hand = self.view.sel_attacker = self.view.sel_target = None
        self.head.value = (f'<span class="lsn-bg-tut-count">Step {index + 1} of {len(self.steps)}</span>'
                           f' \u00b7 rulebook: {html.escape(step.section)}')
        self.title.value = f"<h3>{html.escape(step.title)}</h3>"
        self.text.value = step.text
        self.goal.value = (f'<span class="lsn-bg-tut-goal-text">Your goal: {html.escape(step.goal)}</span>'
                           if step.goal else '<span class="lsn-bg-tut-goal-text">Read, look at the board, then press Next.</span>')
        self.message("", "info")
        self.refresh()

    def show_me(self) -> None:
        """Play the step's solution from its start."""
        step = self.step
        if not step.interactive:
            self.message("Nothing to play here: press Next.", "warn")
            return
        self.go(self.index)
        for action in step.solution:
            if self.state.is_over or self.completed:
                break
            if self.state.current_player != ME:
                self._opponent()
            self._apply(action)
            self._opponent()
            self._check_done()
        self.refresh()

    def _apply(self, action) -> None:
        events = self.state.apply(action)
        self.events.extend(events)
        self.view.report.add_events(events)

    def _opponent(self) -> None:
        step = self.step
        for _ in range(20):
            st = self.state
            if st.is_over or st.current_player == ME or self.completed or step.done(st):
                return
            reply = step.reply(st) if step.reply else bg.SeenBot(0).choose(st)
            self._apply(reply)

    def _check_done(self) -> None:
        if self.step.interactive and not self.completed and self.step.done(self.state):
            self.completed = True
            self.message("Well done! " + self.step.after, "info")

    def refresh(self) -> None:
        step = self.step
        last = self.index == len(self.steps) - 1
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = last or (step.interactive and not self.completed)
        self.next_button.tooltip = ("Reach the goal first (or press Show me)" if step.interactive and not self.completed
                                    else "The next step")
        self.show_me_button.disabled = not step.interactive or self.completed
        self.reset_button.disabled = not step.interactive
        if self.state is None:
            self.view.clear()
            self.view.widget.layout.display = "none"
            return
        self.view.widget.layout.display = None
        st = self.state
        live = step.interactive and not self.completed and st.current_player == ME
        ctx = ViewContext(session=None, view=st.player_view(ME), viewer=ME,
                          legal=list(st.legal_actions()) if live else [], current_player=st.current_player,
                          events=[], is_over=st.is_over, bot_turn=False)
        self.view.update(ctx)
        self.view.hint.layout.display = None if live or st.is_over else "none"
        self.view.report.widget.layout.display = None if step.interactive else "none"
