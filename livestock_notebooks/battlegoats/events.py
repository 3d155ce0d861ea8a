"""The kinds of the events a BattleGoats game emits (``Event.kind``), named once.

Engine, pages, tutorial and bots compare ``event.kind`` with these constants, never with bare
strings; the values are the strings saved in logs and transcripts, so they never change.
"""
from __future__ import annotations

__all__ = [
    "PICK", "PASS", "DRAFT_DONE", "LAYOUT", "PLACE", "LAYOUT_DONE", "CHOOSE_FIRST", "FIRST_ATTACKER", "MOVE", "TURN",
    "ATTACK", "NAME_OPPONENT", "DEFENDER", "TARGET", "SINGLE", "OWN", "DODGE", "NO_DODGE", "REVEAL", "BATTLE",
    "DEFEATED", "STAY_UP", "CAPTURE", "OUT", "ENDING", "VOTE", "GAME_OVER", "ALL_KINDS", "ATTACK_KINDS", "SETUP_KINDS",
]

# Building Your Army (the draft)
PICK = "pick"  # a player kept a card of their pack (which card is private)
PASS = "pass"  # the packs went round to the right
DRAFT_DONE = "draft_done"  # the packs are empty: every army is complete
# Battlefield Setup
LAYOUT = "layout"  # a player starts laying out
PLACE = "place"  # a card was laid face down into a slot
LAYOUT_DONE = "layout_done"  # a player has laid out every card
CHOOSE_FIRST = "choose_first"  # the first to finish chooses the first attacker
FIRST_ATTACKER = "first_attacker"  # the first attacker is chosen
MOVE = "move"  # a card able to move at the start swapped (or stayed)
# Turns and Winning
TURN = "turn"  # a player's attack turn begins
OUT = "out"  # a player has no cards left in play
ENDING = "ending"  # the last cards fell together: the owners vote
VOTE = "vote"  # one vote of the ending
GAME_OVER = "game_over"  # the result
# Attacking (and dodging, from Face Up Cards)
ATTACK = "attack"  # the attacking card is revealed (irreversible)
NAME_OPPONENT = "name_opponent"  # the attacker names who picks the defender
DEFENDER = "defender"  # the named opponent picked the defending card
TARGET = "target"  # a target was chosen (also the second target)
SINGLE = "single"  # the attacker declined a second target
OWN = "own"  # the attacker also hits an own neighbouring card
DODGE = "dodge"  # a face-down card flipped up to avoid the battle (irreversible)
NO_DODGE = "no_dodge"  # it chose to fight
REVEAL = "reveal"  # a defending card is revealed (irreversible)
BATTLE = "battle"  # one battle: totals, modifier parts and the outcome
DEFEATED = "defeated"  # a card went to its owner's discard pile
STAY_UP = "stay_up"  # an attacker that fought no battle stays face up
CAPTURE = "capture"  # a captured card was laid on the capturer's battlefield

#: The events that belong to one attack, from the reveal of the attacker to its aftermath
#: (the battle report of the page lists these).
ATTACK_KINDS = frozenset({
    ATTACK, NAME_OPPONENT, TARGET, DEFENDER, OWN, DODGE, NO_DODGE, REVEAL, BATTLE, DEFEATED, CAPTURE, OUT, STAY_UP,
    ENDING, GAME_OVER, SINGLE,
})
#: Events of the deal, draft and layout (never part of an attack).
SETUP_KINDS = frozenset({TURN, LAYOUT, PICK, PLACE})
ALL_KINDS = frozenset({
    PICK, PASS, DRAFT_DONE, LAYOUT, PLACE, LAYOUT_DONE, CHOOSE_FIRST, FIRST_ATTACKER, MOVE, TURN, OUT, ENDING, VOTE,
    GAME_OVER, ATTACK, NAME_OPPONENT, DEFENDER, TARGET, SINGLE, OWN, DODGE, NO_DODGE, REVEAL, BATTLE, DEFEATED,
    STAY_UP, CAPTURE,
})
