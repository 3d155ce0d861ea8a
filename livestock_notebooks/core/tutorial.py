"""What every game's tutorial shares, as plain data and functions (no widgets here).

A tutorial is a list of :class:`Step`: at most one short reading step (theme, goal and overview
in a few lines) before the first move, then one step per rule, each on a small prepared position written in the game's text
notation, with a goal of a sentence or two. A step is complete when the engine's events since
it began meet its goal (:meth:`Step.done`); ``demo(state)`` gives the next move of a worked
answer ("show me"); ``advice(action, state)`` says why a move the rules allow is not the
step's goal (the page refuses it and says what the step asks). Two flags shape how the page
runs a step: ``bots`` (the other seats' bots play during the step; else they wait) and
``continues`` (the step goes on from the board the previous step left, no new position);
``shows`` names the parts of the screen beyond the board the step needs (the hand, the log, the
players strip), when the page's own choice does not fit. The games keep their own step lists
(:mod:`livestock_notebooks.livestock_uprising.tutorial`,
:mod:`livestock_notebooks.widgets.space_pigs.tutorial`); the page that runs them on the real
board is :class:`livestock_notebooks.widgets.shell.tutorial.TutorialPage`.

How long a tutorial takes a newcomer is estimated from its data (:func:`estimate_minutes`):
reading every word of a step (title, rule, goal and praise) at :data:`WORDS_PER_MINUTE`, plus
:data:`SECONDS_PER_MOVE` for each goal move (``Step.moves``) and :data:`SECONDS_PER_NEXT` for
each press of *Next*. Each step names the rulebook sections it teaches (``section``, parts
separated by ``"; "``); :func:`sections_taught` and :func:`untaught` compare them with a
rulebook's headings.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .protocol import Action, Event

__all__ = ["Advice", "Step", "estimate_minutes", "events_of", "find_step", "first_of", "only", "pick",
           "sections_taught", "state_for", "step_seconds", "untaught"]

#: Reading speed of the estimate (words a minute), and the time of a goal move and of a *Next*.
WORDS_PER_MINUTE = 200
SECONDS_PER_MOVE = 8
SECONDS_PER_NEXT = 3

#: ``demo(state)``: the learner's next move of a worked answer, or ``None`` when it has none now.
Demo = Callable[[Any], "Action | None"]
#: ``advice(action, state)``: why ``action`` (allowed by the rules) is not the step's goal, or ``None``.
Advice = Callable[[Action, Any], "str | None"]


@dataclass(frozen=True)
class Step:
    """One tutorial step. A step with no ``position``, ``fresh`` or ``continues`` is a reading
    step (no board).

    ``check(events, state)`` says whether the goal is met by ``events`` (everything since the
    step began) in ``state``; ``demo(state)`` plays the learner's part of a worked answer;
    ``advice(action, state)`` refuses an allowed move that is off the goal, with the reason;
    ``praise`` is shown once the goal is met. ``bots``: the other seats' bots play while the
    goal is not met (else they wait); ``continues``: the step starts from the board the
    previous step ended with (reached by playing that step's worked answer when the learner
    comes from elsewhere).
    """

    key: str
    title: str
    section: str  # the rulebook section it teaches
    text: str  # the rule, briefly, in our own words
    goal: str = ""  # what the learner does, one or two sentences
    position: str | None = None  # the game's text notation of the prepared position
    dice: tuple[int, ...] = ()  # scripted die results for this step
    fresh: Mapping[str, Any] | None = None  # or: options of a new game (a first game)
    check: Callable[[Sequence[Event], Any], bool] | None = None
    demo: Demo | None = None
    praise: str = "Well done."
    advice: Advice | None = None
    bots: bool = False
    continues: bool = False
    moves: int = 1  # goal moves the worked answer takes (for the time estimate; 0 on reading steps)
    #: the optional parts of the play screen the step needs ("hand", "log", "players"; the board,
    #: prompt, actions and dialogs are always there); None: the tutorial page decides from the step
    shows: tuple[str, ...] | None = None

    @property
    def interactive(self) -> bool:
        return self.position is not None or self.fresh is not None or self.continues

    @property
    def has_goal(self) -> bool:
        """Whether the step waits for a goal (a move to make) before *Next*."""
        return self.check is not None

    def why_not(self, action: Action, state) -> str | None:
        """Why ``action`` (allowed by the rules) is not this step's goal, or ``None``."""
        return self.advice(action, state) if self.advice is not None else None

    def done(self, events: Sequence[Event], state) -> bool:
        """True when ``events`` (everything since the step began) meet the goal."""
        return self.check is not None and bool(self.check(events, state))


