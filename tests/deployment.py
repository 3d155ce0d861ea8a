"""The reference deployment of docs/hosting.md, started for a test: nginx (with the shipped
``docs/deploy/nginx.conf``) on loopback in front of two ``livestock-notebooks`` servers that keep
their tables in one PostgreSQL database.

:func:`start_deployment` gives a :class:`Deployment`; a browser keeps to server ``"a"`` or ``"b"``
by carrying the proxy's ``lsn_server`` cookie (:meth:`Deployment.pin`). Needs nginx (the Debian
package) and a PostgreSQL database named by ``LIVESTOCK_TEST_POSTGRES_URL`` (``.ci/run`` installs
and starts both): :func:`missing` says which is absent.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from browser import LOOPBACK, REPO_ROOT, ServerProcess, VoilaServer, free_port

NGINX_CONF = REPO_ROOT / "docs" / "deploy" / "nginx.conf"
PG_ENV = "LIVESTOCK_TEST_POSTGRES_URL"
#: the addresses the shipped file names, replaced by free ports
SHIPPED_PORTS = {"proxy": 8080, "a": 8801, "b": 8802}
SERVERS = ("a", "b")


def find_nginx() -> str | None:
    """The nginx executable (Debian puts it in /usr/sbin, which a non-root PATH may lack)."""
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx")
                                          if Path(p).is_file()), None)


def missing() -> str | None:
    """Why the deployment cannot start here (``None``: it can)."""
    if find_nginx() is None:
        return "nginx is not installed (apt-get install -y nginx; .ci/run installs it)"
    if not os.environ.get(PG_ENV):
        return f"{PG_ENV} is not set: no PostgreSQL database (.ci/run starts one and sets it)"
    return None


def site_config(ports: dict[str, int]) -> str:
    """The shipped nginx.conf with ``ports`` (proxy, a, b) in place of the shipped ones."""
    text = NGINX_CONF.read_text()
    for role, shipped in SHIPPED_PORTS.items():
        pattern = rf"{re.escape(LOOPBACK)}:{shipped}\b"
        assert re.search(pattern, text), f"{NGINX_CONF} no longer names {LOOPBACK}:{shipped}"
        text = re.sub(pattern, f"{LOOPBACK}:{ports[role]}", text)
    return text


def main_config(folder: Path, site: Path) -> str:
    """What /etc/nginx/nginx.conf is to Debian's nginx, in a folder of the test's own: its pid,
    logs and temporary files there, the site included in the http block. The access log names
    the app server that answered each request."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers may read the test's private folder
    return (f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\n"
            "events { worker_connections 512; }\n"
            "http {\n"
            f"  client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;\n"
            f"  fastcgi_temp_path {folder}/fastcgi; uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;\n"
            "  log_format upstreams '$upstream_addr $status \"$request\" $cookie_lsn_server';\n"
            f"  access_log {folder}/access.log upstreams;\n"
            f"  include {site};\n"
            "}\n")


@dataclass
class Deployment:
    """nginx at :attr:`base_url` in front of :attr:`servers` ("a", "b") on one database."""

    proxy: ServerProcess
    servers: dict[str, VoilaServer]
    tables_url: str
    folder: Path
    schema: str = ""
    ports: dict[str, int] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return self.proxy.base_url

    def pin(self, server: str) -> list[dict]:
        """The cookies that keep a browser context on ``server`` ("a" or "b"): the proxy's sticky
        cookie, as ``context.add_cookies`` takes them."""
        return [{"name": "lsn_server", "value": f"livestock_{server}", "url": self.base_url}]

    def kernels_started(self, server: str) -> int:
        """How many page kernels ``server`` has started (its log's "Kernel started" lines)."""
        return self.servers[server].log_path.read_text(errors="replace").count("Kernel started:")

    def access_log(self) -> str:
        return (self.folder / "nginx" / "access.log").read_text(errors="replace")

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for server in self.servers.values():
            server.stop()
        if self.schema:
            import psycopg

            with psycopg.connect(os.environ[PG_ENV], autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")


def start_deployment(folder: Path) -> Deployment:
    """Start it all in ``folder`` (:func:`missing` must be ``None``): a schema of its own in the
    PostgreSQL database, the two app servers (one save folder, as two servers
    of one user on one machine share it), one after the other, then nginx."""
    import psycopg

    base = os.environ[PG_ENV]
    schema = "lsn_deploy_" + secrets.token_hex(4)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    tables_url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    env = {"LIVESTOCK_TABLES_URL": tables_url, "LIVESTOCK_NOTEBOOKS_SAVE_DIR": str(folder / "saves")}
    servers: dict[str, VoilaServer] = {}
    failures: list[BaseException] = []
    for name in SERVERS:  # from this thread: a server gets SIGTERM when the thread that started it ends
        home = folder / f"server-{name}"
        home.mkdir()
        try:
            servers[name] = VoilaServer(home, env=env)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
            break
    deployment = Deployment(None, servers, tables_url, folder, schema)  # type: ignore[arg-type]
    try:
        if failures:
            raise failures[0]
        ports = {"proxy": free_port(), **{name: servers[name].port for name in SERVERS}}
        nginx_dir = folder / "nginx"
        nginx_dir.mkdir()
        site = nginx_dir / "livestock.conf"
        site.write_text(site_config(ports))
        main = nginx_dir / "nginx.conf"
        main.write_text(main_config(nginx_dir, site))
        command = [find_nginx(), "-p", str(nginx_dir), "-c", str(main), "-e", str(nginx_dir / "error.log"),
                   "-g", "daemon off;"]
        deployment.proxy = ServerProcess(command, nginx_dir, port=ports["proxy"], startup_timeout=30)
        deployment.ports = ports
    except BaseException:
        for server in servers.values():
            server.stop()
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        raise
    return deployment
