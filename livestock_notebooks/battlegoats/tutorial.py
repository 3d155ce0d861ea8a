"""The BattleGoats tutorial as data: one short step per rulebook section, on the one
:class:`~livestock_notebooks.core.tutorial.Step` model (no widgets here).

Order (as the best rules tutors teach): the theme, the goal, an overview, then one step per
section of the rulebook (building your army, battlefield setup with its front and back rows and
its neighbours, attacking, ties, face-up cards, turns and winning). The examples are the six
cards the rulebook itself uses: Cowboy, Soldier, Cyborg, Fainting, Wizard and Matador Goat.

Every step starts from a position in the engine's text notation. A step with a goal (``check``)
waits for the learner's move; one without only shows the board. Beside the steps:
:data:`MOVE_ADVICE` says why an allowed move is not this step's goal (the page does not play
it), :data:`REPLIES` scripts the opponent (Player 2) where the step needs a given answer (else
the smart bot answers), and ``demo`` plays the worked answer (*Show me*). The page is
:class:`livestock_notebooks.widgets.battlegoats.tutorial.Tutorial`.

>>> [s.key for s in STEPS][:3]
['theme', 'goal', 'overview']
>>> state_for(find_step(STEPS, "rows")).phase
'layout'
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ..core.protocol import Action
from ..core.tutorial import Step, find_step
from ..core.tutorial import state_for as _state_for
from . import actions as act
from .game import GAME
from .cards import card_value, standard_cards
from .state import BattleGoatsState, from_notation

__all__ = ["BOT_STEPS", "ME", "cards_down", "MOVE_ADVICE", "NOT_TAUGHT", "REPLIES", "STEPS", "THEM", "Step", "find_step", "goal_advice", "play", "reply",
           "state_for", "value_in_slot"]

#: The learner's seat and the opponent's.
ME, THEM = 0, 1


def value_in_slot(state: BattleGoatsState, cid: str, player: int, slot: int) -> int:
    """The card's value if it sat in ``slot`` of ``player``'s battlefield (defending a goat)."""
    board = list(state.board[player])
    board[slot] = cid
    v, _ = card_value(state.cards.by_id[cid], board=board, slot=slot, role="defending", other_type="goat",
                      face_up=False, own_discard=len(state.discard[player]), other_discard=0,
                      seen=frozenset(), slain=frozenset())
    return v


def _name(cid: str) -> str:
    return standard_cards()[cid].name


def play(*moves: Action) -> Callable[[Any], Action | None]:
    """A worked answer: the first of ``moves`` that is legal now."""

    def demo(state):
        legal = state.legal_actions()
        return next((m for m in moves if m in legal), None)

    return demo


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
FIRST = ("bg2 first s0 r0/- f- l0 basic "
         "| owl,cyborg_goat,ram_goat,wolf,soldier_goat,shield_goat,cowboy_goat,captain_horns,archer_goat/-/-/-/- "
         "| llama,scout_goat,bear,mountain_goat,herd_goat,nanny_goat,yeti,queen_nanny,kid_goat/-/-/-/- | rev=-")
ENDING = ("bg2 attack s0 r5/- f0 l0 basic | .,.,.,.,wolf,.,.,.,./-/-/-/- "
          "| .,.,.,.,stubborn_goat,.,.,.,./-/-/-/- | rev=stubborn_goat")


# --------------------------------------------------------------------------- why a move is not the goal
def cards_down(position: str, player: int = ME) -> int:
    """How many cards ``player`` has laid on their battlefield in ``position`` (a step's text
    counts them from the position, so it always says what the board shows)."""
    board = position.split("|")[1 + player].strip().split("/")[0]
    return sum(1 for c in board.split(",") if c != ".")


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _check_first(action, state):
    if isinstance(action, act.ChooseFirstAttacker) and action.first != ME:
        return "Letting Player 2 start is allowed; for this step take the first attack yourself."
    return None


def _check_first_attack(action, state):
    if isinstance(action, act.MoveAtStart) and action.slot != action.to:
        return "For this step keep your battlefield as it is."
    return None


def _check_draft(action, state):
    if isinstance(action, act.Pick) and action.card != "cowboy_goat":
        return f"You may keep {_name(action.card)} in a real game; for this step keep Cowboy Goat (you will place it next)."
    return None


def _place_for(card_id: str, least: int, too_weak: Callable[[int], str]):
    """Advice for a layout step: place ``card_id`` where it is worth at least ``least``."""

    def check(action, state):
        if not isinstance(action, act.Place):
            return None
        if action.card != card_id:
            return f"For this step place {_name(card_id)}: choose it in your hand first."
        value = value_in_slot(state, card_id, ME, action.slot)
        return too_weak(value) if value < least else None

    return check


def _cowboy_too_weak(value: int) -> str:
    front = (value - 1) // 4
    return (f"Cowboy Goat would be a {value} there: {front} card{'s' if front != 1 else ''} in front of it. "
            "Find a slot with two cards in front of it.")


_check_cowboy = _place_for("cowboy_goat", 9, _cowboy_too_weak)
_check_soldier = _place_for("soldier_goat", 8, lambda value: f"Soldier Goat would be a {value} there "
                            f"({value - 4} neighbours). Find the slot with four neighbours.")


def _check_cyborg(action, state):
    if isinstance(action, act.ChooseAttacker) and action.slot != 1:
        return "For this step attack with your Cyborg Goat (F2)."
    if isinstance(action, act.ChooseTarget) and (action.target_player, action.target_slot) != (THEM, 7):
        return "For this step attack the Cowboy Goat you saw earlier (Player 2's B2)."
    return None


def _check_fainting(action, state):
    if isinstance(action, act.ChooseAttacker) and action.slot != 4:
        return "For this step attack with your Fainting Goat (M2)."
    return None


def _check_matador(action, state):
    if isinstance(action, act.Dodge) and not action.dodge:
        return ("Fighting is allowed, but Cyborg Goat (8, +1 against goats) would beat your Matador Goat (4). "
                "Avoid the battle instead.")
    return None


#: Step key -> ``advice(action, state)``: why an allowed move is not the step's goal (None: it is).
MOVE_ADVICE: dict[str, Callable[[Any, Any], str | None]] = {
    "army": _check_draft,
    "rows": _check_cowboy,
    "adjacent": _check_soldier,
    "attack": _check_cyborg,
    "tie": _check_fainting,
    "faceup": _check_matador,
    "first": _check_first,
    "first_attack": _check_first_attack,
}


#: Steps where Player 2 must answer before the goal can be met: every attack asks the defender
#: whether its card avoids the battle (so that a face-down Matador does not give itself away),
#: and it defends or votes.
BOT_STEPS = frozenset({"goal", "first_attack", "attack", "tie", "winning"})


def goal_advice(step: Step, action: Action, state: BattleGoatsState) -> str | None:
    """Why ``action`` (allowed by the rules) is not ``step``'s goal, or None."""
    advice = MOVE_ADVICE.get(step.key)
    return advice(action, state) if advice is not None else None


