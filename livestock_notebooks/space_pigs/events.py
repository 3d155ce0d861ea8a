"""The kinds of event the Space Pigs engine emits (``Event.kind``), as named constants.

Pages, tutorials and tests match these names instead of bare strings::

    >>> from livestock_notebooks.space_pigs import events
    >>> events.COMBAT_END
    'combat_end'
    >>> events.COMBAT_END in events.ALL_KINDS
    True
"""
from __future__ import annotations

# ---------------------------------------------------------------- layout and set-up
DRAW_HEX = "draw_hex"  # a hex drawn from a pile (shown to its drawer when looking before placing)
PLACE_HEX = "place_hex"  # a hex laid in the galaxy
REVEAL_HEX = "reveal_hex"  # a face-down hex turned over
START = "start"  # a clan's starting piglets placed
RETURN = "return"  # an eliminated clan comes back
NO_RETURN = "no_return"  # an eliminated clan finds no free planet
TURN = "turn"  # a new turn begins

# ---------------------------------------------------------------- phase 1: cards, colonists, order, aliens
DRAW = "draw"  # cards drawn
RESHUFFLE = "reshuffle"  # the discard pile becomes the deck
DISCARD = "discard"
OFFER = "offer"  # a card exchange offered
EXCHANGE = "exchange"  # an exchange answered (made or refused)
LIMIT = "limit"  # a hand trimmed to the limit
COLONISTS = "colonists"  # colonist markers handed out / revealed
COLONISTS_DRAWN = "colonists_drawn"
COLONISTS_LOST = "colonists_lost"  # colonists that find no room
GIVE_MARKER = "give_marker"
HOG = "hog"  # piglets turned into a hog
ORDER = "order"  # the order of play
TIE_ROLL = "tie_roll"
DEPLOY = "deploy"
ALIENS_ROLL = "aliens_roll"
ALIENS_PLACED = "aliens_placed"
ALIENS_LOST = "aliens_lost"  # aliens that find no room

# ---------------------------------------------------------------- phase 2: space travel
MARKER = "marker"  # a travel marker chosen (secretly)
MARKERS = "markers"  # the markers revealed
LOAD = "load"
FLY = "fly"
LAND = "land"
ABORT = "abort"  # a trip ends without landing
ASTEROID = "asteroid"  # troops lost on an asteroid
EXTRA_NOW = "extra_now"  # the Extra-Mouve card played at once
EXTRA_LATER = "extra_later"  # the Extra-Mouve card kept for the window after travel

# ---------------------------------------------------------------- phase 3: combat, redeployment, aliens
COMBAT = "combat"  # a combat starts
COMBAT_CARD = "combat_card"
REVEAL_CARDS = "reveal_cards"
TECH_ADJUST = "tech_adjust"
REROLL = "reroll"
ROUND = "round"  # one round of combat fought
FLEE = "flee"
WIPEOUT = "wipeout"  # over-armament destroys every troop
COMBAT_END = "combat_end"
ELIMINATED = "eliminated"
REDEPLOY = "redeploy"
ALIENS_MOVE = "aliens_move"
ALIENS_STAY = "aliens_stay"
DEVOUR = "devour"  # the acorn worm eats a planet
WORM_GONE = "worm_gone"  # the worm has eaten its last planet and leaves play for good

# ---------------------------------------------------------------- phase 4: production and election
PRODUCTION = "production"
VICTORY = "victory"
GAME_END = "game_end"  # the round limit ends the game
GOVERNORS = "governors"
CANDIDATES = "candidates"
STAND = "stand"
CALL = "call"  # a candidate calls a voter
VOTE = "vote"
ELECTION = "election"

# ---------------------------------------------------------------- cards and clan powers
PLAY_CARD = "play_card"
CHO_BOKO = "cho_boko"
FESTIVAL = "festival"
VOTE_ERROR = "vote_error"
SERUM = "serum"
SWAP = "swap"
BAR = "bar"
POWER = "power"  # a clan power used
STEAL = "steal"
FAMINE = "famine"
CONVERT = "convert"
FORBID = "forbid"
RECOVER = "recover"
ASSASSINATE = "assassinate"

ALL_KINDS = frozenset(value for name, value in dict(globals()).items() if name.isupper() and isinstance(value, str))
