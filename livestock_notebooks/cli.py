"""``livestock-notebooks``: serve the project's notebooks as a local web app with Voila.

The landing page ``/`` redirects to the index notebook (``/voila/render/index.ipynb``), and every
notebook renders at ``/voila/render/<name>.ipynb``. The server listens on 127.0.0.1 only, culls
idle kernels, and uses the ``livestock`` Voila template shipped in this package, which makes the
pages load nothing from any host but the one serving them.

Safety of the served app:

- Listening on any address but loopback needs ``--allow-remote``; the command then prints what
  is exposed. Requests whose ``Host`` header names another host are refused (403), which stops
  DNS-rebinding pages from reaching the app; ``--allow-host NAME`` adds names.
- Closing a page shuts its kernel down within seconds: Voila's page asks for it with a beacon
  that carries no XSRF token (Voila issue 1458), which Voila refuses; this app accepts it from
  the same origin only.
- Visitors never see tracebacks (they name server paths): Voila shows a short message and the
  operator's log has the details.
- Each browser gets a random id in an ``lsn_browser`` cookie, passed to its pages' kernels, so
  autosaves belong to one browser: another browser is never offered its game
  (see :func:`livestock_notebooks.core.session.browser_id`).

``python -m livestock_notebooks`` is the same command. Its subcommands (``serve``, the default;
``lab``; ``copy-notebooks``) are registered at the end of this module, one line each; the
machinery (one-line errors, Ctrl-C, ``--version``) is :mod:`livestock_notebooks.command`.
"""

from __future__ import annotations

import argparse
import http.cookies
import ipaddress
import json
import os
import re
import secrets
import socket
import shutil
import signal
import sys
from pathlib import Path
from typing import Sequence
from urllib.parse import urlsplit

from .command import CommandError, add_command, dispatch

PACKAGE_DIR = Path(__file__).resolve().parent
# Jupyter data directory shipped inside the package (holds ``voila/templates/livestock``).
JUPYTER_DATA_DIR = PACKAGE_DIR / "share" / "jupyter"
TEMPLATE_NAME = "livestock"
TEMPLATE_DIR = JUPYTER_DATA_DIR / "voila" / "templates" / TEMPLATE_NAME
INDEX_NOTEBOOK = "index.ipynb"
# The notebooks a built wheel ships (copied there by ``setup.py`` at build time).
INSTALLED_NOTEBOOKS_DIR = PACKAGE_DIR / "notebooks"
DEFAULT_PORT = 8866
#: the address the app listens on unless told otherwise: this machine only
DEFAULT_IP = "127.0.0.1"
#: Kernels with no open page are shut down after this many idle seconds.
CULL_IDLE_TIMEOUT = 600
CULL_INTERVAL = 60
NOTEBOOKS_ENV = "LIVESTOCK_NOTEBOOKS_DIR"
BROWSER_COOKIE = "lsn_browser"
#: seconds a page's cell waits for its output after the kernel said it ran (nbclient's default, 4 s,
#: lost the outputs of pages opened together on a busy machine: blank pages); past it the cell
#: errs and the page says it could not be made ready and tries again (template's page_ready.js)
IOPUB_TIMEOUT = 60
#: seconds a page's kernel may take to start (Voila's default 60 s is short with 20 pages at once)
KERNEL_STARTUP_TIMEOUT = 120
#: the pages ``--preheat N`` keeps N kernels started for (the games people open most)
PREHEAT_NOTEBOOKS = ("battlegoats_play.ipynb", "livestock_uprising_play.ipynb", "space_pigs_play.ipynb",
                     "tables.ipynb")
#: request header carrying the browser id to Voila (exported to the kernel as HTTP_X_LIVESTOCK_BROWSER)
BROWSER_HEADER = "X-Livestock-Browser"


