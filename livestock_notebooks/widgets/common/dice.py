"""A dice view: shows dice faces and updates them in place.

``DiceView`` holds view state only (which faces to show); rolling belongs to the engine or the
odds module. Set ``view.faces = [6, 6]`` (and ``view.sizes`` for dice other than d6) or call
``view.show(faces, sizes=..., outcome=...)``; the same die widgets are reused, so nothing
flickers and nothing is re-displayed.

Six-sided dice are drawn with pips, other sizes (the d8 of Space Pigs hogs and porcophages) as
a numbered diamond. Everything is inline SVG, so the view needs no stylesheet and no network.

CSS classes: ``lsn-dice`` (the view), ``lsn-die`` (each die), ``lsn-dice-caption``,
``lsn-dice-total`` (the sum shown beside the dice), and ``lsn-dice-win`` / ``lsn-dice-lose`` /
``lsn-dice-tie`` on the view while an outcome is shown.
"""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as widgets
import traitlets

__all__ = ["DiceView", "die_svg"]

_PIPS = {
    1: [(2, 2)],
    2: [(1, 3), (3, 1)],
    3: [(1, 3), (2, 2), (3, 1)],
    4: [(1, 1), (1, 3), (3, 1), (3, 3)],
    5: [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)],
    6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)],
}

_OUTCOME_STYLE = {
    None: ("#333", "#ffffff"),
    "win": ("#1a7f37", "#eaf7ee"),
    "lose": ("#b00020", "#fdecee"),
    "tie": ("#7f7f7f", "#f2f2f2"),
}


def die_svg(face: int | None, size: int = 6, px: int = 44, outcome: str | None = None) -> str:
    """One die as an inline SVG string; ``face=None`` draws a blank die (not rolled yet)."""
    stroke, fill = _OUTCOME_STYLE.get(outcome, _OUTCOME_STYLE[None])
    label = f"d{size} showing {face}" if face is not None else f"d{size}, not rolled"
    rolled = " class='lsn-die-rolled'" if face is not None else ""
    head = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{px}' viewBox='0 0 40 40'{rolled} "
        f"role='img' aria-label='{label}'><title>{label}</title>"
    )
    if size == 6:
        body = f"<rect x='2' y='2' width='36' height='36' rx='7' fill='{fill}' stroke='{stroke}' stroke-width='2'/>"
        if face is not None:
            body += "".join(
                f"<circle cx='{6 + 9.33 * (c - 1) + 4.67:.2f}' cy='{6 + 9.33 * (r - 1) + 4.67:.2f}' r='3.6' fill='{stroke}'/>"
                for r, c in _PIPS[face]
            )
    else:
        body = f"<polygon points='20,1 39,20 20,39 1,20' fill='{fill}' stroke='{stroke}' stroke-width='2'/>"
        text = "?" if face is None else str(face)
        body += (
            f"<text x='20' y='25.5' text-anchor='middle' font-family='sans-serif' font-size='15' "
            f"font-weight='bold' fill='{stroke}'>{text}</text>"
        )
    return head + body + "</svg>"


