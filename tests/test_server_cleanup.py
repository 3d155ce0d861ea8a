"""A server a test starts never outlives the test run (issue 31): an interrupted run (SIGTERM,
as CI's time limit or a closed terminal sends, or SIGKILL) stops the servers it started.

Each case runs a small pytest session in a scratch folder with this suite's ``conftest.py`` and
``browser.py``; its one test starts a ``ServerProcess`` (a plain static file server, standing in
for the app server: the same class, the same start and stop) and waits. The run is then
interrupted from outside, and the server's process must be gone.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

WAITING_TEST = '''
import sys, time
from pathlib import Path
from browser import ServerProcess, free_port

def test_serves_until_interrupted(tmp_path):
    port = free_port()
    server = ServerProcess([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                           tmp_path, port=port)
    try:
        Path({pid_file!r}).write_text(str(server.process.pid))
        time.sleep(120)
    finally:
        server.stop()
'''


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (exited, not yet reaped by its parent) is not running
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _start_run(tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    for name in ("conftest.py", "browser.py"):
        shutil.copy2(HERE / name, tmp_path / name)
    pid_file = tmp_path / "server.pid"
    (tmp_path / "test_wait.py").write_text(WAITING_TEST.format(pid_file=str(pid_file)))
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_wait.py"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while not pid_file.exists():
        assert run.poll() is None, run.stdout.read().decode(errors="replace")
        assert time.monotonic() < deadline, "the inner test run never started its server"
        time.sleep(0.1)
    while not pid_file.read_text():
        time.sleep(0.05)
    return run, pid_file


def _wait_gone(pid: int, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses Linux process signals")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL],
                         ids=["SIGTERM", "Ctrl-C", "SIGKILL"])
def test_interrupted_run_stops_its_servers(tmp_path, signum) -> None:
    run, pid_file = _start_run(tmp_path)
    server_pid = int(pid_file.read_text())
    try:
        assert _alive(server_pid)
        run.send_signal(signum)
        run.wait(timeout=60)
        assert _wait_gone(server_pid), f"server {server_pid} still running after {signum.name}"
        if signum != signal.SIGKILL:
            assert run.returncode != 0  # an interrupted run does not pass
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        if _alive(server_pid):
            os.kill(server_pid, signal.SIGKILL)
