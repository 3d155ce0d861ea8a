"""Saves on the page of :class:`~.app.GameApp`: the offer to resume an autosaved game, the
Save button (a download link holding the whole game), and loading a save file.

:class:`SaveControls` is a part of ``GameApp`` (a mixin): it builds ``resume_box`` and
``save_box`` and their widgets; the app supplies ``spec``, ``session``, ``_enter`` and
``_message``.
"""
from __future__ import annotations

import base64
import html

import ipywidgets as w

from ...core.errors import SaveFileError
from ...core.session import AutosaveInfo, GameInfo, LogEntry, Session, find_autosave
from ..common.dom import button, hide
from ..common.uploads import upload_bytes

__all__ = ["SaveControls"]


class SaveControls:
    """Resume offer, save link and load upload (part of ``GameApp``)."""

    spec: GameInfo
    session: Session | None
    autosave: bool

    def _build_resume_offer(self) -> None:
        self.resume_info = w.HTML()
        self.resume_button = button("Resume game in progress", "lsn-resume", self.resume,
                                    width="auto", button_style="success", icon="play")
        self.new_instead_button = button("New game", "lsn-resume-new", self.show_setup, width="auto", icon="plus")
        self.resume_box = w.VBox([self.resume_info, w.HBox([self.resume_button, self.new_instead_button])])
        self.resume_box.add_class("lsn-resume-box")
        self._autosave_found: AutosaveInfo | None = None

    def _build_save_box(self) -> None:
        self.save_button = button("Save game", "lsn-save", self.prepare_save,
                                  icon="download", tooltip="Make a save file to download")
        self.save_link = w.HTML()
        self.save_link.add_class("lsn-save-link")
        self.load_upload = w.FileUpload(accept=".json,application/json", multiple=False, description="Load game")
        self.load_upload.add_class("lsn-load")
        self.load_upload.observe(self._on_upload, "value")
        self.save_box = w.HBox([self.save_button, self.save_link, self.load_upload], layout=w.Layout(align_items="center", grid_gap="8px"))
        self.save_box.add_class("lsn-save-box")

    def _offer_autosave(self, check_resume: bool) -> None:
        """At page open: offer an unfinished autosaved game instead of the setup screen."""
        found = find_autosave(self.spec, self.save_directory) if (check_resume and self.autosave) else None
        if found is not None:
            self._autosave_found = found
            self.resume_info.value = (
                '<div class="lsn-section-title">A game is in progress</div>'
                f"<div>{html.escape(found.summary)}</div>"
                f'<div style="color:#555">Saved {html.escape(found.saved_at)}</div>'
            )
            hide(self.setup_box)
        else:
            hide(self.resume_box)

    def resume(self) -> Session | None:
        """Resume the autosaved game offered at page open."""
        found = self._autosave_found or find_autosave(self.spec, self.save_directory)
        if found is None:
            self._message("There is no game in progress to resume.", "error")
            return None
        try:
            session = Session.from_save_text(self.spec, found.text, autosave=self.autosave,
                                             save_directory=self.save_directory)
        except SaveFileError as exc:
            self._message(f"Could not resume: {exc}", "error")
            self.show_setup()
            return None
        session.log.append(LogEntry("Game resumed.", None, "resume"))
        self._enter(session, "Game resumed.")
        return session

    def load_text(self, text: str | bytes, name: str = "the file") -> bool:
        """Load a save file's text; a clear message on failure (the current game stays)."""
        try:
            session = Session.from_save_text(self.spec, text, autosave=self.autosave,
                                             save_directory=self.save_directory)
        except SaveFileError as exc:
            self._message(f"Could not load {name}: {exc}", "error")
            return False
        session.log.append(LogEntry(f"Game loaded from {name}.", None, "load"))
        session.write_autosave()
        self._enter(session, f"Loaded {name}.")
        return True

    def _on_upload(self, change) -> None:
        upload = upload_bytes(change)
        if upload is None:
            return
        name, content = upload
        self.load_text(content, name)
        self.load_upload.value = ()

    def prepare_save(self) -> str:
        """Make the download link of the current game (the Save button). The link holds the
        whole game, hidden cards too, so it is dropped again at the next change or hand-off."""
        s = self.session
        if s is None:
            self._message("There is no game to save.", "error")
            return ""
        data = base64.b64encode(s.to_save_text().encode("utf-8")).decode("ascii")
        name = html.escape(s.save_filename())
        self.save_link.value = (f'<a class="lsn-save-anchor" download="{name}" '
                                f'href="data:application/json;base64,{data}">Download {name}</a>')
        self._message("Click the link to download the save file.", "info")
        return s.to_save_text()
