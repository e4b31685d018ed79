#!/usr/bin/env python3
"""A simulated season of the 2022 online ladder, checked twice.

The generator writes the platform's game log of eight periods: thousands of
games, players in several periods, leavers, void games, games outside their
period's dates and in the early hours of a qualifying stage's first day,
qualifying games of players who never reached the threshold, and, on
purpose, players tied with the 23rd place. It writes the players list and
the wild cards too, and runs `qiwang-cli ladder --json` on the log as CSV and
as a workbook with real date cells.

A second computation here, written from the rules of seed 000 (§八, §十一)
and sharing nothing with the C module, must agree with the CLI on every
period's selection and qualifying tables, the qualifiers (ties at the 23rd
place included), the finalists, the certificates and the warnings.

Run by meson with QIWANG_CLI and QIWANG_DATA_DIR set; uses /usr/bin/python3
and python3-openpyxl (as test-xlsx-writer does).
"""
import csv
import datetime as dt
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

CLI = os.environ.get("QIWANG_CLI")
if not CLI:
    print("QIWANG_CLI is not set")
    sys.exit(77)

# The rules, from the seed's text (not from the ruleset file).
PERIODS = {  # §八2: selection (海选赛) and qualifying (入围赛), 2022
    1: ("05-30", "06-10", "06-11", "06-19"),
    2: ("06-11", "06-22", "06-23", "07-01"),
    3: ("06-23", "07-04", "07-05", "07-13"),
    4: ("07-05", "07-16", "07-17", "07-25"),
    5: ("07-17", "07-28", "07-29", "08-06"),
    6: ("07-29", "08-09", "08-10", "08-18"),
    7: ("08-10", "08-21", "08-22", "08-30"),
    8: ("08-22", "09-02", "09-03", "09-11"),
}
WIN, DRAW, LOSS = 2, 1, -2          # §十一(一)3
LEFT, LEFT_OPPONENT = -2, 2          # §十一(一)4
THRESHOLD = 7                        # §十一(一)5
PLACES = 23                          # §十一(二)1
FIRST_DAY_FROM = dt.time(10, 0)      # §十一(二)2
CERTIFICATE = 10                     # §十一(一)6
BARRED = ("运动健将", "象棋大师", "国家大师", "特级大师", "女子大师")  # §九2


def day(md):
    return dt.date(2022, int(md[:2]), int(md[3:]))


def stage_dates(period, stage):
    s = PERIODS[period]
    return (day(s[0]), day(s[1])) if stage == "selection" else (day(s[2]), day(s[3]))


def outside(g):
    start, end = stage_dates(g["period"], g["stage"])
    d = g["time"].date()
    if d < start or d > end:
        return True
    return g["stage"] == "qualifying" and d == start and g["has_time"] and g["time"].time() < FIRST_DAY_FROM


# ---------------------------------------------------------------- the check

def new_tally():
    return {"games": 0, "wins": 0, "draws": 0, "losses": 0, "left": 0, "points": 0}


def score(t, outcome):
    t["games"] += 1
    if outcome == "win":
        t["wins"] += 1
        t["points"] += WIN
    elif outcome == "draw":
        t["draws"] += 1
        t["points"] += DRAW
    elif outcome == "loss":
        t["losses"] += 1
        t["points"] += LOSS
    elif outcome == "left":            # the leaver: a loss, and a game left
        t["losses"] += 1
        t["left"] += 1
        t["points"] += LEFT
    elif outcome == "opponent-left":   # a win by the opponent's leaving
        t["wins"] += 1
        t["points"] += LEFT_OPPONENT


OUTCOMES = {  # result → (red's, black's)
    "2:0": ("win", "loss"), "1:1": ("draw", "draw"), "0:2": ("loss", "win"),
    "红方逃跑": ("left", "opponent-left"), "黑方逃跑": ("opponent-left", "left"),
}