# --------------------------------------------------------------------------- the opponent
#: Step key -> the opponent's answer at the decision it must take (else the smart bot answers).
REPLIES: dict[str, Callable[[Any], Action]] = {
    "tie": lambda s: act.ChooseDefender(THEM, s.board[THEM].index("wizard_goat")),  # it defends with its Wizard
    "winning": lambda s: act.ChooseEnding(THEM, True),  # it would share the victory
}


def reply(step: Step, state: BattleGoatsState) -> Action:
    """The opponent's move in ``step``: the scripted answer when it fits, else the smart bot's."""
    scripted = REPLIES.get(step.key)
    if scripted is not None and state.stage in ("defender", "ending"):
        return scripted(state)
    return GAME.make_bot("smart", 0).choose(state)


def state_for(step: Step, seed: int = 7) -> BattleGoatsState:
    """A fresh engine state for ``step`` (its position, dice seeded)."""
    return _state_for(step, lambda position, s, _dice: from_notation(position, seed=s), seed)


# --------------------------------------------------------------------------- the steps
STEPS: list[Step] = [
    Step(
        key='theme',
        title='Goats at war',
        section='Overview',
        text=('Every player leads a small army of goats, heroes, creatures and war machines: Heroes (purple, '
              'with a star), Equipment (blue), Goats (orange) and Creatures (green). A card\'s number is its '
              "strength; most cards have an ability that changes it.\n\nBelow are your army (the bottom "
              "battlefield, marked you) and an opponent's. Yours show; theirs are face down, shown as ?. Rest "
              'the pointer on a card to read its ability.'),
        position=ALL_SIX,
    ),
    Step(
        key='goal',
        title='The goal: the last card standing',
        section='Turns and Winning',
        text=("Players take turns attacking each other's cards. A defeated card leaves the battlefield. When every "
              'other army is gone, the player who still has a card standing wins.\n\nHere the opponent has a single '
              'card left, face down in their back row, and it is your turn.'),
        position=LAST_CARD,
        goal="Win the game: click your Ram Goat, then the opponent's last card, then press the red Attack button.",
        check=lambda events, s: s.is_over and s.winners == [ME],
        demo=play(act.ChooseAttacker(ME, 4), act.ChooseTarget(ME, THEM, 7)),
        moves=2,
        praise="Your Ram Goat (5, +2 when it attacks) beat the Kid Goat: the opponent has no card left, so you win.",
    ),
    Step(
        key='overview',
        title='How a game goes',
        section='Overview',
        text=('1. Build your army: everyone gets a random Hero and 8 more cards, dealt or drafted.\n\n2. Lay out '
              'your battlefield: your 9 cards go face down in a 3 by 3 square. Where a card sits matters.\n\n3. '
              'Battle: in turn, each player attacks one card of an opponent. Both cards are turned over; the higher '
              'number, after abilities, wins.\n\nThe next steps take these one at a time, with the six cards the '
              'rulebook uses as its examples.'),
        position=ALL_SIX,
    ),
    Step(
        key='army',
        title='Building your army: the draft',
        section='Building Your Army; Basic; Advanced (Draft)',
        text=('In the basic game everyone is simply dealt a Hero and 8 cards. In the draft you get your Hero and a '
              'pack of 8 cards: keep one in secret, pass the rest to the player on your right, take the pack from '
              'your left, and repeat until the packs are empty. Cards nobody gets are set aside.\n\nYou already hold '
              'your Hero, Captain Horns. Here is your first pack.'),
        position=DRAFT,
        goal="Keep Cowboy Goat: click it in the pack, then press Keep.",
        check=lambda events, s: "cowboy_goat" in s.hands[ME],
        demo=play(act.Pick(ME, "cowboy_goat")),
        praise="Cowboy Goat is yours; the other seven cards go on to your neighbour.",
    ),
    Step(
        key='rows',
        title='Setting up: front and back rows',
        section='Battlefield Setup',
        text=('Your nine cards go face down into a 3 by 3 square. The front row faces your opponents; a card is in '
              'front of another when it is in the same column, nearer the front. Once laid out, cards do not move, '
              'but you may look at your own cards at any time.\n\nCowboy Goat is only worth 1 on its own, but it '
              f'gains 4 for every card standing straight ahead of it in its column. '
              f'{_WORDS[cards_down(COWBOY)].capitalize()} of your cards are already down.'),
        position=COWBOY,
        goal="Make Cowboy Goat a 9: choose it in your hand, then click a slot with two cards in front of it.",
        check=lambda events, s: any(s.board[ME][slot] == "cowboy_goat" for slot in (7, 8)),
        demo=play(act.Place(ME, "cowboy_goat", 7)),
        praise="Two cards in front: 1 + 4 + 4 = 9. In the front row it would have stayed a 1.",
    ),
    Step(
        key='adjacent',
        title='Setting up: neighbours',
        section='Battlefield Setup',
        text=('Some cards count their adjacent cards: the ones directly above, below, left and right (never '
              'diagonal).\n\nSoldier Goat is worth 4, and one point more for every neighbour.'),
        position=SOLDIER,
        goal="Make Soldier Goat an 8: place it where it has four neighbours.",
        check=lambda events, s: s.board[ME][4] == "soldier_goat",
        demo=play(act.Place(ME, "soldier_goat", 4)),
        praise="In the middle it touches four cards: 4 + 4 = 8. A corner has only two neighbours.",
    ),
    Step(
        key='first',
        title='Who attacks first',
        section='Attacking',
        text=('Everyone lays out at the same time. The first player to finish chooses who makes the first attack; '
              'turns then go round the table clockwise from that player.\n\nBoth battlefields are laid out and '
              'you finished first.'),
        position=FIRST,
        goal="Choose who attacks first: take the first attack yourself.",
        check=lambda events, s: s.first_attacker == ME,
        demo=play(act.ChooseFirstAttacker(ME, ME)),
        praise="You attack first.",
    ),
    Step(
        key='first_attack',
        title='Your first attack',
        section='Attacking',
        text=('Then the first attacker attacks. (This page adds one question before it: the publisher says the '
              'Hero Jonas may move at the start of battle, which the rulebook does not cover, so every player is '
              'asked, and nobody learns who holds him. You do not.)'),
        continues=True,
        goal="Keep your battlefield as it is, then attack any card of Player 2.",
        check=lambda events, s: any(e.kind in ("battle", "dodge") and e.player in (ME, THEM) for e in events)
        and s.stage in ("attacker", "ending", None),
        demo=lambda s: next((a for a in s.legal_actions() if isinstance(a, act.MoveAtStart) and a.slot == a.to),
                            None) or play(act.ChooseAttacker(ME, 2), act.ChooseTarget(ME, THEM, 1))(s),
        bots=True,
        moves=3,
        praise="Your first attack is fought: the turn passes to Player 2.",
    ),
    Step(
        key='attack',
        title='Attacking',
        section='Attacking',
        text=('On your turn you must attack: pick one of your cards, then any card of an opponent. Both turn '
              'face up, abilities are added and the higher number wins; the loser goes to its owner\'s discard '
              'pile, the winner turns face down where it stood.\n\nYour Cyborg Goat is worth 8, one less for each '
              'card in your discard pile (there is one) and one more against another goat. You saw the '
              "opponent's Cowboy Goat earlier: it is in their back row, one card in front of it. The odds shown "
              'before you attack are exact; here they are certain.'),
        position=CYBORG,
        goal="Attack the Cowboy Goat (Player 2's B2) with your Cyborg Goat (F2), after a look at the odds.",
        check=lambda events, s: "cowboy_goat" in s.discard[THEM],
        demo=play(act.ChooseAttacker(ME, 1), act.ChooseTarget(ME, THEM, 7)),
        moves=2,
        praise="Cyborg Goat: 8 - 1 + 1 = 8. Cowboy Goat: 1 + 4 = 5. The battle report lists each step.",
    ),
    Step(
        key='tie',
        title='Ties',
        section='Attacking',
        text=('When both numbers are equal, both cards are defeated.\n\nFainting Goat (7) has a twist: when it '
              'attacks you do not pick a card. You name an opponent, and that opponent decides which of their own '
              "cards takes the hit. The opponent's Wizard Goat (7) is dangerous to its own side: whenever it "
              "attacks, it also strikes one of its owner's cards next to it. Here it will only defend."),
        position=FAINTING,
        goal="Attack with your Fainting Goat: click it, click any card of Player 2, then press Attack.",
        check=lambda events, s: "fainting_goat" in s.discard[ME] and "wizard_goat" in s.discard[THEM],
        demo=play(act.ChooseAttacker(ME, 4), act.ChooseOpponent(ME, THEM)),
        moves=2,
        praise="Player 2 sent the Wizard Goat to defend: 7 against 7 is a tie, and both go to the discard piles.",
    ),
    Step(
        key='faceup',
        title='Face-up cards',
        section='Face Up Cards',
        text=('Some abilities care whether a card is face up. A card counts as face up only if it was already face '
              'up when the current turn began. You may attack with a face-up card.\n\nMatador Goat (4): if it is '
              'attacked while still face down, its owner can turn it over and skip the fight; the attacker and the '
              "Matador both stay face up. While face up it is worth one more. Player 2's Cyborg Goat is attacking "
              'your Matador Goat right now.'),
        position=MATADOR,
        goal="Save your Matador Goat: flip it face up and avoid the battle.",
        check=lambda events, s: "matador_goat" in s.face_up and s.board[ME][1] == "matador_goat",
        demo=play(act.Dodge(ME, 1, True)),
        praise="No battle took place. Matador Goat was face up when your turn began, so from now on it "
               "counts as face up: 4 + 1 = 5.",
    ),
    Step(
        key='winning',
        title='Turns and the end of the game',
        section='Turns and Winning',
        text=('Turns go round the table clockwise, one attack each; passing is not an option while you have a card '
              'to attack with. Keep going until a single army has cards left.\n\nIf the last two cards defeat each '
              'other (a tie, or a card that explodes), the two players choose: share the victory, or both lose with '
              "no victor. Here your Wolf (5, +2 against goats) meets the opponent's Stubborn Goat (7; its -2 counts "
              'only when it attacks).'),
        position=ENDING,
        goal="Attack the Stubborn Goat with your Wolf, then choose how the game ends.",
        check=lambda events, s: s.is_over,
        demo=play(act.ChooseAttacker(ME, 4), act.ChooseTarget(ME, THEM, 4), act.ChooseEnding(ME, True)),
        moves=3,
        praise="That is the whole game. Open the play page to fight bots or friends.",
    ),
]

#: Rulebook sections deliberately not taught, with the reason (every other heading has a step).
NOT_TAUGHT: dict[str, str] = {}

# every step carries its advice (why an allowed move is off its goal) and whether the opponent plays
STEPS = [dataclasses.replace(s, advice=MOVE_ADVICE.get(s.key, s.advice),
                             bots=s.bots or s.key in BOT_STEPS) for s in STEPS]
