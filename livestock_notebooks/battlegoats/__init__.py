"""BattleGoats: the rules engine, its 81 cards, attack odds and bots (pure Python).

The package has one module per part of the rulebook: :mod:`.board` (the position and its
reading API), :mod:`.army` (deal and draft), :mod:`.setup` (layout, first attacker, moving
cards), :mod:`.attack` (the steps of an attack, dodges), :mod:`.battle` (values, outcome,
captures), :mod:`.turns` (next attacker, rounds, the end), combined as mixins in :mod:`.state`
(dispatch, why an action is illegal, saves, views, invariants); and :mod:`.notation`,
:mod:`.views` (typed player views), :mod:`.events` (event kinds), :mod:`.game` (``GAME``: the
game described once), :mod:`.bots`, :mod:`.tutorial` (the tutorial steps as data).

Quick start::

    from livestock_notebooks import battlegoats as bg
    state = bg.new_game(players=3, seed=1, max_rounds=30, draft=False)
    while not state.is_over:
        action = state.legal_actions()[0]      # or a bot: bg.SeenBot(1).choose(state)
        for event in state.apply(action):
            print(event.text)

Players and seats
    Seats 0..players-1 (``state.players``: 2-6), numbered clockwise: turns go from seat i to i+1; the draft
    passes packs "to the right", i.e. from seat i to seat i-1. Event and action texts say
    "Player 1" for seat 0.

Board
    ``state.board[p]`` is a list of 9 slots (card id or None). Slot ``s`` has row ``s // 3``
    and column ``s % 3``; row 0 is the FRONT row (facing the opponents), row 2 the back row.
    Names: ``F1 F2 F3 / M1 M2 M3 / B1 B2 B3`` (``cards.SLOT_NAMES``). "In front of" a card
    means the same column nearer row 0; "adjacent" means up/down/left/right.

Other state (all public unless said)
    ``state.hands[p]`` (private: cards still to lay out), ``state.packs[p]`` (private: the
    draft pack in front of p), ``state.discard[p]`` (face up, oldest first),
    ``state.face_up`` (cards physically face up in play), ``state.counts_face_up(cid)``
    (face up AND face up when the turn began: what "while face up" effects use),
    ``state.revealed`` (every card revealed so far: the players remember them),
    ``state.seen[p]`` (ids p has seen: own cards, draft packs, reveals), ``state.round``,
    ``state.first_attacker``, ``state.seat`` (whose turn/step), ``state.pending`` (the attack
    in progress), ``state.cards`` (the :class:`CardSet`; ``state.card(cid)`` a :class:`Card`
    with ``name``, ``type``, ``value``, ``ability`` text, ``effects``, ``source``).

Phases (``state.phase``) and the actions each offers (``state.legal_actions()``)::

    ``draft``   ``Pick(player, card)``: keep one card of your pack; when every seat has
                picked, packs pass right; ends when the packs are empty.
    ``layout``  ``Place(player, card, slot)``: one card at a time; seats lay out one after
                another from ``layout_first`` (new_game option, default 0).
    ``first``   ``ChooseFirstAttacker(player, first)``: by the first to finish laying out.
    ``move``    ``MoveAtStart(player, slot, to)``: a card able to move (Jonas) swaps with the
                card in ``to``; ``MoveAtStart(player, STAY, STAY)``: no swap. When the card list
                has such cards, every player is asked (seat order from the first attacker),
                holding one or not, so the steps tell nothing of the hidden armies.
    ``attack``  an attack in steps (``state.stage``):
                ``attacker`` ``ChooseAttacker(player, slot)`` (the card is revealed at once);
                ``target``   ``ChooseTarget(player, target_player, target_slot)``;
                ``opponent`` ``ChooseOpponent(player, opponent)`` (Fainting Goat) then
                ``defender`` ``ChooseDefender(player=opponent, slot)`` (the opponent decides);
                ``second``   ``ChooseTarget`` again or ``SkipSecondTarget`` (Double Ballista);
                ``own``      ``ChooseOwnAdjacent(player, slot)`` (Wizard Goat's own victim);
                ``dodge``    ``Dodge(player=defender, slot, dodge)``: every face-down defending
                             card; ``dodge=True`` only for one that may avoid battle (Matador Goat);
                ``capture``  ``PlaceCaptured(player, slot)`` (Alfonso);
                ``ending``   ``ChooseEnding(player, share)``: the last cards fell together;
                the owners vote in turn (attacker first); shared only if all agree.
    ``over``    ``state.winners`` (empty: no winner), ``state.result`` one of
                ``last_card``, ``shared``, ``no_victors``, ``max_rounds``.
    ``state.current_player`` is whoever decides now (the defender for ``defender``/``dodge``).

Events
    ``apply`` returns :class:`~livestock_notebooks.core.protocol.Event` objects with ``kind``,
    ``text`` and ``data``. Texts never name a face-down card. A battle event
    (``kind == "battle"``) carries ``attack``, ``defense``, ``outcome`` (win/loss/tie/explode)
    and ``attack_parts``/``defense_parts``: ``[description, amount]`` per modifier, for a
    step-by-step reveal. Reveals are ``attack``, ``reveal`` and ``dodge`` events (irreversible).

Hidden information
    ``state.player_view(p)`` is a frozen :class:`BattleGoatsPlayerView` (:mod:`.views`) with only
    what p may know: own cards (hand, pack, battlefield), every face-up card, cards revealed
    earlier (remembered where they lie), counts of others' hands and packs; ``player_view(None)``
    is a spectator's. Show other players nothing else. ``state.redraw_hidden(p, seed)`` is a copy
    with every card p has not seen redrawn (p's view unchanged); ``bg.determinize(view, rng)``
    draws a whole state from a view alone (for searching bots; :mod:`.determinize`).

Helpers for a UI
    ``state.alive()`` (seats with cards in play), ``state.counts_face_up(cid)``,
    ``state.knows_location(p, cid)``, ``state.owner_of(cid)``, ``state.card(cid)``,
    ``state.battle_values((ap, aslot), (dp, dslot), explain=True)`` (both totals, the outcome and
    the modifier parts as the board stands: only for cards the viewer knows!),
    ``state.notation()``, ``state.to_json()`` / ``load(text)``, ``action.to_dict()`` /
    ``action_from_dict(d)``, ``card_name(cid)``, ``slot_name(s)`` / ``parse_slot("B2")``.

Odds
    ``attack_odds(state, player, attacker_slot, (target_player, target_slot), own=None)`` ->
    :class:`AttackOdds` with exact ``win``/``tie``/``loss``/``dodge`` Fractions (they add up to
    1), ``pool_size``, ``known``, ``candidates`` (card id -> (outcome, attack, defense)), a
    ``note`` and ``_repr_html_``; computed from the attacker's knowledge only: an unknown target
    is uniform over ``unknown_pool(state, player)`` (cards whose whereabouts the player does not
    know). ``own`` is the Wizard Goat's own neighbour to include its extra battle.

Cards
    ``standard_cards()`` (81 cards from ``data/battlegoats/cards.json``), ``load_cards(JSON text
    or parsed rows)`` for a player's own list and ``load_cards_file(path)`` to read one from a
    file (both raise :class:`CardListError` listing each bad row),
    ``readings()`` for the rule readings chosen where the rulebook is unclear. The effect
    vocabulary is documented in :mod:`livestock_notebooks.battlegoats.cards`.

Notation (``state.notation()`` / ``from_notation(text, seed=0, cards=None)``)
    ``bg<n> <phase> s<seat> r<round>/<max|-> f<first|-> l<layout_first> basic|draft [custom]``
    then one section per player ``| slots/hand/discard/pack/seen-extra`` and a tail
    ``| rev=<ids> [upturn=<ids>] [pend=<json>] [movers=<json>] [won=<seats>:<result>] [captured]``.
    Slots are 9 comma-separated tokens F1..B3: ``.`` empty, a card id, ``id^`` face up and
    counting as face up, ``id*`` face up since this turn. Lists are comma-separated ids or
    ``-``. Cards not named are set aside. Examples::

        bg2 attack s0 r1/- f0 l0 basic | .,.,.,.,.,.,.,.,cowboy_goat/-/-/-/- | wolf,soldier_goat,.,.,.,.,.,.,./-/-/-/- | rev=-
        bg2 attack s1 r2/10 f0 l0 basic | .,matador_goat^,.,.,.,.,.,.,./-/ram_goat/-/- | .,.,.,.,cyborg_goat,.,.,.,./-/-/-/- | rev=ram_goat

Bots: :class:`RandomBot` (shared) and :class:`SeenBot` (plays on what it has seen), by stable name
``BOTS`` (with the strong bot at its levels), all in the :mod:`.bots` subpackage. ``GAME`` (:mod:`.game`) describes the game once for the session and pages.
"""
from .actions import *  # noqa: F401,F403 - the action classes, ACTION_CLASSES, card_name
from .actions import ACTION_CLASSES
from . import events
from ..core.bots import RandomBot
from ..core.game_info import bots_getattr
from .determinize import determinize
from .cards import (
    ROWS,
    SLOT_NAMES,
    TYPES,
    Card,
    CardListError,
    CardSet,
    card_value,
    load_cards,
    load_cards_file,
    parse_slot,
    readings,
    slot_name,
    standard_cards,
)
from .game import GAME
from .odds import AttackOdds, attack_odds, unknown_pool
from .state import PHASES, STAGES, BattleGoatsState, from_notation, load, new_game
from .views import BattleGoatsPlayerView, PendingView, SlotView