def expected(games, wildcards, players):
    stages = {(k, s): {} for k in PERIODS for s in ("selection", "qualifying")}
    season = {}
    warnings = set()
    for g in games:
        if g["result"] == "无效":      # §十一(二)4: void, counts for nothing
            continue
        if outside(g):
            warnings.add(("outside-dates", g["period"], g["red"]))
            warnings.add(("outside-dates", g["period"], g["black"]))
            continue
        red, black = OUTCOMES[g["result"]]
        table = stages[(g["period"], g["stage"])]
        for who, outcome in ((g["red"], red), (g["black"], black)):
            score(table.setdefault(who, new_tally()), outcome)
            score(season.setdefault(who, new_tally()), outcome)

    periods = []
    finalists, first_period = [], {}
    for k in sorted(PERIODS):
        sel = stages[(k, "selection")]
        selection = sorted(({"player": p, **t, "qualified": t["points"] >= THRESHOLD} for p, t in sel.items()),
                           key=lambda r: (-r["points"], -r["wins"], r["player"].encode()))
        ranked = []
        for p, t in stages[(k, "qualifying")].items():
            if p not in sel or sel[p]["points"] < THRESHOLD:
                warnings.add(("not-selected", k, p))
                continue
            ranked.append({"player": p, "games": t["games"], "wins": t["wins"], "points": t["points"]})
        ranked.sort(key=lambda r: (-r["points"], -r["wins"], r["player"].encode()))
        qualifying = []
        for i, r in enumerate(ranked):
            # competition rank: 1 + the players strictly better on (points, wins)
            better = sum(1 for o in ranked if (o["points"], o["wins"]) > (r["points"], r["wins"]))
            qualifying.append({"rank": better + 1, **r, "qualified": better + 1 <= PLACES})
        for r in qualifying:
            if not r["qualified"]:
                continue
            if r["player"] in first_period:
                warnings.add(("qualified-twice", k, r["player"]))
            else:
                first_period[r["player"]] = k
                finalists.append(r["player"])
        periods.append({"period": k, "selection": selection, "qualifying": qualifying})
    for w in wildcards:
        if w["account"] in first_period or w["account"] in finalists:
            warnings.add(("wildcard-finalist", 0, w["account"]))
        else:
            finalists.append(w["account"])
    for f in finalists:
        p = players.get(f)
        if p is None:
            warnings.add(("not-listed", first_period.get(f, 0), f))
        elif any(b in p["grade"] for b in BARRED):
            warnings.add(("too-strong", first_period.get(f, 0), f))
    if len(finalists) > 240:
        warnings.add(("too-many-finalists", 0, ""))
    certificate = sorted((p for p, t in season.items() if t["games"] >= CERTIFICATE), key=str.encode)
    return {"periods": periods, "finalists": finalists, "certificate_eligible": certificate,
            "warnings": warnings}


# ------------------------------------------------------------ the generator

