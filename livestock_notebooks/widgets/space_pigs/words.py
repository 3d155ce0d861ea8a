"""Space Pigs in words for the page: the caption of an action button (:func:`action_label`)
and what the player to decide is asked to do (:func:`prompt_for`), both from the typed view of
the seat on screen (nothing hidden can appear in them)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ...core.protocol import Action
from ...space_pigs.actions import (
    AnswerExchange, CallVoter, ChooseCombat, ChooseHex, ChooseMarker, ChoosePlayer, Discard, Done, DrawHex, Drop,
    Flee, GiveMarker, Land, Load, MakeHog, OfferExchange, PlaceAliens, PlayCard, ReturnTo, Stand, StartPlanet, Stay,
    POWER_WORDS, UsePower, Vote, power_choice,
)
from ...space_pigs.data import CARDS
from ...space_pigs.views import COLOUR_WORDS, KIND_WORDS, SpacePigsPlayerView
from .board import card_label

__all__ = ["action_label", "prompt_for"]


#: The caption of "Done" in a combat, by stage, and outside a combat, by sequence.
DONE_IN_COMBAT = {"cards_d": "Done: my cards are down", "cards_a": "Done: my cards are down",
                  "tech": "Keep the technology total", "reroll": "No re-roll", "win_tie": "Let the tie stand"}
DONE_BY_SEQUENCE = {"1A": "Done: draw my cards", "1B": "Done", "1D": "Done deploying", "2B": "End my travel",
                    "2X": "No extra trip", "3B": "Done redeploying", "3C": "The aliens stay", "4B": "Done"}
#: Hex actions: the verb before the hex's name.
HEX_VERBS = {StartPlanet: "Start on", ReturnTo: "Return to", PlaceAliens: "Aliens to", ChooseHex: "Choose",
             ChooseCombat: "Resolve the combat on", Flee: "Flee to"}

Caption = Callable[[SpacePigsPlayerView, Any], str]


def _done(view: SpacePigsPlayerView, action: Any) -> str:
    if view.combat is not None:
        return DONE_IN_COMBAT.get(view.combat.stage, "Done")
    return DONE_BY_SEQUENCE.get(view.sequence, "Done")


def _power(view: SpacePigsPlayerView, action: Any) -> str:
    text = POWER_WORDS.get(action.power, action.power.replace("_", " "))
    short = text if len(text) <= 60 else text[:57] + "..."
    return f"Power: {short}{power_choice(action.power, action.arg, view.hex_label)}"


def _vote(view: SpacePigsPlayerView, action: Any) -> str:
    mine = " (yourself)" if action.candidate == action.player else ""
    return f"Vote for {view.name(action.candidate)}{mine}"


def _answer(view: SpacePigsPlayerView, action: Any) -> str:
    return "Decline the exchange" if action.card < 0 else f"Give {card_label(action.card)} in exchange"


CAPTIONS: dict[type, Caption] = {
    Done: _done,
    UsePower: _power,
    Vote: _vote,
    AnswerExchange: _answer,
    PlayCard: lambda v, a: f"Play {card_label(a.card)}",
    Discard: lambda v, a: f"Discard {card_label(a.card)}",
    ChooseMarker: lambda v, a: f"Marker {a.value} ({a.value} trips)",
    GiveMarker: lambda v, a: f"Give a marker to {v.name(a.to)}",
    MakeHog: lambda v, a: "Turn 2 new piglets into a hog",
    Stand: lambda v, a: "Stand for Royal Pig" if a.yes else "Do not stand",
    CallVoter: lambda v, a: f"Call {v.name(a.voter)} to vote",
    ChoosePlayer: lambda v, a: f"Choose {v.name(a.target)}",
    OfferExchange: lambda v, a: f"Offer {card_label(a.card)} to {v.name(a.partner)}",
    Stay: lambda v, a: "Fight on",
    Drop: lambda v, a: "Drop a hog here" if a.hog else "Drop a piglet here",
    Land: lambda v, a: "Land here",
    DrawHex: lambda v, a: f"Draw a hex from the {a.pile} pile",
    Load: lambda v, a: f"Board {'a hog' if a.hog else 'a piglet'} more",
}


def action_label(view: SpacePigsPlayerView, action: Action) -> str:
    """A short button caption for an action (from the viewer's view: nothing hidden)."""
    verb = HEX_VERBS.get(type(action))
    if verb is not None:
        return f"{verb} {view.hex_label(getattr(action, 'hex'))}"
    caption = CAPTIONS.get(type(action))
    return caption(view, action) if caption is not None else str(action)


def _tile_words(tile: str) -> str:
    """"a red planet", "an asteroid" for a tile code ("Pr", "A")."""
    colour = COLOUR_WORDS.get(tile[1:2], "")
    kind = KIND_WORDS.get(tile[:1], "hex")
    if colour:
        return f"a {colour} {kind}"
    return {"asteroid": "an asteroid", "sun": "the sun"}.get(kind, f"a {kind}")


def prompt_for(view: SpacePigsPlayerView, legal: Sequence[Action], me: int) -> str:
    """What the player to decide is asked to do, in a sentence or two."""
    seq = view.sequence
    cb = view.combat
    clan = view.clans[me]
    types = {type(a) for a in legal}
    offer = view.offer
    if offer is not None and AnswerExchange in types:
        card = offer.card
        what = f"{card_label(card)}" if card is not None and card >= 0 else "a card"
        return (f"{view.name(offer.giver)} offers you {what} in exchange for one of your cards: give one of yours "
                "or decline.")
    pend = view.pending
    if pend is not None:
        what = CARDS[pend.card].english if pend.card is not None else str(pend.power).replace("_", " ")
        target = "hex (highlighted in purple on the map)" if ChooseHex in types else "player"
        return f"Choose the target of {what}: a {target}."
    if cb is not None:
        stage = cb.stage
        if stage in ("cards_d", "cards_a"):
            side = "defender" if stage == "cards_d" else "attacker"
            return (f"Combat: as the {side}, choose combat cards in secret. Click cards in your hand to play them "
                    "face down, then press Done. Mind the wipeout line: if the technology indices of both sides "
                    "reach 6, every troop on the hex is destroyed.")
        if stage in ("flee_d", "flee_a"):
            return (f"Round {cb.round}: flee to an adjacent hex where you have troops (click it or use the "
                    "buttons), or fight on.")
        return "A clan power may change this combat: use it or not."
    if seq == "layout":
        if DrawHex in types:
            return "Lay a hex: draw one from a family pile and look at it first."
        drawn = view.drawn
        if drawn is not None and drawn.player == me and drawn.tile is not None:
            return (f"You drew {_tile_words(drawn.tile)} from the {drawn.pile} pile: click a free dashed cell to lay it "
                    "there.")
        return ("Lay a hex: choose a family pile, then click a free dashed cell of the galaxy. The hex is revealed "
                "when it is laid; rings are completed before the next ring starts.")
    if seq == "start":
        return "Choose where your 5 starting piglets land: click a highlighted planet."
    if seq == "return":
        return "Your clan comes back: choose an empty hex on the rim of the galaxy for 5 piglets."
    if seq == "1A":
        return (f"Draw cards: click cards you want to get rid of to discard them (or use the Discard buttons), "
                f"then press Done to draw back up to {clan.hand_size}.")
    if seq == "1B":
        if view.stage == "give":
            left = view.markers_to_give
            return (f"You are the Royal Pig: hand out the colonist markers face down, at most two to each clan "
                    f"(yourself included). {left} left to give.")
        return (f"You have {clan.new_piglets} new colonist piglets: you may turn two of them into a hog (one a "
                "turn), play a card, or press Done.")
    if seq == "1D":
        if not (clan.new_piglets or clan.new_hogs):
            return "You have no new troops to deploy: you may play a card for this sequence, or press Done."
        return (f"Deploy your new troops ({clan.new_piglets} piglets, {clan.new_hogs} hogs) on hexes where you "
                "have troops: pick piglet or hog, then click a highlighted hex.")
    if seq == "1E":
        return "Place the arriving aliens: click a highlighted hex (a free asteroid, or aliens of the same kind)."
    if seq == "2A":
        return ("Choose a travel marker in secret: it is the number of trips you may make this turn. A used marker "
                "comes back only when all five have been used.")
    if seq in ("2B", "2X"):
        trip = view.trip
        if trip is not None:
            aboard = []
            if trip.piglets:
                aboard.append(f"{trip.piglets} piglet{'s' if trip.piglets != 1 else ''}")
            if trip.hogs:
                aboard.append(f"{trip.hogs} hog{'s' if trip.hogs != 1 else ''}")
            return (f"Aboard: {' and '.join(aboard) or 'nobody'} from {view.hex_label(trip.source)}. Click a green "
                    "hex to fly there.")
        left = clan.trips
        if seq == "2X" and not left:
            return ("Everyone has travelled. You hold an Extra-Move card: play it for one more trip now, or "
                    "keep it (No extra trip).")
        head = "Extra-Mouve: you may make one more trip. " if seq == "2X" else ""
        if not left and seq == "2B":
            cards = " or play a card for this sequence" if PlayCard in types else ""
            return f"No trips left this turn: end your travel{cards}."
        return (f"{head}{left} trip{'s' if left != 1 else ''} left. Click one of your hexes (blue), set how many "
                "troops go aboard, then click a green hex (red: an attack). End your travel when you are done.")
    if seq == "3A":
        return "You attack several hexes: choose which combat to resolve first."
    if seq == "3B":
        return ("Redeployment: shift troops, one hex each, between neighbouring hexes you hold. Click a blue hex, "
                "then a green one (piglet or hog as chosen). Press Done when finished.")
    if seq == "3C":
        if view.stage == "cho":
            return "You may play Cho Boko to move the aliens yourself this turn."
        return ("Move one whole alien stack (pirates up to 3 hexes, porcophages 2, the worm 1 onto a planet): "
                "click a stack, then its destination; or let the aliens stay.")
    if seq == "4B":
        return "Governors are counted: you may play a card for this sequence, or press Done."
    if seq == "4C":
        stage = view.stage
        if stage == "stand":
            return "Election: do you stand as a candidate for Royal Pig?"
        if stage == "call" and CallVoter in types and Vote in types:
            return "Election: you call the votes. Vote first, or call the next clan (you then vote last)."
        if stage == "call" and CallVoter in types:
            return "Election: call the next clan to vote, in the order you like."
        return f"Election: give all your {clan.governors} governors to one candidate."
    return "Your decision."
