#!/usr/bin/env python3
"""The venue's HTTP contract (issue 20), against `qiwang-cli serve`:

every status of POST /api/result (200 recorded, 200 the same again, 401, 403
scope / role / closed round / origin, 409 another result / not the current
round / a stale board, 422 malformed, 413 over 4 KB, 411 chunked, 405),
POST /api/checkin alike, GET /join/TOKEN once (303 + cookie, then 403 with a
Chinese page), revocation by another process (`qiwang-cli device revoke`)
ending a session the server holds at once, the rate limit (429 with
Retry-After), a device name with markup escaped on its page and in the log,
nothing working before a device is added, the screens (no outside resource),
and `games --json` / `entries --json` / `devices --log --json` / `device list
--json` with their exact keys.

Environment: QIWANG_CLI, QIWANG_DATA_DIR.
"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from qwcheck import CLI, cli, expect, failures  # noqa: E402


class Server:
    def __init__(self, doc):
        self.proc = subprocess.Popen([CLI, "serve", doc, "--port", "0"], stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline().strip()
        m = re.match(r"serving http://127\.0\.0\.1:(\d+)/", first)
        if not m:
            raise RuntimeError(f"serve said {first!r}")
        self.port = int(m.group(1))
        self.host = f"127.0.0.1:{self.port}"

    def request(self, method, path, body=None, headers=None, json_body=True, address=None):
        # Each request from its own loopback address, unless told: the
        # failures this test makes on purpose must not add up to the rate
        # limit, which is tested on its own.
        if address is None:
            self.count = getattr(self, "count", 0) + 1
            address = f"127.0.{1 + self.count // 250}.{1 + self.count % 250}"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                          source_address=(address, 0))
        h = dict(headers or {})
        data = None
        if body is not None:
            data = (json.dumps(body) if json_body and not isinstance(body, (bytes, str)) else body)
            if isinstance(data, str):
                data = data.encode()
            h.setdefault("Content-Type", "application/json")
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        raw = r.read()
        conn.close()
        text = raw.decode("utf-8", "replace")
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        return r.status, dict(r.getheaders()), parsed, text

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def raw_request(port, data):
    """A request written by hand (chunked bodies, huge lengths)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(data)
    answer = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    except OSError:
        pass
    s.close()
    line = answer.split(b"\r\n", 1)[0].decode()
    return int(line.split()[1]) if line.startswith("HTTP/") else 0


def prepare(doc):
    cli("demo", doc)
    # The demo's open-m has played; start again at round 1, paired.
    while cli("unpair", doc, "open-m", "--force", check=False).returncode == 0:
        pass
    cli("pair", doc, "open-m")
    return json.loads(cli("games", doc, "open-m", "--json").stdout)


