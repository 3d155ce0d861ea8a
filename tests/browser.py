"""Helpers for the end-to-end tests: the Voila server process and Chromium.

The fixtures in ``conftest.py`` use these; tests may import them too
(``from browser import voila_url, wait_for_voila, outside_requests``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Iterable, Sequence
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
ARTIFACTS_DIR = Path(os.environ.get("LIVESTOCK_ARTIFACTS", REPO_ROOT / "tests" / "artifacts"))

LOOPBACK = "127.0.0.1"
#: the window sizes the browser tests play at: a 1366x768 screen's page, a laptop's window (that
#: screen less the browser's own bars) and a phone
DESKTOP, LAPTOP, PHONE = (1366, 768), (1366, 650), (390, 844)
#: Chromium flags that work as root in a container and keep the browser itself off the network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: URL schemes that never leave the machine.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}


def find_chromium() -> str | None:
    """Path of a Chromium executable: ``$CHROMIUM`` if set, ``/usr/bin/chromium``, or one on PATH."""
    env = os.environ.get("CHROMIUM")
    if env:
        return env if Path(env).is_file() else None
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    """A TCP port on the loopback interface that is free right now."""
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def wait_for_port(
    port: int, *, host: str = LOOPBACK, timeout: float = 90.0, process: subprocess.Popen | None = None
) -> None:
    """Wait until something accepts TCP connections on ``host:port``.

    A plain connect, never an HTTP request: any GET of a notebook page would start a kernel.
    Raises ``RuntimeError`` if ``process`` exits first, ``TimeoutError`` after ``timeout`` s.
    """
    deadline = time.monotonic() + timeout
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with code {process.returncode} before listening")
        try:
            with socket.create_connection((host, port), timeout=1.0):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listening on {host}:{port} after {timeout:.0f} s")
            time.sleep(0.1)


def console_script() -> list[str]:
    """The ``livestock-notebooks`` console script beside this Python (or on PATH); falls back to
    ``python -m livestock_notebooks`` where the script is not installed."""
    script = Path(sys.executable).with_name("livestock-notebooks")
    if script.is_file():
        return [str(script)]
    found = shutil.which("livestock-notebooks")
    if found:
        return [found]
    return [sys.executable, "-m", "livestock_notebooks"]


def server_command(port: int, extra: Sequence[str] = ()) -> list[str]:
    """``livestock-notebooks --port PORT --no-browser`` (Voila may not hop to another port)."""
    return [*console_script(), "--port", str(port), "--no-browser", "--Voila.port_retries=0", *extra]


def isolated_env(home: Path) -> dict[str, str]:
    """Environment with its own HOME and Jupyter dirs, so nothing is written to the real home."""
    env = dict(os.environ)
    dirs = {
        "HOME": home,
        "JUPYTER_CONFIG_DIR": home / ".jupyter",
        "JUPYTER_DATA_DIR": home / ".local" / "share" / "jupyter",
        "JUPYTER_RUNTIME_DIR": home / ".local" / "share" / "jupyter" / "runtime",
        "IPYTHONDIR": home / ".ipython",
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_CACHE_HOME": home / ".cache",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


#: Servers started by this test run and not yet stopped (stopped at exit, whatever ends the run).
LIVE_SERVERS: "set[ServerProcess]" = set()


def _die_with_parent() -> None:
    """In the child before exec: ask Linux to send SIGTERM when the test process dies, even by
    SIGKILL, so no server (and through it no kernel) outlives its test run."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the atexit and signal handlers still stop it
        pass


def stop_live_servers() -> None:
    """Stop every server this run started and has not stopped (atexit, SIGTERM, SIGHUP)."""
    for server in list(LIVE_SERVERS):
        try:
            server.stop(timeout=10)
        except Exception:  # noqa: BLE001 - keep stopping the others
            pass


atexit.register(stop_live_servers)