def checkout_notebooks_dir() -> Path | None:
    """``notebooks/`` of the checkout this package runs from (an editable install), else ``None``.

    A checkout is recognised by ``pyproject.toml`` beside the package folder, so a stray
    ``notebooks/`` in ``site-packages`` is never taken for one.
    """
    root = PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "notebooks").is_dir():
        return root / "notebooks"
    return None


def find_notebooks_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Return the folder of notebooks to serve.

    In order: ``override`` (the ``--notebooks`` option), the ``LIVESTOCK_NOTEBOOKS_DIR``
    environment variable, the checkout's ``notebooks/`` (an editable install), the copy shipped
    inside the installed package (``livestock_notebooks/notebooks/``, written by the build),
    ``notebooks/`` in the current directory. Raises ``FileNotFoundError`` if none exists.
    """
    candidates: list[Path] = []
    if override is not None:
        path = Path(override).expanduser().resolve()
        if not path.is_dir():
            raise FileNotFoundError(f"notebooks folder not found: {path}")
        return path
    if os.environ.get(NOTEBOOKS_ENV):
        candidates.append(Path(os.environ[NOTEBOOKS_ENV]).expanduser())
    checkout = checkout_notebooks_dir()
    if checkout is not None:
        candidates.append(checkout)
    candidates.append(INSTALLED_NOTEBOOKS_DIR)
    candidates.append(Path.cwd() / "notebooks")
    for path in candidates:
        if (path / INDEX_NOTEBOOK).is_file():
            return path.resolve()
    for path in candidates:
        if path.is_dir():
            return path.resolve()
    tried = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(
        f"no notebooks folder found (tried {tried}); pass --notebooks DIR"
    )


def copy_notebooks(target: str | os.PathLike[str], *, overwrite: bool = False,
                   source: str | os.PathLike[str] | None = None) -> list[Path]:
    """Write editable copies of the app's notebooks into ``target`` (created if missing).

    The copies are yours to change and open in JupyterLab; the app keeps serving its own.
    A notebook already in ``target`` is kept unless ``overwrite``; raises ``FileExistsError``
    naming those files. Returns the paths written.
    """
    folder = Path(source) if source is not None else find_notebooks_dir()
    notebooks = sorted(folder.glob("*.ipynb"))
    if not notebooks:
        raise FileNotFoundError(f"no notebooks in {folder}")
    target = Path(target).expanduser()
    clashes = [target / nb.name for nb in notebooks if (target / nb.name).exists()]
    if clashes and not overwrite:
        names = ", ".join(p.name for p in clashes)
        raise FileExistsError(f"{target} already holds {names}; pass --overwrite to replace them")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for nb in notebooks:
        shutil.copyfile(nb, target / nb.name)
        written.append(target / nb.name)
    return written


def add_copy_notebooks_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``livestock-notebooks copy-notebooks``."""
    parser.add_argument("dir", metavar="DIR", help="folder to write the notebooks into (created if missing)")
    parser.add_argument("--overwrite", action="store_true", help="replace notebooks already in DIR")


def copy_notebooks_command(args: argparse.Namespace) -> int:
    """``livestock-notebooks copy-notebooks DIR [--overwrite]``."""
    try:
        written = copy_notebooks(args.dir, overwrite=args.overwrite)
    except (FileExistsError, FileNotFoundError) as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot write into {args.dir}: {exc.strerror or exc}") from None
    for path in written:
        print(f"wrote {path}")
    print(f"open them with: jupyter lab {args.dir}")
    return 0


def copy_notebooks_main(argv: Sequence[str]) -> int:
    """``livestock-notebooks copy-notebooks ...`` (kept for callers of the old entry point)."""
    return main(["copy-notebooks", *argv])


