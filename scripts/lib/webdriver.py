"""A small W3C WebDriver client over the standard library, for driving headless Chromium through
Debian's chromedriver (scripts/setup --for-tests installs both): sessions, script, keys,
screenshots and the browser's logs."""
import base64
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class WebDriverError(Exception):
    pass


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Chromium:
    """Headless Chromium under chromedriver, closed on exit (`with Chromium() as browser:`)."""

    def __init__(self, width=1280, height=900, timeout=30):
        self.port = free_port()
        self.timeout = timeout
        self.driver = subprocess.Popen(
            [os.environ.get("CHROMEDRIVER", "chromedriver"), f"--port={self.port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self._call("GET", "/status")["ready"]:
                    break
            except (OSError, WebDriverError):
                pass
            if time.monotonic() > deadline or self.driver.poll() is not None:
                self.driver.kill()
                raise WebDriverError("chromedriver did not start")
            time.sleep(0.1)
        options = {
            "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--window-size={width},{height}", "--no-first-run", "--disable-extensions"],
        }
        capabilities = {"browserName": "chrome", "goog:chromeOptions": options,
                        "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"}}
        try:
            self.session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})["sessionId"]
        except Exception:
            self.driver.kill()
            raise

    def __enter__(self):
        return self

    def __exit__(self, *error):
        try:
            self._call("DELETE", f"/session/{self.session}")
        except (OSError, WebDriverError):
            pass
        self.driver.terminate()
        try:
            self.driver.wait(10)
        except subprocess.TimeoutExpired:
            self.driver.kill()

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.load(answer)["value"]
        except urllib.error.HTTPError as error:
            raise WebDriverError(f"{method} {path}: {error.read().decode(errors='replace')[:500]}") from None

    def command(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *arguments):
        """Runs `script` as a function body and returns what it returns."""
        return self.command("POST", "/execute/sync", {"script": script, "args": list(arguments)})

    def element(self, selector):
        return self.command("POST", "/element", {"using": "css selector", "value": selector})[ELEMENT]

    def type_into(self, selector, text):
        self.command("POST", f"/element/{self.element(selector)}/value", {"text": text})

    def click(self, selector):
        self.command("POST", f"/element/{self.element(selector)}/click", {})

    def keys(self, text):
        """Presses the keys of `text` wherever the focus is (W3C actions)."""
        actions = []
        for key in text:
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def cdp(self, command, parameters):
        """A Chrome DevTools Protocol command (chromedriver's goog/cdp/execute)."""
        return self.command("POST", "/goog/cdp/execute", {"cmd": command, "params": parameters})

    def screenshot(self, path):
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.command("GET", "/screenshot")))

    def log(self, kind):
        """The entries of the browser's `kind` log (browser, performance) since the last call."""
        return self.command("POST", "/se/log", {"type": kind})

    def wait_for(self, script, timeout=30):
        """Polls `script` until it returns something true, which it returns."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)
