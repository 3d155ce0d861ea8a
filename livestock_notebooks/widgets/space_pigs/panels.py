"""Space Pigs screens beside the map: the combat screen and the election screen.

Both read the typed view (:class:`~livestock_notebooks.space_pigs.views.SpacePigsPlayerView`)
and the engine's events: the other side's face-down combat cards are only a count in the view,
so no text here can name them.

CSS classes for tests: ``lsn-sp-combat``, ``lsn-sp-odds``, ``lsn-sp-odds-a``, ``lsn-sp-odds-d``,
``lsn-sp-tech``, ``lsn-sp-techtotal``, ``lsn-sp-techline``, ``lsn-sp-wipeout``, ``lsn-sp-rounds``,
``lsn-sp-round``, ``lsn-sp-election``, ``lsn-sp-votes``, ``lsn-sp-tally``, ``lsn-sp-result``.
"""
from __future__ import annotations

import functools
from typing import Callable, Iterable, Sequence

import ipywidgets as w

from ...odds import AcornWorm, Pigs, Pirates, Porcophages, default_tech_deck, space_pigs_combat
from ...odds import tech_wipeout_two_sided
from ...odds.display import chance_note, format_percent
from ...space_pigs import events as ev
from ...space_pigs import troops_text
from ...space_pigs.actions import Flee, Stay, UsePower
from ...space_pigs.data import CARDS
from ...space_pigs.views import CombatView, SpacePigsPlayerView
from ..common.dice import die_svg
from ..common.dom import button, hide, show
from .board import ALIEN_CODES, HtmlPanel, _esc, alien_text, card_label, chip

__all__ = ["CombatPanel", "ElectionPanel", "StandingOrder", "side_of", "side_name", "strength_text", "touched_hexes"]

WIPEOUT = 6



# --------------------------------------------------------------------------- combat
def side_of(view: SpacePigsPlayerView, h: int, who: int, bonus: int = 0):
    """The odds model's side for occupant ``who`` of hex ``h`` (None if not there)."""
    o = view.hexes[h].occupant(who)
    if o is None:
        return None
    if who >= 0:
        return Pigs(o.piglets, o.hogs, bonus)
    if who == -1:
        return Pirates(o.count, bonus)
    if who == -2:
        return Porcophages(o.count, bonus)
    return AcornWorm(bonus)


def _bracket(p) -> str:
    """`` (5/18)`` or `` (about 1 in 43)`` after a percent, or nothing (certain, or a fraction
    too long to read: ``395494238257/486318770432`` says nothing the percent does not)."""
    note = chance_note(p)
    return f" ({_esc(note)})" if note else ""


def side_name(view: SpacePigsPlayerView, who: int) -> str:
    return view.name(who) if who >= 0 else f"the {ALIEN_CODES[who]}"


def strength_text(side) -> str:
    dice = "+".join(f"1D{s}" for s in side.strength_dice())
    mod = side.modifier()
    return f"{dice} {mod:+d}"


