"""Small DOM helpers every widget module shares: CSS classes, showing or hiding a widget,
a button with its class and click handler, a pool of reusable buttons, and a status line.

Widgets are shown and hidden through ``layout.display`` and restyled through their CSS
classes, both updated in place (no re-display, no flicker).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import html
import re

import ipywidgets as w

__all__ = ["ButtonPool", "button", "hide", "message_html", "plain_text", "set_classes", "show"]


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


def button(description: str, css_class: str, on_click: Callable[[], Any] | None = None, *,
           width: str | None = None, **traits: Any) -> w.Button:
    """A button with its CSS class (browser tests find it by the class) that calls
    ``on_click()`` when clicked; ``width`` such as ``"auto"``; other traits (``icon``,
    ``button_style``, ``tooltip``) as given."""
    if width is not None:
        traits["layout"] = w.Layout(width=width)
    widget = w.Button(description=description, **traits)
    widget.add_class(css_class)
    if on_click is not None:
        widget.on_click(lambda _b: on_click())
    return widget


class ButtonPool:
    """Buttons made when first needed and then reused, relabelled in place: ``pool[i]`` is the
    i-th button (made on demand); a click on it calls ``on_press(i)``. ``buttons`` lists them."""

    def __init__(self, css_class: str, on_press: Callable[[int], Any], **traits: Any) -> None:
        self.css_class = css_class
        self.on_press = on_press
        self.traits = traits
        self.buttons: list[w.Button] = []

    def __getitem__(self, i: int) -> w.Button:
        while len(self.buttons) <= i:
            index = len(self.buttons)
            self.buttons.append(button("", self.css_class, lambda index=index: self.on_press(index), width="auto",
                                       **self.traits))
        return self.buttons[i]


def message_html(text: str, kind: str = "info") -> str:
    """A status line's HTML: ``text`` in a ``lsn-msg-<kind>`` span (empty text: nothing).

    >>> message_html("Saved & done.")
    '<span class="lsn-msg-info" role="status">Saved &amp; done.</span>'
    """
    if not text:
        return ""
    return f'<span class="lsn-msg-{kind}" role="status">{html.escape(text)}</span>'


def plain_text(markup: str) -> str:
    """The text of an HTML value without its tags (tests read status lines with it).

    >>> plain_text('<span class="x">Saved &amp; done.</span>')
    'Saved & done.'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", markup))
