"""What the real-terminal checks share: a virtual X screen, kitty and `xterm -ti vt340` in it,
screenshots, and finding each avatar of a search in a screenshot by its own thumbnail.

scripts/terminal-tests, scripts/kitty-trixie-check and Benchmarks/tmux-sixel use it.
"""
import contextlib
import json
import os
import shlex
import signal
import subprocess
import time

import numpy as np
from PIL import Image

from measures import luma, read_xwd, ssim

THRESHOLD = 0.85
# Where the first cell is expected on the screen: kitty has no padding (window_padding_width=0);
# xterm has a 1-pixel window border and its 2-pixel internal border. Where the window manager-less
# X server puts the window varies by a few pixels between machines, so `find_origin` looks near it.
ORIGIN = {"kitty": (0, 0), "xterm": (3, 3)}



@contextlib.contextmanager
def xvfb(width, height, work):
    """A virtual X screen on the first free display from :90; yields its DISPLAY."""
    number = next(n for n in range(90, 200)
                  if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"))
    log = open(os.path.join(work, "xvfb.log"), "wb")
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                              stderr=log)
    deadline = time.time() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{number}"):
        if time.time() > deadline or server.poll() is not None:
            raise SystemExit(f"terminal-tests: Xvfb did not start (see {log.name})")
        time.sleep(0.05)
    time.sleep(0.3)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait()
        log.close()

def terminal_command(kind, script):
    if kind == "kitty":
        return ["kitty", "--config", "NONE", "-o", "font_size=11", "-o", "remember_window_size=no",
                "-o", "initial_window_width=1000", "-o", "initial_window_height=1900", "-o", "window_padding_width=0",
                "sh", "-c", script]
    return ["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*decTerminalID: vt340",
            "-xrm", "XTerm*sixelScrolling: true", "-geometry", "120x130+0+0", "-bg", "black", "-fg", "white",
            "-e", "sh", "-c", script]

def screenshot(environment, work):
    dump = os.path.join(work, "screen.xwd")
    subprocess.run(["xwd", "-root", "-silent", "-out", dump], env=environment, check=True)
    return read_xwd(dump)

def run_in_terminal(kind, display, work, commands, keys=None, settle=1.5, shots=None):
    """Runs `commands` (shell) inside a fresh terminal and returns a screenshot taken once they
    are done. `keys` is played first: a number waits that many seconds, "shot" appends a
    screenshot to `shots`, "type:TEXT" types TEXT, anything else is an xdotool key name."""
    marker = os.path.join(work, "done")
    if os.path.exists(marker):
        os.remove(marker)
    script = f"sleep 0.5; {commands}; touch {shlex.quote(marker)}; sleep 600"
    environment = dict(os.environ, DISPLAY=display, LIBGL_ALWAYS_SOFTWARE="1", XDG_CACHE_HOME=os.path.join(work, "cache"))
    log = open(os.path.join(work, f"{kind}.log"), "ab")
    process = subprocess.Popen(terminal_command(kind, script), env=environment, stdout=log, stderr=log,
                               start_new_session=True)
    try:
        for key in keys or []:
            if isinstance(key, (int, float)):
                time.sleep(key)
            elif key == "shot":
                shots.append(screenshot(environment, work))
            elif key.startswith("type:"):
                subprocess.run(["xdotool", "type", "--delay", "50", key[5:]], env=environment, check=True)
            else:
                subprocess.run(["xdotool", "key", key], env=environment, check=True)
        deadline = time.time() + 90
        while not os.path.exists(marker):
            if time.time() > deadline or process.poll() is not None:
                raise SystemExit(f"terminal-tests: {kind} did not finish: {commands} (see {log.name})")
            time.sleep(0.2)
        time.sleep(settle)
        return screenshot(environment, work)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        log.close()

# ---- checks ------------------------------------------------------------------------------

class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, condition, message):
        print(("  ok    " if condition else "  FAIL  ") + message)
        if not condition:
            self.failures.append(message)

def thumbnails(binary, work, size, ids):
    folder = os.path.join(work, f"thumbnails-{size}")
    if not os.path.isdir(folder):
        subprocess.run([binary, "export", "rick", "--api", "fixtures", "--sizes", str(size), "--out", folder,
                        "--manifest", "none"], check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache")))
    found = {}
    for name in os.listdir(folder):
        identifier = int(name.split("-")[0])
        if identifier in ids:
            found[identifier] = Image.open(os.path.join(folder, name)).convert("RGBA")
    return [found[identifier] for identifier in ids]

def reference(thumbnail, box_width, box_height, background):
    """The thumbnail as a terminal should show it: scaled to fit the box (aspect kept), on the
    terminal's background, at the box's top left."""
    scale = min(box_width / thumbnail.width, box_height / thumbnail.height)
    size = (max(1, round(thumbnail.width * scale)), max(1, round(thumbnail.height * scale)))
    canvas = Image.new("RGBA", (box_width, box_height), background + (255,))
    canvas.alpha_composite(thumbnail.resize(size, Image.LANCZOS))
    return np.asarray(canvas.convert("RGB"), float)

def find_origin(screen, first, expected, reach=12):
    """Where the first cell starts: the offset near `expected` (within `reach` pixels) at which
    the first avatar, drawn at the first cell, matches its reference best; `expected` when none
    matches well."""
    height, width = first.shape[:2]
    best = (0.5, expected)
    for top in range(max(0, expected[1] - reach), expected[1] + reach + 1):
        for left in range(max(0, expected[0] - reach), expected[0] + reach + 1):
            region = screen[top:top + height, left:left + width]
            if region.shape[:2] == (height, width):
                best = max(best, (ssim(luma(region), luma(first)), (left, top)))
    return best[1]

def find_avatars(screen, references, cell, columns):
    """For each reference in order, the best-scoring row of the screen's left edge (from the
    row after the previous find) and its SSIM. `screen` starts at the first cell."""
    width, height = cell
    box_height = references[0].shape[0]
    rows = screen.shape[0] // height
    found, start = [], 0
    for image in references:
        best = (-1.0, None)
        for row in range(start, rows):
            top = row * height
            if top + box_height > screen.shape[0]:
                break
            region = screen[top:top + box_height, :columns * width]
            score = ssim(luma(region), luma(image))
            best = max(best, (score, row))
        found.append(best)
        if best[1] is not None:
            start = best[1] + 1
    return found

def text_beside(screen, row, cell, columns, background):
    """Whether the cells right of the avatar, on its first row, hold text (pixels off the
    terminal's background)."""
    width, height = cell
    band = screen[row * height:(row + 1) * height, (columns + 2) * width:(columns + 30) * width]
    return float(np.mean(np.abs(band - np.array(background)).sum(axis=-1) > 60)) > 0.02

def search_ids(binary, work):
    output = subprocess.run([binary, "search", "rick", "--api", "fixtures", "--json"], check=True,
                            capture_output=True, env=dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache")))
    return [result["id"] for result in json.loads(output.stdout)["results"]]

def colorful(screen):
    """The share of the screen in saturated color: avatars, not text (gray) or the cursor."""
    return float(np.mean(screen.max(axis=-1) - screen.min(axis=-1) > 40))

def save_picture(screen, cell, columns, rows, path):
    """The top `rows` x `columns` cells of the screen, as the README shows them."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    crop = screen[:rows * cell[1], :columns * cell[0]].clip(0, 255).astype(np.uint8)
    Image.fromarray(crop).save(path, optimize=True)
    print(f"  wrote {path}")
