#!/usr/bin/env python3
"""A 2022 final played through qiwang-cli (issue 12): an individual field, a junior field and two
pair events, entered from one registration list, played round by round with the CLI's pair and
result commands, and then its teams and prize list checked against 十四 of the rules, computed
here a second time from the standings the CLI prints and from what this script entered.

The field is made so that the rules' corners show: the strongest player is a woman (she wins the
overall and the women's first prizes, 50000 + 5000 yuan), only three provinces have women (the
women's team awards two places), Shanghai has two men only (a short men's team, ranked after the
complete ones), the juniors come from two units (only the champion is awarded), a junior born in
2008 is refused and one without a grade certificate is flagged, and a foreign player with a
passport belongs to no province team.

Run with QIWANG_CLI (the built qiwang-cli) and QIWANG_DATA_DIR set (meson test does both)."""
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

CLI = os.environ.get("QIWANG_CLI", "qiwang-cli")
TMP = tempfile.mkdtemp(prefix="qiwang-final-")
DOC = os.path.join(TMP, "final.qiwang")
failures = 0


def run(*args, expect=0):
    p = subprocess.run([CLI] + [str(a) for a in args], capture_output=True, text=True, timeout=300)
    if expect is not None and p.returncode != expect:
        sys.exit(f"qiwang-cli {' '.join(map(str, args))}: exit {p.returncode}, wanted {expect}\n{p.stderr}")
    return p


def run_json(*args):
    return json.loads(run(*args, "--json").stdout)


def check(what, ok, detail=""):
    global failures
    if ok:
        print(f"ok - {what}")
    else:
        failures += 1
        print(f"not ok - {what}: {detail}")


# Resident ID numbers (GB 11643-1999) with their check digit.
WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
CHECK = "10X98765432"
serial = [100]


def id_number(province, birth, female):
    serial[0] += 1
    seq = serial[0] * 2 + (0 if female else 1)
    body = f"{province}0102{birth.replace('-', '')}{seq % 1000:03d}"
    return body + CHECK[sum(int(d) * w for d, w in zip(body, WEIGHTS)) % 11]


PROVINCE = {"33": "浙江", "11": "北京", "44": "广东", "31": "上海"}
HEADER = ["姓名", "性别", "出生日期", "证件类型", "身份证号", "单位", "等级", "组别", "账号",
          "姓名2", "性别2", "出生日期2", "身份证号2", "单位2", "账号2", "关系", "单位盖章"]
rows = []
people = {}          # 序号 → what this script entered: sex, province ("" for none), unit


def add(entry, **info):
    rows.append([entry.get(k, "") for k in HEADER])
    people[len(rows)] = info


# The individual field: 40 players, 序号 1 strongest. Women at 1, 5, 12, 20, 33, 38, 39 from three
# provinces, and 30 with a passport; Shanghai's men are 7 and 25 only; 15 is a foreign man.
women = {1: "33", 5: "11", 12: "44", 20: "33", 33: "11", 38: "44", 39: "44"}
men_cycle = ["33", "11", "44"]
for no in range(1, 41):
    female = no in women or no == 30
    if no in (15, 30):
        add({"姓名": f"外籍{no}", "性别": "女" if female else "男", "出生日期": "1988-08-08", "证件类型": "护照",
             "身份证号": f"E{no:07d}", "单位": "境外", "账号": f"yz{no}"},
            sex="F" if female else "M", province="", unit="境外")
        continue
    province = women.get(no) or ("31" if no in (7, 25) else men_cycle[no % 3])
    birth = f"19{70 + no % 25}-0{1 + no % 9}-1{no % 9}"
    add({"姓名": f"{PROVINCE[province]}{'女' if female else '男'}{no}", "出生日期": birth,
         "身份证号": id_number(province, birth, female), "单位": f"{PROVINCE[province]}队", "账号": f"yz{no}"},
        sex="F" if female else "M", province=PROVINCE[province], unit=f"{PROVINCE[province]}队")

# The junior field: two units of four boys and two girls each, and two problems.
juniors = []
for k in range(12):
    unit = "杭州棋院" if k % 2 == 0 else "北京少年宫"
    female = k in (2, 5, 8, 11)
    birth = f"20{10 + k % 4}-0{1 + k % 8}-2{k % 8}"
    add({"姓名": f"少儿{k + 1}", "出生日期": birth, "身份证号": id_number("33" if k % 2 == 0 else "11", birth, female),
         "单位": unit, "等级": "三级棋士", "组别": "少儿", "单位盖章": "是"}, sex="F" if female else "M", unit=unit,
        junior=True)
    juniors.append(len(rows))
add({"姓名": "超龄少儿", "性别": "男", "出生日期": "2008-05-01", "单位": "杭州棋院", "等级": "二级棋士", "组别": "少儿",
     "单位盖章": "是"},
    sex="M", unit="杭州棋院", junior=True, too_old=True)