def step_seconds(step: Step) -> float:
    """The estimated seconds a newcomer spends on ``step``: its words read at
    :data:`WORDS_PER_MINUTE`, its goal moves at :data:`SECONDS_PER_MOVE` each, one *Next*.

    >>> step_seconds(Step("k", "Two words", "S", "four more words here"))  # 6 words, no goal
    4.8
    """
    words = len(" ".join((step.title, step.text, step.goal, step.praise if step.has_goal else "")).split())
    moves = step.moves if step.has_goal else 0
    return words * 60 / WORDS_PER_MINUTE + moves * SECONDS_PER_MOVE + SECONDS_PER_NEXT


def estimate_minutes(steps: Sequence[Step]) -> float:
    """The estimated minutes a newcomer takes to finish ``steps`` (see :func:`step_seconds`)."""
    return sum(step_seconds(s) for s in steps) / 60


def _plain(name: str) -> str:
    name = name.strip()
    while name.endswith(")") and " (" in name and not name.startswith("Simplified"):
        name = name[:name.rindex(" (")].strip()  # "Combat (Wipeout)", "Colonists Arrive (RP)"
    return name.casefold()


def sections_taught(steps: Sequence[Step]) -> set[str]:
    """Every rulebook section a step names (``section`` parts), in plain lower case."""
    return {_plain(part) for s in steps for part in s.section.split(";") if part.strip()}


def untaught(headings: Sequence[str], steps: Sequence[Step]) -> list[str]:
    """The ``headings`` no step teaches. A step's section part ``"Phase 1, Sequence A: Draw
    Cards"`` (a qualified name) teaches the heading ``"Sequence A: Draw Cards"`` and its parent
    heading ``"Phase 1: ..."``; a parenthesis names the part of a section (``"Combat (Wipeout)"``).

    >>> untaught(["Move", "Attack", "Phase 2: Moving", "Draw Cards"], [Step("k", "t", "Move; Phase 2, Draw Cards", "")])
    ['Attack']
    """
    taught = sections_taught(steps)
    parents = {t.split(", ")[0] for t in taught if ", " in t}
    return [h for h in headings if not any(t == _plain(h) or t.endswith(", " + _plain(h)) for t in taught)
            and _plain(h).split(":")[0] not in parents]


def state_for(step: Step, load_position: Callable[[str, int, tuple[int, ...]], Any], seed: int = 7, *,
              new_game: Callable[..., Any] | None = None):
    """A fresh engine state for ``step``: ``load_position(position, seed, dice)`` reads the
    game's notation with the step's dice scripted; a ``fresh`` step is ``new_game(seed=seed,
    **step.fresh)``."""
    if step.fresh is not None:
        if new_game is None:
            raise ValueError(f"step {step.key!r} starts a new game, but no new_game was given")
        return new_game(seed=seed, **step.fresh)
    if step.position is None:
        raise ValueError(f"step {step.key!r} has no position" + (" (it continues the previous step)" if step.continues
                                                                 else ""))
    return load_position(step.position, seed, tuple(step.dice))


def only(fits: Callable[[Action], bool], why: str) -> Advice:
    """An advice: a move that ``fits`` is on the goal; any other is refused with ``why``.

    >>> advice = only(lambda a: a == "b", "This step asks for b.")
    >>> advice("a", None), advice("b", None)
    ('This step asks for b.', None)
    """
    return lambda action, _state: None if fits(action) else why


def find_step(steps: Sequence[Step], key: str) -> Step:
    """The step with ``key`` (``KeyError`` if there is none)."""
    for s in steps:
        if s.key == key:
            return s
    raise KeyError(key)


def events_of(events: Sequence[Event], kind: str, player: int | None = 0) -> list[Event]:
    """The events of ``kind`` by ``player`` (``None``: by anyone), for goal checks."""
    return [e for e in events if e.kind == kind and (player is None or e.player == player)]


def pick(predicate: Callable[[Action], bool]) -> Demo:
    """A demo playing the first legal action that fits ``predicate``."""

    def demo(state):
        for a in state.legal_actions():
            if predicate(a):
                return a
        return None

    return demo


def first_of(*demos: Demo) -> Demo:
    """The first demo that has a move now (for steps of several moves)."""

    def demo(state):
        for d in demos:
            a = d(state)
            if a is not None:
                return a
        return None

    return demo
