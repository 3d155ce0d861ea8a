"""The ``livestock-notebooks`` command: options, notebooks folder, template install."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from browser import console_script
from livestock_notebooks import cli

REPO = Path(__file__).resolve().parent.parent


def test_help_works() -> None:
    out = subprocess.run([*console_script(), "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    for option in ("--port", "--no-browser", "--ip", "--notebooks"):
        assert option in out.stdout


def test_python_dash_m_help_works() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "livestock_notebooks", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "livestock-notebooks" in out.stdout


def test_finds_the_checkout_notebooks() -> None:
    assert cli.find_notebooks_dir() == (REPO / "notebooks").resolve()


def test_notebooks_override(tmp_path: Path) -> None:
    assert cli.find_notebooks_dir(tmp_path) == tmp_path.resolve()
    with pytest.raises(FileNotFoundError):
        cli.find_notebooks_dir(tmp_path / "nope")


def test_voila_command_line() -> None:
    argv = cli.voila_argv(Path("/x"), port=9999, open_browser=False)
    assert argv[0] == "/x"
    assert "--port=9999" in argv and "--no-browser" in argv
    assert "--Voila.ip=127.0.0.1" in argv
    assert "--template=livestock" in argv
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in argv)
    assert any(a.startswith("--MappingKernelManager.cull_interval=") for a in argv)
    # kernels on Unix sockets: no TCP port another process could take between pick and bind
    assert "--KernelManager.transport=ipc" in argv


def test_extra_options_replace_the_defaults() -> None:
    argv = cli.voila_argv(
        Path("/x"), extra=["--MappingKernelManager.cull_idle_timeout=5", "--VoilaConfiguration.template=lab"]
    )
    assert "--MappingKernelManager.cull_idle_timeout=5" in argv
    assert not [a for a in argv if a.startswith("--MappingKernelManager.cull_idle_timeout=6")]
    assert [a for a in argv if "template" in a] == ["--VoilaConfiguration.template=lab"]


def test_template_is_shipped_offline() -> None:
    template = cli.TEMPLATE_DIR
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    fa = template / "static" / "fontawesome"
    assert (fa / "LICENSE.txt").is_file()
    css = (fa / "css" / "all.min.css").read_text()
    # every font file the stylesheet names in its first (woff2) source is shipped
    for name in ("fa-solid-900", "fa-regular-400", "fa-brands-400"):
        assert f"../webfonts/{name}.woff2" in css
        assert (fa / "webfonts" / f"{name}.woff2").is_file()
    index = (template / "index.html.j2").read_text()
    assert "https://" not in index and "http://" not in index


def test_install_template_for_jupyter_server(tmp_path: Path) -> None:
    server_conf = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    server_conf.parent.mkdir(parents=True)
    server_conf.write_text(json.dumps({"ServerApp": {"tornado_settings": {"x": 1}, "y": 2}}))
    target, voila_conf, written_server_conf = cli.install_template(tmp_path)
    assert (target / "index.html.j2").is_file()
    assert voila_conf.name == "voila.json"
    assert json.loads(voila_conf.read_text()) == {"VoilaConfiguration": {"template": "livestock"}}
    assert written_server_conf == server_conf
    assert json.loads(server_conf.read_text()) == {
        "ServerApp": {"tornado_settings": {"x": 1, "mathjax_url": ""}, "y": 2}
    }
    # idempotent
    cli.install_template(tmp_path)
    assert json.loads(voila_conf.read_text()) == {"VoilaConfiguration": {"template": "livestock"}}


def test_binder_files() -> None:
    post_build = REPO / "binder" / "postBuild"
    assert post_build.is_file() and post_build.stat().st_mode & 0o111, "postBuild must be executable"
    text = post_build.read_text()
    assert "pip install" in text and '-e ".[lab,jupyterlab]"' in text and "--install-template" in text
    requirements = (REPO / "binder" / "requirements.txt").read_text()
    for name in ("ipywidgets", "bqplot", "voila", "jupyterlab", "numpy"):
        assert name in requirements


def test_ci_script_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text()
    ci = (REPO / ".ci" / "run").read_text()
    assert 'python -m pip install -e ".[test]" && python -m pytest' in readme
    assert 'python -m pip install -e . && livestock-notebooks' in readme
    assert "set -euo pipefail" in ci
    assert '-m pytest' in ci


def test_readme_lists_every_catalog_notebook() -> None:
    from livestock_notebooks import catalog

    readme = (REPO / "README.md").read_text()
    missing = [e.file for e in catalog.NOTEBOOKS if f"`{e.file}`" not in readme]
    assert not missing, f"add a line for these notebooks to README.md: {missing}"


def test_a_page_waits_for_its_output_under_load_then_errs_rather_than_render_blank() -> None:
    argv = cli.voila_argv(Path("/x"))
    assert f"--VoilaExecutor.iopub_timeout={cli.IOPUB_TIMEOUT}" in argv and cli.IOPUB_TIMEOUT >= 30
    assert "--VoilaExecutor.raise_on_iopub_timeout=True" in argv  # an error the page retries on, not a blank cell
    assert f"--VoilaExecutor.startup_timeout={cli.KERNEL_STARTUP_TIMEOUT}" in argv
    script = (cli.TEMPLATE_DIR / "static" / "page_ready.js").read_text()
    assert "page_ready.js" in (cli.TEMPLATE_DIR / "index.html.j2").read_text()
    assert "lsnPageComplete" in script and "location.reload" in script and "fetch(" not in script


def test_preheat_keeps_kernels_for_the_game_pages_and_tables_only() -> None:
    assert cli.preheat_argv(0) == []
    assert cli.preheat_argv(2) == ["--preheat_kernel=True", "--pool_size=2"]
    pools = cli.preheat_config(2)["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"] == {"pool_size": 0}  # the lab, tutorials, odds pages: no idle kernels
    assert set(pools) - {"default"} == set(cli.PREHEAT_NOTEBOOKS)
    assert all(p["pool_size"] == 2 for n, p in pools.items() if n != "default")
    # a waiting kernel asks the server listening on every address at loopback, else at its address
    assert cli.request_address("0.0.0.0") == cli.request_address("::") == "127.0.0.1"
    assert cli.request_address("192.168.1.5") == "192.168.1.5"
    for name in cli.PREHEAT_NOTEBOOKS:
        assert (REPO / "notebooks" / name).is_file()


# --- one command, its subcommands, and every bad input answered in one line ---------------------

def _run(args, capsys) -> tuple[int, str, str]:
    """``livestock-notebooks ARGS`` in this process: (status, stdout, stderr)."""
    try:
        status = cli.main(args)
    except SystemExit as exc:  # argparse's --help / --version / errors
        status = exc.code if isinstance(exc.code, int) else 1
    printed = capsys.readouterr()
    return status, printed.out, printed.err


def _one_line_error(status: int, err: str) -> str:
    assert status != 0
    assert "Traceback" not in err
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_help_lists_every_subcommand_and_the_serve_options(capsys) -> None:
    status, out, _ = _run(["--help"], capsys)
    assert status == 0
    for name in ("serve", "lab", "copy-notebooks"):
        assert f"    {name}" in out
    assert "--port" in out and "With no command, `serve` runs" in out
    for name in ("serve", "lab", "copy-notebooks"):
        status, out, _ = _run([name, "--help"], capsys)
        assert status == 0 and f"usage: livestock-notebooks {name}" in out
        assert "%%" not in out
    assert "95% intervals" in _run(["lab", "--help"], capsys)[1]


def test_version_is_the_packages(capsys) -> None:
    from importlib.metadata import version

    out = subprocess.run([*console_script(), "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"livestock-notebooks {version('livestock-notebooks')}"


def test_a_new_subcommand_is_one_line(tmp_path, monkeypatch, capsys) -> None:
    from livestock_notebooks import command

    module = tmp_path / "hello_command.py"
    module.write_text("def add_arguments(parser):\n    parser.add_argument('--name', default='you')\n\n"
                      "def run(args):\n    print('hello', args.name)\n    return 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(command, "_COMMANDS", dict(command._COMMANDS))
    command.add_command("hello", "hello_command", "say hello")
    assert "say hello" in _run(["--help"], capsys)[1]
    assert _run(["hello", "--name", "Pig"], capsys)[:2] == (0, "hello Pig\n")
    assert "--bogus" in _one_line_error(*_run(["hello", "--bogus"], capsys)[::2])


@pytest.mark.parametrize("args, said", [
    (["--bogus"], "unrecognized option '--bogus'"),
    (["nope"], "unknown command 'nope'"),
    (["serve", "stray"], "unrecognized argument 'stray'"),
    (["--Voila.theme"], "needs a value"),
    (["--port", "x"], "not a port number"),
    (["--port", "99999"], "out of range"),
    (["--ip", "0.0.0.0"], "--allow-remote"),
    (["--ip", "192.0.2.1", "--allow-remote"], "cannot listen on --ip 192.0.2.1"),
    (["--ip", "no-such-host.invalid", "--allow-remote"], "cannot listen on --ip no-such-host.invalid"),
    (["--notebooks", "/no/such/folder"], "notebooks folder not found"),
    (["--install-template", "/proc/no-such-prefix"], "cannot install the template"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--games", "0", "--out", "x"], "--games: must be 1"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--max-rounds", "0", "--out", "x"],
     "--max-rounds: must be 1"),
    (["lab", "--game", "battlegoats", "--seats", "random,robot", "--out", "x"], "unknown bot 'robot'"),
    (["lab", "--game", "chess", "--seats", "random", "--out", "x"], "invalid choice"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--options", "{", "--out", "x"], "not JSON"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--out", "x", "--Voila.port=1"], "unrecognized"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--out", "x", "--scheduler", "no-port"],
     "cannot reach the Dask scheduler at no-port"),
    (["lab", "--game", "battlegoats", "--seats", "random,random", "--out", "x", "--workers", "0"], "must be 1"),
])
def test_bad_input_is_one_line_and_a_non_zero_status(args, said, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert said in _one_line_error(*_run(args, capsys)[::2])
    assert not (tmp_path / "x").exists()  # a refused lab run leaves nothing behind


def test_lab_refuses_an_unwritable_folder_and_another_experiments(tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    lab = ["lab", "--game", "battlegoats", "--games", "2", "--max-rounds", "1", "--scheduler", "serial"]
    said = _one_line_error(*_run([*lab, "--seats", "random,random", "--out", str(blocker / "out")], capsys)[::2])
    assert "cannot write the results into" in said and "Not a directory" in said
    out = str(tmp_path / "out")
    assert _run([*lab, "--seats", "random,random", "--out", out], capsys)[0] == 0
    said = _one_line_error(*_run([*lab, "--seats", "random,smart", "--out", out], capsys)[::2])
    assert "holds the games of another experiment" in said


def test_lab_refuses_an_unreachable_scheduler(tmp_path, capsys, monkeypatch) -> None:
    from livestock_notebooks.lab import runner

    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", 1)
    args = ["lab", "--game", "battlegoats", "--seats", "random,random", "--games", "2",
            "--out", str(tmp_path / "out"), "--scheduler", "tcp://127.0.0.1:9"]
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in _one_line_error(*_run(args, capsys)[::2])


def test_copy_notebooks_refusals_are_one_line(tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert "cannot write into" in _one_line_error(*_run(["copy-notebooks", str(blocker / "x")], capsys)[::2])
    assert _run(["copy-notebooks", str(tmp_path / "mine")], capsys)[0] == 0
    assert "--overwrite" in _one_line_error(*_run(["copy-notebooks", str(tmp_path / "mine")], capsys)[::2])
    assert "the following arguments are required: DIR" in _one_line_error(*_run(["copy-notebooks"], capsys)[::2])


def _interrupt(command: list[str], ready: str, tmp_path: Path) -> tuple[int, str]:
    """Start ``command``, wait (bounded) for ``ready`` on its standard error, press Ctrl-C."""
    import os
    import signal
    import time

    log = tmp_path / "stderr.txt"
    with log.open("w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, text=True,
                                env={**os.environ, "PYTHONWARNINGS": ""})
        try:
            deadline = time.monotonic() + 90
            while ready not in log.read_text() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.2)
            assert ready in log.read_text(), log.read_text()
            proc.send_signal(signal.SIGINT)
            status = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    return status, log.read_text()


def test_serve_starts_without_a_warning_and_stops_on_ctrl_c(tmp_path) -> None:
    from browser import free_port

    status, err = _interrupt([*console_script(), "--no-browser", "--port", str(free_port())],
                             "is running at", tmp_path)
    assert status == 130 and "Traceback" not in err
    assert "warn" not in err.lower(), err
    assert err.strip().splitlines()[-1] == "livestock-notebooks: interrupted"


def test_ctrl_c_in_the_lab_is_one_line(tmp_path) -> None:
    status, err = _interrupt([*console_script(), "lab", "--game", "space_pigs", "--seats", "random,random,random",
                              "--games", "500", "--scheduler", "serial", "--out", str(tmp_path / "out")],
                             "games [", tmp_path)
    assert status == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == "livestock-notebooks: interrupted"


def test_every_page_s_tab_title_names_it() -> None:
    from livestock_notebooks import catalog

    for entry in catalog.NOTEBOOKS:
        nb = json.loads((REPO / "notebooks" / entry.file).read_text())
        assert nb["metadata"]["title"] == f"{entry.title} · Livestock Notebooks", entry.file
    assert "BattleGoats" in json.loads((REPO / "notebooks" / "battlegoats_play.ipynb").read_text())["metadata"]["title"]


def test_a_postgresql_tables_url_without_psycopg_is_one_line(capsys, monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a))
    monkeypatch.setenv("LIVESTOCK_TABLES_URL", "postgresql://u:p@127.0.0.1/tables")
    said = _one_line_error(*_run(["--no-browser"], capsys)[::2])
    assert said.endswith("pip install 'livestock-notebooks[postgres]'")


def test_build_site_without_npm_is_one_line(tmp_path, capsys, monkeypatch) -> None:
    """The static site's build fetches Pyodide's core with npm: where there is none, the command
    says so in one line (no traceback) and writes no site."""
    pytest.importorskip("jupyterlite_pyodide_kernel")
    from livestock_notebooks.static_site import build

    real_which = build.shutil.which
    monkeypatch.setattr(build.shutil, "which", lambda name, *a, **k: None if name == "npm" else real_which(name, *a, **k))
    status, _, err = _run(["build-site", str(tmp_path / "site"), "--cache", str(tmp_path / "cache")], capsys)
    assert "npm is needed" in _one_line_error(status, err)
    assert not (tmp_path / "site" / "index.html").exists()