def main():
    work = tempfile.mkdtemp(prefix="qiwang-venue-http-")
    server = None
    try:
        doc = os.path.join(work, "stop.qiwang")
        games = prepare(doc)
        server = Server(doc)
        post = lambda body, **kw: server.request("POST", "/api/result", body, **kw)  # noqa: E731
        result = {"group": "open-m", "round": 1, "board": 3, "result": "2:0"}

        # No device yet: every write refuses.
        status, _, _, _ = post(result, headers={"Authorization": "Bearer x"})
        expect("no device: 401", status == 401, status)
        status, _, _, _ = server.request("GET", "/join/abc")
        expect("no device: a join link is refused (403)", status == 403, status)

        added = json.loads(cli("device", doc, "add", "--name", "裁判<b>1</b>", "--role", "arbiter", "--group",
                               "open-m", "--boards", "1-5", "--json").stdout)
        expect("device add --json keys", set(added) == {"id", "name", "role", "groups", "boards", "token", "join"},
               added)
        expect("device add: boards [1, 5], join /join/TOKEN", added["boards"] == [1, 5]
               and added["join"] == "/join/" + added["token"] and len(added["token"]) >= 22, added)
        token = added["token"]
        other = json.loads(cli("device", doc, "add", "--name", "裁判2", "--role", "arbiter", "--json").stdout)
        other_b = json.loads(cli("device", doc, "add", "--name", "裁判3", "--role", "arbiter", "--json").stdout)
        door = json.loads(cli("device", doc, "add", "--name", "门口", "--role", "checkin", "--group", "open-m",
                              "--json").stdout)
        screen = json.loads(cli("device", doc, "add", "--name", "大屏", "--role", "screen", "--json").stdout)
        listed = json.loads(cli("device", doc, "list", "--json").stdout)
        expect("device list --json keys", all(set(d) == {"id", "name", "role", "groups", "boards", "revoked",
                                                        "last_seen", "entries"} for d in listed), listed[0])
        expect("device list: the token is never shown again", token not in cli("device", doc, "list", "--json").stdout)

        # A HEAD (a link preview) does not use the link up.
        status, _, _, _ = server.request("HEAD", "/join/" + token)
        expect("HEAD of a join link: 200, the link still unused", status == 200, status)
        # Join once: a session cookie, HttpOnly and SameSite=Strict; then 403.
        status, headers, _, _ = server.request("GET", "/join/" + token)
        cookie = headers.get("Set-Cookie", "")
        expect("join: 303 to /device", status == 303 and headers.get("Location", "").endswith("/device"),
               (status, headers.get("Location")))
        expect("join: HttpOnly, SameSite=Strict cookie", "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie)
        session = cookie.split(";", 1)[0]
        status, _, _, text = server.request("GET", "/join/" + token)
        expect("join again: 403 with a Chinese page", status == 403 and "加入链接" in text, status)
        origin = {"Cookie": session, "Origin": f"http://{server.host}"}

        # The device's page, its name escaped.
        status, _, _, text = server.request("GET", "/device", headers={"Cookie": session})
        expect("device page: 200", status == 200, status)
        expect("device page: the name with markup is escaped", "裁判&lt;b&gt;1&lt;/b&gt;" in text
               and "裁判<b>1</b>" not in text, text[:300])
        expect("device page: no outside resource", not re.search(r"(src|href)=\"(https?:)?//", text))
        status, _, _, _ = server.request("GET", "/device")
        expect("device page without a session: 401", status == 401, status)

        # 200 and the game as games --json shows it, with entered_by; the
        # public pages follow (their version moves; the delay is printed).
        _, _, before, _ = server.request("GET", "/api/version")
        status, _, j, _ = post(result, headers=origin)
        expect("result: 200 recorded", status == 200 and j["recorded"] is True and j["game"]["result"] == "2:0"
               and j["game"]["entered_by"] == "device:裁判<b>1</b>", (status, j))
        posted = time.time()
        moved = None
        while time.time() - posted < 30:
            _, _, now, _ = server.request("GET", "/api/version")
            if now != before:
                moved = time.time() - posted
                break
            time.sleep(0.02)
        expect("the public pages follow a device's result", moved is not None)
        if moved is not None:
            print(f"     public pages' version moved {moved * 1000:.0f} ms after the device's result was answered")
        status, _, _, text = server.request("GET", "/group/open-m/pairings?round=1")
        expect("the public pairings page shows it", status == 200 and "2:0" in text, status)
        status, _, j, _ = post(result, headers=origin)
        expect("the same result again: 200 (idempotent, nothing written)", status == 200
               and j["outcome"] == "same", (status, j))
        status, _, j, _ = post(dict(result, result="0:2"), headers=origin)
        expect("another result for the board: 409, kept", status == 409 and j["game"]["result"] == "2:0", (status, j))
        # Scope, role, origin.
        status, _, _, _ = post(dict(result, board=9), headers=origin)
        expect("a board outside the scope: 403", status == 403, status)
        status, _, _, _ = post(dict(result, group="open-f"), headers=origin)
        expect("a group outside the scope: 403", status == 403, status)
        status, _, _, _ = post(dict(result, board=4), headers={"Authorization": "Bearer " + door["token"]})
        expect("a check-in device entering a result: 403", status == 403, status)
        status, _, _, _ = post(dict(result, board=4), headers={"Cookie": session})
        expect("a cookie without Origin or Referer: 403", status == 403, status)
        status, _, _, _ = post(dict(result, board=4), headers={"Cookie": session, "Origin": "http://evil.example"})
        expect("a cookie from another origin: 403", status == 403, status)
        status, _, _, _ = post(dict(result, board=4), headers={"Cookie": session,
                                                               "Referer": f"http://{server.host}/device"})
        expect("a cookie with a matching Referer: 200", status == 200, status)
        # 409: not the current round; a stale board.
        status, _, j, _ = post(dict(result, round=2, board=5), headers=origin)
        expect("a round that is not the current one: 409", status == 409 and j["outcome"] == "not-current",
               (status, j))
        status, _, j, _ = post(dict(result, board=5, red=999999), headers=origin)
        expect("a stale board (the game shown is not the board's now): 409", status == 409
               and j["outcome"] == "stale", (status, j))
        # 422
        for what, body in (("a result that is none", dict(result, board=5, result="3:0")),
                           ("a bye as a result", dict(result, board=5, result="bye")),
                           ("a board as text", dict(result, board="5")),
                           ("no round", {"group": "open-m", "board": 5, "result": "1:1"}),
                           ("fouls below 0", dict(result, board=5, red_fouls=-1))):
            status, _, _, _ = post(body, headers={"Authorization": "Bearer " + token})
            expect(f"{what}: 422", status == 422, status)
        status, _, _, _ = post("{not json", headers={"Authorization": "Bearer " + token})
        expect("malformed JSON: 422", status == 422, status)
        status, _, _, _ = post("[1, 2]", headers={"Authorization": "Bearer " + token})
        expect("JSON that is not an object: 422", status == 422, status)
        status, _, _, _ = post(result, headers={"Authorization": "Bearer " + token, "Content-Type": "text/plain"})
        expect("not application/json: 422", status == 422, status)
        # 413 before the body is read, 411 for a chunked body, 405.
        status, _, _, _ = post("x" * 5000, headers={"Authorization": "Bearer " + token})
        expect("a body over 4 KB: 413", status == 413, status)
        status = raw_request(server.port, b"POST /api/result HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                             b"\r\nContent-Length: 600000000\r\n\r\n{")
        expect("a body of 600 MB announced: 413 unread", status == 413, status)
        status = raw_request(server.port, b"POST /api/result HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                             b"\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        expect("a chunked body: 411", status == 411, status)
        status, _, _, _ = server.request("GET", "/api/result")
        expect("GET /api/result: 405", status == 405, status)
        status, _, _, _ = server.request("PUT", "/api/result", body=result)
        expect("PUT /api/result: 405", status == 405, status)
        status, _, _, _ = server.request("POST", "/group/open-m/pairings", body=result)
        expect("POST to a public page: 405", status == 405, status)

        # Two devices entering one board at the same moment: one result
        # stands, the other is refused (a different one) or answered as the
        # same; never both written.
        for results in (("2:0", "0:2"), ("1:1", "1:1")):
            board = 10 if results[0] != results[1] else 11
            bodies = [dict(result, board=board, result=r) for r in results]
            answers = [None, None]
            tokens = [other["token"], other_b["token"]]

            def send(i):
                answers[i] = post(bodies[i], headers={"Authorization": "Bearer " + tokens[i]})

            threads = [threading.Thread(target=send, args=(i,)) for i in (0, 1)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            outcomes = sorted(a[2]["outcome"] for a in answers)
            want = ["conflict", "recorded"] if results[0] != results[1] else ["recorded", "same"]
            expect(f"two devices at once on board {board} ({results[0]} and {results[1]}): {want}",
                   outcomes == want, [(a[0], a[2]) for a in answers])
        # The chief arbiter closes the round from another process: 403.
        cli("round-entry", doc, "open-m", "1", "--close")
        status, _, j, _ = post(dict(result, board=5, result="1:1"), headers=origin)
        expect("entry closed for the round: 403", status == 403 and j["outcome"] == "closed", (status, j))
        cli("round-entry", doc, "open-m", "1", "--open")
        status, _, _, _ = post(dict(result, board=5, result="1:1"), headers=origin)
        expect("entry opened again: 200", status == 200, status)

        # Check-in.
        entries = json.loads(cli("entries", doc, "--json").stdout)
        expect("entries --json: present is a bool", all(isinstance(e["present"], bool) for e in entries))
        no = next(e["no"] for e in entries if e["group"] == "open-m")
        door_h = {"Authorization": "Bearer " + door["token"]}
        status, _, j, _ = server.request("POST", "/api/checkin", {"group": "open-m", "no": no, "present": True},
                                         headers=door_h)
        expect("checkin: 200", status == 200 and j["recorded"] is True, (status, j))
        entries = json.loads(cli("entries", doc, "--json").stdout)
        expect("checkin: entries --json says present", next(e for e in entries if e["no"] == no)["present"] is True)
        status, _, _, _ = server.request("POST", "/api/checkin", {"group": "open-m", "no": no, "present": True})
        expect("checkin without a token: 401", status == 401, status)
        status, _, _, _ = server.request("POST", "/api/checkin", {"group": "open-f", "no": no, "present": True},
                                         headers=door_h)
        expect("checkin outside the groups: 403", status == 403, status)
        status, _, _, _ = server.request("POST", "/api/checkin", {"group": "open-m", "no": no, "present": True},
                                         headers={"Authorization": "Bearer " + screen["token"]})
        expect("checkin by a screen: 403", status == 403, status)
        status, _, _, _ = server.request("POST", "/api/checkin", {"group": "open-m", "no": "x", "present": True},
                                         headers=door_h)
        expect("checkin malformed: 422", status == 422, status)
        status, _, _, _ = server.request("POST", "/api/checkin", {"group": "open-m", "no": 99999, "present": True},
                                         headers=door_h)
        expect("checkin of an unknown number: 422", status == 422, status)

        # Revocation by another process ends the session this server holds, at once.
        cli("device", doc, "revoke", str(added["id"]))
        status, _, _, _ = post(dict(result, board=1, result="1:1"), headers=origin)
        expect("revoked in another process: the session's next write is 401", status == 401, status)
        status, _, _, _ = post(dict(result, board=1, result="1:1"), headers={"Authorization": "Bearer " + token})
        expect("revoked: the Bearer token is 401", status == 401, status)
        status, _, _, _ = server.request("GET", "/device", headers={"Cookie": session})
        expect("revoked: the device page is 401", status == 401, status)

        # The log and the list, exact keys.
        log = json.loads(cli("devices", doc, "--log", "--json").stdout)
        expect("devices --log --json keys", all(set(line) == {"time", "device", "address", "action", "group",
                                                               "round", "board", "result", "outcome"}
                                                for line in log), log[0])
        recorded = [line for line in log if line["outcome"] == "recorded" and line["action"] == "result"
                    and line["device"] == added["name"]]
        expect("the log: each recorded result with device and address", len(recorded) == 3
               and all(r["device"] == "裁判<b>1</b>" and r["address"].startswith("127.0.") for r in recorded), recorded)
        text = cli("devices", doc, "--log").stdout
        expect("devices --log lists the writes", "recorded" in text and "conflict" in text)
        listed = {d["id"]: d for d in json.loads(cli("device", doc, "list", "--json").stdout)}
        expect("device list: revoked, last contact, 3 entries", listed[added["id"]]["revoked"] is True
               and listed[added["id"]]["last_seen"] is not None and listed[added["id"]]["entries"] == 3,
               listed[added["id"]])
        g = json.loads(cli("games", doc, "open-m", "--json").stdout)
        by_board = {x["board"]: x for x in g if x["round"] == 1}
        expect("games --json: entered_by device:NAME", by_board[3]["entered_by"] == "device:裁判<b>1</b>",
               by_board[3])
        cli("result", doc, "open-m", "1", "6", "1:1")
        g = json.loads(cli("games", doc, "open-m", "--json").stdout)
        by_board = {x["board"]: x for x in g if x["round"] == 1}
        expect("games --json: entered_by cli", by_board[6]["entered_by"] == "cli", by_board[6])
        expect("games --json: no result, entered_by null", by_board[7]["entered_by"] is None, by_board[7])

        # Screens: public, Chinese, nothing from outside.
        for path in ("/screen", "/screen/open-m/pairings", "/screen/open-m/standings?page=2"):
            status, headers, _, text = server.request("GET", path)
            expect(f"{path}: 200 HTML with the pages' CSP", status == 200
                   and headers.get("Content-Security-Policy", "").startswith("default-src 'none'"), status)
            expect(f"{path}: no outside resource", not re.search(r"(src|href)=\"(https?:)?//", text))
        status, _, _, _ = server.request("GET", "/screen/nope/pairings")
        expect("/screen of an unknown group: 404", status == 404, status)

        # The rate limit: failed writes from one address, then 429 with Retry-After.
        statuses = [post(result, headers={"Authorization": "Bearer wrong"}, address="127.0.0.2")[0]
                    for _ in range(12)]
        status, headers, _, _ = post(result, headers={"Authorization": "Bearer " + other["token"]},
                                     address="127.0.0.2")
        expect("rate limit: 10 failures, then 429", statuses[:10] == [401] * 10 and statuses[10] == 429
               and status == 429, (statuses, status))
        expect("rate limit: Retry-After", int(headers.get("Retry-After", "0")) > 0, headers)
        status, _, _, _ = server.request("GET", "/join/wrong", address="127.0.0.2")
        expect("rate limit: joins too", status == 429, status)
        status, _, _, _ = post(dict(result, board=8), headers={"Authorization": "Bearer " + other["token"]})
        expect("rate limit: another address is not limited", status == 200, status)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


sys.exit(main())
