"""The game review on a play page: "Review this game" after any game, or a save file reviewed.

:class:`ReviewControls` is a part of :class:`~.app.GameApp` (a mixin). Once a game is over (against
bots, hot-seat or at a table), a *Review this game* button shows beside the actions; the menu
has *Review a save* (a file upload) for any save this page wrote. The review
(:func:`livestock_notebooks.review.review_game` at :data:`REVIEW_LEVEL`) then shows, under the
game screen: each seat's chance to win move by move (a bqplot chart), and the biggest swings, each
with what the strong bot would have played there and its estimate, and how much of the swing came
from the dice and the others' moves rather than the choice. Every figure is worked out from the
deciding seat's view alone. The review's widgets are made the first time one is asked for.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from ...core.errors import SaveFileError
from ...core.session import GameInfo, Session
from ...review import Review, review_game, review_record
from ..common.charts import PALETTE, LineChart
from ..common.dom import button, hide, show
from ..common.uploads import take_upload

__all__ = ["REVIEW_LEVEL", "ReviewControls", "swings_html"]

#: the level of the bot the review weighs each decision with
REVIEW_LEVEL = "normal"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{'+' if x >= 0.005 else ''}{100 * x:.0f} points"


def swings_html(spec: GameInfo, review: Review, n: int = 5, named: Callable[[str], str] = str) -> str:
    """The ``n`` biggest swings as HTML (escaped), one line each: the decision's number (as on
    the chart), what was played and the chance after it, what the strong bot would have played
    and its chance, what the choice cost and what the dice and the others' moves did next. Moves
    read as the game's log writes them (a face-down card is not named), through ``named`` (a
    table's session puts its players' own names in)."""
    number = {id(e): i + 1 for i, e in enumerate(review.entries)}
    items = []
    for e in review.biggest(n):
        dice = "" if e.dice is None else f"; then the dice and the others: {_points(e.dice)}"
        items.append(
            f"<li class='lsn-review-swing'><b>Decision {number[id(e)]}</b>: {html.escape(named(e.text))} "
            f"&rarr; {_pct(e.chance_after)}. <span class='lsn-review-best'>The strong bot: "
            f"{html.escape(named(e.best_text))} &rarr; {_pct(e.best_chance)}</span>. "
            f"The choice: {_points(e.choice)}{html.escape(dice)}.</li>")
    whose = ("chances from each seat's own view" if review.seats is None or len(review.seats) == review.players else
             "your own decisions only, from your seat's view: the other seats' cards stay theirs")
    return (f"<div class='lsn-review-title'><b>Biggest swings</b> ({len(review)} decisions reviewed at the "
            f"{html.escape(review.level)} level in {review.seconds:.0f} s; {whose})</div>"
            f"<ul class='lsn-review-list' style='margin:0.3em 0;padding-left:1.2em;line-height:1.4'>"
            f"{''.join(items)}</ul>")


class ReviewControls:
    """The Review buttons and the review panel (part of ``GameApp``)."""

    spec: GameInfo
    session: Session | None

    def _build_review(self) -> None:
        """The Review-this-game button and the Review-a-save upload (with the game screen)."""
        self.review_button = button("Review this game", "lsn-review-game", self.review_current, width="auto",
                                    icon="line-chart", tooltip="Each seat's chance to win, move by move")
        hide(self.review_button)
        self.review_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Review a save")
        self.review_upload.add_class("lsn-review-upload")
        self.review_upload.observe(self._on_review_upload, "value")
        self.review_box = w.VBox()
        self.review_box.add_class("lsn-review")
        hide(self.review_box)
        self.last_review: Review | None = None

    def _refresh_review(self, s: Session) -> None:
        (show if s.state.is_over and s.reviewable else hide)(self.review_button)

    def review_current(self) -> Review | None:
        """Review the game on the page (what the button does): at a table, the viewer's own
        decisions only (:meth:`Session.review_input`)."""
        s = self.session
        if s is None or not s.reviewable:
            return None
        self._message("Reviewing this game: each decision weighed by the strong bot...")
        self.last_review = None

        def review() -> Review:
            record, seats = s.review_input()
            return review_record(self.spec, record, REVIEW_LEVEL, finished_only=True, seats=seats)
        self.defer(lambda: self._review_now(review, "this game", s))
        return self.last_review

    def _on_review_upload(self, change: Any) -> None:
        take_upload(change, self.review_upload, self.show_review)

    def show_review(self, text: str | bytes, name: str = "the save") -> Review | None:
        """Review the game of a save text and show it under the game screen (on the kernel's loop
        once the "Reviewing" line is out; at once without a loop). Returns the review when done."""
        self._message(f"Reviewing {name}: each decision weighed by the strong bot...")
        self.last_review = None
        self.defer(lambda: self._review_now(lambda: review_game(text, level=REVIEW_LEVEL, finished_only=True), name))
        return self.last_review

    def _review_now(self, make: Callable[[], Review], name: str, s: Session | None = None) -> Review | None:
        """Make the review and show it; ``s``: the session whose game it is (its players' own
        names on the chart and in the swings, as at a table), ``None`` for a save's."""
        try:
            review = make()
        except SaveFileError as exc:
            self._message(f"Cannot review {name}: {exc}", "error")
            return None
        if review.game != self.spec.name:
            self._message(f"Cannot review {name} here: it is a game of {review.game}", "error")
            return None
        if not review.over:
            # each seat's chance is worked out from what that seat knew: shown only once nothing is secret
            self._message(f"Cannot review {name} yet: the game is not over, and a review would tell what "
                          "each seat knows", "error")
            return None
        self.last_review = review
        self._draw_review(review, s)
        self._message(f"Review of {name}: {len(review)} decisions.")
        return review

    def _draw_review(self, review: Review, s: Session | None = None) -> None:
        """The chart (a line per seat weighed: at a table, the viewer's alone) and the swings."""
        shown = list(range(review.players)) if review.seats is None else review.seats
        seats = [s.name(p) if s is not None else self.spec.seat_name(p) for p in shown]
        x = list(range(1, len(review) + 1))
        current = {p: 1.0 / review.players for p in shown}
        series: dict[str, list[float]] = {name: [] for name in seats}
        for e in review:
            current[e.seat] = e.chance_after
            for p, name in zip(shown, seats):
                series[name].append(current[p])
        colors = [self.spec.color(p) or PALETTE[p % len(PALETTE)] for p in shown]
        if getattr(self, "_review_chart", None) is None or self._review_chart.labels != seats or not x:
            self._review_chart = LineChart(x or [0], {k: v or [0.0] for k, v in series.items()}, title="Chance to win",
                                           x_label="decision", colors=colors, css_class="lsn-review-chart",
                                           markers=False, step=True)
            self._review_swings = w.HTML()
            self._review_swings.add_class("lsn-review-swings")
            self.review_box.children = (self._review_chart.view, self._review_swings)
        else:
            self._review_chart.update(series, x=x)
        self._review_swings.value = swings_html(self.spec, review, named=s.named if s is not None else str)
        self._show(self.review_box)
