"""What every game's tutorial shares, as plain data and functions (no widgets here).

A tutorial is a list of :class:`Step`: theme, goal and overview first (reading steps, no
board), then one step per rule, each on a small prepared position written in the game's text
notation, with a goal of a sentence or two. A step is complete when the engine's events since
it began meet its goal (:meth:`Step.done`); ``demo(state)`` gives the next move of a worked
answer ("show me"). The games keep their own step lists
(:mod:`livestock_notebooks.livestock_uprising.tutorial`,
:mod:`livestock_notebooks.widgets.space_pigs.tutorial`); the page that runs them on the real
board is :class:`livestock_notebooks.widgets.shell.tutorial.TutorialPage`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .protocol import Action, Event

__all__ = ["Step", "events_of", "find_step", "first_of", "pick", "state_for"]

#: ``demo(state)``: the learner's next move of a worked answer, or ``None`` when it has none now.
Demo = Callable[[Any], "Action | None"]


@dataclass(frozen=True)
class Step:
    """One tutorial step. A step with neither ``position`` nor ``fresh`` is a reading step (no board).

    ``check(events, state)`` says whether the goal is met by ``events`` (everything since the
    step began) in ``state``; ``demo(state)`` plays the learner's part of a worked answer;
    ``praise`` is shown once the goal is met.
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

    @property
    def interactive(self) -> bool:
        return self.position is not None or self.fresh is not None

    def done(self, events: Sequence[Event], state) -> bool:
        """True when ``events`` (everything since the step began) meet the goal."""
        return self.check is not None and bool(self.check(events, state))


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
        raise ValueError(f"step {step.key!r} has no position")
    return load_position(step.position, seed, tuple(step.dice))


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
