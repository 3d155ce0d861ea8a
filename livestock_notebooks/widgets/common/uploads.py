"""Reading what a ``FileUpload`` widget received.

ipywidgets 7 gives a dict of dicts, ipywidgets 8 a tuple of dicts (or of objects with
``name`` and ``content``); an observer gets a change whose ``"new"`` is that value.
:func:`upload_bytes` accepts any of them and returns the first file as ``(name, bytes)``:

>>> upload_bytes({"new": ({"name": "game.json", "content": b"{}"},)})
('game.json', b'{}')
>>> upload_bytes(()) is None
True
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

__all__ = ["take_upload", "upload_bytes"]


def upload_bytes(change_or_value: Any, default_name: str = "the file") -> tuple[str, bytes] | None:
    """The first uploaded file as ``(name, content)``; ``None`` when nothing was uploaded.

    ``change_or_value`` is an observer's change (``{"new": value, ...}``) or a
    ``FileUpload.value`` itself.
    """
    value = change_or_value
    if isinstance(value, Mapping) and "new" in value and "content" not in value:  # a change
        value = value["new"]
    if not value:
        return None
    if isinstance(value, Mapping):  # ipywidgets 7: {filename: {"content": ..., "metadata": ...}}
        key, item = next(iter(value.items()))
        if isinstance(item, Mapping) and "name" not in item:
            item = {"name": key, **item}
    else:
        item = value[0]
    if isinstance(item, Mapping):
        content = item["content"]
        name = item.get("name") or default_name
    else:
        content = item.content
        name = getattr(item, "name", None) or default_name
    return str(name), bytes(content)


def take_upload(change: Any, upload: Any, handle: Callable[[bytes, str], Any]) -> None:
    """A ``FileUpload`` observer's work: ``handle(content, name)`` for the file received, then the
    upload emptied (so the same file chosen again is a new upload), also when ``handle`` raises.
    The emptying itself is a change with nothing uploaded, which does nothing."""
    received = upload_bytes(change)
    if received is None:
        return
    name, content = received
    try:
        handle(content, name)
    finally:
        upload.value = ()
