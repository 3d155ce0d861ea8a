// Livestock Notebooks, static edition: make the kernel's memory snapshot at build time (run by
// livestock_notebooks/static_site/snapshot.py with Node). Boots the site's own Pyodide as the
// page's kernel worker does (same loadPyodide options, the same files in site-packages), runs the
// worker's start-up Python (piplite's settings, `import pyodide_kernel`, which starts IPython and
// runs PYTHONSTARTUP), imports the pages' modules, then writes Pyodide's memory snapshot.
//
// usage: node make_snapshot.js JOB.json   (JOB: indexURL, files, options, modules, heap, imported)
"use strict";
const fs = require("fs");

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = require(job.indexURL + "pyodide.js");

globalThis.self = globalThis;
require("./kernel_boot.js");  // writeSnapshotFiles: the page's own way to write the files
const { writeSnapshotFiles } = globalThis;

// Names of every property of `obj` and its prototypes.
function names(obj) {
  const out = new Set();
  for (let p = obj; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) out.add(k);
  }
  return [...out];
}

(async () => {
  if (!("Suspending" in WebAssembly || "Suspender" in WebAssembly)) {
    throw new Error("no WebAssembly stack switching in this Node (see snapshot.node_stack_switching)");
  }
  const blob = fs.readFileSync(job.files);
  const options = job.options;
  const py = await loadPyodide({
    indexURL: job.indexURL, stdout: () => {}, stderr: (s) => console.error(s),
    ...options, packages: [], fsInit: (FS) => writeSnapshotFiles(FS, blob), _makeSnapshot: true,
    _sysExecutable: "./this.program",  // a browser's (Node's default is this script's path)
  });
  // what loadPackage would record: the kernel asks for these by name and finds them installed
  for (const name of options.packages) py.loadedPackages[name] = "default channel";
  // the kernel worker's start (its initPackageManager and initKernel); the page sets piplite's
  // own URLs again when it starts
  await py.runPythonAsync("import piplite.piplite\npiplite.piplite._PIPLITE_DISABLE_PYPI = True\n" +
                          "piplite.piplite._PIPLITE_URLS = []\nimport pyodide_kernel");
  const failed = py.runPython(`
import importlib
failed = []
for name in ${JSON.stringify(job.modules)}:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {exc!r}")
failed`).toJs();
  for (const line of failed) console.error(`not in the snapshot: ${line}`);
  const imported = py.runPython(
    "import gc, sys\ngc.collect()\n" +
    "[m.__file__ for m in list(sys.modules.values()) if isinstance(getattr(m, '__file__', None), str)]").toJs();
  fs.writeFileSync(job.imported, JSON.stringify(imported));

  // Python holds a few functions of Pyodide's own API (micropip, the kernel's
  // loadPackagesFromImports): written as their names, found again in the page (kernel_boot.js)
  const known = new Map([[py, { pub: "" }]]);
  for (const [kind, obj] of [["pub", py], ["api", py._api]]) {
    for (const k of names(obj)) {
      let value;
      try { value = obj[k]; } catch (e) { continue; }
      if (typeof value === "function" && !known.has(value)) known.set(value, { [kind]: k });
    }
  }
  const serializer = (value) => {
    const found = known.get(value);
    if (!found) throw new Error(`the kernel holds a JavaScript object the snapshot cannot name: ${String(value).slice(0, 80)}`);
    return found;
  };
  // Pyodide 0.29 checks that its package list is still empty; the page marks the packages itself
  const loaded = Object.assign({}, py.loadedPackages);
  for (const k of Object.keys(loaded)) delete py.loadedPackages[k];
  const heap = py.makeMemorySnapshot({ serializer });
  fs.writeFileSync(job.heap, heap);
})().catch((e) => { console.error(e && e.stack || e); process.exit(1); });
