"""What both chart back ends share (:mod:`.charts_bqplot` and :mod:`.charts_svg`): the colours,
the HTML legend drawn under a chart with several series, and the heatmap's colour scale."""
from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as widgets

__all__ = ["HEAT_COLOURS", "PALETTE", "heat_colour", "legend_html", "with_legend"]

#: Colours used across the explorers (attacker, defender, tie / third series, fourth series).
PALETTE = ("#1f77b4", "#d62728", "#7f7f7f", "#ff7f0e", "#2ca02c", "#9467bd")

#: the heatmaps' colours at 0, 0.5 and 1 (red: the defender is favoured, blue: the attacker)
HEAT_COLOURS = ("#b2182b", "#f7f7f7", "#2166ac")


def legend_html(items: Sequence[tuple[str, str]], marker: str = "square") -> str:
    """A one-line HTML legend: ``[(label, colour), ...]`` (drawn outside the plot, so it never
    hides a bar)."""
    parts = []
    for label, color in items:
        shape = (
            f"<span style='display:inline-block;width:0.8em;height:0.8em;background:{html.escape(color)};"
            "border-radius:2px;margin-right:0.35em;vertical-align:-0.05em'></span>"
        )
        parts.append(f"<span style='margin-right:1.4em;white-space:nowrap'>{shape}{html.escape(label)}</span>")
    return f"<div style='font-size:0.85em;color:#333;padding-left:55px'>{''.join(parts)}</div>"


def with_legend(figure: widgets.Widget, items: Sequence[tuple[str, str]] | None) -> widgets.Widget:
    """``figure`` alone, or in a box with an HTML legend under it when there are ``items``."""
    if not items:
        return figure
    legend = widgets.HTML(legend_html(items), layout=widgets.Layout(margin="-14px 0 6px 0"))
    legend.add_class("lsn-chart-legend")
    box = widgets.VBox([figure, legend], layout=widgets.Layout(width="100%"))
    box.add_class("lsn-chart-box")
    return box


def heat_colour(value: float) -> str:
    """The heatmap colour of a chance 0..1 (the same three-colour scale as the bqplot heatmap)."""
    v = min(max(float(value), 0.0), 1.0)
    lo, hi, t = (HEAT_COLOURS[0], HEAT_COLOURS[1], v * 2) if v <= 0.5 else (HEAT_COLOURS[1], HEAT_COLOURS[2], v * 2 - 1)
    channels = [round(int(lo[i:i + 2], 16) * (1 - t) + int(hi[i:i + 2], 16) * t) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)