class CombatPanel(HtmlPanel):
    """The combat screen: both sides' strength, the exact odds before cards, the secret card
    choice (your own face-down cards; only a count of the other side's), the reveal with the
    technology total against the wipeout line, the rounds with their dice, and the flee choice
    (offered by the action panel)."""

    COMBAT_KINDS = (ev.COMBAT_CARD, ev.REVEAL_CARDS, ev.ROUND, ev.WIPEOUT, ev.COMBAT_END, ev.FLEE, ev.TECH_ADJUST,
                    ev.REROLL, ev.DEVOUR)

    def __init__(self):
        super().__init__("lsn-sp-combat", "lsn-sp-panel")
        self.events: list = []
        self.sizes: dict = {}
        self._sizes: tuple = ((), ())
        self.odds = None
        self._odds_key: tuple | None = None
        hide(self.widget)

    def feed(self, events: Iterable) -> None:
        """Keep the events of the combat under way (a new "combat" event starts afresh; a combat
        already under way when the page opened is followed from its next event). Round events
        keep the dice sizes of the sides as last shown (d6, d8)."""
        for e in events:
            if e.kind == ev.COMBAT:
                self.events = [e]
                self.sizes = {}
            elif e.kind == ev.TURN:
                self.events = []
                self.sizes = {}
            elif e.kind in self.COMBAT_KINDS:
                if self.events and self.events[-1].kind in (ev.COMBAT_END, ev.WIPEOUT) and e.kind != ev.DEVOUR:
                    self.events = []
                self.events.append(e)
                if e.kind == ev.ROUND:
                    self.sizes[id(e)] = self._sizes

    def reset(self) -> None:
        self.events = []
        self.sizes = {}

    def _exact(self, a_side, d_side):
        key = (a_side, d_side)
        if key != self._odds_key:
            self._odds_key = key
            try:
                self.odds = space_pigs_combat(a_side, d_side)
            except Exception:  # a side with no troop left: nothing to compute
                self.odds = None
        return self.odds

    def update(self, view: SpacePigsPlayerView, viewer: int | None) -> None:
        cb = view.combat
        if cb is None and not self.events:
            hide(self.widget)
            return
        show(self.widget)
        parts = []
        if cb is not None:
            parts.append(self._live(view, viewer, cb))
        else:
            first = self.events[0] if self.events[0].kind == ev.COMBAT else self.events[-1]
            parts.append(f'<div class="lsn-sp-panel-title">Last combat</div><div>{_esc(first.text)}</div>')
        parts.append(self._history())
        self.set("".join(parts))

    def _live(self, view: SpacePigsPlayerView, viewer: int | None, cb: CombatView) -> str:
        h, a, d = cb.hex, cb.attacker, cb.defender
        revealed = cb.revealed
        ab, db = (cb.attacker_bonus, cb.defender_bonus) if revealed else (0, 0)
        a_side = side_of(view, h, a, ab)
        d_side = side_of(view, h, d, db)
        if a_side is not None and d_side is not None:
            self._sizes = (a_side.strength_dice(), d_side.strength_dice())
        rows = []
        for label, who, side, bonus in (("Attacker", a, a_side, ab), ("Defender", d, d_side, db)):
            if side is None:
                continue
            troops = (troops_text(side.piglets, side.hogs) if who >= 0 else alien_text(who, side.troops))
            rows.append(f'<tr><th>{label}</th><td>{chip(who) if who >= 0 else ""}{_esc(side_name(view, who))}</td>'
                        f'<td>{_esc(troops)}</td><td>strength {_esc(strength_text(side))}</td>'
                        f'<td>{"cards " + format(bonus, "+d") if revealed else ""}</td></tr>')
        stage_text = {"cards_d": "The defender chooses cards face down.",
                      "cards_a": "The attacker chooses cards face down.",
                      "tech": "The cards are revealed; a clan power may adjust the technology total.",
                      "flee_d": f"Round {cb.round}: the defender may flee or fight on.",
                      "flee_a": f"Round {cb.round}: the attacker may flee or fight on.",
                      "reroll": "Dice rolled: a clan power may force a re-roll.",
                      "win_tie": "A tie: a clan power may win it."}.get(cb.stage, "")
        head = (f'<div class="lsn-sp-panel-title">Combat on {_esc(view.hex_label(h))} '
                f'<span style="font-weight:400">(round {cb.round}, {"sequence " + cb.sequence})</span></div>')
        odds_html = ""
        if a_side is not None and d_side is not None:
            odds = self._exact(a_side, d_side)
            if odds is not None:
                when = "with the revealed cards" if revealed else "before any card, if both sides fight to the end"
                bar = (f'<div class="lsn-sp-oddsbar"><div style="width:{float(odds.attacker) * 100:.2f}%;'
                       f'background:#ef6c00"></div><div style="width:{float(odds.defender) * 100:.2f}%;'
                       f'background:#1565c0"></div></div>')
                odds_html = (f'<div class="lsn-sp-odds"><b>Exact odds</b> ({when}): attacker holds the hex '
                             f'<b class="lsn-sp-odds-a">{format_percent(odds.attacker)}</b> '
                             f'{_bracket(odds.attacker)}, defender '
                             f'<b class="lsn-sp-odds-d">{format_percent(odds.defender)}</b>{_bracket(odds.defender)}{bar}</div>')
        tech_html = self._tech(viewer, cb)
        return (head + f"<table>{''.join(rows)}</table>" + odds_html + tech_html +
                (f'<div class="lsn-sp-stage"><i>{_esc(stage_text)}</i></div>' if stage_text else ""))

    def _tech(self, viewer: int | None, cb: CombatView) -> str:
        line = (f'<span style="color:#b71c1c">wipeout line {WIPEOUT}</span>: if the technology indices of the combat '
                f"cards of both sides add up to {WIPEOUT} or more, every troop on the hex is destroyed.")
        if cb.revealed:
            names = []
            for side, cards in (("attacker", cb.attacker_cards), ("defender", cb.defender_cards)):
                if cards:
                    names.append(f"{side}: " + ", ".join(
                        f"{card_label(c)}" + (f" (tech {CARDS[c].tech})" if CARDS[c].kind == "combat" else "")
                        for c in cards))
            shown = ("; ".join(names)) or "no cards were played"
            return (f'<div class="lsn-sp-tech"><b>Cards revealed</b>: {_esc(shown)}.<br>Technology total '
                    f'<b class="lsn-sp-techtotal">{cb.tech}</b> against the {line}'
                    f'{self._bar(cb.tech)}</div>')
        text = [f"Cards are played face down, defender first, then revealed together. The {line}"]
        own_tech: list[int] = []
        if viewer is not None and viewer in (cb.attacker, cb.defender):
            mine = cb.attacker_cards if viewer == cb.attacker else cb.defender_cards
            own_tech = [CARDS[c].tech for c in mine if CARDS[c].kind == "combat"]
            text.append(f"Your face-down cards: {', '.join(card_label(c) for c in mine) or 'none'} "
                        f"(technology {sum(own_tech)}).")
            k = cb.defender_card_count if viewer == cb.attacker else cb.attacker_card_count
            text.append(f"The other side has played {k} card{'s' if k != 1 else ''} face down.")
            if k:
                try:
                    wo = tech_wipeout_two_sided(default_tech_deck(), attacker_cards=k, defender_cards=None,
                                                defender_hand=own_tech) if own_tech else \
                        tech_wipeout_two_sided(default_tech_deck(), attacker_cards=k, defender_cards=0)
                    text.append(f"If each of them is a random combat card, the chance of a wipeout is "
                                f"<b class='lsn-sp-wipeout'>{format_percent(wo.wipeout)}</b>.")
                except ValueError:
                    pass
        else:
            for k, who in ((cb.defender_card_count, "defender"), (cb.attacker_card_count, "attacker")):
                text.append(f"The {who} has played {k} card{'s' if k != 1 else ''} face down.")
        return f'<div class="lsn-sp-tech">{" ".join(text)}{self._bar(sum(own_tech))}</div>'

    @staticmethod
    def _bar(tech: int) -> str:
        scale = 10
        fill = min(tech, scale) / scale * 100
        colour = "#d50000" if tech >= WIPEOUT else "#ffb300"
        return (f'<div class="lsn-sp-techbar" title="technology total {tech}, wipeout at {WIPEOUT}">'
                f'<div class="lsn-sp-techfill" style="width:{fill:.1f}%;background:{colour}"></div>'
                f'<div class="lsn-sp-techline" style="left:{WIPEOUT / scale * 100:.1f}%"></div></div>')

    def _history(self) -> str:
        items = []
        for e in self.events:
            if e.kind == ev.COMBAT:
                continue
            if e.kind == ev.ROUND:
                d = e.data
                ar, dr = d.get("attacker_roll") or [], d.get("defender_roll") or []
                win = d.get("winner")
                a_out = "win" if win == "attacker" else "lose" if win == "defender" else "tie"
                d_out = "win" if win == "defender" else "lose" if win == "attacker" else "tie"
                sa, sd_ = self.sizes.get(id(e), ((), ()))
                dice_a = "".join(die_svg(f, _size(sa, i, f), 24, a_out) for i, f in enumerate(ar))
                dice_d = "".join(die_svg(f, _size(sd_, i, f), 24, d_out) for i, f in enumerate(dr))
                items.append(f'<li class="lsn-sp-round">{dice_a} vs {dice_d} {_esc(e.text)}</li>')
            elif e.kind != ev.COMBAT_CARD:
                items.append(f"<li>{_esc(e.text)}</li>")
        if not items:
            return ""
        return f'<ol class="lsn-sp-rounds">{"".join(items)}</ol>'

    def clear(self) -> None:
        super().clear()
        hide(self.widget)


