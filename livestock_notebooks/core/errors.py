"""Errors shared by every engine.

Split by cause, as python-chess does, and all of them ``ValueError`` so callers that only
care about "bad input" can catch one thing.
"""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid in this position.

    ``rule`` says in plain words what forbids it and ``section`` names the rulebook section.
    The state the action was applied to is left unchanged.
    """

    def __init__(self, rule: str, section: str | None = None, *, action=None):
        self.rule = rule
        self.section = section
        self.action = action
        text = rule if section is None else f"{rule} (rulebook: {section})"
        super().__init__(text)


class MalformedAction(IllegalAction):
    """Something that is not an action of this game at all (wrong type, bad fields)."""


class NotYourDecision(IllegalAction):
    """A well-formed action offered for a player whose decision it is not."""


class SaveFileError(ValueError):
    """A save file that cannot be loaded: not JSON, another game, a newer version, or corrupt."""