too_old = len(rows)
add({"姓名": "无证少儿", "性别": "女", "出生日期": "2012-09-09", "单位": "北京少年宫", "组别": "少儿", "单位盖章": "是"},
    sex="F", unit="北京少年宫", junior=True, no_grade=True)
no_grade = len(rows)

# 男子双人: eight pairs of men who played online.
for k in range(8):
    b1, b2 = f"198{k}-03-0{k + 1}", f"199{k}-04-0{k + 1}"
    add({"姓名": f"男双甲{k + 1}", "出生日期": b1, "身份证号": id_number("33", b1, False), "单位": "绍兴棋协",
         "账号": f"dm{k}a", "组别": "男双", "姓名2": f"男双乙{k + 1}", "出生日期2": b2,
         "身份证号2": id_number("33", b2, False), "单位2": "绍兴棋协", "账号2": f"dm{k}b"}, pair="doubles-m",
        unit="绍兴棋协")

# 亲子双人: eight pairs of a parent or grandparent and a child, one of them online.
relations = ["父子", "母女", "爷孙", "外婆外孙", "父女", "母子", "奶奶孙女", "外公外孙女"]
for k in range(8):
    elder_female = relations[k][0] in "母奶外婆" and relations[k] not in ("外公外孙女",)
    b1, b2 = f"19{60 + k * 3}-05-1{k}", f"20{10 + k % 6}-06-1{k}"
    add({"姓名": f"亲长{k + 1}", "出生日期": b1, "身份证号": id_number("44", b1, elder_female), "单位": "广州棋院",
         "账号": f"pc{k}" if k % 2 == 0 else "", "组别": "亲子", "姓名2": f"亲幼{k + 1}", "出生日期2": b2,
         "身份证号2": id_number("44", b2, k % 2 == 1), "单位2": "广州棋院", "账号2": "" if k % 2 == 0 else f"pc{k}",
         "关系": relations[k]}, pair="parent-child", unit="广州棋院")

entries_csv = os.path.join(TMP, "entries.csv")
with open(entries_csv, "w", encoding="utf-8", newline="") as f:
    w = csv.writer(f)
    w.writerow(HEADER)
    w.writerows(rows)

# The final and its entries
run("new", DOC, "--ruleset", "qiwang-2022", "--name", "2022年全国业余象棋棋王争霸赛总决赛", "--start", "2022-11-25")
report = run_json("import", DOC, entries_csv)
check("every row imported", report["added"] == len(rows) and report["rejected"] == [], report)
entries = {e["no"]: e for e in run_json("entries", DOC)}
check("pairs are one entrant named 甲 / 乙", entries[juniors[-1] + 3]["name"] == "男双甲1 / 男双乙1",
      entries[juniors[-1] + 3])
check("a junior born in 2008 is too old", "junior-too-old" in entries[too_old]["problems"], entries[too_old])
check("a junior without a grade is flagged", "no-certificate" in entries[no_grade]["problems"], entries[no_grade])
clean = [no for no, e in entries.items() if no not in (too_old, no_grade) and e["problems"]]
check("no other entry has a problem", clean == [], [entries[no] for no in clean])
pair_entries = [e for e in entries.values() if " / " in e["name"]]
check("sixteen pairs", len(pair_entries) == 16, len(pair_entries))

GROUPS = {"individual": ["system=swiss", "rounds=7"], "junior": ["system=swiss", "rounds=5"],
          "doubles-m": ["system=round-robin"], "parent-child": ["system=round-robin"]}
for group, settings in GROUPS.items():
    run("settings", DOC, group, *settings)

# The gate: the junior field waits for the arbiter.
blocked = run("pair", DOC, "junior", expect=3)
said = blocked.stdout + blocked.stderr
check("the junior field is blocked", "超龄少儿" in said and "无证少儿" in said, said)
run("exclude", DOC, "junior", too_old)
run("allow", DOC, "junior", no_grade)


def result_of(red, black):
    """The stronger (smaller 序号) wins; neighbours in a multiple of seven draw."""
    if abs(red - black) == 1 and min(red, black) % 7 == 0:
        return "1:1"
    return "2:0" if red < black else "0:2"


rounds_played = {}
for group in GROUPS:
    while True:
        p = run("pair", DOC, group, "--json", expect=None)
        if p.returncode != 0:
            check(f"{group}: every round paired", p.returncode == 1 and "have been paired" in p.stderr, p.stderr)
            break
        paired = json.loads(p.stdout)
        rounds_played[group] = paired["round"]
        for g in paired["games"]:
            if g["black"] is not None and not g["result"]:
                run("result", DOC, group, paired["round"], g["board"], result_of(g["red"], g["black"]))
check("rounds played", rounds_played == {"individual": 7, "junior": 5, "doubles-m": 7, "parent-child": 7},
      rounds_played)

