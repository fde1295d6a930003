"""Measures the web build (docs/web.md, docs/experiments.md): served from a
plain static server on 127.0.0.1 to headless Chromium,

* navigation to a playable board (the board drawn and the person to
  move), first visit and from the service worker's copy, N times each;
* the engine's speed in a Web Worker (`bench` in the worker the page
  runs, its Nodes/second) against the native binary's `turncoat bench`
  (one thread), in turn, N pairs;
* the size of the site's files, raw and gzipped, the module apart.

Usage: python3 contrib/web/measure.py target/web target/release/turncoat [N]
(needs selenium, chromium and chromedriver, as the browser tests do).
"""
import functools
import gzip
import http.server
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

SITE, NATIVE = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 5


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"}

    def log_message(self, *args):
        pass


def sizes():
    rows = []
    for name in sorted(os.listdir(SITE)):
        data = open(os.path.join(SITE, name), "rb").read()
        rows.append((name, len(data), len(gzip.compress(data, 9))))
    module = [r for r in rows if r[0] == "turncoat_web_bg.wasm"]
    page = [r for r in rows if r[0] not in ("turncoat_web_bg.wasm", "turncoat-uci.mjs")]
    print(f"module: {module[0][1]:,} bytes, {module[0][2]:,} gzipped")
    print(f"the rest of the site ({len(page)} files): {sum(r[1] for r in page):,} bytes, "
          f"{sum(r[2] for r in page):,} gzipped")
    icons = [r for r in page if r[0].endswith(".png")]
    print(f"  of which the PNG icons: {sum(r[1] for r in icons):,} bytes")


PLAYABLE = ("const done = arguments[arguments.length - 1];"
            "const poll = () => { const ok = window.turncoatState && document.querySelector('[data-square] [data-piece]')"
            " && window.turncoatState().human_to_move; if (ok) done(performance.now()); else requestAnimationFrame(poll); };"
            "poll();")

BENCH = ("const done = arguments[arguments.length - 1];"
         "(async () => { const { createWorkerEngine } = await import('./engine.js');"
         " const module = await WebAssembly.compileStreaming(fetch('turncoat_web_bg.wasm'));"
         " const e = createWorkerEngine({ module, workerUrl: new URL('engine-worker.js', location.href) });"
         " const lines = []; e.onLine((l) => { lines.push(l); if (l.startsWith('Nodes/second')) { e.send('quit'); done(lines); } });"
         " e.send('bench'); })();")


def main():
    sizes()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    profile = tempfile.mkdtemp(prefix="turncoat-measure-")
    opts = Options()
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
              f"--user-data-dir={profile}", "--window-size=1360,1000"]:
        opts.add_argument(a)
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    d.set_script_timeout(600)
    try:
        first = []
        cached = []
        for _ in range(N):
            d.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": "all"})
            d.execute_cdp_cmd("Network.clearBrowserCache", {})
            d.get("about:blank")
            d.get(base)
            first.append(d.execute_async_script(PLAYABLE))
            d.execute_async_script("const done = arguments[arguments.length - 1];"
                                   "navigator.serviceWorker.ready.then(() => done(true));")
            d.get(base)
            cached.append(d.execute_async_script(PLAYABLE))
        print(f"navigation to a playable board, first visit: median {statistics.median(first):.0f} ms "
              f"({', '.join(f'{x:.0f}' for x in first)})")
        print(f"  again (service worker's copy): median {statistics.median(cached):.0f} ms "
              f"({', '.join(f'{x:.0f}' for x in cached)})")
        ratios = []
        for k in range(N):
            out = subprocess.run([NATIVE, "bench"], capture_output=True, text=True, check=True).stdout
            native = int(re.search(r"Nodes/second: (\d+)", out).group(1))
            nodes = re.search(r"Nodes searched: (\d+)", out).group(1)
            lines = d.execute_async_script(BENCH)
            worker = int(re.search(r"Nodes/second: (\d+)", "\n".join(lines)).group(1))
            assert f"Nodes searched: {nodes}" in lines, lines[-3:]
            ratios.append(worker / native)
            print(f"pair {k + 1}: native {native:,} nodes/s, worker {worker:,} nodes/s, ratio {worker / native:.2f}"
                  f" (signature {nodes} in both)")
        print(f"median ratio {statistics.median(ratios):.2f}")
    finally:
        d.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


main()
