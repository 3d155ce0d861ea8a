"""The Livestock Uprising tutorial as data: one step per rulebook section, no widgets here.

Teach by doing: one short reading step (theme, goal and a turn at a glance), then the first move
(setup: the barn); each later step sets up a small position from the engine's text notation
(``livestock_uprising.from_notation``) or goes on from the previous step's board
(``continues``), says in a sentence or two what to do, and is complete when the engine's
events show it was done (:meth:`Step.done`). ``demo(state)`` gives the next action of a worked
answer ("show me"); ``advice`` refuses an allowed move that is off the step's goal; ``bots``
lets the Cows answer (retreat) on the steps that need it.
The step type and its helpers are shared by the games (:mod:`livestock_notebooks.core.tutorial`).
Seat 0 (the Chickens) is the learner; seat 1 (the Cows) is played by a bot.

The widget that runs these steps is :class:`livestock_notebooks.widgets.livestock_uprising.tutorial.LivestockTutorial`.
"""
from __future__ import annotations

from ..core import tutorial
from ..core.tutorial import Step, events_of, first_of, only, pick
from . import actions as A
from . import data as D
from .events import EventKind
from .state import from_notation

__all__ = ["Step", "STEPS", "NOT_TAUGHT", "BOARD", "state_for", "step_by_key", "did", "all_of", "play", "ANY", "battle_over",
           "only_general"]

#: The 5x5 board of every worked position (two players: Chickens barn at a3, Cows barn at e3).
BOARD = "ghcra/gfhcl/0grh1/acgfa/hcglr"
CHICKEN_FORCES = tuple(D.UNIT_KEYS[u] for u in D.faction_special_forces(0))


def _pos(generals: str, *, resources: str = "0.0.0.0.0,0.0.0.0.0", cards: str = "-,-|ghijkl",
         turn: str = "0/action/0/0", board: str = BOARD) -> str:
    return f"Ch,Co {board} {generals} {resources} {cards} - {turn}"


def _load(position: str, seed: int, dice: tuple[int, ...]):
    state = from_notation(position, seed=seed)
    if dice:
        state.dice.script(dice)
    return state


#: A goal value that any value meets (the field only has to be there).
ANY = object()


def _fits(value, wanted) -> bool:
    if wanted is ANY:
        return True
    if isinstance(wanted, tuple):
        return value in wanted
    return value == wanted


def did(kind: str, player: int | None = 0, **fields):
    """A goal: an event of ``kind`` by ``player`` (``None``: anyone) whose data has these
    ``fields`` (a tuple: one of its values; :data:`ANY`: any value)."""

    def check(events, _state) -> bool:
        return any(all(k in e.data and _fits(e.data[k], v) for k, v in fields.items())
                   for e in events_of(events, kind, player))

    return check


def all_of(*checks):
    """A goal met when every one of ``checks`` is."""
    return lambda events, state: all(c(events, state) for c in checks)


def play(cls: type, **fields):
    """A demo playing the first legal ``cls`` action with these ``fields`` (a tuple: one of its values)."""
    return pick(lambda a: isinstance(a, cls) and all(_fits(getattr(a, k), v) for k, v in fields.items()))


def state_for(step: Step, seed: int = 7):
    """A fresh engine state for ``step`` (dice scripted as the step needs)."""
    return tutorial.state_for(step, _load, seed)


def battle_over(check):
    """A goal met by ``check`` once the battle it started is over (the defender has retreated)."""
    return lambda events, state: check(events, state) and getattr(state, "battle", None) is None


def only_general(cls: type, names: tuple[str, ...], why: str):
    """An advice: only ``cls`` actions of the Generals ``names`` are this step's goal."""
    return only(lambda a: isinstance(a, cls) and getattr(a, "general", None) in names, why)


