"""The Space Pigs setup screen's own controls: rules mode, options (behind "More options"),
galaxy layout and turn limit (:func:`setup_controls`; the play page lays them out)."""
from __future__ import annotations

import functools
from typing import Iterator, Mapping

import ipywidgets as w

from ...space_pigs.game import LAYOUT_OPTIONS, OPTION_LABELS, RULE_MODES
from ..common.dom import hide, show

__all__ = ["FIRST_RULES", "OptionChecks", "RULE_TIPS", "SETUP_NOTES", "TURN_LIMITS", "setup_controls"]

#: the rules a page starts with: the simplified rules the tutorial recommends for a first game
FIRST_RULES = "simple_b"
#: The turn limits offered on the setup screen.
TURN_LIMITS = (("No limit", None), ("3 turns", 3), ("4 turns", 4), ("5 turns", 5), ("6 turns", 6), ("8 turns", 8))
RULE_TIPS = ("All four phases: secret recipes, Royal Pig, aliens, election",
             "Simplified A: public recipes, 3 cards, 3 trips, asteroid rolls, no politics",
             "Simplified B: public recipes, 4 cards, 3 trips, no politics or aliens")
SETUP_NOTES = (
    '<div style="color:#555;font-size:0.92em;max-width:52em;line-height:1.4">Bots: <b>Random</b> picks any legal move; '
    "<b>Greedy</b> settles the planets its recipe needs, attacks with the odds in its favour, keeps its "
    "technology total low and flees when outnumbered. Several humans share this device: a <i>pass the "
    "device</i> screen hides your recipe, cards and secret choices from the others.</div>")


def _classed(widget, css: str):
    widget.add_class(css)
    return widget


def _checkbox(label: str, value: bool, css: str) -> w.Checkbox:
    return _classed(w.Checkbox(value=value, description=label, indent=False, layout=w.Layout(width="auto")), css)


class OptionChecks(Mapping[str, w.Checkbox]):
    """The on/off options of a new game (``OPTION_LABELS``) behind a "More options" button:
    their checkboxes are made when it is first pressed (or a box is asked for from Python), so
    the setup screen loads without them. ``chosen()``: the keys ticked."""

    def __init__(self):
        self.more = w.ToggleButton(description="More options", icon="sliders", value=False,
                                   tooltip="Clan powers, galaxy variants and other options",
                                   layout=w.Layout(width="auto"))
        self.more.add_class("lsn-sp-more-options")
        self.more.observe(self._toggled, "value")
        self.widget = w.VBox([self.more])

    @functools.cached_property
    def _boxes(self) -> dict[str, w.Checkbox]:
        boxes = {key: _checkbox(label, False, f"lsn-sp-opt-{key}") for key, label in OPTION_LABELS}
        self.grid = w.GridBox(list(boxes.values()),
                              layout=w.Layout(grid_template_columns="repeat(auto-fill, minmax(240px, 360px))",
                                              grid_gap="2px 16px"))
        self.grid.add_class("lsn-sp-options")
        self.widget.children = (self.more, self.grid)
        return boxes

    def _toggled(self, change) -> None:
        self._boxes  # made on the first press
        (show if change["new"] else hide)(self.grid)

    def chosen(self) -> list[str]:
        if "_boxes" not in self.__dict__:
            return []
        return [key for key, box in self._boxes.items() if box.value]

    def __getitem__(self, key: str) -> w.Checkbox:
        return self._boxes[key]

    def __iter__(self) -> Iterator[str]:
        return iter(key for key, _label in OPTION_LABELS)

    def __len__(self) -> int:
        return len(OPTION_LABELS)


def setup_controls() -> dict:
    """The Space Pigs setup widgets: rules mode, options, layout, turn limit (the bot speed is
    the page menu's, see :func:`play_app`)."""
    return {
        "rules": _classed(w.ToggleButtons(options=list(RULE_MODES), value=FIRST_RULES, description="Rules",
                                          tooltips=list(RULE_TIPS)), "lsn-sp-rules"),
        "layout": _classed(w.Dropdown(options=list(LAYOUT_OPTIONS), value="rings", description="Galaxy"),
                           "lsn-sp-layout"),
        "auto_layout": _checkbox("Lay the galaxy out for us (random legal placements)", True, "lsn-sp-auto-layout"),
        "checks": OptionChecks(),
        "turns": _classed(w.Dropdown(options=list(TURN_LIMITS), value=6, description="Turn limit"), "lsn-sp-turns"),
        "notes": w.HTML(SETUP_NOTES),
    }