def _size(sizes: Sequence[int], i: int, face: int) -> int:
    if i < len(sizes):
        return sizes[i]
    return 8 if face > 6 else 6


# --------------------------------------------------------------------------- standing order
#: the hex numbers an event's (public) data names
HEX_KEYS = ("hex", "src", "dst", "dest")


def touched_hexes(events: Iterable) -> frozenset:
    """The hexes a step touched, read from its events' public data (``hex``, ``src``, ``dst``,
    ``dest``, ``hexes``): the map marks them as the last move."""
    out: set[int] = set()
    for e in events:
        data = e.data or {}
        for key in HEX_KEYS:
            h = data.get(key)
            if isinstance(h, int) and not isinstance(h, bool):
                out.add(h)
        for h in data.get("hexes") or ():
            if isinstance(h, int) and not isinstance(h, bool):
                out.add(h)
    return frozenset(out)


ASK = -1


class StandingOrder:
    """A standing order for the combat on screen, played by the page on the player's behalf at
    each "flee or fight on" decision: ask me every round (no order), fight to the end, or flee
    once I have ``N`` troops or fewer on the hex. The page plays one of the engine's legal
    actions (``Stay``, or ``Flee`` / the flee-first power to the neighbouring hex holding most of
    my troops); the order lasts for this combat and belongs to the seat that gave it."""

    def __init__(self, on_change: Callable[[], None]):
        self._on_change = on_change
        self.key: tuple | None = None  # the combat the orders belong to
        self.orders: dict[int, int] = {}  # seat -> threshold (0: fight to the end)
        self.viewer: int | None = None
        self.round_played = 0
        self._quiet = False
        self.widget = w.HBox([])  # its controls are made the first time a combat offers them
        self.widget.add_class("lsn-sp-standing")
        hide(self.widget)

    @functools.cached_property
    def _controls(self) -> tuple[w.Button, w.Dropdown, w.HTML]:
        choice = w.Dropdown(options=[("ask me every round", ASK), ("fight to the end", 0)], value=ASK,
                            description="In this combat", style={"description_width": "initial"},
                            layout=w.Layout(width="auto"))
        choice.add_class("lsn-sp-standing-choice")
        choice.observe(self._chosen, "value")
        fight_end = button("Fight to the end", "lsn-sp-fight-end", lambda: self.set(0), width="auto",
                           icon="forward", tooltip="Fight on every round of this combat without asking")
        note = w.HTML()
        note.add_class("lsn-sp-standing-note")
        self.widget.children = (fight_end, choice, note)
        return fight_end, choice, note

    fight_end = property(lambda self: self._controls[0])
    choice = property(lambda self: self._controls[1])
    note = property(lambda self: self._controls[2])

    # -- the order ----------------------------------------------------------------------
    def follow(self, view: SpacePigsPlayerView) -> None:
        """Forget the orders when the combat they were given for is over."""
        cb = view.combat
        key = None if cb is None else (cb.hex, cb.attacker, cb.defender, cb.sequence)
        if key != self.key:
            self.key = key
            self.orders = {}

    def reset(self) -> None:
        self.key = None
        self.orders = {}

    def set(self, threshold: int) -> None:
        """Give the order for the seat on screen (``-1``: ask every round)."""
        if self.viewer is None or self.key is None:
            return
        if threshold == ASK:
            self.orders.pop(self.viewer, None)
        else:
            self.orders[self.viewer] = threshold
        self._on_change()

    def _chosen(self, change) -> None:
        if not self._quiet:
            self.set(change["new"])

    def decide(self, view: SpacePigsPlayerView, legal: Sequence) -> object | None:
        """The legal action the order plays now, or None (no order, or not this decision)."""
        cb = view.combat
        me = view.viewer
        if cb is None or me is None or cb.stage not in ("flee_d", "flee_a") or me not in self.orders:
            return None
        if (cb.hex, cb.attacker, cb.defender, cb.sequence) != self.key:
            return None
        stay = next((a for a in legal if isinstance(a, Stay) and a.player == me), None)
        if stay is None:
            return None
        self.round_played = cb.round
        threshold = self.orders[me]
        mine = view.hexes[cb.hex].occupant(me)
        troops = mine.piglets + mine.hogs if mine is not None else 0
        if threshold > 0 and troops <= threshold:
            flights = [a for a in legal if isinstance(a, Flee) or (isinstance(a, UsePower) and a.power == "flee_first")]
            if flights:
                return max(flights, key=lambda a: _troops_of(view, _flee_hex(a), me))
        return stay

    # -- showing --------------------------------------------------------------------------
    def update(self, view: SpacePigsPlayerView, viewer: int | None) -> None:
        """Shown to a clan fighting in the combat on screen, with its troops as the choices."""
        cb = view.combat
        self.viewer = viewer
        if cb is None or viewer is None or viewer not in (cb.attacker, cb.defender):
            hide(self.widget)
            return
        mine = view.hexes[cb.hex].occupant(viewer)
        troops = mine.piglets + mine.hogs if mine is not None else 0
        options = [("ask me every round", ASK), ("fight to the end", 0)] + [
            (f"flee when I have {n} troop{'s' if n != 1 else ''} or fewer", n) for n in range(1, max(troops, 1))]
        value = self.orders.get(viewer, ASK)
        if value not in [v for _, v in options]:
            options.append((f"flee when I have {value} troops or fewer", value))
        self._quiet = True
        try:
            if list(self.choice.options) != options:
                self.choice.options = options
            if self.choice.value != value:
                self.choice.value = value
        finally:
            self._quiet = False
        self.fight_end.disabled = value == 0
        note = ('<span style="color:#555;font-size:0.88em">The page answers "flee or fight on" for you.</span>'
                if value != ASK else "")
        if self.note.value != note:
            self.note.value = note
        show(self.widget)

    def clear(self) -> None:
        self.viewer = None
        if "_controls" in self.__dict__:
            self.note.value = ""
        hide(self.widget)


