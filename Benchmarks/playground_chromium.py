"""The playground end to end in a real headless Chromium, as a user sees it.

Starts `openmaps serve` (release) on a free port and, for each case, opens the page in a new
headless Chromium (Debian's, through chromedriver and Selenium) at device pixel ratio 1, with
a script injected before the page's own that notes the time of every frame the page draws
(its canvas's `framedrawn` event: a whole frame, or one sent as changes). Input goes through
the browser's own input pipeline (Chrome DevTools Protocol mouse events, 60 a second), so the
page sees trusted pointer events.

Cases (each RUNS times, 3 unless set; median and range):
- pan: `/?sample=markers` at 1280x800 and 2560x1600, `/?sample=many-markers` at 1280x800:
  a drag back and forth for SECONDS (5 unless set); frames drawn a second while dragging, and
  the moves the browser sent a second (what "as fast as the input" means);
- fly: `/?sample=camera` at 1280x800: a tap on a marker flies the camera from zoom 13 to 17,
  tilted; a tap on the map flies it out to fit every place; the longest gap between frames of
  each flight;
- first frame: from navigation start to the first frame drawn, on a new browser each load;
  LOADS (5 unless set) loads a run, the median and range over every load of every run.

CASES (a comma-separated list of words, e.g. `CASES=2560,first`) runs only the cases whose
names contain one of them.

Run with `make playground-chromium`.
"""
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("RUNS", "3"))
SECONDS = float(os.environ.get("SECONDS", "5"))
LOADS = int(os.environ.get("LOADS", "5"))
CASES = [word.strip() for word in os.environ.get("CASES", "").split(",") if word.strip()]


def wanted(name):
    return not CASES or any(word in name for word in CASES)

# Notes each frame the page draws (its canvas fires "framedrawn" once a frame is on it, whole
# or as changes), and each pointer move it hears.
PROBE = """
window.__frames = [];
window.__moves = 0;
addEventListener("framedrawn", () => { window.__frames.push(performance.now()); }, true);
addEventListener("pointermove", () => { window.__moves += 1; }, true);
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary):
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=1).read()
            return server, port
        except OSError:
            time.sleep(0.05)
    server.kill()
    sys.exit("openmaps serve did not start")


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
                     "--hide-scrollbars", "--window-size=%d,%d" % (width + 400, height + 300)):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    # The page's canvas takes the viewport: the viewport is the case's size in CSS pixels.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def open_page(driver, port, sample):
    driver.get("http://127.0.0.1:%d/?sample=%s" % (port, sample))
    deadline = time.time() + 20
    while time.time() < deadline:
        if driver.execute_script("return window.__frames.length") > 0:
            break
        time.sleep(0.02)
    time.sleep(1.0)  # tiles and labels of the first view settle
    rect = driver.execute_script(
        "const r = document.querySelector('canvas').getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height];")
    return rect


def mouse(driver, kind, x, y, buttons=1):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 if kind != "mouseMoved" else 0})


def drag(driver, rect, seconds, amplitude=0.3):
    """Drags back and forth across the canvas at 60 moves a second; returns the drag's window
    in page time (ms) and the moves sent."""
    left, top, width, height = rect
    cx, cy = left + width / 2, top + height / 2
    mouse(driver, "mousePressed", cx, cy)
    start_page = driver.execute_script("return performance.now()")
    start = time.perf_counter()
    moves = 0
    while True:
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
        # A slow figure eight: every move pans the map.
        phase = elapsed / 2.0 * 2 * 3.141592653589793
        x = cx + math.sin(phase) * width * amplitude
        y = cy + math.sin(2 * phase) * height * amplitude / 2
        mouse(driver, "mouseMoved", x, y)
        moves += 1
        target = start + moves / 60.0
        pause = target - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    end_page = driver.execute_script("return performance.now()")
    mouse(driver, "mouseReleased", x, y, buttons=0)
    return start_page, end_page, moves


def frames_between(driver, start, end):
    times = driver.execute_script("return window.__frames")
    inside = [t for t in times if start <= t <= end]
    gaps = [b - a for a, b in zip(inside, inside[1:])]
    return inside, gaps


def pan_case(port, sample, width, height):
    driver = browser(width, height)
    try:
        rect = open_page(driver, port, sample)
        start, end, moves = drag(driver, rect, SECONDS)
        inside, gaps = frames_between(driver, start, end)
        seconds = (end - start) / 1000
        return {"fps": len(inside) / seconds, "moves_per_s": moves / seconds,
                "longest_gap_ms": max(gaps) if gaps else None}
    finally:
        driver.quit()


def mercator_y(latitude):
    return math.log(math.tan(math.pi / 4 + math.radians(latitude) / 2))


def fly_case(port):
    """`/?sample=camera` opens on Helsinki at zoom 13; a tap on the cathedral's marker flies
    the camera to it at zoom 17, tilted and turned, through zooms whose tiles are not drawn yet;
    a tap on the map then flies out to fit every place. The longest time between frames from
    flight's first frame to its last."""
    driver = browser(1280, 800)
    try:
        left, top, width, height = open_page(driver, port, "camera")
        # The cathedral (60.1705, 24.9522) from the centre (60.1699, 24.9455) at zoom 13, in
        # points; its pin stands about 20 points above its position.
        scale = 256 * 2 ** 13 / (2 * math.pi)
        x = left + width / 2 + math.radians(24.9522 - 24.9455) * scale
        y = top + height / 2 - (mercator_y(60.1705) - mercator_y(60.1699)) * scale - 20
        worst = 0.0
        for tap_x, tap_y in ((x, y), (left + 60, top + height - 60)):
            before = driver.execute_script("return performance.now()")
            mouse(driver, "mousePressed", tap_x, tap_y)
            mouse(driver, "mouseReleased", tap_x, tap_y, buttons=0)
            time.sleep(2.5)
            inside, gaps = frames_between(driver, before, before + 2500)
            # (A tap is a tap once the double-tap window has passed: the flight starts with
            # its first frame.)
            if gaps:
                worst = max(worst, max(gaps))
        return {"longest_gap_ms": worst, "frames": len(inside)}
    finally:
        driver.quit()


