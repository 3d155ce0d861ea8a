"""The sequence machine: the order of the sequences in a game turn, entering each one, asking
whose decision it is, the per-player windows, ``Done`` and the end of a turn.

Every rulebook part gives its sequences an ``_enter_<seq>()`` (set up, roll what is rolled at
once) and a ``_poll_<seq>()`` (True while someone must decide; it sets ``actor``), and may add a
``_done_<seq>(player)`` hook. The order of the sequences is written once, here:

    >>> SEQUENCE_ORDER[:4]
    ('layout', 'start', 'return', '1A')
    >>> TURN_SEQUENCES[-1]
    'end'
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from . import events
from .actions import Done
from .board import ALIEN_BY_NAME, WORM, Board, aliens_text, troops_text

# the sequences of a game turn, in order ("end" closes the turn and starts the next one)
TURN_SEQUENCES = ("return", "1A", "1B", "1C", "1D", "1E", "2A", "2B", "2X", "3A", "3B", "3C", "4A", "4B", "4C",
                  "end")
# the whole game: the set-up comes once, then the turns
SEQUENCE_ORDER = ("layout", "start") + TURN_SEQUENCES
_NEXT_SEQUENCE = dict(zip(SEQUENCE_ORDER, SEQUENCE_ORDER[1:]))

SEQ_TITLE = {
    "layout": "Layout of the Board",
    "start": "Initial Forces and Deployment",
    "return": "Elimination",
    "1A": "Phase 1, Sequence A: Draw Cards",
    "1B": "Phase 1, Sequence B: Colonists Arrive",
    "1C": "Phase 1, Sequence C: Determine Order of Play",
    "1D": "Phase 1, Sequence D: Deploy Colonists",
    "1E": "Phase 1, Sequence E: Arrival and Deployment of Aliens",
    "2A": "Phase 2, Sequence A: Choice of Space Travel Marker",
    "2B": "Phase 2, Sequence B: Space Travel Resolution",
    "2X": "The Extra-Mouve Card",
    "3A": "Phase 3, Sequence A: Combat",
    "3B": "Phase 3, Sequence B: Redeployment",
    "3C": "Phase 3, Sequence C: Alien Space Travel and Combat",
    "4A": "Phase 4, Sequence A: Acorn Production",
    "4B": "Phase 4, Sequence B: Governors",
    "4C": "Phase 4, Sequence C: Election",
    "end": "Game Sequence",
    "over": "Victory",
}


class FlowMixin(Board):
    """The sequence machine (see the module docstring)."""

    # sequence -> its _poll_<seq> method; filled in by state.py once the class is complete
    _POLL_BY_SEQUENCE: ClassVar[dict[str, Callable[[Any], bool]]] = {}

    @property
    def sequence(self) -> str:
        """The current sequence: "layout", "start", "1A" ... "4C" (see SEQ_TITLE)."""
        return "over" if self.over else self.seq

    @property
    def sequence_title(self) -> str:
        return SEQ_TITLE.get(self.sequence, self.sequence)

    def _do_done(self, p: int) -> None:
        """``Done``: ends the current combat step, or the player's part of the sequence (each rulebook
        part may add a ``_done_<seq>(p)`` hook; it returns False to keep the same player on)."""
        if self.combat is not None:
            self._combat_done()
            return
        hook = getattr(self, "_done_" + self.seq, None)
        if hook is not None and not hook(p):
            return
        self.seq_data["i"] = self.seq_data.get("i", 0) + 1

    def _advance(self) -> None:
        while not self.over:
            if self.offer is not None:
                self.actor = self.offer[1]
                return
            if self.pending is not None:
                self.actor = self.pending["player"]
                return
            if self._poll():
                return
            self._next_seq()

    def _next_seq(self) -> None:
        if self.seq == "start":
            self.turn = 1
        self._enter(_NEXT_SEQUENCE[self.seq])

    def _enter(self, seq: str) -> None:
        self.seq = seq
        self.seq_data = {}
        self.actor = None
        fn = getattr(self, "_enter_" + seq, None)
        if fn is not None:
            fn()

    def _poll(self) -> bool:
        return self._POLL_BY_SEQUENCE[self.seq](self)

    def _window(self, options) -> bool:
        """Generic per-player window over sd['q']: skip players whose only option is Done."""
        sd = self.seq_data
        q = sd["q"]
        while sd["i"] < len(q):
            p = q[sd["i"]]
            self.actor = p
            if self.out[p] and self.seq not in ("1A", "4B", "4C"):
                skip = getattr(self, "_skip_" + self.seq, None)
                if skip is not None:  # what the player's part of the sequence leaves to others
                    skip(p)
                sd["i"] += 1
                continue
            opts = options(p)
            if len(opts) == 1 and isinstance(opts[0], Done):
                self._do_done(p)
                continue
            self._legal = opts
            self._legal_set = None
            return True
        self.actor = None
        return False

    def _enter_end(self) -> None:
        if self.max_rounds is not None and self.turn >= self.max_rounds:
            self.over = True
            self.win = []
            self.actor = None
            self.seq = "over"
            self._ev(events.GAME_END, f"The last turn ({self.turn}) is over: no winner.")
            return
        if not any("ban" in used for used in self.powers_used):
            self.ban_last = -1  # "never the same player twice in a row": only consecutive turns count
        self.turn += 1
        n = self.players
        self.hog_made = [False] * n
        self.powers_used = [[] for _ in range(n)]
        self.lost = [0] * n
        self.festival = []
        self.forbid = []
        self.offers_made = [[] for _ in range(n)]
        self.extra_governors = [0] * n
        self._enter("return")

    def _poll_end(self) -> bool:  # pragma: no cover - _enter_end moves on at once
        return False

    def summary(self) -> str:
        """A few lines of plain text: turn, sequence, order, Royal Pig, then every occupied hex."""
        lines = [f"Turn {self.turn}, {self.sequence_title}; order "
                 + ", ".join(self.pname(p) for p in self.order)
                 + (f"; Royal Pig {self.pname(self.royal_pig)}" if self.royal_pig >= 0 else "")]
        for h in range(len(self.hex_q)):
            occ = self.troops_on(h)
            if not occ:
                continue
            parts = []
            for o in occ:
                if "player" in o:
                    parts.append(f"{self.pname(o['player'])}: {troops_text(o['piglets'], o['hogs'])}")
                else:
                    parts.append(aliens_text(ALIEN_BY_NAME.get(o["aliens"], WORM), o["count"]))
            lines.append(f"  {self.hex_label(h)}: " + "; ".join(parts))
        return "\n".join(lines)