standings = {group: run_json("standings", DOC, group) for group in GROUPS}

# 十四 computed again, from the standings and what was entered.
rules_amounts = {
    "individual": [50000, 20000, 10000] + [3000] * 5 + [1000] * 24,
    "women": [5000, 3000, 2000, 1000, 800, 600],
    "junior-boys": [2000, 1500, 1000] + [500] * 5,
    "junior-girls": [1000, 800, 500],
    "doubles-m": [6000, 4000, 2000, 1000, 1000, 1000],
    "parent-child": [6000, 4000, 2000, 1000, 1000, 1000],
    "team-men": [12000, 9000, 6000, 4000, 3000, 2000],
    "team-women": [8000, 5000, 2000],
    "team-junior": [3000, 2000, 1000, 800, 800, 800],
}


def ranking(group, sex=None):
    """(place, no, name) of the group's ranked entrants, of one sex counted within it: players the
    standings tie (the same rank) share their place, as they do in the whole group."""
    out = []
    last_rank = None
    for row in standings[group]:
        if row["no"] == too_old:
            continue
        if sex is None:
            out.append((row["rank"], row["no"], row["name"]))
        elif people[row["no"]].get("sex") == sex:
            place = out[-1][0] if out and row["rank"] == last_rank else len(out) + 1
            out.append((place, row["no"], row["name"]))
            last_rank = row["rank"]
    return out


def team_of(no):
    return people[no].get("unit") or people[no].get("province")


expected = []