def first_frame_case(port):
    driver = browser(1280, 800)
    try:
        driver.get("http://127.0.0.1:%d/?sample=markers" % port)
        deadline = time.time() + 20
        while time.time() < deadline and driver.execute_script("return window.__frames.length") == 0:
            time.sleep(0.01)
        first = driver.execute_script("return window.__frames[0]")
        # performance.now() counts from the navigation's start.
        return {"first_frame_ms": first}
    finally:
        driver.quit()


def spread(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return {"median": round(statistics.median(values), 1), "min": round(values[0], 1), "max": round(values[-1], 1)}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "release", "openmaps")
    server, port = start_server(binary)
    try:
        results = {"machine": "%d cores, %s" % (os.cpu_count(), subprocess.run(["uname", "-m"], capture_output=True, text=True).stdout.strip()),
                   "runs": RUNS, "seconds": SECONDS}
        for name, sample, width, height in (("markers 1280x800", "markers", 1280, 800),
                                            ("markers 2560x1600", "markers", 2560, 1600),
                                            ("many-markers 1280x800", "many-markers", 1280, 800)):
            if not wanted(name):
                continue
            runs = [pan_case(port, sample, width, height) for _ in range(RUNS)]
            results[name] = {key: spread([r[key] for r in runs]) for key in runs[0]}
            print(name, json.dumps(results[name]), file=sys.stderr)
        if wanted("fly-to camera 1280x800"):
            flights = [fly_case(port) for _ in range(RUNS)]
            results["fly-to camera 1280x800"] = {"longest_gap_ms": spread([r["longest_gap_ms"] for r in flights])}
        if wanted("first frame markers 1280x800"):
            # A browser's cold start varies by tens of milliseconds: each run is LOADS loads.
            firsts = [first_frame_case(port) for _ in range(RUNS * LOADS)]
            results["first frame markers 1280x800"] = {
                "first_frame_ms": spread([r["first_frame_ms"] for r in firsts]), "loads": len(firsts)}
        print(json.dumps(results, indent=1))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