def generate(seed):
    rng = random.Random(seed)
    pool = [f"u{i:04d}" for i in range(1, 1101)]
    pool += [f"139{rng.randrange(10**8):08d}" for _ in range(60)]      # mobile numbers as accounts
    pool += ["棋手甲", "棋手乙", "象棋迷", "qq_8872", "wx-river"]
    pool = sorted(set(pool))
    strength = {p: rng.gauss(0, 1) for p in pool}
    champion = "u0007"                                                # plays, and qualifies, everywhere
    strength[champion] = 6.0
    games = []

    def when(period, stage, out=False):
        start, end = stage_dates(period, stage)
        if out:
            kind = rng.randrange(3)
            if kind == 0:
                d = start - dt.timedelta(days=rng.randrange(1, 3))
            elif kind == 1 or stage == "selection":
                d = end + dt.timedelta(days=rng.randrange(1, 3))
            else:                                                     # the first day before 10:00
                return dt.datetime.combine(start, dt.time(rng.randrange(0, 10), rng.randrange(60),
                                                          rng.randrange(1, 60))), True
        else:
            d = start + dt.timedelta(days=rng.randrange((end - start).days + 1))
        t = dt.datetime.combine(d, dt.time(rng.randrange(24), rng.randrange(60), rng.randrange(60)))
        if not out and stage == "qualifying" and d == start and t.time() < FIRST_DAY_FROM:
            t = t.replace(hour=10 + t.hour % 14)
        if t.time() == dt.time(0, 0, 0):
            # A workbook's date cell at midnight reads as the day alone.
            t = t.replace(second=1)
        return t, True

    def play(period, stage, red, black, result=None, out=None):
        if out is None:
            out = rng.random() < 0.012
        t, has_time = when(period, stage, out)
        if result is None:
            x = rng.random()
            if x < 0.02:
                result = "无效"
            elif x < 0.05:
                result = rng.choice(["红方逃跑", "黑方逃跑"])
            else:
                diff = strength[red] - strength[black]
                p_red = 1 / (1 + 10 ** (-diff / 1.2))
                x = rng.random()
                result = "1:1" if x < 0.18 else ("2:0" if x < 0.18 + 0.82 * p_red else "0:2")
        if rng.random() < 0.01:                                        # a few with the day only
            t, has_time = dt.datetime.combine(t.date(), dt.time(12, 0)), False
        games.append({"period": period, "stage": stage, "time": t, "has_time": has_time,
                      "red": red, "black": black, "result": result})

    def table_of(period, stage):
        probe = expected([g for g in games if g["period"] == period and g["stage"] == stage], [], {})
        return probe["periods"][period - 1][stage], probe

    ties = 0
    for k in sorted(PERIODS):
        active = rng.sample(pool, 300) + [champion]
        for _ in range(800):
            red, black = rng.sample(active, 2)
            play(k, "selection", red, black)
        for _ in range(12):
            play(k, "selection", champion, rng.choice(active), "2:0", out=False)
        selection, _ = table_of(k, "selection")
        selected = [r["player"] for r in selection if r["qualified"]]
        unselected = [r["player"] for r in selection if not r["qualified"]]
        for _ in range(450):
            red, black = rng.sample(selected, 2)
            if rng.random() < 0.015:                                   # one who did not reach 7
                red = rng.choice(unselected)
            play(k, "qualifying", red, black)
        # On purpose: bring 1 to 3 players from just below the cut level with the 23rd.
        rows = expected([g for g in games if g["period"] == k], [], {})["periods"][k - 1]["qualifying"]
        if len(rows) <= PLACES + 5 or k == 5:                          # period 5 keeps its natural table
            continue
        cut = rows[PLACES - 1]                                         # the 23rd place, perhaps shared
        below = [r for r in rows if r["rank"] > cut["rank"] and r["wins"] <= cut["wins"]]
        for j, r in enumerate(below[: 1 + k % 3]):
            d_wins = cut["wins"] - r["wins"]
            rest = cut["points"] - r["points"] - WIN * d_wins
            losses = (-rest + 1) // 2 if rest < 0 else 0
            draws = rest + 2 * losses
            for n, result in enumerate(["2:0"] * d_wins + ["1:1"] * draws + ["0:2"] * losses):
                spar = f"spar-{k}-{j}-{n}"                             # never selected: not ranked
                play(k, "qualifying", r["player"], spar, result, out=False)
            ties += 1
    rng.shuffle(games)
    return pool, games, ties


def time_text(g, i):
    t = g["time"]
    if not g["has_time"]:
        return f"{t.year}-{t.month:02d}-{t.day:02d}"
    form = i % 3
    if form == 0:
        return t.strftime("%Y-%m-%d %H:%M:%S")
    if form == 1:
        return f"{t.year}/{t.month}/{t.day} {t.hour}:{t.minute:02d}:{t.second:02d}"
    return f"{t.year}年{t.month}月{t.day}日 {t.strftime('%H:%M:%S')}"


def write_log(path, games):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["期", "阶段", "时间", "红方", "黑方", "结果"])
        for i, g in enumerate(games):
            stage = "海选" if g["stage"] == "selection" else "入围"
            period = g["period"] if i % 5 else f"第{g['period']}期"
            w.writerow([period, stage, time_text(g, i), g["red"], g["black"], g["result"]])