def _prepend_jupyter_path(env: dict[str, str] | os._Environ[str]) -> None:
    """Put the package's Jupyter data dir first on JUPYTER_PATH so Voila finds the template."""
    current = env.get("JUPYTER_PATH", "")
    parts = [p for p in current.split(os.pathsep) if p]
    if str(JUPYTER_DATA_DIR) not in parts:
        parts.insert(0, str(JUPYTER_DATA_DIR))
    base = _base_voila_data_dir()
    if base is not None and str(base) not in parts:
        parts.append(str(base))
    env["JUPYTER_PATH"] = os.pathsep.join(parts)


def _base_voila_data_dir() -> Path | None:
    """The Jupyter data dir holding Voila's own ``lab`` template (which ours extends) when this
    Python's prefix has none. Jupyter looks for templates under ``sys.prefix`` only, but Voila may
    be installed elsewhere: in the base Python of a virtual environment made with
    ``--system-site-packages``, or in another environment whose site-packages this one shares.
    Voila's installed file list says where its data files really are."""
    if (Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab").is_dir():
        return None
    try:
        from importlib.metadata import PackageNotFoundError, distribution

        voila = distribution("voila")
        for file in voila.files or []:
            parts = Path(str(file)).parts
            if parts[-2:] == ("lab", "index.html.j2") and "templates" in parts:
                located = Path(str(voila.locate_file(file))).resolve()
                data = located.parents[3]  # DATA/voila/templates/lab/index.html.j2
                if (data / "voila" / "templates" / "lab").is_dir():
                    return data
    except (PackageNotFoundError, OSError, IndexError):
        pass
    for prefix in (sys.base_prefix, sys.exec_prefix):
        data = Path(prefix) / "share" / "jupyter"
        if (data / "voila" / "templates" / "lab").is_dir():
            return data
    return None


def voila_argv(
    notebooks_dir: Path,
    *,
    port: int = DEFAULT_PORT,
    ip: str | None = "127.0.0.1",
    open_browser: bool = True,
    extra: Sequence[str] = (),
) -> list[str]:
    """The Voila command line the app runs (without the program name); ``ip=None`` leaves the
    address to Voila's config files, else :data:`DEFAULT_IP` (see :func:`app_config`)."""
    argv = [
        str(notebooks_dir),
        f"--port={port}",
        *([f"--Voila.ip={ip}"] if ip is not None else []),
        f"--template={TEMPLATE_NAME}",
        "--show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        # the browser id (set from the cookie by BrowserIdTransform) reaches the page's kernel
        f"--VoilaConfiguration.http_header_envs={BROWSER_HEADER}",  # a list's item (no deprecated list syntax)
        # and so does the scheme a proxy in front was reached by (the invite link's https)
        "--VoilaConfiguration.http_header_envs=X-Forwarded-Proto",
        *executor_argv(),
        *kernel_transport_argv(),
        # JupyterLite's in-browser kernel (installed for the static site) is no part of a served
        # page: its lab extension fails to load there (a console error on every page)
        "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension",
    ]
    if not open_browser:
        argv.append("--no-browser")
    # An option given in ``extra`` replaces the default above (traitlets rejects duplicates).
    overridden = {_option_name(a) for a in extra if a.startswith("--")}
    argv = [a for a in argv if not (a.startswith("--") and _option_name(a) in overridden)]
    argv.extend(extra)
    return argv


def app_config(preheat: int = 0) -> dict:
    """The app's configuration beneath Voila's config files and command line: it listens on
    :data:`DEFAULT_IP` unless one of them names another address (which then meets the guard,
    :func:`remote_refusal`); ``--preheat`` pools (:func:`preheat_config`)."""
    return {"Voila": {"ip": DEFAULT_IP}, **(preheat_config(preheat) if preheat > 0 else {})}


def executor_argv() -> list[str]:
    """Voila's executor under load: wait :data:`IOPUB_TIMEOUT` s for a cell's output, then err
    (never render the cell empty), and give a kernel :data:`KERNEL_STARTUP_TIMEOUT` s to start."""
    return [f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}", "--VoilaExecutor.raise_on_iopub_timeout=True",
            f"--VoilaExecutor.startup_timeout={KERNEL_STARTUP_TIMEOUT}"]


