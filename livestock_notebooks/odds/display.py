"""The one formatter for chances, shared by the odds results (text and notebook HTML) and by
every page: :func:`format_percent`, :func:`format_fraction`, :func:`short_fraction`,
:func:`one_in`, and :func:`prob_text` / :func:`chance_text` (them together).

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

An exact fraction is worth reading only while it is short: ``5/18`` says "5 rolls in 18", but
``7291231047/9599357152`` says nothing a percent does not. So the fraction is shown beside the
percent when numerator and denominator have at most :data:`SHORT_DIGITS` digits each, and
otherwise only when asked for (``exact=True``); a small chance also gets "about 1 in N"::

    >>> chance_text(Fraction(5, 216))
    '2.3% (5/216, about 1 in 43)'
    >>> chance_text(Fraction(7291231047, 9599357152))
    '76.0%'
    >>> chance_text(Fraction(7291231047, 9599357152), exact=True)
    '76.0% (7291231047/9599357152)'
    >>> chance_text(Fraction(1, 36))
    '2.8% (1/36)'
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable

__all__ = [
    "REPORT_DIGITS",
    "SHORT_DIGITS",
    "chance_note",
    "chance_text",
    "format_fraction",
    "format_percent",
    "fraction_shown",
    "html_table",
    "one_in",
    "prob_text",
    "short_fraction",
]

#: decimals of the percents in the odds results' reports (pages show one)
REPORT_DIGITS = 2
#: the most digits a numerator or denominator may have for the fraction to be shown unasked
SHORT_DIGITS = 4
#: "about 1 in N" is added to chances up to this one (above it the percent says it better)
ONE_IN_BELOW = Fraction(1, 5)


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


def short_fraction(p: Fraction | int, max_digits: int = SHORT_DIGITS) -> str | None:
    """The exact fraction when it is short enough to read, else ``None``.

    >>> short_fraction(Fraction(5, 18)), short_fraction(Fraction(1)), short_fraction(Fraction(4681, 9216))
    ('5/18', '1', '4681/9216')
    >>> short_fraction(Fraction(7291231047, 9599357152)) is None
    True
    """
    p = Fraction(p)
    if len(str(abs(p.numerator))) > max_digits or len(str(p.denominator)) > max_digits:
        return None
    return format_fraction(p)


def one_in(p: Fraction | float) -> str | None:
    """``'about 1 in N'`` for a small chance (0 < p <= 1/5), else ``None``.

    >>> one_in(Fraction(5, 216)), one_in(Fraction(1, 10**5) * 3), one_in(Fraction(1, 2))
    ('about 1 in 43', 'about 1 in 33,333', None)
    """
    p = Fraction(p)
    if p <= 0 or p > ONE_IN_BELOW:
        return None
    return f"about 1 in {round(1 / p):,}"


def fraction_shown(p: Fraction, exact: bool = False, max_len: int = 40) -> str:
    """The fraction a page shows beside a percent: none for certainty (``0%``, ``100%`` say
    it), the short fraction, or any fraction with ``exact``.

    >>> fraction_shown(Fraction(5, 18)), fraction_shown(Fraction(0)), fraction_shown(Fraction(1, 10**5))
    ('5/18', '', '')
    >>> fraction_shown(Fraction(1, 10**5), exact=True)
    '1/100000'
    """
    p = Fraction(p)
    if p <= 0 or p >= 1:
        return ""
    return format_fraction(p, max_len) if exact else short_fraction(p) or ""


def _details(p: Fraction, exact: bool) -> list[str]:
    """What goes in brackets after the percent: the fraction (short, or any when ``exact``),
    and "about 1 in N" unless the fraction already reads "1/N"."""
    p = Fraction(p)
    fraction = fraction_shown(p, exact)
    parts = [fraction] if fraction else []
    rough = one_in(p)
    if rough and not (fraction and p.numerator == 1):
        parts.append(rough)
    return parts


def chance_note(p: Fraction, *, exact: bool = False) -> str:
    """What a page writes in brackets after a percent: the short fraction and "about 1 in N"
    where they help, else nothing (certainty and long fractions need no note).

    >>> chance_note(Fraction(5, 18)), chance_note(Fraction(0)), chance_note(Fraction(395494238257, 486318770432))
    ('5/18', '', '')
    >>> chance_note(Fraction(12345, 1000000))
    'about 1 in 81'
    """
    return ", ".join(_details(p, exact))


def chance_text(p: Fraction, *, exact: bool = False, digits: int = 1) -> str:
    """A chance as a page shows it: the percent, then the short fraction and "about 1 in N"
    where they help (the whole fraction with ``exact``)."""
    details = _details(p, exact)
    percent = format_percent(p, digits)
    return f"{percent} ({', '.join(details)})" if details else percent


def prob_text(p: Fraction, *, exact: bool = False) -> str:
    """A chance in a report: ``'27.78% (5/18)'`` (two decimals; long fractions only with
    ``exact``; the result objects keep every chance as a ``Fraction``)."""
    details = _details(p, exact)
    percent = format_percent(p, REPORT_DIGITS, clamp=False)
    return f"{percent} ({', '.join(details)})" if details else percent


def _exact_cell(p: Fraction) -> str:
    """The table's "exact" cell: the short fraction, or the long one folded away."""
    short = short_fraction(p)
    rough = one_in(p)
    if short is not None:
        return f"<code>{html.escape(short)}</code>"
    summary = html.escape(rough or "exact fraction")
    return (f"<details><summary>{summary}</summary>"
            f"<code>{html.escape(format_fraction(p, 40))}</code></details>")


def html_table(title: str, rows: Iterable[tuple[str, Fraction]], note: str | None = None) -> str:
    """A compact HTML table: one row per outcome with the percent, and the exact fraction when
    it is short (a long one opens from "about 1 in N" / "exact fraction")."""
    body = "".join(
        "<tr>"
        f"<td style='text-align:left;padding-right:1em'>{html.escape(label)}</td>"
        f"<td style='text-align:right;padding-right:1em'><b>{format_percent(p, REPORT_DIGITS, clamp=False)}</b></td>"
        f"<td style='text-align:left'>{_exact_cell(p)}</td>"
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
