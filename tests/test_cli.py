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
    assert "pip install" in text and "-e ." in text and "--install-template" in text
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
