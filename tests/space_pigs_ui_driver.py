"""Drive the Space Pigs view from Python as a player would (clicks only), for the UI tests."""
from __future__ import annotations

from livestock_notebooks.space_pigs.actions import (
    Deploy, Discard, Fly, Load, MoveAliens, PlaceHex, PlayCard, Redeploy,
)
from livestock_notebooks.space_pigs.bots import GreedyBot
from livestock_notebooks.widgets.space_pigs_app import action_label


def human_step(app, bot: GreedyBot) -> str:
    """Play one decision of the human on screen through the widgets; returns what was done.

    The decision is the one the Greedy bot would take, expressed as clicks: map hexes, hand
    cards, action buttons, the troop-type toggle, the boarding counters and the pile toggle.
    """
    view = app.view
    state = app.session.state
    action = bot.choose(state)
    t = type(action)
    if t is PlaceHex:
        view.pile.value = action.pile
        view.map.click((action.q, action.r))
        return "place"
    if t is Load and view.view.get("trip") is None:
        view.map.click(action.hex)
        assert view.selected == action.hex and view.mode == "load"
        view.load_piglets.value = 0 if action.hog else 1
        view.load_hogs.value = 1 if action.hog else 0
        dests = [h for h, m in view.marks.items() if isinstance(h, int) and m in ("dest", "attack")]
        assert dests, "a selected source shows its destinations"
        view.map.click(dests[0])
        return "trip"
    if t is Redeploy:
        view.map.click(action.src)
        view.troop_type.value = action.hog
        view.map.click(action.dst)
        return "redeploy"
    if t is MoveAliens:
        view.map.click(action.src)
        view.map.click(action.dst)
        return "aliens"
    if t is Deploy:
        view.troop_type.value = action.hog
        view.map.click(action.hex)
        return "deploy"
    if t is Fly:
        view.map.click(action.hex)
        return "fly"
    if t in (PlayCard, Discard) and view.view.get("cb") is None and t is Discard:
        view.press(action_label(view.view, action))
        return "discard"
    if t is PlayCard:
        view.hand.click(action.card)
        return "card"
    hexy = getattr(action, "hex", None)
    label = action_label(view.view, action)
    if label in view.button_labels():
        view.press(label)
        return "button"
    if hexy is not None:
        view.map.click(hexy)
        return "map"
    raise AssertionError(f"the UI offers no way to play {action!r}; buttons {view.button_labels()}")