def write_book(path, games):
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "对局"
    ws.append(["期/period", "阶段/stage", "时间/time", "红方/red", "黑方/black", "结果/result"])
    for g in games:
        t = g["time"] if g["has_time"] else g["time"].date()
        # Times of exactly midnight read as the day alone, which is the same game.
        ws.append([g["period"], "海选" if g["stage"] == "selection" else "入围", t, g["red"], g["black"], g["result"]])
        cell = ws.cell(row=ws.max_row, column=3)
        cell.number_format = "yyyy-mm-dd hh:mm:ss" if g["has_time"] else "yyyy-mm-dd"
    wb.save(path)


def run(*args):
    p = subprocess.run([CLI, "ladder", *args], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        sys.exit(f"qiwang-cli ladder {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p.stdout


failures = []


def expect(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}")


def compare(got, want, source):
    for k, (g, w) in enumerate(zip(got["periods"], want["periods"]), start=1):
        expect(f"{source}: period {k} number", g["period"] == k, g["period"])
        for part in ("selection", "qualifying"):
            if g[part] != w[part]:
                diff = next(((a, b) for a, b in zip(g[part], w[part]) if a != b), (len(g[part]), len(w[part])))
                expect(f"{source}: period {k} {part}", False, f"first difference: {diff}")
    expect(f"{source}: 8 periods", len(got["periods"]) == 8, len(got["periods"]))
    expect(f"{source}: finalists", got["finalists"] == want["finalists"],
           f"{len(got['finalists'])} against {len(want['finalists'])}")
    expect(f"{source}: certificate_eligible", got["certificate_eligible"] == want["certificate_eligible"],
           f"{len(got['certificate_eligible'])} against {len(want['certificate_eligible'])}")
    warned = {(w["code"], w["period"], w["player"]) for w in got["warnings"]}
    expect(f"{source}: warnings", warned == want["warnings"],
           f"only the CLI: {sorted(warned - want['warnings'])[:5]}, only here: {sorted(want['warnings'] - warned)[:5]}")
    expect(f"{source}: one warning per code, period and player", len(warned) == len(got["warnings"]))


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2022
    pool, games, ties = generate(seed)
    rng = random.Random(seed + 1)
    tmp = tempfile.mkdtemp(prefix="qiwang-ladder-season-")
    log_csv = os.path.join(tmp, "games.csv")
    log_xlsx = os.path.join(tmp, "games.xlsx")
    players_csv = os.path.join(tmp, "players.csv")
    wild_csv = os.path.join(tmp, "wild.csv")
    public_csv = os.path.join(tmp, "public.csv")
    write_log(log_csv, games)

    # The players list: everyone of the pool (the sparring accounts are not listed), with
    # phone numbers and birth dates that the public list must not show.
    players = {}
    for i, p in enumerate(pool):
        players[p] = {"account": p, "name": f"选手{i}", "sex": "男" if i % 3 else "女",
                      "kind": "身份证" if i % 10 else "护照",
                      "number": f"3301061990{(i % 12) + 1:02d}{(i % 28) + 1:02d}{i % 1000:03d}X" if i % 10 else f"P{i:08d}",
                      "unit": f"{['杭州', '绍兴', '宁波'][i % 3]}棋院", "phone": f"1380000{i:04d}",
                      "birth": f"1990-{(i % 12) + 1:02d}-{(i % 28) + 1:02d}", "grade": "国家大师" if i % 97 == 5 else ""}
    players["u0007"]["grade"] = "运动健将"                            # §九2: the champion is barred
    with open(players_csv, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["账号", "姓名", "性别", "证件类型", "证件号码", "单位", "手机", "出生日期", "等级"])
        for p in players.values():
            w.writerow([p["account"], p["name"], p["sex"], p["kind"], p["number"], p["unit"], p["phone"], p["birth"],
                        p["grade"]])
    reasons = ["hangzhou", "省级运动会", "2021年长三角公开赛第一名 公开赛", "推广分站赛"]
    wildcards = [{"account": f"wild{i}", "name": f"外卡{i}", "reason": reasons[i % 4]} for i in range(9)]
    wildcards.append({"account": "u0007", "name": "冠军", "reason": "open"})   # a qualifier already
    with open(wild_csv, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["账号", "姓名", "理由"])
        for x in wildcards:
            w.writerow([x["account"], x["name"], x["reason"]])

    want = expected(games, wildcards, players)
    got = json.loads(run("--ruleset", "qiwang-2022", log_csv, "--players", players_csv, "--wildcards", wild_csv,
                         "--public-list", public_csv, "--json"))
    compare(got, want, "CSV")

    # The season exercised what it is for.
    n_void = sum(g["result"] == "无效" for g in games)
    n_left = sum(g["result"] in ("红方逃跑", "黑方逃跑") for g in games)
    n_out = sum(outside(g) and g["result"] != "无效" for g in games)
    over = [p["period"] for p in want["periods"] if sum(r["qualified"] for r in p["qualifying"]) > PLACES]
    tied_23 = [p["period"] for p in want["periods"]
               if sum(1 for r in p["qualifying"] if r["rank"] == max(x["rank"] for x in p["qualifying"] if x["qualified"])) > 1]
    codes = {w[0] for w in want["warnings"]}
    print(f"{len(games)} games ({n_void} void, {n_left} left, {n_out} outside their dates), "
          f"{len(pool)} accounts; {ties} ties made at the 23rd place; periods with more than {PLACES} "
          f"qualifiers: {over}; finalists {len(want['finalists'])}; certificates {len(want['certificate_eligible'])}")
    expect("thousands of games", len(games) >= 8000, len(games))
    expect("void games, leavers, games outside the dates", n_void > 50 and n_left > 100 and n_out > 30,
           (n_void, n_left, n_out))
    expect("ties across the 23rd place in several periods", len(over) >= 4, over)
    expect("ties at the last place", len(tied_23) >= 4, tied_23)
    expect("every kind of warning", {"outside-dates", "not-selected", "qualified-twice", "wildcard-finalist",
                                     "too-strong"} <= codes, codes)
    periods_of = {}
    for g in games:
        for who in (g["red"], g["black"]):
            periods_of.setdefault(who, set()).add(g["period"])
    expect("players in more than one period", sum(len(v) > 1 for v in periods_of.values()) > 300, "")

    # 名单公示: masked, no phone, no birth date.
    with open(public_csv, encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    expect("public list header", rows[0] == ["序号", "姓名", "性别", "证件类型", "证件号码", "单位或地区", "平台账号", "入选方式"],
           rows[0])
    expect("public list rows", len(rows) == len(want["finalists"]) + 1, len(rows))
    text = open(public_csv, encoding="utf-8-sig").read()
    for account in want["finalists"]:
        p = players.get(account)
        if p is None:
            continue
        expect(f"public list hides {account}'s number", p["number"] not in text, p["number"])
        expect(f"public list hides {account}'s phone", p["phone"] not in text, p["phone"])
        expect(f"public list hides {account}'s birth date", p["birth"] not in text, p["birth"])
        if account.isdigit() and len(account) == 11:
            expect(f"public list masks the account {account}", account not in text, account)
    row = rows[1 + want["finalists"].index("wild0")]
    expect("public list: a wild card's reason", row[7] == "外卡：hangzhou", row)

    # The same log as a workbook with real date cells gives the same figures.
    try:
        write_book(log_xlsx, games)
    except ImportError:
        failures.append("python3-openpyxl is missing (build-aux/setup installs it)")
    else:
        book = json.loads(run(log_xlsx, "--players", players_csv, "--wildcards", wild_csv, "--json"))
        expect("the workbook gives what the CSV gives", book == got, "")
        compare(book, want, "xlsx")

    # The readable table runs too.
    table = run(log_csv, "--players", players_csv, "--wildcards", wild_csv)
    expect("readable output names the finalists", "u0007" in table and "wild0" in table, "")

    shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    if not failures:
        print("the CLI and the independent computation agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
