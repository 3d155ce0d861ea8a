"""Pure-Python pieces for drawing a position as SVG or HTML (no widget library).

The engines' ``pictures`` modules build on these, so a state shows itself in a notebook
(``_repr_html_``) with the same drawing the pages use, and the pages import the same code.
Every text that reaches the markup goes through :func:`esc`.

    >>> svg_picture(10, 10, "a <dot>", '<circle cx="5" cy="5" r="4"/>', "x").count("&lt;dot&gt;")
    2
    >>> html_table(["who", "score"], [["<b>", 3]])
    '<table class="lsn-table"><thead><tr><th>who</th><th>score</th></tr></thead><tbody><tr><td>&lt;b&gt;</td><td>3</td></tr></tbody></table>'
"""
from __future__ import annotations

import html
from typing import Iterable, Sequence

__all__ = ["Picture", "esc", "html_table", "icon_svg", "svg_picture"]


def esc(text: object) -> str:
    """``text`` made safe for HTML (quotes included)."""
    return html.escape(str(text), quote=True)


def svg_picture(width: float, height: float, label: str, body: str, css: str) -> str:
    """An ``<svg>`` that scales to its container's width (``max-width: 100%``), labelled for
    screen readers with ``label``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="lsn-picture {esc(css)}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" role="img" '
            f'aria-label="{esc(label)}" style="max-width:100%;height:auto;font-family:sans-serif">'
            f'<title>{esc(label)}</title>{body}</svg>')


def icon_svg(body: str, px: int, label: str) -> str:
    """A small square icon (a 20 x 20 drawing shown ``px`` pixels wide)."""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{px}' viewBox='0 0 20 20' "
            f"role='img' aria-label='{esc(label)}' class='lsn-icon'><title>{esc(label)}</title>{body}</svg>")


def html_table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, raw: Iterable[int] = ()) -> str:
    """A plain HTML table; cells are escaped except those in the columns listed in ``raw``
    (markup the caller built from escaped parts)."""
    keep = set(raw)
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c if i in keep else esc(c)}</td>" for i, c in enumerate(row)) + "</tr>"
                   for row in rows)
    return f'<table class="lsn-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


class Picture:
    """Ready markup that a notebook shows as HTML (``display(Picture(html))``); ``str`` gives
    the plain-text summary."""

    def __init__(self, markup: str, text: str = "") -> None:
        self.markup = markup
        self.text = text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text or "<Picture>"