State = BattleGoatsState

CONFORMANCE_CONFIGS = [
    {"players": 2, "max_rounds": 12},
    {"players": 3, "max_rounds": 8, "draft": True},
    {"players": 4, "max_rounds": 6},
    {"players": 6, "max_rounds": 4, "draft": True},
]
BENCHMARK_CONFIGS = [
    {"players": 3, "max_rounds": 40},
    {"players": 6, "max_rounds": 40, "draft": True},
]


#: the bots, re-exported when first asked for (``bg.SeenBot``, ``bg.BOTS``, ``bg.bots``): the
#: rules import nothing from the bots subpackage, which imports the rules
__getattr__ = bots_getattr(__name__, ("BOTS", "SeenBot", "StrongBot"))


def action_from_dict(data):
    """Rebuild a BattleGoats action saved with ``action.to_dict()``."""
    from ..core.protocol import action_from_dict as _afd

    return _afd(data, ACTION_CLASSES)


__all__ = [
    "ACTION_CLASSES", "AttackOdds", "BOTS", "GAME", "BattleGoatsAction", "BattleGoatsPlayerView", "BattleGoatsState", "BENCHMARK_CONFIGS",
    "CONFORMANCE_CONFIGS", "Card", "CardListError", "CardSet", "ChooseAttacker", "ChooseDefender",
    "ChooseEnding", "ChooseFirstAttacker", "ChooseOpponent", "ChooseOwnAdjacent", "ChooseTarget", "Dodge",
    "MoveAtStart", "PHASES", "PendingView", "Pick", "Place", "PlaceCaptured", "ROWS", "RandomBot", "SLOT_NAMES", "STAGES",
    "STAY", "SeenBot", "SkipSecondTarget", "SlotView", "State", "TYPES", "action_from_dict", "attack_odds", "card_name",
    "card_value", "determinize", "from_notation", "load", "load_cards", "load_cards_file", "new_game", "parse_slot", "readings", "slot_name",
    "standard_cards", "unknown_pool",
]
