"""What a game board is to the shell: :class:`ViewContext` (what it may show),
:class:`GameView` (the base every board extends), :class:`ActionListView` (a generic board:
one button per legal action) and :func:`illegal_message` (an engine refusal in words).

>>> from livestock_notebooks.core.errors import IllegalAction
>>> illegal_message(IllegalAction("only on your turn", section="2.1"))
'Not allowed: only on your turn (rulebook: 2.1).'
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import ipywidgets as w

from ...core.errors import IllegalAction
from ...core.protocol import Action
from ...core.session import Session
from ..common.dom import ButtonPool

__all__ = ["ActionListView", "GameView", "Host", "ScreenRegions", "ViewContext", "illegal_message"]


def illegal_message(error: IllegalAction) -> str:
    """An engine refusal in words: the rule, and the rulebook section when there is one."""
    if error.section:
        return f"Not allowed: {error.rule} (rulebook: {error.section})."
    return f"Not allowed: {error.rule}."



class Host(Protocol):
    """What a view needs of the page that shows it (a :class:`~.app.GameApp`)."""

    def act(self, action: Action) -> bool: ...

    def defer(self, fn: Callable[[], Any]) -> None: ...


@dataclass
class ViewContext:
    """What a game view may show. ``view`` is ``state.player_view(viewer)`` (``None`` when no
    human's view may be shown); ``legal`` are the viewer's legal actions when it is their
    decision, else empty; ``events`` those of the last action."""

    session: Session
    view: Any
    viewer: int | None
    legal: list
    current_player: int | None
    events: list = field(default_factory=list)
    is_over: bool = False
    bot_turn: bool = False

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)


@dataclass
class ScreenRegions:
    """The parts of a game view, as the game screen lays them out (see ``docs/architecture.md``
    and the screen conventions): ``board`` on the left, as big as the height allows; on the
    right, in this order, the ``prompt`` (what to do now) with the ``actions`` for that decision
    (the shell adds its End-turn button there), the ``dialogs`` (battle, combat, vote...: they
    open inside the side panel, never pushing the board down), the current player's ``hand``
    (cards, army), then the log; ``players`` (public facts about every seat) below the board;
    ``advanced`` (tools for the curious) under the page menu's closed "Advanced" section.
    Only ``board`` is required. The shell adds the classes ``lsn-board``, ``lsn-prompt``,
    ``lsn-actions``, ``lsn-hand`` and ``lsn-players`` to these widgets."""

    board: w.Widget
    prompt: w.Widget | None = None
    actions: w.Widget | None = None
    dialogs: tuple = ()
    hand: w.Widget | None = None
    players: w.Widget | None = None
    advanced: tuple = ()


class GameView:
    """Base of a game's main view. Build ``self.widget`` once in ``__init__``; update it in
    place in :meth:`update`; :meth:`clear` must drop everything private (hot-seat). Call
    ``self.app.act(action)`` to play an action (errors are shown by the app)."""

    def __init__(self):
        self.widget: w.Widget = w.VBox()
        self.app: Host | None = None

    def bind(self, app: Host) -> None:
        self.app = app

    def regions(self) -> ScreenRegions:
        """This view's parts for the game screen; by default the whole widget is the board."""
        return ScreenRegions(board=self.widget)

    def update(self, ctx: ViewContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def clear(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        if self.app is None:
            raise RuntimeError("view is not bound to an app")
        return self.app.act(action)

    def let_out(self) -> None:
        """The board's messages are made: let the kernel send them before the rest of the
        drawing (:meth:`~.app.GameApp.let_out`; nothing without an app or a loop)."""
        if self.app is not None and hasattr(self.app, "let_out"):
            self.app.let_out()

    def later(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` right after the current click is handled (on the kernel loop), so the
        board's message leaves first; immediately when there is no loop (tests)."""
        if self.app is not None:
            self.app.defer(fn)
        else:
            fn()


class ActionListView(GameView):
    """A generic view for any engine: the viewer's view as text and one button per legal
    action. Buttons are pooled and relabelled in place. Pages replace it with a real board."""

    def __init__(self, max_buttons: int = 60, describe: Callable[[Any], str] | None = None):
        super().__init__()
        self.describe = describe
        self.info = w.HTML()
        self.info.add_class("lsn-view-info")
        self.pool = ButtonPool("lsn-action", self._clicked)
        self.buttons: list[w.Button] = self.pool.buttons
        self._actions: list[Action] = []
        self.max_buttons = max_buttons
        self.box = w.Box(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.box.add_class("lsn-actions-list")
        self.widget = w.VBox([self.info, self.box])
        self.widget.add_class("lsn-action-view")

    def regions(self) -> ScreenRegions:
        return ScreenRegions(board=self.info, actions=self.box)

    def _clicked(self, index: int) -> None:
        if index < len(self._actions):
            self.act(self._actions[index])

    def update(self, ctx: ViewContext) -> None:
        if self.describe is not None:
            text = self.describe(ctx.view)
        else:
            text = html.escape(json.dumps(ctx.view, sort_keys=True)) if ctx.view is not None else ""
        self.info.value = f'<div class="lsn-view-text">{text}</div>'
        self._actions = list(ctx.legal[: self.max_buttons])
        shown = []
        for i, action in enumerate(self._actions):
            b = self.pool[i]
            b.description = str(action)
            b.tooltip = str(action)
            shown.append(b)
        if tuple(shown) != tuple(self.box.children):
            self.box.children = tuple(shown)

    def clear(self) -> None:
        self.info.value = ""
        self._actions = []
        for b in self.buttons:
            b.description = ""
        self.box.children = ()
