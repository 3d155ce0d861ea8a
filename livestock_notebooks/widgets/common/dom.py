"""Small DOM helpers every widget module shares: CSS classes and showing or hiding a widget.

Widgets are shown and hidden through ``layout.display`` and restyled through their CSS
classes, both updated in place (no re-display, no flicker).
"""
from __future__ import annotations

from typing import Mapping

import ipywidgets as w

__all__ = ["set_classes", "hide", "show"]


def set_classes(widget: w.DOMWidget, wanted: Mapping[str, bool]) -> None:
    """Add the classes mapped to True and remove those mapped to False; one update at most."""
    current = list(widget._dom_classes)
    new = [c for c in current if c not in wanted or wanted[c]]
    for c, on in wanted.items():
        if on and c not in new:
            new.append(c)
    if new != current:
        widget._dom_classes = tuple(new)


def hide(widget: w.Widget) -> None:
    widget.layout.display = "none"


def show(widget: w.Widget, display: str = "") -> None:
    """Show ``widget`` again (``display`` such as ``"flex"``; default: the widget's own)."""
    widget.layout.display = display or None
