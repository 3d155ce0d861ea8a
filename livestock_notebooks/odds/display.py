"""Small formatting helpers shared by every result object (text and notebook HTML)."""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable

__all__ = ["percent", "fraction_text", "prob_text", "html_table", "format_percent", "format_fraction"]


def percent(p: Fraction | float, digits: int = 2) -> str:
    """``Fraction(5, 18)`` -> ``'27.78%'``."""
    return f"{float(p) * 100:.{digits}f}%"


def fraction_text(p: Fraction, max_len: int = 40) -> str:
    """The exact fraction as text, shortened in the middle if its digits run very long."""
    text = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    if len(text) > max_len:
        num, den = str(p.numerator), str(p.denominator)
        text = f"{_short(num)}/{_short(den)}"
    return text


def _short(digits: str) -> str:
    if len(digits) <= 12:
        return digits
    return f"{digits[:5]}…{digits[-3:]} ({len(digits)} digits)"


def prob_text(p: Fraction) -> str:
    """``'27.78% (5/18)'``."""
    return f"{percent(p)} ({fraction_text(p)})"


def html_table(title: str, rows: Iterable[tuple[str, Fraction]], note: str | None = None) -> str:
    """A compact HTML table: one row per outcome with percent and exact fraction."""
    body = "".join(
        "<tr>"
        f"<td style='text-align:left;padding-right:1em'>{html.escape(label)}</td>"
        f"<td style='text-align:right;padding-right:1em'><b>{percent(p)}</b></td>"
        f"<td style='text-align:left'><code>{html.escape(fraction_text(p))}</code></td>"
        "</tr>"
        for label, p in rows
    )
    foot = f"<div style='font-size:smaller'>{html.escape(note)}</div>" if note else ""
    return (
        "<div class='livestock-odds'>"
        f"<div><b>{html.escape(title)}</b></div>"
        "<table><thead><tr><th style='text-align:left'>outcome</th>"
        "<th style='text-align:right'>chance</th><th style='text-align:left'>exact</th></tr>"
        f"</thead><tbody>{body}</tbody></table>{foot}</div>"
    )


# ---------------------------------------------------------------- what pages show
def format_percent(p: Fraction | float) -> str:
    """A chance as a short percent: one decimal, never rounding a possible event to 0 or 100.

    ``Fraction(5, 18)`` -> ``'27.8%'``; ``Fraction(1, 10**6)`` -> ``'<0.1%'``.
    """
    p = Fraction(p) if not isinstance(p, Fraction) else p
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    text = f"{float(p) * 100:.1f}"
    if text == "0.0":
        return "<0.1%"
    if text == "100.0":
        return ">99.9%"
    return text + "%"


def format_fraction(p: Fraction, max_len: int = 32) -> str:
    """The exact fraction, shortened in the middle when the digits run long."""
    p = Fraction(p)
    text = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    if len(text) <= max_len:
        return text
    num, den = str(p.numerator), str(p.denominator)
    return f"{num[:4]}…({len(num)} digits)/{den[:4]}…({len(den)} digits)"
