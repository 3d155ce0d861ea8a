"""Saves on the page of :class:`~.app.GameApp`: the offer to resume an autosaved game, the
Save button (a download link holding the whole game), loading a save file, and the autosave
shared by several tabs.

:class:`SaveControls` is a part of ``GameApp`` (a mixin): it builds ``resume_box``,
``save_box`` and ``conflict_box`` and their widgets; the app supplies ``spec``, ``session``,
``_enter`` and ``_message``.

- A bad autosave (anything that does not load) never breaks the page: at page open it is set
  aside (renamed, kept), the status line says so in one line and the setup screen offers a
  new game.
- Every failed Load shows its message, also the second failure in a row.
- Two tabs (or processes) share one autosave file: a session never overwrites a game another
  session wrote after it last saw the file. The page then says "This game was continued in
  another tab..." and offers "Take over here" (overwrite) or "Save a copy".
"""
from __future__ import annotations

import base64
import datetime as _dt
import html

import ipywidgets as w

from ...core.errors import SaveFileError
from ...core.session import AutosaveCheck, AutosaveConflict, AutosaveInfo, GameInfo, LogEntry, Session, check_autosave
from ..common.dom import button, hide, show
from ..common.uploads import take_upload

__all__ = ["SaveControls", "saved_when"]


def saved_when(iso: str, now: _dt.datetime | None = None) -> str:
    """An autosave's time in words: ``"just now"``, ``"12 minutes ago"``, ``"3 hours ago"``,
    else the date (``"on 28 Nov 2026"``); ``""`` for a time that cannot be read.

    >>> saved_when("2026-12-01T10:00:00+00:00", _dt.datetime(2026, 12, 1, 10, 12, tzinfo=_dt.timezone.utc))
    '12 minutes ago'
    """
    try:
        then = _dt.datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return ""
    if then.tzinfo is None:
        then = then.replace(tzinfo=_dt.timezone.utc)
    now = now or _dt.datetime.now(_dt.timezone.utc)
    seconds = (now - then).total_seconds()
    if -60 < seconds < 60:
        return "just now"
    for unit, size in (("minute", 60), ("hour", 3600), ("day", 86400)):
        count = int(seconds // size)
        if 0 < seconds < size * (60 if unit == "minute" else 24 if unit == "hour" else 7):
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return f"on {then.day} {then.strftime('%b %Y')}"


class SaveControls:
    """Resume offer, save link and load upload (part of ``GameApp``)."""

    spec: GameInfo
    session: Session | None
    autosave: bool

    def _build_resume_offer(self) -> None:
        # the offer's text and buttons are made only when there is a game to offer
        # (:meth:`_fill_resume_offer`): the browser is sent every widget a page makes
        self.resume_box = w.VBox()
        self.resume_box.add_class("lsn-resume-box")
        self._autosave_found: AutosaveInfo | None = None
        self._autosave_seen: tuple[str, int] | None = None  # who wrote the autosave when last seen
        self._load_failures = 0

    def _build_save_box(self) -> None:
        self.save_button = button("Save game", "lsn-save", self.prepare_save,
                                  icon="download", tooltip="Make a save file to download")
        self.save_link = w.HTML()
        self.save_link.add_class("lsn-save-link")
        self.load_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Load game")
        self.load_upload.add_class("lsn-load")
        self.load_upload.observe(self._on_upload, "value")
        hide(self.save_button)  # the link below is the Save button (kept for scripts: prepare_save)
        self.save_box = w.HBox([self.save_button, self.save_link, self.load_upload], layout=w.Layout(align_items="center", grid_gap="8px"))
        self.save_box.add_class("lsn-save-box")
        self.conflict_text = w.HTML()
        self.conflict_text.add_class("lsn-conflict-text")
        self.take_over_button = button("Take over here", "lsn-conflict-take-over", self.take_over_autosave,
                                       width="auto", button_style="warning", icon="sign-in",
                                       tooltip="Autosave this tab's game, replacing the other one")
        self.save_copy_button = button("Save a copy", "lsn-conflict-copy", self.save_copy, width="auto",
                                       icon="copy", tooltip="Keep this tab's game in a file of its own")
        self.conflict_box = w.VBox([self.conflict_text, w.HBox([self.take_over_button, self.save_copy_button])])
        self.conflict_box.add_class("lsn-conflict")
        hide(self.conflict_box)

    def _fill_resume_offer(self) -> None:
        """The resume offer's text and its two buttons, made once."""
        if "resume_button" in vars(self):
            return
        self.resume_info = w.HTML()
        self.resume_button = button("Resume game in progress", "lsn-resume", self.resume,
                                    width="auto", button_style="success", icon="play")
        self.new_instead_button = button("New game", "lsn-resume-new", self.show_setup, width="auto", icon="plus")
        self.resume_box.children = (self.resume_info, w.HBox([self.resume_button, self.new_instead_button]))

    def _offer_autosave(self, check_resume: bool) -> None:
        """At page open: offer an unfinished autosaved game instead of the setup screen; a bad
        autosave is set aside with a one-line message (the setup screen offers a new game)."""
        check = check_autosave(self.spec, self.save_directory) if self.autosave else AutosaveCheck()
        self._autosave_seen = check.seen
        if check.problem is not None:
            self._message(check.message, "error")
        found = check.found if check_resume else None
        if found is not None:
            self._autosave_found = found
            self._fill_resume_offer()
            self.resume_info.value = (
                '<div class="lsn-section-title">A game is in progress</div>'
                f"<div>{html.escape(found.summary)}</div>"
                f'<div style="color:#555" title="{html.escape(found.saved_at)}">Saved '
                f'{html.escape(saved_when(found.saved_at) or "earlier")}</div>'
            )
            hide(self.setup_box)
        else:
            hide(self.resume_box)

    def resume(self) -> Session | None:
        """Resume the autosaved game offered at page open."""
        found = self._autosave_found or check_autosave(self.spec, self.save_directory).found
        if found is None:
            self._message("There is no game in progress to resume.", "error")
            return None
        try:
            session = Session.from_save_text(self.spec, found.text, autosave=self.autosave,
                                             save_directory=self.save_directory, autosave_seen=found.key)
        except SaveFileError as exc:
            self.show_setup()
            self._message(f"Could not resume: {exc}", "error")
            return None
        session.log.append(LogEntry("Game resumed.", None, "resume"))
        self._enter(session, "Game resumed.")
        return session

    def load_text(self, text: str | bytes, name: str = "the file") -> bool:
        """Load a save file's text; a clear message on every failure, numbered from the second
        failure in a row (the current game stays)."""
        try:
            session = Session.from_save_text(self.spec, text, autosave=self.autosave,
                                             save_directory=self.save_directory, autosave_seen=self._seen_now())
        except Exception as exc:  # SaveFileError, or anything a broken file makes a page raise
            reason = str(exc) if isinstance(exc, SaveFileError) else f"the file is corrupt ({type(exc).__name__})"
            self._load_failures += 1
            again = f" (attempt {self._load_failures})" if self._load_failures > 1 else ""
            self._message(f"Could not load {name}: {reason}{again}", "error")
            return False
        self._load_failures = 0
        session.log.append(LogEntry(f"Game loaded from {name}.", None, "load"))
        session.write_autosave()
        self._enter(session, f"Loaded {name}.")
        return True

    def _on_upload(self, change) -> None:
        take_upload(change, self.load_upload, self.load_text)

    # -- the autosave shared by tabs ---------------------------------------------------------
    def _seen_now(self) -> tuple[str, int] | None:
        """Who wrote the autosave when this page last saw it (a new session starts from that)."""
        return self.session.autosave_seen if self.session is not None else self._autosave_seen

    def _leave_session(self) -> None:
        """The page stops showing ``session``: remember what it last saw of the autosave."""
        if self.session is not None:
            self._autosave_seen = self.session.autosave_seen
            self.session.on_autosave_conflict = None
        if self.screen_built:
            hide(self.conflict_box)

    def _watch_autosave(self, session: Session) -> None:
        """Show a conflict of ``session`` now and whenever one arises."""
        session.on_autosave_conflict = self._show_conflict
        if session.autosave_conflict is not None:
            self._show_conflict(session.autosave_conflict)
        else:
            hide(self.conflict_box)

    def _show_conflict(self, conflict: AutosaveConflict) -> None:
        self.conflict_text.value = f'<div class="lsn-conflict-message">{html.escape(conflict.message)}</div>'
        show(self.conflict_box)
        self._message(conflict.message, "error")

    def take_over_autosave(self) -> bool:
        """"Take over here": this tab's game replaces the other one in the autosave."""
        s = self.session
        if s is None or s.take_over_autosave() is None:
            self._message("Could not write the autosave.", "error")
            return False
        hide(self.conflict_box)
        self._message("This tab's game is autosaved again (the other tab's game was replaced).", "info")
        return True

    def save_copy(self):
        """"Save a copy": this tab's game in a file of its own in the save folder, and a link."""
        s = self.session
        if s is None:
            return None
        try:
            path = s.save_copy()
        except OSError as exc:
            self._message(f"Could not save a copy: {exc.strerror or exc}", "error")
            return None
        self.prepare_save()
        self._message(f"Saved a copy as {path.name} in the save folder; Save game in the menu downloads it too.",
                      "info")
        return path

    def prepare_save(self) -> str:
        """Bring the Save-game link up to date now and return the save's text (the link is kept
        current after every change anyway, see :meth:`update_save_link`)."""
        s = self.session
        if s is None:
            self._message("There is no game to save.", "error")
            return ""
        return self.update_save_link()

    def update_save_link(self) -> str:
        """The menu's *Save game* is a download link holding the whole game: one click saves.
        It is rewritten after every change (by the page, after the board is drawn); it holds
        hidden cards too, so it is emptied while the device is passed on (hot-seat)."""
        s = self.session
        if s is None or s.needs_handoff or getattr(s, "remote", False):  # a table's save: every seat's cards
            self.save_link.value = ""
            return ""
        text = s.to_save_text()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = html.escape(s.save_filename())
        self.save_link.value = (f'<a class="lsn-save-anchor lsn-save-download" download="{name}" '
                                f'href="data:application/json;base64,{data}" title="Download this game as {name}">'
                                f'<i class="fa fa-download"></i> Save game</a>')
        return text
