"""What the Python tests that drive qiwang-cli share: running it, and checks that are counted
(test-handouts.py, test-venue-http.py and, through qwbrowsertest.py, the browser tests).

Environment: QIWANG_CLI (the built qiwang-cli)."""
import os
import subprocess

CLI = os.environ.get("QIWANG_CLI", "qiwang-cli")
failures = []


def cli(*args, check=True, timeout=120):
    """qiwang-cli with @args; raises when it fails and @check."""
    p = subprocess.run([CLI] + list(args), capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise RuntimeError(f"qiwang-cli {' '.join(args)}: {p.returncode}: {p.stderr}")
    return p


def expect(what, ok, detail=""):
    """A check: printed "ok" or "FAIL", and counted in failures when it fails."""
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(what)
