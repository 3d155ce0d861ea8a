// Livestock Notebooks, static edition: the kernel worker's `loadPyodide` (the site's `pyodideUrl`;
// see livestock_notebooks/static_site/snapshot.py). The Pyodide kernel's worker loads this script
// and calls `loadPyodide(options)`; this one loads Pyodide's own from the same folder, then
//
// - fetches the kernel's snapshot (kernel-snapshot.gz beside it: one gzip file made at build time
//   holding the site-packages files and Pyodide's memory after the kernel started),
// - writes those files (they replace installing the wheels) and boots Python from the memory
//   snapshot: IPython, the kernel, ipywidgets and the pages' modules are imported already;
// - if the snapshot cannot be used, boots Python afresh on the same files (slower, same result).
//
// Either way the packages of `options.packages` are marked installed, as loading them would.
"use strict";

// Write the files of a snapshot file (unzipped; snapshot.py's _blob: u32 header length, u32 where
// the memory starts, header JSON [[path, size], ...], the files' bytes) into Pyodide's file
// system. make_snapshot.js uses it too, at build time.
function writeSnapshotFiles(FS, data) {
  const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(data.subarray(8, 8 + length)));
  const made = new Set();
  let offset = 8 + length;
  for (const [path, size] of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) { FS.mkdirTree(folder); made.add(folder); }
    FS.writeFile(path, data.subarray(offset, offset + size));
    offset += size;
  }
}
self.writeSnapshotFiles = writeSnapshotFiles;

self.loadPyodide = async function loadPyodideFromSnapshot(options) {
  const { packages = [], ...settings } = options;
  const started = performance.now();
  const snapshotURL = settings.indexURL + "kernel-snapshot.gz";
  // downloaded and unzipped while Pyodide loads its own files
  let unzipped = 0;
  let data = fetch(snapshotURL).then(async (response) => {
    if (!response.ok) throw new Error(`cannot load the kernel's snapshot ${snapshotURL}: ${response.status}`);
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {  // gzip (a host that sends .gz files as gzip-encoded: unzipped already)
      bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    }
    unzipped = performance.now() - started;
    return bytes;
  });
  importScripts(settings.indexURL + "pyodide.js");  // defines Pyodide's own loadPyodide
  const pyodideLoad = self.loadPyodide;
  const fsInit = async (FS) => writeSnapshotFiles(FS, await data);
  const memory = data.then((bytes) => {
    const start = new DataView(bytes.buffer).getUint32(4, true);
    if (!start) throw new Error("the snapshot holds no memory");
    return bytes.subarray(start);
  });
  // Python holds a few functions of Pyodide's API (saved as their names): they exist once
  // loadPyodide returns, so each stands for the function found then
  const api = {};
  const deserialize = (saved) => {
    const [kind, key] = "pub" in saved ? ["pub", saved.pub] : ["api", saved.api];
    if (key === "") {  // the `pyodide_js` module itself
      return new Proxy({}, {
        get: (_, k) => api.pub[k], has: (_, k) => k in api.pub,
        set: (_, k, v) => { api.pub[k] = v; return true; },
        ownKeys: () => Reflect.ownKeys(api.pub),
        getOwnPropertyDescriptor: (_, k) => {
          const d = Reflect.getOwnPropertyDescriptor(api.pub, k);
          return d && { ...d, configurable: true };
        },
      });
    }
    return function (...args) { return api[kind][key].apply(api[kind], args); };
  };
  let pyodide;
  let restored = false;
  try {
    pyodide = await pyodideLoad({ ...settings, packages: [], fsInit, _loadSnapshot: memory,
                                  _snapshotDeserializer: deserialize });
    restored = true;
  } catch (err) {
    await data;  // without the snapshot file there is nothing to start from: that error, not this one
    console.warn(`livestock-notebooks: the kernel's memory snapshot did not load (${err}); starting Python afresh`);
    pyodide = await pyodideLoad({ ...settings, packages: [], fsInit });
  }
  api.pub = pyodide;
  api.api = pyodide._api;
  data = null;  // the files are written and the memory copied: free the download
  delete pyodide._api.config._loadSnapshot;
  for (const name of packages) {
    if (pyodide.loadedPackages[name] === undefined) pyodide.loadedPackages[name] = "default channel";
  }
  if (restored) {
    // Python's calls into C go through a trampoline that Pyodide picks at start for the runtime
    // (without JavaScript frames where WebAssembly GC allows, which stack switching needs for
    // time.sleep); the snapshot holds the build's pick (Node's: with JavaScript frames).
    // Put this browser's pick back (Pyodide computed it as this module started).
    const M = pyodide._module;
    if (M._PyEM_CountArgsPtr) {
      const offset = M.HEAP32[M.__PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET / 4];
      M.HEAP32[(M.__PyRuntime + offset) / 4] = M._PyEM_CountArgsPtr;
    }
    // the snapshot holds the random module's state as the build left it: draw a new one
    pyodide.runPython("import random\nrandom.seed()");
    console.log(`livestock-notebooks: kernel restored from its snapshot in ${Math.round(performance.now() - started)} ms ` +
                `(the snapshot downloaded and unzipped in ${Math.round(unzipped)} ms)`);
  }
  return pyodide;
};
