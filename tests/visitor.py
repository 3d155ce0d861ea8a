"""A light visitor of a Voila page: what a browser asks of the server, without drawing anything.

A browser that opens a play page makes the server do all of the page's server-side work: the
page request starts a kernel, runs the notebook and streams the HTML; the page's script then opens
the kernel's websocket and asks the widget manager for every widget's state (the
``jupyter.widget.control`` comm's ``request_states``), from which it draws the widgets. This
module does exactly those requests in Python, so a test can put a crowd of visitors on a server
and watch real browsers among them, while the test machine's CPU goes to the server rather than
to twenty renderers (on a visitor's own machine that drawing costs the server nothing).

``visit(base_url, path, css_class)`` returns when a widget with ``css_class`` among its classes
is in the kernel's widget state (what the browser would show as a button with that class), and
keeps the websocket open, as an open tab keeps its kernel, until :meth:`Visitor.close`.
"""
from __future__ import annotations

import asyncio
import json
import re
import struct
import time
import uuid
from dataclasses import dataclass, field

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "",
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": [],
    }


def _decode(raw) -> dict:
    """A kernel websocket frame: JSON text, or the binary form (buffer count, offsets, JSON, buffers)."""
    if isinstance(raw, str):
        return json.loads(raw)
    count = struct.unpack("!I", raw[:4])[0]
    offsets = struct.unpack(f"!{count}I", raw[4:4 + 4 * count])
    end = offsets[1] if count > 1 else len(raw)
    return json.loads(raw[offsets[0]:end].decode("utf-8"))


@dataclass
class Visitor:
    """One open page: its kernel id, the widget states it was sent, and the seconds it took."""
    kernel_id: str
    states: dict = field(repr=False)
    seconds: float
    connection: object = field(repr=False, default=None)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


async def visit(base_url: str, path: str, css_class: str, *, timeout: float = 300.0) -> Visitor:
    """Open ``path`` as a browser would and wait for the widget with ``css_class`` in its state.

    Raises ``AssertionError`` saying what went wrong: the page's HTTP status, no kernel in the
    page, an error output in the page, or no such widget once the states arrived."""
    start = time.monotonic()
    client = AsyncHTTPClient(force_instance=True)
    try:
        response = await client.fetch(HTTPRequest(base_url + path, request_timeout=timeout,
                                                  connect_timeout=timeout), raise_error=False)
    finally:
        client.close()
    assert response.code == 200, f"{path}: HTTP {response.code}"
    html = response.body.decode("utf-8", "replace")
    assert "application/vnd.jupyter.stderr" not in html, f"{path}: the page shows an error output"
    found = _CONFIG.search(html)
    assert found, f"{path}: no page configuration in the page"
    kernel_id = json.loads(found.group(1)).get("kernelId")
    assert kernel_id, f"{path}: no kernel in the page"
    cookies = "; ".join(c.split(";", 1)[0] for c in response.headers.get_list("Set-Cookie"))
    session = uuid.uuid4().hex
    ws_url = base_url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id={session}"
    connection = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookies} if cookies else {},
                                                     request_timeout=timeout, connect_timeout=timeout))
    comm_id = uuid.uuid4().hex
    connection.write_message(json.dumps(_message(session, "comm_open", {
        "comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}, {"version": "1.0.0"})))
    connection.write_message(json.dumps(_message(session, "comm_msg", {
        "comm_id": comm_id, "data": {"method": "request_states"}})))
    deadline = start + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"{path}: no widget states after {timeout:.0f} s"
        raw = await asyncio.wait_for(connection.read_message(), left)
        assert raw is not None, f"{path}: the kernel's websocket closed"
        msg = _decode(raw)
        content = msg.get("content", {})
        if msg.get("msg_type") == "comm_msg" and content.get("comm_id") == comm_id:
            data = content.get("data", {})
            if data.get("method") == "update_states":
                states = data.get("states", {})
                break
    classes = [s.get("state", {}).get("_dom_classes", ()) for s in states.values()]
    assert any(css_class in c for c in classes), f"{path}: no widget with class {css_class!r} among {len(states)}"
    return Visitor(kernel_id, states, time.monotonic() - start, connection)