def _flee_hex(action) -> int:
    return action.hex if isinstance(action, Flee) else action.arg


def _troops_of(view: SpacePigsPlayerView, h: int, who: int) -> int:
    o = view.hexes[h].occupant(who)
    return o.piglets + o.hogs if o is not None else 0


# --------------------------------------------------------------------------- tools
class TroopTools:
    """The tools under the action buttons: piglet or hog, the troops aboard a trip, the hex
    pile to draw from, and a card exchange to offer (``on_offer`` when it is pressed). The page
    makes them the first time a move needs one."""

    def __init__(self, on_offer: Callable[[], None]):
        self.troop_type = w.ToggleButtons(options=[("Piglet", False), ("Hog", True)], value=False,
                                          description="Troop", style={"button_width": "70px"})
        self.troop_type.add_class("lsn-sp-trooptype")
        self.load_piglets = w.BoundedIntText(value=0, min=0, max=0, description="Piglets aboard",
                                             style={"description_width": "initial"}, layout=w.Layout(width="170px"))
        self.load_piglets.add_class("lsn-sp-load-piglets")
        self.load_hogs = w.BoundedIntText(value=0, min=0, max=0, description="Hogs aboard",
                                          style={"description_width": "initial"}, layout=w.Layout(width="150px"))
        self.load_hogs.add_class("lsn-sp-load-hogs")
        self.load_box = w.HBox([self.load_piglets, self.load_hogs], layout=w.Layout(grid_gap="8px"))
        self.pile = w.ToggleButtons(options=[("red", "red")], description="Pile", style={"button_width": "80px"})
        self.pile.add_class("lsn-sp-pile")
        self.offer_choice = w.Dropdown(options=[], description="Exchange", layout=w.Layout(width="360px"))
        self.offer_choice.add_class("lsn-sp-offer-choice")
        self.offer_button = w.Button(description="Offer this exchange", icon="exchange", layout=w.Layout(width="auto"))
        self.offer_button.add_class("lsn-sp-offer")
        self.offer_button.on_click(lambda _b: on_offer())
        self.offer_box = w.HBox([self.offer_choice, self.offer_button], layout=w.Layout(grid_gap="6px"))
        self.offer_box.add_class("lsn-sp-offer-box")


