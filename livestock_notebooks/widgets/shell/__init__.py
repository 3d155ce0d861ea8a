"""widgets/shell: the page every game shares (seats, turns, bots, hot-seat, undo, saves,
log) and the one tutorial page. Game pages import from here::

    from ..shell import GameApp, GameView, ViewContext, BOT_SPEEDS
"""
from .app import (
    APP_CSS,
    HUMAN_LABEL,
    ActionListView,
    Batch,
    GameApp,
    GameLog,
    GameView,
    HeadlessRunner,
    ViewContext,
    illegal_message,
)
from .pacing import BOT_SPEEDS, DEFAULT_BOT_SPEED, Ticker, running_loop
from .tutorial import TutorialPage, tutorial_css

from . import app as _app, pacing as _pacing

__all__ = sorted({*_app.__all__, *_pacing.__all__, "TutorialPage", "tutorial_css"})
