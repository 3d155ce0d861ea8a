"""The one formatter for chances, shared by the odds results (text and notebook HTML) and by
every page: :func:`format_percent`, :func:`format_fraction`, and :func:`prob_text` (both
together).

Pages show one decimal and never round a possible event to 0 or 100; the result objects'
reports show two decimals, as printed::

    >>> from fractions import Fraction
    >>> format_percent(Fraction(5, 18))
    '27.8%'
    >>> format_percent(Fraction(1, 10**6)), format_percent(Fraction(0)), format_percent(1)
    ('<0.1%', '0%', '100%')
    >>> format_percent(Fraction(5, 18), REPORT_DIGITS, clamp=False)
    '27.78%'
    >>> format_fraction(Fraction(10, 4))
    '5/2'
    >>> prob_text(Fraction(5, 18))
    '27.78% (5/18)'
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable

__all__ = ["REPORT_DIGITS", "format_fraction", "format_percent", "html_table", "prob_text"]

#: decimals of the percents in the odds results' reports (pages show one)
REPORT_DIGITS = 2


def format_percent(p: Fraction | float, digits: int = 1, *, clamp: bool = True) -> str:
    """A chance as a percent with ``digits`` decimals.

    With ``clamp`` (what pages show) certainty prints as ``0%`` / ``100%`` and a possible
    event is never rounded to 0 or 100 (``<0.1%``, ``>99.9%``); without it the number is
    printed as it rounds (``0.00%``).
    """
    text = f"{float(p) * 100:.{digits}f}"
    if not clamp:
        return text + "%"
    p = p if isinstance(p, Fraction) else Fraction(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    step = f"{10.0 ** -digits:.{digits}f}"  # the smallest step shown, e.g. '0.1'
    if float(text) == 0:
        return f"<{step}%"
    if float(text) == 100:
        return f">{100 - float(step):.{digits}f}%"
    return text + "%"


def format_fraction(p: Fraction | int, max_len: int = 32) -> str:
    """The exact fraction, shortened in the middle when the digits run long.

    >>> format_fraction(Fraction(3**40, 2**70))
    '1215…(20 digits)/1180…(22 digits)'
    """
    p = Fraction(p)
    text = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    if len(text) <= max_len:
        return text
    num, den = str(p.numerator), str(p.denominator)
    return f"{num[:4]}…({len(num)} digits)/{den[:4]}…({len(den)} digits)"


def prob_text(p: Fraction) -> str:
    """A chance in a report: ``'27.78% (5/18)'``."""
    return f"{format_percent(p, REPORT_DIGITS, clamp=False)} ({format_fraction(p, 40)})"


def html_table(title: str, rows: Iterable[tuple[str, Fraction]], note: str | None = None) -> str:
    """A compact HTML table: one row per outcome with percent and exact fraction."""
    body = "".join(
        "<tr>"
        f"<td style='text-align:left;padding-right:1em'>{html.escape(label)}</td>"
        f"<td style='text-align:right;padding-right:1em'><b>{format_percent(p, REPORT_DIGITS, clamp=False)}</b></td>"
        f"<td style='text-align:left'><code>{html.escape(format_fraction(p, 40))}</code></td>"
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