def shared_amount(event, place, k, last=None):
    """Players sharing a place share the prizes of the places they cover (<prizes shared="split">)."""
    table = rules_amounts[event]
    last = len(table) if last is None else last
    total = sum(table[p - 1] for p in range(place, place + k) if p <= min(last, len(table)))
    return (total + k // 2) // k


def award(event, places):
    for place, no, name in places:
        if place <= len(rules_amounts[event]):
            k = sum(1 for p, _, _ in places if p == place)
            expected.append({"event": event, "place": place, "no": no, "name": name, "team": team_of(no),
                             "amount": shared_amount(event, place, k)})


def teams(places_by_sex, counts, key):
    """Best places per team, complete teams first, then by sum, then by the best places."""
    found = {}
    for sex, places in places_by_sex.items():
        for place, no, name in places:
            team = key(no)
            if not team:
                continue
            t = found.setdefault(team, {"team": team, "M": [], "F": []})
            if len(t[sex]) < counts[sex]:
                t[sex].append((place, no, name))
    out = []
    for t in found.values():
        members = sorted(t["M"] + t["F"])
        t["members"] = members
        t["sum"] = sum(p for p, _, _ in members)
        t["complete"] = len(t["M"]) == counts["M"] and len(t["F"]) == counts["F"]
        out.append(t)
    order = lambda t: (not t["complete"], -len(t["members"]), t["sum"], sorted(p for p, _, _ in t["members"]))
    out.sort(key=lambda t: (order(t), t["team"]))
    n = len(out)
    places = min(1 if n <= 2 else 2 if n == 3 else 6, n)
    for i, t in enumerate(out):
        t["rank"] = out[i - 1]["rank"] if i > 0 and order(out[i - 1]) == order(t) else i + 1
        t["awarded"] = t["rank"] <= places
        t["places"] = places
    return out


overall = ranking("individual")
award("individual", overall)
women_ranking = ranking("individual", "F")
award("women", women_ranking)
award("junior-boys", ranking("junior", "M"))
award("junior-girls", ranking("junior", "F"))
award("doubles-m", ranking("doubles-m"))
award("parent-child", ranking("parent-child"))

province = lambda no: people[no].get("province")
unit = lambda no: people[no].get("unit")
team_expect = {
    "men": teams({"M": [p for p in overall if people[p[1]]["sex"] == "M"]}, {"M": 3, "F": 0}, province),
    "women": teams({"F": women_ranking}, {"M": 0, "F": 2}, province),
    "junior": teams({"M": ranking("junior", "M"), "F": ranking("junior", "F")}, {"M": 3, "F": 2}, unit),
}
for code, event in (("men", "team-men"), ("women", "team-women"), ("junior", "team-junior")):
    for t in team_expect[code]:
        if t["awarded"]:
            k = sum(1 for o in team_expect[code] if o["rank"] == t["rank"])
            expected.append({"event": event, "place": t["rank"], "no": None, "name": t["team"], "team": t["team"],
                             "amount": shared_amount(event, t["rank"], k, t["places"])})

# What the CLI says
got_teams = run_json("teams", DOC)
check("teams: three rankings", [r["event"] for r in got_teams] == ["men", "women", "junior"], got_teams)
for r in got_teams:
    want = team_expect[r["event"]]
    got = [(t["rank"], t["team"], t["sum"], t["complete"], t["awarded"],
            [(m["place"], m["no"], m["name"]) for m in t["members"]]) for t in r["teams"]]
    exp = [(t["rank"], t["team"], t["sum"], t["complete"], t["awarded"], t["members"]) for t in want]
    check(f"teams {r['event']}", got == exp, f"\n got {got}\nwant {exp}")
    for t in r["teams"]:
        check(f"team keys {r['event']}", set(t) == {"rank", "team", "sum", "members", "complete", "awarded"}, t)
        break

women_teams = team_expect["women"]
check("three women's teams, two awarded", len(women_teams) == 3 and [t["awarded"] for t in women_teams]
      == [True, True, False], women_teams)
men_teams = team_expect["men"]
check("Shanghai's short men's team ranks after the complete ones",
      men_teams[-1]["team"] == "上海" and not men_teams[-1]["complete"] and all(t["complete"] for t in men_teams[:-1]),
      men_teams)
check("two junior units: only the champion is awarded", [t["awarded"] for t in team_expect["junior"]]
      == [True, False], team_expect["junior"])

got = run_json("prizes", DOC)
check("prize keys", all(set(a) == {"event", "place", "no", "name", "team", "amount"} for a in got), got[:1])
check("the prize list follows 十四", got == expected,
      "\n".join(f" got {g}\nwant {e}" for g, e in zip(got, expected) if g != e) or f"{len(got)} vs {len(expected)}")
champion = standings["individual"][0]
check("the champion is the strongest woman", champion["no"] == 1, champion)
both = [a for a in got if a["no"] == 1 and a["event"] in ("individual", "women")]
check("she wins 50000 and 5000", sorted(a["amount"] for a in both) == [5000, 50000], both)
check("women's team: 8000 and 5000, the third nothing",
      [a["amount"] for a in got if a["event"] == "team-women"] == [8000, 5000], got)
check("junior team: the champion's 3000 only", [a["amount"] for a in got if a["event"] == "team-junior"] == [3000],
      got)
check("the foreign woman is in no province team",
      all(m["no"] != 30 for r in got_teams for t in r["teams"] for m in t["members"] if r["event"] != "junior"),
      got_teams)
total = sum(a["amount"] for a in got)
check("every event's amounts add up", total == sum(e["amount"] for e in expected), total)

# Exports and the printout
xlsx = os.path.join(TMP, "prizes.xlsx")
csv_path = os.path.join(TMP, "prizes.csv")
run("prizes", DOC, "--out", xlsx)
run("prizes", DOC, "--out", csv_path)
with open(csv_path, encoding="utf-8-sig") as f:
    lines = list(csv.reader(io.StringIO(f.read())))
check("CSV: the awards' header", lines[1] == ["项目", "名次", "序号", "姓名", "代表队/单位", "奖金（元）"], lines[:2])
check("CSV: one line per award", sum(1 for l in lines if len(l) == 6 and l[0] != "项目") == len(got), len(lines))
check("CSV: the overall total", ["总计", str(len(got)), str(total)] in lines, lines[-3:])
check("CSV: her accumulated prizes", any(l[:2] == ["1", "浙江女1"] and l[-1] == "55000" for l in lines), lines)
try:
    import openpyxl
    wb = openpyxl.load_workbook(xlsx)
    check("xlsx: three sheets", wb.sheetnames == ["奖金名单（税前）", "累计奖金", "奖金合计"], wb.sheetnames)
    sheet = wb["奖金名单（税前）"]
    cells = [[c.value for c in row] for row in sheet.iter_rows()]
    check("xlsx: the awards with their amounts as numbers", len(cells) == len(got) + 1
          and cells[1][0] == "男子个人" and cells[1][5] == 50000, cells[:3])
    totals = [[c.value for c in row] for row in wb["奖金合计"].iter_rows()]
    check("xlsx: the overall total", totals[-1] == ["总计", len(got), total], totals[-1])
except ImportError:
    print("# openpyxl missing: the workbook is not read back")

pdf = os.path.join(TMP, "prizes.pdf")
# The pages stay in the build directory (G_TEST_BUILDDIR) for a look.
pngs = os.path.join(os.environ.get("G_TEST_BUILDDIR", TMP), "final-prizes")
printed = run_json("print", DOC, "prizes", "--out", pdf, "--png-dir", pngs)
check("print prizes: pages and PNGs", printed["pages"] >= 2 and len(printed["png"]) == printed["pages"], printed)
text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout
check("print prizes: in Chinese, with the totals", "奖金名单" in text and "男子个人" in text and "累计奖金" in text
      and f"{total}" in text, text[:300])

if not failures:
    shutil.rmtree(TMP, ignore_errors=True)
print(f"# {failures} failures, files kept in {TMP}" if failures else "# all passed")
sys.exit(1 if failures else 0)
