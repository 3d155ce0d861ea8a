"""Compile the site's wheels to bytecode at build time, with the site's own Pyodide run by Node.

A page's kernel imports about 700 modules before the page's first widget; the browser's Python
compiled each from source on every visit (its file system starts empty each time), about half
of the kernel's start. The build adds to every wheel a ``__pycache__/<module>.cpython-313.pyc``
beside each source, made by the same Pyodide the site ships (so its bytecode version is the
browser's; the build machine's Python may be any version). The ``.pyc`` files are
"unchecked hash-based" (PEP 552): Python loads them without looking at the source's time
stamp, which an unpacked wheel does not keep. Sources stay, for tracebacks.

Third-party wheels are compiled once and kept in the download cache; this package's wheel
changes with every build and is compiled each time. Without Node the wheels stay as they are
(the site works, its pages start slower) and the build says so.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

#: Runs inside Pyodide: ``recompile(src, dst)`` writes ``dst``, the wheel ``src`` with a
#: ``.pyc`` beside each ``.py`` (tests folders left out: no page imports them) and its RECORD.
PY_COMPILE = r'''
import base64, hashlib, importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def recompile(src, dst):
    with zipfile.ZipFile(src) as zin:
        entries = [(info.filename, zin.read(info)) for info in zin.infolist() if not info.is_dir()]
    out = []
    for name, data in entries:
        out.append((name, data))
        parts = name.split("/")
        if not name.endswith(".py") or "tests" in parts[:-1] or ".data" in parts[0]:
            continue
        try:
            code = compile(data, name, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        out.append((importlib.util.cache_from_source(name), bytes(pyc)))
    record = next((n for n, _ in out if n.endswith(".dist-info/RECORD")), None)
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        lines = []
        for name, data in out:
            if name == record:
                continue
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.append(f"{name},sha256={digest},{len(data)}")
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)
        if record is not None:
            lines.append(f"{record},,")
            info = zipfile.ZipInfo(record, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, "\n".join(lines) + "\n")
'''

#: Runs in Node: boots the Pyodide of ``argv[2]`` and recompiles each ``[src, dst]`` pair of
#: the JSON list in ``argv[3]``.
NODE_SCRIPT = r'''
const [pyodideDir, jobsFile, compileFile] = process.argv.slice(2);
const fs = require("fs");
const { loadPyodide } = require(pyodideDir + "/pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (s) => console.error(s) });
  py.runPython(fs.readFileSync(compileFile, "utf8"));
  const recompile = py.globals.get("recompile");
  for (const [src, dst] of JSON.parse(fs.readFileSync(jobsFile, "utf8"))) {
    py.FS.writeFile("/tmp/in.whl", fs.readFileSync(src));
    recompile("/tmp/in.whl", "/tmp/out.whl");
    fs.writeFileSync(dst, py.FS.readFile("/tmp/out.whl"));
  }
})().catch((e) => { console.error(e); process.exit(1); });
'''


def compile_wheels(pyodide_dir: Path, jobs: dict[Path, Path], log: Callable[[str], None] = print) -> bool:
    """Write each compiled wheel ``jobs[wheel]``; False (nothing written) without Node or when the
    compile fails: the site then ships the wheels as they are."""
    if not jobs:
        return True
    node = shutil.which("node")
    if node is None:
        log("node not found: the site's wheels stay uncompiled (its pages start slower)")
        return False
    log(f"compiling {len(jobs)} wheels to bytecode with Pyodide in Node")
    with tempfile.TemporaryDirectory(prefix="lsn-pyc-") as tmp:
        temp = Path(tmp)
        (temp / "compile.js").write_text(NODE_SCRIPT)
        (temp / "compile.py").write_text(PY_COMPILE)
        made = [temp / f"{i}.whl" for i in range(len(jobs))]
        (temp / "jobs.json").write_text(json.dumps([[str(src), str(m)] for src, m in zip(jobs, made)]))
        done = subprocess.run([node, str(temp / "compile.js"), str(pyodide_dir.resolve()), str(temp / "jobs.json"),
                               str(temp / "compile.py")], capture_output=True, text=True)
        if done.returncode != 0:
            log(f"compiling the wheels failed, they stay uncompiled: {done.stderr.strip()[-500:]}")
            return False
        for m, target in zip(made, jobs.values()):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(m), target)  # whole files only: a cache never holds half a wheel
    return True
