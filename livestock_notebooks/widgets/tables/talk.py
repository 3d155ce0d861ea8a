"""Under a table's game screen: the table's chat and, once the game is over, the rematch; and "Continue on another device" for a seated player.

:class:`TableTalk` shows the latest messages (escaped: a name or a message is text, never
markup), a box and a Send button for a seated player (a watcher reads only), and at the end of
the game a *Rematch* button (same seats, a new deal; :func:`~livestock_notebooks.tables.social.
rematch`). Once a rematch exists every seated page links to it and keeps this browser's seat
token for it, so the link opens the new game at the same seat. *Continue on another device*
shows a one-time link (:func:`~livestock_notebooks.tables.social.seat_move_code`) that moves the
seat to the browser that opens it.
"""
from __future__ import annotations

import html
from typing import Any, Callable
from urllib.parse import quote

import ipywidgets as w

from ...tables.social import (
    CHAT_MAX, MOVE_SECONDS, ChatRefused, chat_lines, post_chat, rematch, rematch_of, seat_move_code,
)
from ...tables.store import BadToken, TableError
from ..common.dom import button, hide, message_html, show

__all__ = ["TableTalk"]


class TableTalk:
    """The chat and the rematch of the table a page shows (see the module docstring).
    ``remember(table_id, token)`` keeps a seat token for this browser (the page's ``SeatTokens``)."""

    def __init__(self, store: Any, remember: Callable[[str, str], Any], link_for: Callable[[str], str] = str):
        self.store = store
        self.remember = remember
        self.link_for = link_for  # the table's page address for a table id
        self.session: Any = None
        self.lines = w.HTML()
        self.lines.add_class("lsn-table-chat-lines")
        self.entry = w.Text(placeholder=f"A message to the table (at most {CHAT_MAX} characters)",
                            layout=w.Layout(width="min(30em, 100%)"))
        self.entry.add_class("lsn-table-chat-input")
        self.send = button("Send", "lsn-table-chat-send", self._send, width="auto", icon="paper-plane")
        self.note = w.HTML()
        self.note.add_class("lsn-table-chat-note")
        self.write_box = w.HBox([self.entry, self.send], layout=w.Layout(grid_gap="6px", flex_flow="row wrap"))
        self.rematch_button = button("Rematch: same seats, new deal", "lsn-table-rematch", self._rematch,
                                     width="auto", icon="refresh")
        self.rematch_link = w.HTML()
        self.rematch_link.add_class("lsn-table-rematch-link")
        self.move_button = button("Continue on another device", "lsn-table-move", self._move_link,
                                  width="auto", icon="mobile")
        self.move_link = w.Text(layout=w.Layout(width="min(36em, 100%)"))
        self.move_link.add_class("lsn-table-move-link")
        self.move_note = w.HTML()
        self.move_box = w.VBox([self.move_button, self.move_link, self.move_note])
        self.widget = w.VBox([w.HTML('<div class="lsn-section-title">Table chat</div>'), self.lines,
                              self.write_box, self.note, w.HBox([self.rematch_button, self.rematch_link]),
                              self.move_box])
        self.widget.add_class("lsn-table-talk")
        hide(self.rematch_button)
        hide(self.move_link)

    def update(self, session: Any) -> None:
        """Show the table of ``session`` as it is now: its messages, who may write, the rematch."""
        self.session = session
        lines = chat_lines(self.store, session.table_id)
        items = "".join(f'<li><b class="lsn-table-chat-name">{html.escape(line.name)}</b>: '
                        f'<span class="lsn-table-chat-text">{html.escape(line.text)}</span></li>' for line in lines)
        value = f'<ul class="lsn-table-chat-list">{items}</ul>' if items else '<div style="color:#666">No messages yet.</div>'
        if value != self.lines.value:
            self.lines.value = value
        (show if session.token is not None else hide)(self.write_box)
        (show if session.token is not None else hide)(self.move_box)
        self._show_rematch(session)

    def _show_rematch(self, session: Any) -> None:
        over = session.record.status == "over"
        after = rematch_of(self.store, session.table_id) if over else None
        if after is not None and session.token is not None:
            self.remember(after, session.token)  # the same seat at the rematch
        seated = session.token is not None
        (show if over and seated and after is None else hide)(self.rematch_button)
        link = (f'<a class="lsn-table-rematch-go" href="?table={html.escape(quote(after))}" target="_self">'
                f'{"Play the rematch" if seated else "Watch the rematch"}</a>') if after else ""
        if link != self.rematch_link.value:
            self.rematch_link.value = link

    # -- clicks ----------------------------------------------------------------------------------
    def _send(self) -> None:
        s = self.session
        if s is None:
            return
        try:
            post_chat(self.store, s.table_id, s.token, self.entry.value)
        except (ChatRefused, BadToken) as exc:
            self.note.value = message_html(f"Not sent: {exc}.", "error")
            return
        self.entry.value = ""
        self.note.value = ""
        self.update(s)

    def _move_link(self) -> None:
        s = self.session
        if s is None:
            return
        try:
            code = seat_move_code(self.store, s.table_id, s.token)
        except BadToken as exc:
            self.move_note.value = message_html(f"No link: {exc}.", "error")
            return
        self.move_link.value = f"{self.link_for(s.table_id)}&move={quote(code)}"
        show(self.move_link)
        self.move_note.value = message_html(
            f"Open this link on your other device: your seat moves there and this page goes on watching. "
            f"It works once, for {MOVE_SECONDS / 60:.0f} minutes; do not share it.", "info")

    def _rematch(self) -> None:
        s = self.session
        if s is None:
            return
        try:
            rematch(self.store, s.table_id, s.token)
        except (TableError, BadToken) as exc:
            self.note.value = message_html(f"No rematch: {exc}.", "error")
            return
        self.update(s)
