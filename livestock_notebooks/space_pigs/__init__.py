"""Space Pigs: a pure-Python rules engine (Pascal Bernard's game; English edition by Tilsit).

Quick start::

    from livestock_notebooks import space_pigs as sp
    state = sp.new_game(players=4, seed=1, rules="full", max_rounds=5)
    while not state.is_over:
        action = state.legal_actions()[0]        # or a bot: sp.bots.GreedyBot().choose(state)
        for event in state.apply(action):
            print(event.text)

Everything follows the project's engine protocol (``livestock_notebooks.core.protocol``):
``current_player``, ``legal_actions()``, ``apply(action) -> [Event]``, ``is_over``,
``winners`` (empty when ``max_rounds`` ends the game: no winner), ``to_json()`` /
:func:`load`, ``copy()``, ``player_view(p)``, ``invariant_violations()``, and the text
notation ``state.notation()`` / :func:`from_notation` (see :mod:`.notation`).

``new_game(*, players, seed=0, rules="full", max_rounds=None, **options)``
    ``players`` 3-6. ``rules``: ``"full"``, ``"simple_a"`` or ``"simple_b"`` (the rulebook's
    simplified sets: public recipes, no Royal Pig, governors or aliens, 3 trips a turn).
    Options (all off by default): ``clan_powers`` (the advanced clan powers, each once a turn,
    never on turn 1), ``inverse_deployment``, ``seventh_planet``, ``baston_rikiki``,
    ``layout`` = ``"rings"`` | ``"twin"`` (twin galaxies with the sun) | ``"pancake"`` |
    ``"freedom"``, ``connecting_galaxy`` (with ``"twin"``: three hexes between the galaxies,
    reached by ordinary moves, laid last), and the advanced layout options ``look_before_placing``,
    ``all_laid_before_revealed``, ``unexplored``. ``clans`` may fix the clans (list of names).

The galaxy
    ``state.hexes`` lists the cells by index (the order they were laid; 0 is the core):
    ``{"index", "q", "r", "kind": "planet"|"double planet"|"asteroid"|"sun"|"?", "colour",
    "family", "face_down", "rim"}``. Coordinates are axial ``(q, r)``
    (:mod:`.geometry`: neighbours ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r-1)``, ``(q-1, r+1)``;
    draw a pointy-top hex at x = √3·(q + r/2), y = 1.5·r). ``state.adj()[i]`` are the
    neighbours of cell i (the sun has none). ``state.troops_on(i)`` lists the occupants in
    arrival order (the first holds the hex: the defender); ``state.owner(i)``.
    ``state.hex_label(i)`` reads like "H3 (red planet)".

Players and clans
    Players are 0..n-1 (shown as P1..Pn). ``state.clans[p]`` (Porcus, Hylocherus,
    Phacocherus, Babiroussa, Scrofa, Pecari Banzai), ``state.order`` (order of play),
    ``state.royal_pig`` (the Royal Pig, -1 before the first election), ``state.hands[p]`` (card
    ids; ``data.CARDS[id]`` gives name, sequence, bonuses, text), ``state.recipe(p)`` (red,
    yellow, blue), ``state.governors[p]`` (governors), ``state.faction[p]`` (whom p voted for),
    ``state.out[p]`` (eliminated until next turn), ``state.trips[p]``, ``state.used[p]``
    (travel markers used in the current cycle), ``state.acorns[p]``.

Phases and sequences
    ``state.sequence`` is one of ``layout``, ``start`` (initial deployment), then each turn
    ``return`` (eliminated clans come back), ``1A`` draw cards, ``1B`` colonists (Royal Pig),
    ``1C`` order of play, ``1D`` deploy colonists, ``1E`` aliens arrive, ``2A`` choose a
    travel marker (secret), ``2B`` travel, ``2X`` the Extra-Mouve window after everyone
    travelled, ``3A`` combat, ``3B`` redeployment, ``3C`` alien move and combat (Royal Pig),
    ``4A`` production and victory, ``4B`` governors, ``4C`` election; ``over`` at the end.
    ``state.sequence_title`` gives the rulebook's name. ``state.turn`` counts turns from 1.
    ``state.combat`` is the combat under way, a :class:`~.combat.Combat` (hex, ``attacker``,
    ``defender`` — a player or an alien code -1 pirates, -2 porcophages, -3 worm — stage,
    round, cards, card bonuses, tech).
    ``state.trip`` is the trip under way (src, pos, troops aboard, mode).

Actions (:mod:`.actions`; each has ``player`` and a readable ``str``)
    Set-up: ``DrawHex(pile)``, ``PlaceHex(pile, q, r)``, ``StartPlanet(hex)``,
    ``ReturnTo(hex)``. Generic: ``Done()`` (end one's step), ``PlayCard(card)``,
    ``ChooseHex(hex)`` / ``ChoosePlayer(target)`` (targets of the card or power being played),
    ``UsePower(power, arg)``. 1A: ``Discard(card)``, ``OfferExchange(partner, card)``,
    ``AnswerExchange(card or -1)``. 1B: ``GiveMarker(to)``, ``MakeHog()``. 1D:
    ``Deploy(hex, hog)``. 1E: ``PlaceAliens(hex)``. 2A: ``ChooseMarker(value)``. 2B: a trip is
    ``Load(hex, hog)`` once per troop, then ``Fly(hex)`` (a plain trip lands at once; card
    trips fly on, may ``Drop(hog)`` with the Rocket Boots, and end with ``Land()``). 3A:
    ``ChooseCombat(hex)``, combat cards with ``PlayCard`` then ``Done`` (face down; defender
    first), ``Flee(hex)`` / ``Stay()`` from round 2. 3B: ``Redeploy(src, dst, hog)``. 3C:
    ``MoveAliens(src, dst)`` or ``Done``. 4C: ``Stand(yes)``, ``CallVoter(voter)``,
    ``Vote(candidate)``.

``player_view(p)`` is a read-only :class:`~.views.SpacePigsPlayerView` (``None``: a spectator).

``view_dict(p)`` (a JSON-ready dict in the save's layout; what player p may see)
    ``viewer``, ``n``, ``rules``, ``opts``, ``turn``, ``seq``, ``order``, ``rp``, ``first``,
    ``clans``; per cell (lists by hex index) ``cq``, ``cr``, ``kind`` ("P" planet, "D" double
    planet, "A" asteroid, "S" sun, "?" face down), ``col`` ("r"/"y"/"b", "" for none, "?"),
    ``fam``, ``hid`` and ``occ`` (occupants in arrival order, each ``[who, piglets, hogs,
    moved piglets, moved hogs]``, who = player, or -1 pirates / -2 porcophages / -3 worm with
    the count in the piglets slot); per player ``hands`` (own card ids, others' counts),
    ``recipes`` (own only in the full game), ``seventh``, ``choice`` (own travel marker,
    others "?"), ``trips``, ``used``, ``gov``, ``acorns``, ``faction``, ``out``, ``new_p``,
    ``new_h``; ``deck``, ``discard`` and ``piles`` as counts; ``cb`` (combat; the other side's face-down
    cards as a count), ``trip``, ``pend`` (card/power target being chosen), ``offer``
    (exchange offer; the card hidden from others), ``sd`` (the sequence's own data, e.g.
    candidates and votes in 4C), ``worm_eaten``, ``over``, ``win``.

Text notation (:mod:`.notation`)
    ``state.notation()`` gives one line such as
    ``SP1 n=3 rules=full turn=2 seq=3A order=213 rp=1 | 0,0:Pr:a3:b2h1 1,0:Py:a1 -1,0:A:pir3``
    (header ``key=value`` fields, then each cell ``q,r:TILE`` with its occupants in arrival
    order: player letters a-f with piglets and ``h``+hogs, ``pir``/``por`` + count, ``worm``).
    ``from_notation(text, seed=0, max_rounds=None, script=[...])`` starts a game at the *start*
    of the named sequence (``script`` queues dice for rolls made at once); its
    ``state.start_events`` are the events of that start. Examples::

        sp.from_notation("SP1 n=3 turn=2 seq=2B order=123 rp=1 trips=3,2,2 | "
                         "0,0:Pr:a3 1,0:Py:b3 -1,0:A 0,1:Pb -1,1:Pb:c3")   # travel
        sp.from_notation("SP1 n=3 turn=2 seq=3A order=123 rp=1 | 0,0:Pr:a3:b2h1 -1,1:Pb:c3",
                         script=[8, 6])                                  # a combat, dice set

Display helpers: ``state.describe(action)`` (``str(action)`` with clan and hex names),
``state.summary()`` (the board in a few lines), ``state.hex_label(i)``, ``state.pname(p)``,
:func:`troops_text` (``troops_text(2, 1)`` reads "2 piglets and 1 hog").
A combat card's ``str(action)`` names the card: show players only the event texts (cards
played face down read "plays a card face down") or their own actions.

Travel, for pages (public information only): ``state.trip_destinations(p, hex)`` lists where a
trip of player ``p`` leaving ``hex`` could end (neighbours; with a ship card or power in play,
its range or anywhere; never the sun, another clan's Acorn Festival or a forbidden planet),
``state.can_land(p, hex)`` says whether ``p`` may disembark there, and
``SpacePigsState.from_view(state.view_dict(p))`` rebuilds a read-only state from a view, on
which both give the same answers as on the real state.

For bots that search: ``determinize(state.player_view(p), rng)`` (:mod:`.determinize`) is a
complete, playable state consistent with everything ``p`` sees, with the other seats' secrets,
the unseen cards and tiles and the dice to come drawn from ``rng`` (a ``random.Random``).

Events (``apply`` returns them) have ``kind`` (named in :mod:`.events`: ``events.LAND``,
``events.COMBAT``, ``events.ROUND``, ``events.WIPEOUT``, ``events.VICTORY``, ...), ``text`` and ``data``; dice and reveals are
``irreversible``. ``state.setup_log`` holds the set-up texts (clans, first-player rolls).

Combat uses :mod:`livestock_notebooks.odds` (``Pigs``, ``Pirates``, ``Porcophages``,
``AcornWorm``, ``resolve_round``): the engine rolls each side's ``strength_dice()`` and lets
the shared model decide, so the exact odds (``odds.space_pigs_combat``) describe the engine.
Rule values, house values and every reading chosen are in ``data/space_pigs/rules.json`` and
``event_cards.json`` (``readings`` lists); :func:`readings` returns them.

Not offered (see the readings): card exchanges during a combat or a trip (they are offered in
every per-player step of a sequence instead of "at any time"). The Freedom layout checks that
the rim *hexes* stay one chain (hexes are laid blind, so it cannot look at planets only).
"""
from __future__ import annotations