STEPS: tuple[Step, ...] = (
    Step(
        "welcome", "Welcome to the farm", "Components; Winning; Turn Order",
        "The farm animals are in revolt. Each faction (Chickens, Cows, Goats, Pigs) leads three Generals, "
        "rated one to three stars, who walk the farm, gather food, raise troops and fight. The last faction "
        "standing wins.\n\n"
        "A turn has three phases: actions (move or attack with each General), harvest (collect food where your "
        "Generals stand) and marshalling (spend food on troops). You play the Chickens (blue); a computer plays "
        "the Cows (red).",
    ),
    Step(
        "barns", "Setup: faction, cards and barn", "Barn Placement; Board Setup; Final Board; "
        "Place Generals; Player Count; Setup; Starting Board",
        "Each player picks a faction (three Generals, three special forces) and is dealt three secret command "
        "cards (here one each, in your hand panel). The farm starts as a small square of tiles, 3x3 or 4x4 by "
        "player count; each player puts a barn against one of its sides (not a corner). The farm then grows to "
        "5x5, 7x7 or 8x8 and every General starts in its barn.",
        goal="Place your barn: click any blue square next to the starting tiles.",
        position=_pos(".,.,.,.,.,.", board="...../.ghc./.hra./.cgh./.....", cards="a,d|ghijkl", turn="0/barn/0/-"),
        shows=("hand",),  # the text names the hand panel
        check=did(EventKind.BARN),
        demo=play(A.PlaceBarn),
        praise="Your barn is down. Other players' Generals may not enter it (only a Super Army may).",
    ),
    Step(
        "move", "Moving", "Action Phase; Move; Barns",
        "In the action phase each General may step one square in any of the eight directions. Forests, lakes "
        "and other players' barns are closed; one General fits on a square, but your own barn holds them all.",
        goal="Click Pecky (on b3) to see the squares it can reach, then click a green square to move there.",
        position=_pos("b3:ss,a3,a3,e3:d,e3,e3"),
        check=did(EventKind.MOVE, general="Pecky"),
        demo=play(A.Move, general="Pecky", to="c3"),
        advice=only_general(A.Move, ("Pecky",), "This step asks you to move Pecky (b3): click him first."),
        praise="Pecky moved. Each General may act once per turn.",
    ),
    Step(
        "attack", "Attacking", "Attack",
        "Stepping onto a square held by another player's General is an attack. A General needs "
        "at least one troop with attack points to attack.",
        goal="Select Pecky (b3) and click Bessie's square (c3), marked red. Check the odds, then press Attack!",
        position=_pos("b3:ss,a3,a3,c3:d,e3,e3"),
        dice=(5, 2),
        check=battle_over(did(EventKind.BATTLE)),
        demo=play(A.Attack, general="Pecky"),
        advice=only_general(A.Attack, ("Pecky",), "This step asks Pecky (b3) to attack Bessie (c3)."),
        bots=True,
        praise="You won: Bessie lost a troop and stepped back, and Pecky moved into her square.",
    ),
    Step(
        "attacked", "An attacker is done", "Attack",
        "Attacking is a General's action for the turn: win or lose, Pecky cannot move or attack again until "
        "your next turn. Your other Generals still can.",
        goal="Try to move Pecky again (the rules say no), then move Cluck or Henrietta out of the barn.",
        continues=True,
        check=did(EventKind.MOVE, general=("Cluck", "Henrietta")),
        demo=play(A.Move, general=("Cluck", "Henrietta")),
        advice=only_general(A.Move, ("Cluck", "Henrietta"), "This step asks you to move Cluck or Henrietta (a3)."),
        moves=2,
        praise="Each General acts once a turn; an attack is its action.",
    ),
    Step(
        "battle", "Battle resolution", "Battle Resolution; Attacking; Defense",
        "Each side adds one die to its total: the attacker its troops' attack points (orange), the "
        "defender its troops' defense points (blue). Higher wins; a tie changes nothing. The loser "
        "gives up a troop card, and a beaten defender must step back while the attacker moves in.",
        goal="Two of your Generals can reach Bessie (c3). Attack with the one that has the better odds.",
        position=_pos("b3:s,a3,c4:ll,c3:o,e3,e3"),
        dice=(4, 2),
        check=battle_over(did(EventKind.ATTACK, attacker="Cluck")),
        demo=play(A.Attack, general="Cluck"),
        advice=only_general(A.Attack, ("Cluck",), "Pecky's odds are the worse ones: compare them with the other "
                            "General that can reach Bessie."),
        bots=True,
        praise="Cluck's llamas give attack 6 against defense 4: the better odds.",
    ),
    Step(
        "casualties", "Casualties", "Casualties",
        "The losing side chooses which of its troop cards to give up. An ordinary troop goes back "
        "to the supply for anyone to marshal again; a special force is gone for good.",
        goal="Attack Angus (c3) with Pecky. If you lose, choose which troop Pecky gives up.",
        position=_pos("b3:sd,a3,a3,e3,c3:oo,e3"),
        dice=(1, 6),
        check=did(EventKind.CASUALTY, auto=False),
        demo=first_of(play(A.Attack, general="Pecky"), play(A.Casualty)),
        advice=only(lambda a: isinstance(a, A.Casualty) or (isinstance(a, A.Attack) and a.general == "Pecky"),
                    "This step asks Pecky (b3) to attack Angus (c3)."),
        moves=2,
        praise="You chose your casualty. Generals themselves are never casualties.",
    ),
    Step(
        "nodefense", "No defense", "No Defense",
        "A General whose troops add up to no defense at all loses without anyone rolling.",
        goal="Bessie (c3) has no troops. Attack her with Pecky and watch: no dice are needed.",
        position=_pos("b3:s,a3,a3,c3,e3,e3"),
        check=battle_over(did(EventKind.BATTLE, defense=0)),
        demo=play(A.Attack, general="Pecky"),
        bots=True,
        praise="Defense 0: an automatic win.",
    ),
    Step(
        "noretreat", "Nowhere to retreat", "Battle Resolution",
        "A beaten defender steps to a free square next to it. With none free, it swaps places with the attacker.",
        goal="Bessie (e1) is boxed in by a lake and Angus. Attack her with Pecky (d1).",
        position=_pos("d1:ll,a3,a3,e1:s,d2:s,e3"),
        dice=(5, 1),
        check=battle_over(did(EventKind.RETREAT, player=1, to="d1")),
        demo=play(A.Attack, general="Pecky"),
        advice=only_general(A.Attack, ("Pecky",), "This step asks Pecky (d1) to attack Bessie (e1)."),
        praise="Bessie took Pecky's old square d1; Pecky moved into e1.",
    ),
    Step(
        "harvest", "Harvest", "Ability to Harvest; Harvest Phase; Resources",
        "In the harvest phase each General may collect one token of the food on its square, but "
        "only if one of its troops shows that food's icon. Grass is the exception: anyone can "
        "gather grass.",
        goal="Collect hay with Pecky (his sheep can) and grass with Henrietta: click their blue squares.",
        position=_pos("d3:s,c4,a3,e3,e3,e3", turn="0/harvest/0/0"),
        shows=("players",),  # the troops' food icons the harvest rule reads
        check=all_of(did(EventKind.HARVEST, resource="hay"), did(EventKind.HARVEST, resource="grass")),
        demo=play(A.Harvest),
        advice=only(lambda a: isinstance(a, A.Harvest), "This step asks you to harvest with Pecky and Henrietta first."),
        moves=2,
        praise="Food tokens are spent in the marshalling phase.",
    ),
    Step(
        "marshal", "Marshalling and special forces", "Marshaling Phase; Maximum Units; Special Forces; Troops",
        "Spend food tokens to put new units under your Generals, up to five per General. Troops "
        "are shared by everyone and limited; each faction also has three special forces of its own.",
        goal="Marshal one of the Chickens' special forces (Private Chugger costs a hay and a corn).",
        position=_pos("b3:s,a3,a3,e3,e3,e3", resources="2.1.1.0.0,0.0.0.0.0", turn="0/marshal/0/0"),
        check=did(EventKind.MARSHAL, unit=CHICKEN_FORCES),
        demo=play(A.Marshal, unit=CHICKEN_FORCES),
        advice=only(lambda a: isinstance(a, A.Marshal) and a.unit in CHICKEN_FORCES,
                    "This step asks for one of the Chickens' special forces, such as Private Chugger."),
        praise="A special force is unique: if it falls in battle it leaves the game.",
    ),
    Step(
        "transfer", "Transferring a unit", "Transfering Units",
        "As the last thing in your turn you may move one unit between two of your Generals on "
        "neighbouring squares, if the receiver has room.",
        goal="Pass one of Pecky's sheep (b3) to Henrietta next door (c3).",
        position=_pos("b3:ss,c3,a3,e3,e3,e3", turn="0/marshal/0/0"),
        check=did(EventKind.TRANSFER, player=None),
        demo=play(A.Transfer),
        advice=only(lambda a: isinstance(a, A.Transfer), "This step asks you to pass a sheep from Pecky to Henrietta."),
        praise="One transfer per turn, after marshalling.",
    ),
    Step(
        "cards", "Command cards", "Command Cards",
        "You hold command cards with one-off effects. Play them during your turn (some only when "
        "you are attacked); a played card leaves the game.",
        goal="Play one of your command cards from the panel on the right.",
        position=_pos("b3:s,a3,a3,e3,e3,e3", cards="hk,-|gijl"),
        shows=("hand", "log"),  # the praise sends the learner to the log
        check=did(EventKind.CARD),
        demo=play(A.PlayCard),
        advice=only(lambda a: isinstance(a, A.PlayCard), "This step asks you to play a command card from your hand."),
        praise="The card's effect is in the log.",
    ),
    Step(
        "super", "The Super Army", "End Game; Super Army",
        "With all your Generals in your barn you may merge them into one Super Army: it rolls two "
        "dice, moves two squares, may enter other barns and causes two casualties, but it cannot "
        "harvest, and leftover food is lost.",
        goal="All three Chickens Generals are home. Declare the Super Army, then form it.",
        position=_pos("a3:ss,a3:d,a3:l,e3:s,e3,e3", turn="0/action/3/0"),
        check=did(EventKind.SUPER, units=ANY),
        demo=first_of(play(A.FormSuperArmy), play(A.DeclareSuperArmy)),
        advice=only(lambda a: isinstance(a, (A.DeclareSuperArmy, A.FormSuperArmy, A.Marshal)),
                    "This step asks you to declare the Super Army, then form it."),
        moves=2,
        praise="Your Super Army stands in the barn, ready to march.",
    ),
    Step(
        "natural12", "The Super Army's dice", "Super Army Rules",
        "A Super Army rolls two dice. A double six (12) wins whatever the totals; a double one (2) loses. "
        "It causes two casualties when it wins.",
        goal="Attack Angus (d3) with your weak Super Army: the dice are loaded for a 12.",
        position=_pos("*c3:s,-,-,e3,d3:oo,e3", turn="0/action/5/0"),
        dice=(6, 6, 6),
        check=battle_over(did(EventKind.BATTLE, outcome="attacker")),
        demo=play(A.Attack),
        advice=only(lambda a: isinstance(a, A.Attack), "This step asks your Super Army to attack Angus (d3)."),
        bots=True,
        praise="13 against 14, yet the 12 won: Angus lost both oxen.",
    ),
    Step(
        "barn", "Storming a barn", "Super Army Rules",
        "Only a Super Army may enter another player's barn. The Generals inside defend as one: their "
        "defense adds up and the casualties may come from any of them. They never retreat.",
        goal="Attack the Cows' barn (e3) with your Super Army (d3).",
        position=_pos("*d3:lll,-,-,e3:o,e3:s,x", turn="0/action/5/0"),
        dice=(5, 5, 1),
        check=battle_over(did(EventKind.BATTLE, outcome="attacker")),
        demo=play(A.Attack),
        advice=only(lambda a: isinstance(a, A.Attack), "This step asks your Super Army to attack the barn (e3)."),
        bots=True,
        praise="Bessie and Angus defended together (defense 5) and lost two troops between them.",
    ),
    Step(
        "superout", "A Super Army with no units", "Super Army Rules",
        "A player whose Super Army loses its last unit is out of the game.",
        goal="The Cows' Super Army (d3) has one ox left. Attack it with Pecky (c3): the Cows roll a 2.",
        position=_pos("c3:s,a3,a3,*d3:o,-,-", turn="0/action/5/0"),
        dice=(1, 1, 1),
        check=did(EventKind.OUT, player=1),
        demo=play(A.Attack, general="Pecky"),
        advice=only_general(A.Attack, ("Pecky",), "This step asks Pecky (c3) to attack the Super Army (d3)."),
        praise="A natural 2 loses even for the stronger side: the ox fell and the Cows are out.",
    ),
Step(
        "winning", "Winning", "Winning",
        "A Super Army destroys any General without troops that it attacks. A player with no "
        "Generals left is out, and the last player standing wins.",
        goal="The Cows have one General left, Bessie (d3), with no troops. Attack her with your Super Army.",
        position=_pos("*c3:ssdlh,-,-,d3,x,x", turn="0/action/5/0"),
        check=did(EventKind.WIN),
        demo=play(A.Attack),
        advice=only(lambda a: isinstance(a, A.Attack), "This step asks your Super Army to attack Bessie (d3)."),
        praise="The Chickens are the last faction standing. You know the whole game now!",
    ),
)

#: Rulebook sections deliberately not taught, with the reason (every other heading has a step).
NOT_TAUGHT: dict[str, str] = {}


def step_by_key(key: str) -> Step:
    return tutorial.find_step(STEPS, key)
