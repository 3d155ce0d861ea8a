"""Keyboard play: the Voila template ships its own script (dialogs take focus, Esc cancels, the
board is one Tab stop, the title marks your turn), offline, also where Binder installs the
template; the widgets carry the classes the script looks for. The browser side is
tests/test_browser_keyboard.py."""
from __future__ import annotations

import re

from livestock_notebooks import cli

SCRIPT = "static/keyboard.js"


def test_the_template_loads_the_keyboard_script_from_its_own_static_folder() -> None:
    index = (cli.TEMPLATE_DIR / "index.html.j2").read_text()
    assert re.search(r'<script[^>]+src="\{\{ resources\.base_url \}\}voila/templates/livestock/static/keyboard\.js"',
                     index)
    script = (cli.TEMPLATE_DIR / SCRIPT).read_text()
    assert not re.search(r"https?://", script), "the script must fetch nothing from outside"
    assert "fetch(" not in script and "XMLHttpRequest" not in script and "import(" not in script
    for cls in ("lsn-dialog-main", "lsn-dialog-cancel", "lsn-prompt-mine", "aria-live", "lsn-log-scroll"):
        assert cls in script


def test_binder_install_copies_the_keyboard_script(tmp_path) -> None:
    target, _voila_conf, _server_conf = cli.install_template(tmp_path)
    copied = target / SCRIPT
    assert copied.is_file()
    assert copied.read_text() == (cli.TEMPLATE_DIR / SCRIPT).read_text()


def test_the_new_game_question_focuses_keep_playing_and_the_menu_closes_on_esc(tmp_path) -> None:
    from livestock_notebooks.widgets.livestock_uprising.app import livestock_app

    app = livestock_app(autosave=False, save_directory=tmp_path)
    no, yes = app.confirm_no._dom_classes, app.confirm_yes._dom_classes
    assert "lsn-dialog-main" in no and "lsn-dialog-cancel" in no
    assert "lsn-dialog-main" not in yes and "lsn-dialog-cancel" not in yes
    assert "lsn-dialog-cancel" not in app.menu_button._dom_classes  # closed: Esc has nothing to close
    app.menu_button.value = True
    assert "lsn-dialog-cancel" in app.menu_button._dom_classes
    app.menu_button.value = False
    assert "lsn-dialog-cancel" not in app.menu_button._dom_classes


def test_the_games_mark_their_dialog_buttons() -> None:
    from livestock_notebooks.widgets.battlegoats.board import BattleGoatsView
    from livestock_notebooks.widgets.livestock_uprising.panels import BattleDialog

    battle = BattleDialog(lambda _a: None, lambda: None)
    assert "lsn-dialog-main" in battle.commit_button._dom_classes
    assert "lsn-dialog-cancel" in battle.cancel_button._dom_classes
    view = BattleGoatsView()
    assert "lsn-dialog-main" in view.confirm_button._dom_classes
    assert "lsn-dialog-cancel" in view.clear_button._dom_classes
    assert "lsn-dialog-main" in view.report.ok_button._dom_classes


def test_the_turn_alert_is_off_unless_asked_and_fetches_nothing() -> None:
    from livestock_notebooks.cli import TEMPLATE_DIR

    script = (TEMPLATE_DIR / "static" / "turn_alert.js").read_text()
    assert "turn_alert.js" in (TEMPLATE_DIR / "index.html.j2").read_text()
    assert "lsn-notify-on" in script and "lsn-prompt-mine" in script  # only when the player turned it on
    assert not re.search(r"https?://", script) and "fetch(" not in script and "new Audio(" not in script