class ServerProcess:
    """A server process on a free loopback port, with its own HOME; log in ``home/server.log``.

    It never outlives the test run: it is stopped by its fixture, at interpreter exit, when the
    run gets SIGTERM or SIGHUP (``conftest.py`` turns those into an orderly stop), and, should
    the test process be killed outright, by the kernel's parent-death signal."""

    def __init__(
        self,
        command: Sequence[str],
        home: Path,
        *,
        port: int,
        env: dict[str, str] | None = None,
        startup_timeout: float = 90.0,
    ):
        self.port = port
        self.base_url = f"http://{LOOPBACK}:{self.port}"
        self.home = home
        self.log_path = home / "server.log"
        self._log = open(self.log_path, "wb")
        full_env = isolated_env(home)
        full_env.update(env or {})
        self.process = subprocess.Popen(
            list(command),
            cwd=str(home),
            env=full_env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        LIVE_SERVERS.add(self)
        try:
            wait_for_port(self.port, timeout=startup_timeout, process=self.process)
        except Exception as exc:
            self.stop()
            raise RuntimeError(f"{command[0]} did not start: {exc}\n{self.log_tail()}") from exc

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM (the server then shuts its kernels down); SIGKILL to its group if it hangs."""
        LIVE_SERVERS.discard(self)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        try:  # kernels the server started share its process group: none may stay behind
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._log.close()


class VoilaServer(ServerProcess):
    """A running ``livestock-notebooks`` process on a free loopback port."""

    def __init__(self, home: Path, *, extra: Sequence[str] = (), env: dict[str, str] | None = None,
                 startup_timeout: float = 90.0):
        port = free_port()
        super().__init__(server_command(port, extra), home, port=port, env=env, startup_timeout=startup_timeout)


class BinderLikeServer(ServerProcess):
    """``jupyter server`` with Voila as its extension, the way Binder serves the repository:
    repository root as root dir, a ``/user/<name>/`` base URL, and the template installed by
    ``livestock-notebooks --install-template`` (binder/postBuild) into a scratch prefix."""

    BASE_PATH = "/user/livestock/"

    def __init__(self, home: Path, *, startup_timeout: float = 90.0):
        from livestock_notebooks.cli import install_template

        prefix = home / "prefix"
        install_template(prefix)
        port = free_port()
        command = [
            sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root",
            f"--port={port}", f"--ServerApp.ip={LOOPBACK}", "--ServerApp.port_retries=0",
            f"--ServerApp.base_url={self.BASE_PATH}", f"--ServerApp.root_dir={REPO_ROOT}",
            "--IdentityProvider.token=", "--ServerApp.password=",
        ]
        env = {
            "JUPYTER_PATH": str(prefix / "share" / "jupyter"),
            "JUPYTER_CONFIG_PATH": str(prefix / "etc" / "jupyter"),
        }
        super().__init__(command, home, port=port, env=env, startup_timeout=startup_timeout)
        self.base_url = f"http://{LOOPBACK}:{self.port}{self.BASE_PATH.rstrip('/')}"


def voila_url(base_url: str, notebook: str) -> str:
    """URL of a rendered notebook: ``voila_url(base, "super_army_odds.ipynb")``."""
    return f"{base_url.rstrip('/')}/voila/render/{notebook}"


def wait_for_voila(page, timeout: float = 90_000) -> None:
    """Wait until Voila has executed every cell and shows the page (its loading spinner is gone).

    Widgets render just after; locate them with auto-waiting ``expect(...)`` assertions.
    """
    page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout)


def is_local_url(url: str, host: str = LOOPBACK) -> bool:
    """True if fetching ``url`` stays on ``host`` (or needs no network at all)."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname == host


def outside_requests(urls: Iterable[str], host: str = LOOPBACK) -> list[str]:
    """The URLs in ``urls`` that would leave ``host``."""
    return [url for url in urls if not is_local_url(url, host)]


def screenshot_path(name: str) -> Path:
    """``tests/artifacts/<name>.png`` (directory created), ``name`` made file-safe."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip("_")
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS_DIR / f"{safe[:150]}.png"


#: what of the prompt is cut: a part whose text is longer than its box (it would scroll inside),
#: or that lies below the screen (a play page's prompt, a tutorial's under its card)
CLIPPED_JS = """
() => { const out = [];
  for (const e of document.querySelectorAll('.lsn-screen > .lsn-prompt, .lsn-tut-column > .lsn-prompt,'
      + ' .lsn-prompt > .lsn-view-prompt, .lsn-prompt > .lsn-view-prompt > *, .lsn-prompt .lsn-turn-line')) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect(), name = e.className.split(' ').filter(c => c.startsWith('lsn')).join('.');
    if (e.scrollHeight > e.clientHeight + 1) out.push(`${name}: ${e.scrollHeight} px of text in ${e.clientHeight}`);
    if (r.bottom > window.innerHeight + 1) out.push(`${name}: ends at ${Math.round(r.bottom)}, below the screen`);
  }
  return out; }