class DiceView(widgets.HBox):
    """Dice faces in a row, with an optional caption and the total.

    Parameters
    ----------
    faces:
        the faces to show (empty: blank dice, one per entry of ``sizes``).
    sizes:
        die sizes, one per die, or one int for all (default 6).
    caption:
        text shown before the dice (e.g. ``"Attacker"``).
    show_total:
        show ``= total`` after the dice (default ``True``).
    px:
        size of one die in pixels.

    ``on_change(callback)`` calls ``callback(view)`` whenever the faces change.
    """

    faces = traitlets.List(traitlets.Int(), help="the faces shown, one per die").tag(sync=False)
    sizes = traitlets.List(traitlets.Int(), help="die sizes, one per die").tag(sync=False)
    outcome = traitlets.Unicode(None, allow_none=True, help="'win', 'lose', 'tie' or None").tag(sync=False)
    caption = traitlets.Unicode("", help="text before the dice").tag(sync=False)

    def __init__(
        self,
        faces: Sequence[int] = (),
        sizes: int | Sequence[int] = 6,
        *,
        caption: str = "",
        show_total: bool = True,
        px: int = 44,
        css_class: str | None = None,
    ) -> None:
        self._px = px
        self._show_total = show_total
        self._pool: list[widgets.HTML] = []
        self._change_callbacks: list[Callable[["DiceView"], None]] = []
        self.caption_label = widgets.Label(caption, layout=widgets.Layout(margin="0 8px 0 0"))
        self.caption_label.add_class("lsn-dice-caption")
        self.total_label = widgets.Label("", layout=widgets.Layout(margin="0 0 0 8px"))
        self.total_label.add_class("lsn-dice-total")
        super().__init__(layout=widgets.Layout(align_items="center", min_height=f"{px + 8}px"))
        self.add_class("lsn-dice")
        if css_class:
            self.add_class(css_class)
        n = len(faces) if faces else (len(sizes) if not isinstance(sizes, int) else 1)
        self.set_trait("sizes", self._expand_sizes(sizes, n))
        self.set_trait("faces", list(faces))
        self.set_trait("caption", caption)
        self._render()

    # -- validation ---------------------------------------------------------------------------
    @traitlets.validate("faces")
    def _validate_faces(self, proposal):
        faces = list(proposal["value"])
        sizes = self.sizes if len(self.sizes) == len(faces) else self._expand_sizes(self.sizes[:1] or 6, len(faces))
        for face, size in zip(faces, sizes):
            if not 1 <= face <= size:
                raise traitlets.TraitError(f"a d{size} shows 1 to {size}, got {face}")
        return faces

    @traitlets.validate("sizes")
    def _validate_sizes(self, proposal):
        sizes = list(proposal["value"])
        for size in sizes:
            if size < 2:
                raise traitlets.TraitError(f"a die has at least 2 sides, got {size}")
        return sizes

    @traitlets.observe("faces", "sizes", "outcome")
    def _on_state(self, change) -> None:
        self._render()
        if change["name"] == "faces":
            for cb in self._change_callbacks:
                cb(self)

    @traitlets.observe("caption")
    def _on_caption(self, change) -> None:
        self.caption_label.value = change["new"]

    # -- public API ---------------------------------------------------------------------------
    def show(self, faces: Sequence[int], sizes: int | Sequence[int] | None = None, outcome: str | None = None) -> None:
        """Show these faces (and die sizes), optionally marked as a ``win``/``lose``/``tie``."""
        with self.hold_trait_notifications():
            if sizes is not None:
                self.sizes = self._expand_sizes(sizes, len(faces))
            elif len(self.sizes) != len(faces):
                self.sizes = self._expand_sizes(self.sizes[:1] or 6, len(faces))
            self.faces = list(faces)
            self.outcome = outcome

    def clear(self, sizes: int | Sequence[int] | None = None) -> None:
        """Blank dice (not rolled yet)."""
        with self.hold_trait_notifications():
            if sizes is not None:
                n = 1 if isinstance(sizes, int) else len(sizes)
                self.sizes = self._expand_sizes(sizes, n)
            self.faces = []
            self.outcome = None

    def on_change(self, callback: Callable[["DiceView"], None]) -> None:
        """``callback(view)`` after the faces change."""
        self._change_callbacks.append(callback)

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def die_widgets(self) -> list[widgets.HTML]:
        """The die widgets currently shown (reused between updates)."""
        return [w for w in self.children if isinstance(w, widgets.HTML) and "lsn-die" in w._dom_classes]

    # -- internals ----------------------------------------------------------------------------
    @staticmethod
    def _expand_sizes(sizes: int | Sequence[int], n: int) -> list[int]:
        if isinstance(sizes, int):
            return [sizes] * max(n, 1)
        sizes = list(sizes)
        if len(sizes) == 1 and n > 1:
            return sizes * n
        return sizes

    def _render(self) -> None:
        n = len(self.faces) if self.faces else len(self.sizes)
        while len(self._pool) < n:
            die = widgets.HTML("", layout=widgets.Layout(margin="0 3px"))
            die.add_class("lsn-die")
            self._pool.append(die)
        for i in range(n):
            face = self.faces[i] if self.faces else None
            size = self.sizes[i] if i < len(self.sizes) else self.sizes[-1]
            svg = die_svg(face, size, self._px, self.outcome)
            if self._pool[i].value != svg:
                self._pool[i].value = svg
        for name in ("win", "lose", "tie"):
            if self.outcome == name:
                self.add_class(f"lsn-dice-{name}")
            else:
                self.remove_class(f"lsn-dice-{name}")
        self.total_label.value = f"= {self.total}" if (self._show_total and self.faces) else ""
        children = ([self.caption_label] if self.caption_label.value or self.caption else []) + self._pool[:n]
        if self._show_total:
            children.append(self.total_label)
        if list(self.children) != children:
            self.children = children
