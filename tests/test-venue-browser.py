#!/usr/bin/env python3
"""The venue both ways in a real browser (issue 20): headless Chromium opens an
arbiter's join link at a phone's width (375 px), lands on the device's page,
taps a result, and `qiwang-cli games --json` shows it with entered_by
"device:NAME"; a door's tablet checks a player in; the hall's screens are
shown at 1920×1080 without scrolling. Screenshots of each go to
$G_TEST_BUILDDIR/venue-screenshots/.

Exits 77 (skipped) when Chromium is not installed.
Environment: QIWANG_CLI, QIWANG_DATA_DIR, G_TEST_BUILDDIR.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from qwbrowsertest import cli, expect, run, screenshots  # noqa: E402

OUT = screenshots("venue-screenshots")


def wait_for(browser, expression, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    return None


def layout(browser):
    return json.loads(browser.evaluate(
        "JSON.stringify({w: document.documentElement.scrollWidth, vw: window.innerWidth,"
        " h: document.documentElement.scrollHeight, vh: window.innerHeight,"
        " h1: (document.querySelector('h1')||{}).textContent||''})"))


def phone_pages(browser, base, doc, arbiter, door):
    browser.size(375, True)
    browser.goto(base + arbiter["join"].lstrip("/"))
    here = browser.evaluate("location.pathname")
    expect("the join link lands on the device's page", here == "/device", here)
    state = layout(browser)
    expect("arbiter page @375: no sideways scrolling", state["w"] <= state["vw"] + 1, state)
    fonts = browser.fonts_used("h1")
    expect("arbiter page: Chinese drawn with a CJK font", any("CJK" in f or "SC" in f for f in fonts), fonts)
    boards = browser.evaluate("document.querySelectorAll('.board').length")
    expect("arbiter page: boards 1-5 of the current round", boards == 5, boards)
    browser.screenshot(os.path.join(OUT, "arbiter-375.png"))

    browser.evaluate("document.querySelector('.board[data-board=\"2\"] [data-foul=\"red\"]').click()")
    browser.evaluate("document.querySelector('.board[data-board=\"2\"] [data-result=\"1:1\"]').click()")
    shown = wait_for(browser, "(function(){var s=document.querySelector('.board[data-board=\"2\"] .state');"
                              "return s.textContent.indexOf('已记录')===0?s.textContent:null})()")
    expect("a tap on 1:1 is answered with what was recorded", shown == "已记录：1:1", shown)
    browser.screenshot(os.path.join(OUT, "arbiter-375-recorded.png"))
    games = json.loads(cli("games", doc, "open-m", "--json").stdout)
    board = next(g for g in games if g["round"] == 1 and g["board"] == 2)
    expect("games --json shows the phone's result with entered_by", board["result"] == "1:1"
           and board["entered_by"] == "device:" + arbiter["name"], board)

    # The page follows the document: a result entered at the window shows
    # on the phone without a tap (the page reads again when it changed).
    cli("result", doc, "open-m", "1", "3", "0:2")
    followed = wait_for(browser, "(function(){var b=document.querySelector('.board[data-board=\"3\"] .res');"
                                 "return b&&b.textContent==='0:2'})()", timeout=60)
    expect("the arbiter's page follows a result entered elsewhere", followed is True,
           browser.evaluate("location.href+' '+document.querySelector('.board[data-board=\"3\"] .res').textContent"))

    # The door's tablet, in a browser without the arbiter's cookie.
    browser.call("Network.clearBrowserCookies", session=True)
    browser.goto(base + door["join"].lstrip("/"))
    rows = browser.evaluate("document.querySelectorAll('.row').length")
    expect("check-in page: the group's players", rows is not None and rows > 10, rows)
    browser.evaluate("document.querySelector('.row button').click()")
    done = wait_for(browser, "document.querySelector('.row button').textContent==='已签到'")
    expect("check-in: a tap marks the player present", done is True, done)
    # A name search, as at the door: the first player's surname.
    browser.evaluate("(function(){var q=document.getElementById('q');"
                     "q.value=document.querySelector('.row').dataset.name.charAt(0);"
                     "q.dispatchEvent(new Event('input'))})()")
    visible = browser.evaluate("[].slice.call(document.querySelectorAll('.row'))"
                               ".filter(function(r){return r.style.display!=='none'}).length")
    expect("check-in: a name search keeps the matching players", visible is not None and 0 < visible < rows,
           (visible, rows))
    browser.screenshot(os.path.join(OUT, "checkin-375.png"))
    entries = json.loads(cli("entries", doc, "--json").stdout)
    expect("entries --json: one player present", sum(1 for e in entries if e["present"]) == 1)


def screens(browser, base):
    browser.call("Emulation.setDeviceMetricsOverride", session=True, width=1920, height=1080, deviceScaleFactor=1,
                 mobile=False)
    for path, name in (("screen/open-m/pairings", "screen-pairings"), ("screen/open-m/standings", "screen-standings"),
                       ("screen/open-m/standings?page=2", "screen-standings-2"), ("screen", "screen-cycle")):
        browser.goto(base + path)
        state = layout(browser)
        expect(f"{name} @1920×1080: no scrolling", state["w"] <= state["vw"] + 1 and state["h"] <= state["vh"] + 1,
               state)
        # Nothing cut off either: the last row and the page number are on the screen.
        bottom = browser.evaluate("(function(){var r=document.querySelectorAll('tr'),f=document.querySelector('footer');"
                                  "return Math.max(r.length?r[r.length-1].getBoundingClientRect().bottom:0,"
                                  "f.getBoundingClientRect().bottom)})()")
        expect(f"{name}: every row and the footer within 1080 px", bottom is not None and bottom <= 1080, bottom)
        size = browser.evaluate("parseFloat(getComputedStyle(document.querySelector('td')||document.body).fontSize)")
        expect(f"{name}: type for 5 m (≥ 36 px)", size is not None and size >= 36, size)
        browser.screenshot(os.path.join(OUT, f"{name}-1920.png"))
    # The page goes on by itself.
    browser.goto(base + "screen/open-m/pairings")
    moved = wait_for(browser, "location.search.indexOf('page=')>=0 ? location.search : null", timeout=30)
    expect("a screen page goes on to the next by itself", moved is not None, moved)


def walk(session):
    doc = os.path.join(session.work, "stop.qiwang")
    cli("demo", doc)
    while cli("unpair", doc, "open-m", "--force", check=False).returncode == 0:
        pass
    cli("pair", doc, "open-m")
    cli("round-clock", doc, "open-m", "1", "--start", "09:00", "--end", "11:30")
    arbiter = json.loads(cli("device", doc, "add", "--name", "裁判一", "--role", "arbiter", "--group", "open-m",
                             "--boards", "1-5", "--json").stdout)
    door = json.loads(cli("device", doc, "add", "--name", "门口", "--role", "checkin", "--group", "open-m",
                          "--json").stdout)
    base = session.serve(doc)
    browser = session.browser()
    phone_pages(browser, base, doc, arbiter, door)
    screens(browser, base)


sys.exit(run("qiwang-venue-browser-", OUT, walk))