from . import actions, events, geometry  # noqa: F401
from .actions import *  # noqa: F401,F403
from .actions import ACTION_CLASSES
from .board import LAYOUTS, OPTION_DEFAULTS, PILES, RULE_SETS, troops_text  # noqa: F401
from .data import CARDS, CLANS, FULL_DECK, RECIPES, RULES, readings, simple_deck  # noqa: F401
from .determinize import determinize
from .flow import SEQ_TITLE, SEQUENCE_ORDER  # noqa: F401
from ..core.game_info import bots_getattr
from .game import GAME
from .notation import NotationError, to_notation
from .setup import from_notation, load, new_game
from .state import SpacePigsState

__all__ = [
    "GAME", "new_game", "load", "from_notation", "to_notation", "NotationError", "SpacePigsState", "CARDS", "CLANS", "readings",
    "CONFORMANCE_CONFIGS", "BENCHMARK_CONFIGS", "ACTION_CLASSES", "SEQ_TITLE", "troops_text", "determinize",
] + [c.__name__ for c in ACTION_CLASSES]

State = SpacePigsState


CONFORMANCE_CONFIGS = [
    {"players": 3, "rules": "full", "max_rounds": 2},
    {"players": 4, "rules": "full", "max_rounds": 2, "clan_powers": True},
    {"players": 5, "rules": "full", "max_rounds": 1, "seventh_planet": True, "inverse_deployment": True},
    {"players": 6, "rules": "full", "max_rounds": 1, "baston_rikiki": True},
    {"players": 3, "rules": "simple_a", "max_rounds": 3},
    {"players": 4, "rules": "simple_b", "max_rounds": 3},
    {"players": 3, "rules": "full", "max_rounds": 1, "layout": "twin", "look_before_placing": True,
     "unexplored": True, "connecting_galaxy": True},
    {"players": 4, "rules": "full", "max_rounds": 1, "layout": "pancake", "all_laid_before_revealed": True},
    {"players": 5, "rules": "simple_a", "max_rounds": 2, "layout": "freedom"},
]

BENCHMARK_CONFIGS = [
    {"players": 4, "rules": "full", "max_rounds": 5},
]


#: the bots, re-exported when first asked for (``GreedyBot``, ``BOTS``, the ``bots`` subpackage):
#: the rules import nothing from the bots subpackage, which imports the rules
__getattr__ = bots_getattr(__name__, ("BOTS", "GreedyBot", "StrongBot"))