def kernel_transport_argv() -> list[str]:
    """Kernels talk to the server over Unix sockets in Voila's connection folder where the
    system has them: TCP ports are picked free, then bound by the kernel a moment later, and
    under load another process can take one first; the kernel then dies at start ("Address
    already in use") while the server keeps asking it to say it is ready, and a full queue to
    that silent kernel blocked the server's event loop (every page and even SIGTERM waited)."""
    return ["--KernelManager.transport=ipc"] if os.name == "posix" else []


def preheat_argv(pool: int) -> list[str]:
    """``--preheat N``: Voila's preheated kernels (started, imports done, waiting for a visitor)."""
    return ["--preheat_kernel=True", f"--pool_size={pool}"] if pool > 0 else []


def preheat_config(pool: int) -> dict:
    """The kernel pools of ``--preheat N``: ``pool`` kernels for each of :data:`PREHEAT_NOTEBOOKS`,
    none for other pages."""
    pools = {name: {"pool_size": pool} for name in PREHEAT_NOTEBOOKS}
    return {"VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 0}, **pools}}}


def request_address(ip: str) -> str:
    """Where a preheated kernel asks the server for its visitor's request (``VOILA_APP_IP``):
    the address it listens on, loopback when that is every address."""
    return "127.0.0.1" if ip in ("0.0.0.0", "::", "") else ip.strip("[]")


def _option_name(arg: str) -> str:
    name = arg.split("=", 1)[0].lstrip("-")
    aliases = {"Voila.port": "port", "Voila.ip": "ip", "VoilaConfiguration.template": "template",
               "VoilaConfiguration.show_tracebacks": "show_tracebacks"}
    return aliases.get(name, name)


def is_loopback(ip: str) -> bool:
    """Whether ``ip`` (an address or a host name) only serves this machine."""
    if ip in ("localhost", ""):
        return ip == "localhost"
    try:
        return ipaddress.ip_address(ip.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(ip: str, extra: Sequence[str] = ()) -> frozenset[str]:
    """Host names (without port) a request may name in its ``Host`` header."""
    names = {"localhost", "127.0.0.1", "::1", ip.strip("[]")}
    if not is_loopback(ip):
        names.add(socket.gethostname())
        names.add(socket.getfqdn())
    names.update(h.strip().lower() for h in extra if h.strip())
    return frozenset(n.lower() for n in names if n and n not in ("0.0.0.0", "::"))


def host_allowed(host_header: str, allowed: frozenset[str]) -> bool:
    """``host_allowed("127.0.0.1:8866", ...)``: the Host header's name is one we serve."""
    match = re.match(r"^\[?([^\]]*?)\]?(:\d+)?$", host_header.strip().lower())
    return match is not None and match.group(1) in allowed


def remote_refusal(ip: str, allow_remote: bool) -> str | None:
    """Why the server may not listen on ``ip`` (``None``: it may). Every way of setting the
    address (``--ip``, ``--Voila.ip=...``, a Voila config file) goes through this one check:
    the app checks the address it is about to listen on, after all of them are read."""
    if allow_remote or is_loopback(ip):
        return None
    return (f"listening on {ip or 'every address'} would let other machines open the app, which has "
            "no password; add --allow-remote if that is what you want")


def remote_warning(ip: str, port: int, hosts: frozenset[str], root: str) -> str:
    """What the operator is told when the app listens beyond this machine."""
    return (f"WARNING: serving {root} to the network on http://{ip or '0.0.0.0'}:{port}/ with no password: "
            "anyone who can reach this address can open the pages and play. "
            f"Host names accepted: {', '.join(sorted(hosts))} (add more with --allow-host).")


def checked_public_url(url: str) -> str:
    """``--public-url``: the address players reach the app at (``https://games.example/``), used
    for invite links; ``ValueError`` unless it is an http(s) address with a host and no query."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"--public-url {url!r} is not an http:// or https:// address of a host")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def kernel_env(ip: str, public_url: str | None) -> dict[str, str]:
    """What the server tells its pages' kernels (as environment variables): the address it
    listens on and ``--public-url``, for the tables page's invite link and its note."""
    return {"LIVESTOCK_SERVER_IP": ip, "LIVESTOCK_PUBLIC_URL": public_url or ""}


def _same_origin(request) -> bool:
    origin = request.headers.get("Origin")
    if origin is None:
        return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")
    return re.sub(r"^https?://", "", origin.rstrip("/")).lower() == request.host.lower()


def new_browser_id() -> str:
    return secrets.token_hex(16)


def browser_id_from_cookie(cookie_header: str) -> str | None:
    """The ``lsn_browser`` id in a ``Cookie`` header, if it is one we could have issued."""
    jar = http.cookies.SimpleCookie()
    try:
        jar.load(cookie_header or "")
    except http.cookies.CookieError:
        return None
    morsel = jar.get(BROWSER_COOKIE)
    value = morsel.value if morsel is not None else ""
    return value if re.fullmatch(r"[0-9a-f]{32}", value) else None


def reached_by_https(request) -> bool:
    """Whether the browser reached the app over TLS: directly, or through a proxy that says so
    with ``X-Forwarded-Proto: https`` (its first value, when proxies chain)."""
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
    return request.protocol == "https" or forwarded == "https"


def secure_cookies(headers, https: bool) -> None:
    """Behind TLS every cookie the app sets (``lsn_browser``, Jupyter's ``username-...`` and
    ``_xsrf``) gets ``Secure``, so a browser never sends it over plain HTTP."""
    if not https:
        return
    cookies = headers.get_list("Set-Cookie")
    if not cookies:
        return
    del headers["Set-Cookie"]
    for cookie in cookies:
        has_secure = any(part.strip().lower() == "secure" for part in cookie.split(";")[1:])
        headers.add("Set-Cookie", cookie if has_secure else f"{cookie}; Secure")


def _browser_id_transform():
    """A Tornado output transform giving each browser an id: the ``lsn_browser`` cookie (set on
    the first response when missing: HttpOnly, SameSite=Lax, one year), copied into the request's
    ``X-Livestock-Browser`` header before any handler runs, so Voila passes it to the page's
    kernel as ``HTTP_X_LIVESTOCK_BROWSER``. A header sent by the client is always replaced.
    Behind TLS the response's cookies are marked ``Secure`` (:func:`secure_cookies`)."""
    from tornado.web import OutputTransform

    class BrowserIdTransform(OutputTransform):
        def __init__(self, request):
            super().__init__(request)
            ident = browser_id_from_cookie(request.headers.get("Cookie", ""))
            self.new_id = None if ident else new_browser_id()
            if BROWSER_HEADER in request.headers:
                del request.headers[BROWSER_HEADER]
            request.headers[BROWSER_HEADER] = ident or self.new_id
            connection = request.connection
            if reached_by_https(request) and connection is not None and hasattr(connection, "write_headers"):
                # Tornado adds the handlers' own cookies (Jupyter's) after every transform: mark
                # them where this request's headers are written (a connection object per request)
                write_headers = connection.write_headers

                def write_secure_headers(start_line, headers, chunk=None):
                    secure_cookies(headers, True)
                    return write_headers(start_line, headers, chunk)

                connection.write_headers = write_secure_headers

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            if self.new_id:
                headers.add("Set-Cookie", f"{BROWSER_COOKIE}={self.new_id}; Path=/; Max-Age={365 * 24 * 3600}; "
                            "HttpOnly; SameSite=Lax")
            return status_code, headers, chunk

    return BrowserIdTransform


def _make_app_class(extra_hosts: Sequence[str] = (), *, allow_remote: bool = False):
    """Voila, with ``/`` redirecting to the index notebook when there is one, the address it
    listens on checked (:func:`remote_refusal`), the Host header checked against
    :func:`allowed_hosts` (with ``extra_hosts``) and kernels shut down when their page closes."""
    from tornado.web import ErrorHandler, RedirectHandler
    from voila.app import Voila
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from jupyter_server.utils import url_path_join

    class PageClosedHandler(VoilaShutdownKernelHandler):
        """Voila's kernel shutdown on page close, which its page sends as a beacon without an
        XSRF token: accepted from the same origin only (kernel ids are unguessable too)."""

        def check_xsrf_cookie(self):
            if not _same_origin(self.request):
                from tornado.web import HTTPError

                raise HTTPError(403, "cross-origin shutdown refused")

    class LivestockVoila(Voila):
        name = "livestock-notebooks"
        hosts: frozenset[str] = frozenset()

        def initialize(self, argv=None):
            super().initialize(argv)  # every source of the address read: the command line and config files
            refusal = remote_refusal(self.ip, allow_remote)
            if refusal:
                print(f"livestock-notebooks: error: {refusal}", file=sys.stderr)
                self.exit(2)
            self.hosts = allowed_hosts(self.ip, extra_hosts)
            os.environ["LIVESTOCK_SERVER_IP"] = self.ip  # the kernels' invite note
            os.environ["VOILA_APP_IP"] = request_address(self.ip)  # preheated kernels ask here
            if not is_loopback(self.ip):
                print(remote_warning(self.ip, self.port, self.hosts, self.root_dir), file=sys.stderr)

        def init_handlers(self):
            handlers = super().init_handlers()
            handlers = [
                (h[0], PageClosedHandler, *h[2:]) if len(h) >= 2 and h[1] is VoilaShutdownKernelHandler else h
                for h in handlers
            ]
            if getattr(self, "app", None) is not None:
                self._guard_host(self.app)
                self.app.transforms.insert(0, _browser_id_transform())
            if self.notebook_path or not self.root_dir:
                return handlers
            if not (Path(self.root_dir) / INDEX_NOTEBOOK).is_file():
                return handlers
            target = url_path_join(self.server_url, "voila/render", INDEX_NOTEBOOK)
            # Tornado uses the first matching rule, so this one wins over Voila's tree page.
            handlers.insert(
                0, (self.server_url, RedirectHandler, {"url": target, "permanent": False})
            )
            return handlers

        def _guard_host(self, app) -> None:
            find = app.find_handler
            log = self.log
            hosts = self.hosts

            def find_handler(request, **kwargs):
                if not host_allowed(request.host or "", hosts):
                    log.warning("refused a request for host %r (allowed: %s; see --allow-host)",
                                request.host, ", ".join(sorted(hosts)))
                    return app.get_handler_delegate(request, ErrorHandler, {"status_code": 403})
                return find(request, **kwargs)

            app.find_handler = find_handler

    return LivestockVoila


def _merge_json(path: Path, update: dict) -> None:
    """Merge ``update`` (two levels deep) into the JSON object in ``path``, creating it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for section, values in update.items():
        target = data.setdefault(section, {})
        for key, value in values.items():
            if isinstance(value, dict) and isinstance(target.get(key), dict):
                target[key].update(value)
            else:
                target[key] = value
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def install_template(prefix: str | os.PathLike[str] = sys.prefix) -> list[Path]:
    """Make a Jupyter server under ``prefix`` serve Voila pages the way this command does.

    Used on Binder (``binder/postBuild``), where Voila runs as a Jupyter server extension rather
    than through this command:

    - copies the template to ``PREFIX/share/jupyter/voila/templates/livestock``;
    - writes ``PREFIX/etc/jupyter/voila.json`` selecting it (Voila's server extension reads
      ``voila.json`` from the Jupyter config path);
    - sets ``tornado_settings.mathjax_url`` to empty in ``PREFIX/etc/jupyter/
      jupyter_server_config.json``: otherwise Voila's pages under a Jupyter server load MathJax
      from a public CDN (the standalone app has no MathJax URL either; Voila renders math
      without it).

    Existing settings in those files are kept. Returns the paths written.
    """
    prefix = Path(prefix)
    target = prefix / "share" / "jupyter" / "voila" / "templates" / TEMPLATE_NAME
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(TEMPLATE_DIR, target)
    etc = prefix / "etc" / "jupyter"
    voila_conf = etc / "voila.json"
    _merge_json(voila_conf, {"VoilaConfiguration": {"template": TEMPLATE_NAME}})
    server_conf = etc / "jupyter_server_config.json"
    _merge_json(server_conf, {"ServerApp": {"tornado_settings": {"mathjax_url": ""}}})
    return [target, voila_conf, server_conf]




def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range (0 to 65535)")
    return port


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``livestock-notebooks serve`` (the default command)."""
    parser.description = (
        "Serve the Livestock Notebooks (odds explorers, games, tutorials) as a local web app with "
        "Voila; the landing page lists every notebook. Voila's own options (--Voila.x=y, "
        "--VoilaConfiguration.x=y, --theme=dark ...) are passed on to it."
    )
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--ip", default=None, help=f"address to listen on (default {DEFAULT_IP}, this machine only)")
    parser.add_argument(
        "--allow-remote", action="store_true",
        help="allow --ip to be an address other machines can reach (there is no password: anyone who reaches it "
             "can open the pages)",
    )
    parser.add_argument(
        "--allow-host", metavar="NAME", action="append", default=[],
        help="a further host name the app may be reached by (checked against the Host header)",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument(
        "--public-url", metavar="URL",
        help="the address players reach the app at (e.g. https://games.example/ behind a proxy): invite links "
             "use it; its host name is accepted in the Host header",
    )
    parser.add_argument(
        "--preheat", metavar="N", type=int, default=0,
        help="keep N kernels started for each game page and the tables page, so the next visitors' pages open "
             "faster (each waiting kernel holds about 60 MB; default 0)",
    )
    parser.add_argument(
        "--notebooks", metavar="DIR",
        help="folder of notebooks to serve (default: the checkout's notebooks/, else the copy installed with the "
             "package)",
    )
    parser.add_argument(
        "--install-template", metavar="PREFIX", nargs="?", const=sys.prefix,
        help="install the offline Voila template under PREFIX (default: this Python's prefix) and make Jupyter "
             "server's Voila use it, then exit (used by binder/postBuild)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``serve`` command (the default)."""
    from .command import subcommand_parser

    return subcommand_parser("serve")


def _voila_options(extra: Sequence[str]) -> list[str]:
    """``extra`` if every item is an option Voila takes (``--Class.trait=value``,
    ``--Class.trait value``, or one of Voila's own aliases and flags), else :class:`CommandError`."""
    from voila.app import Voila

    names = set(Voila.aliases) | set(Voila.flags)
    checked: list[str] = []
    items = list(extra)
    while items:
        item = items.pop(0)
        name = item[2:].split("=", 1)[0] if item.startswith("--") else ""
        trait = re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", name) is not None
        if not (trait or name in names):
            what = "option" if item.startswith("-") else "argument"
            raise CommandError(f"unrecognized {what} {item!r}")
        checked.append(item)
        takes_value = trait or name in Voila.aliases
        if takes_value and "=" not in item:
            if not items or items[0].startswith("--"):
                raise CommandError(f"{item} needs a value ({item}=VALUE)")
            checked.append(items.pop(0))
    return checked


def _check_listen_address(ip: str, port: int) -> None:
    """:class:`CommandError` in one line if this machine cannot listen on ``ip`` (not an address
    of this machine, not a name that resolves); a busy port is left to Voila, which tries others."""
    try:
        infos = socket.getaddrinfo(ip.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise CommandError(f"cannot listen on --ip {ip}: {getattr(exc, 'strerror', None) or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        try:
            probe.bind((address[0], 0, *address[2:]))
        except OSError as exc:
            raise CommandError(f"cannot listen on --ip {ip}: {exc.strerror or exc}") from None


def _check_tables_url(url: str) -> None:
    """:class:`CommandError` before the server starts if ``LIVESTOCK_TABLES_URL`` names PostgreSQL
    and psycopg (the ``postgres`` extra) is not installed: every "Play with friends" page would fail."""
    import importlib.util

    if url.split(":", 1)[0].lower() in ("postgres", "postgresql") and importlib.util.find_spec("psycopg") is None:
        raise CommandError("LIVESTOCK_TABLES_URL names a PostgreSQL database, which needs psycopg: "
                           "pip install 'livestock-notebooks[postgres]'")


def serve(args: argparse.Namespace) -> int:
    """``livestock-notebooks serve``: run the Voila app until Ctrl-C."""
    extra = _voila_options(getattr(args, "extra", []))
    if args.install_template is not None:
        try:
            written = install_template(args.install_template)
        except OSError as exc:
            raise CommandError(f"cannot install the template under {args.install_template}: "
                               f"{exc.strerror or exc}") from None
        for path in written:
            print(f"wrote {path}")
        return 0
    try:
        notebooks_dir = find_notebooks_dir(args.notebooks)
    except FileNotFoundError as exc:
        raise CommandError(str(exc)) from None
    refusal = args.ip and remote_refusal(args.ip, args.allow_remote)  # again in the app, after Voila's options
    if refusal:
        raise CommandError(f"--ip {args.ip}: {refusal}")
    try:
        public_url = checked_public_url(args.public_url) if args.public_url else None
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    _check_listen_address(args.ip or DEFAULT_IP, args.port)
    _check_tables_url(os.environ.get("LIVESTOCK_TABLES_URL", ""))
    extra_hosts = [*args.allow_host, *([urlsplit(public_url).hostname or ""] if public_url else [])]
    os.environ.update(kernel_env(args.ip or DEFAULT_IP, public_url))
    _prepend_jupyter_path(os.environ)
    from traitlets.config import Config

    app_class = _make_app_class(extra_hosts, allow_remote=args.allow_remote)
    interrupted = []

    def on_interrupt(signum, frame):  # Voila stops on KeyboardInterrupt; remember it was asked to
        interrupted.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        app_class.launch_instance(
            argv=voila_argv(notebooks_dir, port=args.port, ip=args.ip, open_browser=not args.no_browser,
                            extra=[*preheat_argv(args.preheat), *extra]),
            config=Config(app_config(args.preheat)),
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt
    return 0


# The subcommands, each in `livestock-notebooks --help`. A new one is one line here (see
# livestock_notebooks/command.py): its module provides add_arguments(parser) and run(args).
add_command("serve", __name__, "serve the notebooks as a local web app (the default)",
            add="add_serve_arguments", run="serve", pass_through=True, default=True)
add_command("lab", "livestock_notebooks.lab.cli",
            "play a balance-lab experiment of bot games on Dask into a Parquet folder (needs the [lab] extra)")
add_command("copy-notebooks", __name__, "write editable copies of the notebooks into a folder, for JupyterLab",
            add="add_copy_notebooks_arguments", run="copy_notebooks_command")
add_command("build-site", "livestock_notebooks.static_site.cli",
            "write the static web edition (runs in the browser, no server) into a folder (needs the [site] extra and npm)")


def main(argv: Sequence[str] | None = None) -> int:
    """``livestock-notebooks [COMMAND] [OPTIONS]``: the exit status."""
    return dispatch(argv, "Livestock Notebooks: play, learn and explore the odds of Livestock Uprising, "
                          "BattleGoats and Space Pigs in notebooks served as a local web app.")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
