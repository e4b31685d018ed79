"""Headless Chromium driven over --remote-debugging-pipe (the DevTools protocol
on file descriptors 3 and 4), shared by the browser tests (test-publish-browser.py,
test-venue-browser.py): no network port besides the server's is used."""
import base64
import json
import os
import shutil
import subprocess
import time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe"]


class Browser:
    """A headless Chromium and one page, over the DevTools pipe."""

    def __init__(self, profile):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Chromium reads commands on fd 3 and writes answers on fd 4. The pipes
        # may be 3 and 4 themselves: move them out of the way first. (os.pipe's
        # descriptors are not inherited; dup2's are.)
        def child_fds():
            high_r, high_w = os.dup(to_chrome_r) + 100, os.dup(from_chrome_w) + 100
            os.dup2(to_chrome_r, high_r)
            os.dup2(from_chrome_w, high_w)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)
        self.proc = subprocess.Popen([CHROMIUM] + FLAGS + [f"--user-data-dir={profile}", "about:blank"],
                                     preexec_fn=child_fds, close_fds=False,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "DOM", "CSS"):
            self.call(f"{domain}.enable", session=True)

    def _read(self):
        while b"\0" not in self.buffer:
            chunk = self.inp.read(65536)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=False, **params):
        self.next_id += 1
        request = {"id": self.next_id, "method": method, "params": params}
        if session:
            request["sessionId"] = self.session
        self.out.write(json.dumps(request).encode() + b"\0")
        while True:
            message = self._read()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_event(self, method, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    del self.events[i]
                    return e
            # A cheap call to pump the pipe.
            self.call("Runtime.evaluate", session=True, expression="1")
            time.sleep(0.02)
        raise RuntimeError(f"no {method} within {timeout} s")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def size(self, width, mobile):
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=800 if mobile else 900,
                  deviceScaleFactor=2 if mobile else 1, mobile=mobile)

    def goto(self, url):
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_event("Page.loadEventFired")

    def screenshot(self, path):
        metrics = self.call("Page.getLayoutMetrics", session=True)
        content = metrics.get("cssContentSize") or metrics["contentSize"]
        clip = {"x": 0, "y": 0, "width": content["width"], "height": min(content["height"], 12000), "scale": 1}
        data = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True,
                         clip=clip)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def fonts_used(self, selector):
        root = self.call("DOM.getDocument", session=True, depth=0)["root"]["nodeId"]
        node = self.call("DOM.querySelector", session=True, nodeId=root, selector=selector)["nodeId"]
        if node == 0:
            return []
        fonts = self.call("CSS.getPlatformFontsForNode", session=True, nodeId=node)["fonts"]
        return [f["familyName"] for f in fonts]

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
