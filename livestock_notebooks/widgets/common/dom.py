"""Small DOM helpers every widget module shares: CSS classes, showing or hiding a widget,
a button with its class and click handler, a pool of reusable buttons, and a status line.

Widgets are shown and hidden through ``layout.display`` and restyled through their CSS
classes, both updated in place (no re-display, no flicker).

A page is built inside :func:`shared_defaults`: every widget made there without a layout or a
style of its own shares one sealed default per kind, instead of a Layout model and a Style model
of its own (the browser makes every model before the page shows, so two thirds of a play page's
models were blank defaults). Change a widget's layout with :func:`set_layout`, which gives it its
own first; a sealed default refuses changes (:class:`SealedDefault`).
"""
from __future__ import annotations

import contextlib
import functools
from typing import Any, Callable, Iterator, Mapping

import html
import re

import ipywidgets as w

__all__ = ["ButtonPool", "SealedDefault", "button", "hide", "message_html", "plain_text", "set_classes", "set_layout",
           "shared_defaults", "show", "show_first"]


def set_classes(widget: w.DOMWidget, wanted: Mapping[str, bool]) -> None:
    """Add the classes mapped to True and remove those mapped to False; one update at most."""
    current = list(widget._dom_classes)
    new = [c for c in current if c not in wanted or wanted[c]]
    for c, on in wanted.items():
        if on and c not in new:
            new.append(c)
    if new != current:
        widget._dom_classes = tuple(new)


class SealedDefault:
    """Mixed into a Layout or Style class: a default many widgets share, which refuses changes
    once made (a change would reach every widget sharing it). :func:`set_layout` gives a widget
    its own layout first."""

    _sealed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed and name in self.keys:  # type: ignore[attr-defined]
            raise TypeError(f"this {type(self).__name__} is shared by many widgets and cannot change "
                            f"(use livestock_notebooks.widgets.common.dom.set_layout)")
        super().__setattr__(name, value)


@functools.lru_cache(maxsize=None)
def _sealed_class(klass: type) -> type:
    return type(f"Shared{klass.__name__}", (SealedDefault, klass), {"__module__": __name__})


_shared: dict[type, Any] = {}


def _shared_instance(klass: type) -> Any:
    """The kernel's one sealed default of ``klass`` (made on first use)."""
    inst = _shared.get(klass)
    if inst is None or getattr(inst, "comm", True) is None:  # made anew if it was closed
        inst = _sealed_class(klass)()
        inst._sealed = True
        _shared[klass] = inst
    return inst


def _default_traits() -> list:
    """The layout and style traits whose default is a fresh model per widget."""
    seen, out, todo = set(), [], [w.DOMWidget]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        for name in ("layout", "style"):
            trait = cls.class_traits().get(name)
            if isinstance(trait, w.trait_types.InstanceDict) and id(trait) not in seen:
                seen.add(id(trait))
                out.append(trait)
    return out


@contextlib.contextmanager
def shared_defaults() -> Iterator[None]:
    """Inside the block, widgets made without a layout or style of their own share one sealed
    default of each kind (also a decorator: ``@shared_defaults()``). Nested blocks are fine."""
    traits = [t for t in _default_traits() if "make_dynamic_default" not in vars(t)]
    for trait in traits:
        trait.make_dynamic_default = functools.partial(_shared_instance, trait.klass)
    try:
        yield
    finally:
        for trait in traits:
            del trait.make_dynamic_default


def set_layout(widget: w.Widget, **values: Any) -> None:
    """Set layout traits of ``widget`` (``display="none"``, ``width="5em"``...); a widget that
    shares a sealed default gets a layout of its own first, unless nothing would change."""
    layout = widget.layout
    if isinstance(layout, SealedDefault):
        if all(getattr(layout, k) == v for k, v in values.items()):
            return
        widget.layout = layout = w.Layout()
    with layout.hold_sync():
        for k, v in values.items():
            setattr(layout, k, v)


def hide(widget: w.Widget) -> None:
    set_layout(widget, display="none")


def show(widget: w.Widget, display: str = "") -> None:
    """Show ``widget`` again (``display`` such as ``"flex"``; default: the widget's own)."""
    set_layout(widget, display=display or None)


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


def show_first(box: w.Box, buttons: list[w.Button], count: int) -> list[w.Button]:
    """Show the first ``count`` of ``buttons`` in ``box`` and hide the rest (blanked: no stale
    text in the widget tree). The box keeps every button once made: a new list of children is
    drawn a moment later in the browser, and the panel would collapse and jump meanwhile.

    Each change is a message of its own, and the browser may draw between two: buttons are
    shown first to last and hidden last to first, then blanked, so a button that stays never
    moves into the place of one hidden before it (nor shrinks with a blanked label); the box
    takes new buttons (drawn at once, shown) after the earlier ones are shown again."""
    for b in buttons[:count]:
        if b.layout.display is not None:
            set_layout(b, display=None)
    if tuple(box.children) != tuple(buttons):
        box.children = tuple(buttons)
    for b in reversed(buttons[count:]):
        if b.layout.display != "none":
            set_layout(b, display="none")
    for b in buttons[count:]:
        if b.description:
            b.description = ""
            b.tooltip = None
    return buttons[:count]


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
