"""Small building blocks the explorers share: labelled sliders, section titles, notes, and
the chunk size of a simulation run.

>>> chunk_for(100_000)
5000
>>> chunk_for(10)
1000
"""
from __future__ import annotations

import html
import ipywidgets as widgets

__all__ = ["LABEL_STYLE", "chunk_for", "int_slider", "note_html", "section_title", "wide_layout"]

LABEL_STYLE = {"description_width": "12em"}


def wide_layout(width: str = "32em") -> widgets.Layout:
    """A fresh Layout per control (a shared one would hide or show them all together)."""
    return widgets.Layout(width=width, max_width="100%")


def int_slider(description: str, value: int, low: int, high: int, *, continuous: bool = True,
            label_width: str = "12em") -> widgets.IntSlider:
    width = f"calc({label_width} + 20em)"
    return widgets.IntSlider(
        value=value, min=low, max=high, step=1, description=description,
        style={"description_width": label_width}, layout=wide_layout(width), continuous_update=continuous,
    )


def chunk_for(n: int) -> int:
    """Chunk size for a run of ``n`` trials: about 20 progress steps."""
    return max(n // 20, 1_000)


def section_title(title: str) -> widgets.HTML:
    w = widgets.HTML(f"<h4 style='margin:0.6em 0 0.2em 0'>{html.escape(title)}</h4>")
    w.add_class("lsn-section-title")
    return w


def note_html(text_html: str, css_class: str = "lsn-note") -> widgets.HTML:
    w = widgets.HTML(f"<div style='font-size:0.9em;color:#444;line-height:1.4;max-width:56em'>{text_html}</div>")
    w.add_class(css_class)
    return w
