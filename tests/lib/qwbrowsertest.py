"""The frame the browser tests share (test-publish-browser.py, test-venue-browser.py): qiwang-cli
runs and counted checks (qwcheck.py), and a session of `qiwang-cli serve` with a headless Chromium in a
work folder of its own, skipped (77) without Chromium and cleaned up however the test ends.

Environment: QIWANG_CLI (the built qiwang-cli), G_TEST_BUILDDIR (the screenshots' parent)."""
import os
import shutil
import subprocess
import tempfile

from qwbrowser import CHROMIUM, Browser
from qwcheck import CLI, cli, expect, failures  # noqa: F401 (the tests take cli and expect from here)


def screenshots(name):
    """The folder the screenshots go to, $G_TEST_BUILDDIR/@name."""
    return os.path.join(os.environ.get("G_TEST_BUILDDIR", "."), name)


class Session:
    """What a test's body gets: its work folder, and serve() and browser() started on demand."""

    def __init__(self, work):
        self.work = work
        self.server = None
        self.first_line = None
        self._browser = None

    def serve(self, doc):
        """Starts `qiwang-cli serve DOC --port 0`; its address (the first line says it)."""
        self.server = subprocess.Popen([CLI, "serve", doc, "--port", "0"], stdout=subprocess.PIPE, text=True)
        self.first_line = self.server.stdout.readline().strip()
        return self.first_line.split(" ", 1)[1] if " " in self.first_line else ""

    def browser(self):
        if self._browser is None:
            self._browser = Browser(os.path.join(self.work, "profile"))
        return self._browser

    def close(self):
        if self._browser is not None:
            self._browser.close()
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)


def run(prefix, out, body):
    """Runs body(session) in a fresh work folder (prefix @prefix) with the screenshots' folder @out made;
    the exit status: 77 without Chromium, 1 when a check failed."""
    if CHROMIUM is None:
        print("chromium is not installed: skipped")
        return 77
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix=prefix)
    session = Session(work)
    try:
        body(session)
    finally:
        session.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"screenshots in {out}")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0