# --------------------------------------------------------------------------- election
class ElectionPanel(HtmlPanel):
    """The election screen: candidates, the votes called in the Royal Pig's order with each
    clan's governors, running totals, the result and the factions it makes."""

    def __init__(self):
        super().__init__("lsn-sp-election", "lsn-sp-panel")
        self.result = None  # the last "election" event
        self.result_votes: list[str] = []
        self._votes: list[str] = []
        hide(self.widget)

    def reset(self) -> None:
        self.result = None
        self.result_votes = []
        self._votes = []

    def feed(self, events: Iterable) -> None:
        for e in events:
            if e.kind == ev.CANDIDATES:
                self._votes = []
            elif e.kind == ev.VOTE:
                self._votes = self._votes + [e.text]
            elif e.kind == ev.ELECTION:
                self.result = e
                self.result_votes = list(self._votes)

    def update(self, view: SpacePigsPlayerView) -> None:
        el = view.election
        if el is None and self.result is None:
            hide(self.widget)
            return
        show(self.widget)
        parts = self._live(view) if el is not None else self._last(view)
        self.set("".join(parts))

    @staticmethod
    def _live(view: SpacePigsPlayerView) -> list[str]:
        el = view.election
        assert el is not None
        gov = [c.governors for c in view.clans]
        caller = el.caller
        parts = [f'<div class="lsn-sp-panel-title">Royal Pig election</div>'
                 f'<div>{chip(caller)}{_esc(view.name(caller))} calls the votes, in any order, and votes '
                 f'first or last. Each clan gives all its governors to one candidate.</div>']
        votes = dict(el.votes)
        totals = {c: 0 for c in el.candidates}
        for p, c in el.votes:
            totals[c] = totals.get(c, 0) + gov[p]
        if el.stage == "stand":
            stood = ", ".join(view.name(c) for c in el.candidates) or "nobody yet"
            parts.append(f"<div>Candidates so far: {_esc(stood)}.</div>")
        else:
            rows = "".join(f'<tr><td>{chip(c)}{_esc(view.name(c))}</td><td class="lsn-sp-tally" data-c="{c}">'
                           f'{totals.get(c, 0)} vote{"s" if totals.get(c, 0) != 1 else ""}</td></tr>'
                           for c in el.candidates)
            parts.append(f"<table><tr><th>Candidate</th><th>Votes so far</th></tr>{rows}</table>")
        if el.barred:
            parts.append(f"<div>Barred: {_esc(', '.join(view.name(b) for b in el.barred))}.</div>")
        if votes:
            lines = "".join(f"<li>{chip(p)}{_esc(view.name(p))}: {gov[p]} governor"
                            f"{'s' if gov[p] != 1 else ''} to {_esc(view.name(c))}</li>" for p, c in el.votes)
            parts.append(f'<div>Votes, in the order called:</div><ol class="lsn-sp-votes">{lines}</ol>')
        if el.stage == "vote" and el.called >= 0:
            parts.append(f"<div><b>{_esc(view.name(el.called))}</b> is called to vote.</div>")
        return parts

    def _last(self, view: SpacePigsPlayerView) -> list[str]:
        assert self.result is not None
        parts = [f'<div class="lsn-sp-panel-title">Last election</div><div class="lsn-sp-result">'
                 f"{_esc(self.result.text)}</div>"]
        if self.result_votes:
            parts.append("<div>Votes, in the order called:</div><ol class=\"lsn-sp-votes\">"
                         + "".join(f"<li>{_esc(v)}</li>" for v in self.result_votes) + "</ol>")
        factions: dict[int, list[int]] = {}
        for c in view.clans:
            if c.faction >= 0:
                factions.setdefault(c.faction, []).append(c.player)
        if factions:
            lines = "".join(f"<li>Voted for {_esc(view.name(c))}: "
                            f"{_esc(', '.join(view.name(p) for p in ps))}"
                            f"{' (may exchange cards)' if len(ps) > 1 else ' (alone: no exchanges)'}</li>"
                            for c, ps in sorted(factions.items()))
            parts.append(f"<div>Factions for this turn:</div><ul>{lines}</ul>")
        return parts

    def clear(self) -> None:
        super().clear()
        hide(self.widget)