"""

#: how far the page is scrolled: the window, and Voila's page box (#rendered_cells), which
#: scrolls in its place when the page is taller than the window
PAGE_SCROLL_JS = """() => Math.max(window.scrollY,
  (document.getElementById('rendered_cells') || {scrollTop: 0}).scrollTop)"""


def open_advanced(page) -> None:
    """Open the setup screen's closed "Advanced" section (the seed lives there)."""
    seed = page.locator(".lsn-seed input")
    if not seed.is_visible():
        page.locator(".lsn-advanced").get_by_text("Advanced").click()
    seed.wait_for(state="visible")


def load_save(page, path) -> None:
    """Load the save file ``path`` through the Menu's Load button (the Menu opened first) and
    wait for the status line to say so; the Menu is left as the page leaves it."""
    from playwright.sync_api import expect

    open_menu(page)
    with page.expect_file_chooser() as chooser:
        page.locator("button.lsn-load").click()
    chooser.value.set_files(str(path))
    expect(page.locator(".lsn-status")).to_contain_text(f"Loaded {path.name}")


def open_menu(page, *, advanced: bool = False) -> None:
    """Open the page's Menu (Save, Load, Bot speed) and, with ``advanced``, its closed
    "Advanced" section (pause or step the bots)."""
    if not page.locator(".lsn-menu").first.is_visible():
        page.locator(".lsn-menu-toggle").first.click()
    page.locator(".lsn-menu").first.wait_for(state="visible")
    if advanced and not page.locator("button.lsn-bots-pause").first.is_visible():
        page.locator(".lsn-menu-advanced").get_by_text("Advanced").first.click()
        page.locator("button.lsn-bots-pause").first.wait_for(state="visible")


def choose_seats(page, seats: Sequence[str], *, speed_select: str | None = None,
                 speed: str = "Fast", seed: int | None = None) -> None:
    """Fill in the shared game shell's setup screen: player count, one kind per seat
    ("Human" or a bot name), optionally the page's bot-speed select and the seed."""
    page.locator(".lsn-players select").select_option(str(len(seats)))
    for i, kind in enumerate(seats):
        page.locator(f".lsn-seat-{i} select").select_option(kind)
    if speed_select:
        select = page.locator(f"{speed_select} select").first
        if not select.is_visible():  # the shell's Bot speed sits in the closed Menu
            page.locator(".lsn-menu-toggle").first.click()
        select.select_option(speed)
    if seed is not None:
        open_advanced(page)
        page.locator(".lsn-seed input").fill(str(seed))
        page.locator(".lsn-seed input").press("Enter")


def open_page(browser, base_url: str, notebook: str, size: tuple[int, int] = DESKTOP, *, start: bool = True):
    """A new context and page at ``size`` showing ``notebook`` (without ``.ipynb``), with its
    JavaScript errors collected; on a play page (``start``) the setup screen is shown (an
    offered autosave is put aside with "New game"). Returns ``(context, page, errors)``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console.error: {msg.text}") if msg.type == "error" else None)
    page.goto(voila_url(base_url, f"{notebook}.ipynb"))
    wait_for_voila(page)
    if start:
        show_setup(page)
    return context, page, errors


def show_setup(page) -> None:
    """On a play page just opened: put an offered autosave aside ("New game") so the setup
    screen shows."""
    page.wait_for_selector("button.lsn-start:visible, button.lsn-resume-new:visible")
    if page.locator("button.lsn-resume-new").is_visible():
        page.locator("button.lsn-resume-new").click()
    page.locator("button.lsn-start").wait_for(state="visible")


def start_game(page) -> None:
    """Press Start game on the setup screen and wait for the board."""
    page.locator("button.lsn-start").click()
    page.locator(".lsn-board").first.wait_for(state="visible")


def page_text(page) -> str:
    """What a player can read on the page: the visible text (``innerText``) of the body."""
    return page.evaluate("() => document.body.innerText")
