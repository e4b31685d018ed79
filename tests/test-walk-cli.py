#!/usr/bin/env python3
"""The second new-user walk of issue 19, through qiwang-cli, on a made-up list messy in new ways:
a workbook with a title row, a merged header row, a hidden column, an empty row in the middle and
a totals row at the bottom (合计 | 40人); ID numbers and phones in full-width digits, a trailing
lower-case x, a 15-digit first-generation card, a passport; names with spaces inside and with ·;
traditional characters (張偉, 公開組); dates as 2008年3月, 20080305, 08/03/05, 2012.6.1 and the
impossible 1953-02-29; two players called 王伟; then a second unit's list in GBK without a BOM.
The stop is paired (a Swiss and a round robin), played with a forfeit and a 请假, printed and
exported. Each check names what the walk met; each failed on the code before its fix.

Run with QIWANG_CLI (the built qiwang-cli) and QIWANG_DATA_DIR set (meson test does both), under
Debian's python3 (python3-openpyxl)."""
import json
import os
import re
import subprocess
import sys
import tempfile

import openpyxl

CLI = os.environ.get("QIWANG_CLI", "qiwang-cli")
TMP = tempfile.mkdtemp(prefix="qiwang-walk-")
WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
FULL = str.maketrans("0123456789Xx", "０１２３４５６７８９Ｘｘ")
failures = 0


def check(what, ok, detail=""):
    global failures
    print(f"ok - {what}" if ok else f"not ok - {what}: {detail}")
    failures += 0 if ok else 1


def run(*args, expect=0):
    p = subprocess.run([CLI] + [str(a) for a in args], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
    if expect is not None and p.returncode != expect:
        sys.exit(f"qiwang-cli {' '.join(map(str, args))}: exit {p.returncode}, wanted {expect}\n{p.stdout}\n{p.stderr}")
    return p


def run_json(*args, expect=0):
    return json.loads(run(*args, "--json", expect=expect).stdout)


def idno(base17):
    return base17 + "10X98765432"[sum(int(d) * w for d, w in zip(base17, WEIGHTS)) % 11]


def workbook(path):
    rows = [("李明", "男", "", idno("32058319850101113").translate(FULL), "锦溪棋社", "１３８００１３８０００", "公开组"),
            ("钱军", "女", "", "32058319870305104x", "周庄棋社", "13800138002", "公开组"),
            ("欧阳 娜娜", "女", "1990-07-07", "", "千灯棋社", "", "公开组"),
            ("張偉", "男", "1979-04-04", "", "蘇州棋院", "", "公開組"),
            ("陳國強", "男", "1958-08-08", "", "蘇州棋院", "", "老年組"),
            ("孙建国", "男", "", "320583550101113", "锦溪棋社", "", "老年组"),
            ("周小龙", "男", "2008年3月", "", "锦溪小学", "", "少年组"),
            ("吴小虎", "男", "20080305", "", "锦溪小学", "", "少年组"),
            ("郑小凤", "女", "08/03/05", "", "锦溪小学", "", "少年组"),
            ("阿依古丽·买买提", "女", "1995-05-05", "", "新疆棋协", "", "公开组"),
            ("王伟", "男", "", idno("32058319800101123"), "锦溪棋社", "", "公开组"),
            ("王伟", "男", "", idno("32058319820202133"), "周庄棋社", "", "公开组"),
            ("John SMITH", "男", "1988-08-18", "E12345678", "苏州外国语学校", "", "公开组"),
            ("胡老", "男", "1953-02-29", "", "周庄棋社", "", "老年组"),
            ("老棋手", "男", "1950-1-1", "", "锦溪棋社", "", "老年组"),
            ("马大爷", "男", "1952-02-29", "", "周庄棋社", "", "老年组")]
    for k, name in enumerate(["陈刚", "林涛", "黄勇", "何平", "高峰", "罗斌", "梁超", "宋杰"]):
        birth = f"19{70 + k}{k + 1:02d}{k + 1:02d}"
        rows.append((name, "男", "", idno("320583" + birth + f"{k:02d}1"), "锦溪棋社", "", "公开组"))
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["2021年锦溪镇象棋棋王争霸赛报名汇总"])
    ws.merge_cells("A1:I1")
    ws.append(["序号", "基本信息", "", "", "", "联系方式", "", "报名", "内部"])
    ws.merge_cells("B2:E2")
    ws.append(["序号", "姓名", "性别", "出生日期", "身份证号", "单位", "手机", "报名组别", "内部编号"])
    for n, r in enumerate(rows, 1):
        if n == 10:
            ws.append([None] * 9)
        ws.append([n, *r, f"NB-{n:03d}"])
    ws.append(["合计", f"{len(rows)}人"])
    ws.column_dimensions["I"].hidden = True
    wb.save(path)
    return len(rows)


def main():
    doc = os.path.join(TMP, "walk.qiwang")
    book = os.path.join(TMP, "报名表.xlsx")
    n = workbook(book)
    run("new", doc, "--region", "江苏", "--city", "苏州市", "--county", "昆山市", "--town", "锦溪镇",
        "--start", "2021-08-14")
    report = run_json("import", doc, book)
    rows = report.get("rows", [])
    check("a totals row (合计 | 24人) is no entry", len([r for r in rows if r.get("name")]) == n
          and not any(r.get("name") == f"{n}人" for r in rows), [r.get("name") for r in rows][-3:])
    listed = {e["name"]: e for e in run_json("entries", doc)}
    li = listed["李明"]
    check("full-width ID digits are the number: birth and sex from it, no id-format", li["birth"] == "1985-01-01"
          and "id-format" not in li["problems"] and li["id"].startswith("320583"), li)
    check("a passport without a 证件类型 column is a passport (document-not-accepted), not id-format",
          listed["John SMITH"]["problems"] == ["document-not-accepted"], listed["John SMITH"]["problems"])
    numbers = {e["name"]: e["no"] for e in run_json("entries", doc)}
    paired = run_json("pair", doc, "open-m", "--exclude-blocked")
    seated = {g.get(side) for g in paired.get("games", []) for side in ("red", "black")}
    check("公開組 (traditional) is 公开组: 張偉 is paired in 公开组男子", numbers["張偉"] in seated, sorted(map(str, seated)))
    check("the passport holder is excluded, said in --json", any(x.get("name") == "John SMITH"
                                                                for x in paired.get("excluded", [])), paired.get("excluded"))
    senior = run("pair", doc, "senior-m", "--force", expect=None)
    check("老年組 (traditional) is 老年组: 陳國強 is paired in 老年组男子", senior.returncode == 0 and "陳國強" in senior.stdout,
          (senior.returncode, senior.stdout[-400:], senior.stderr[-300:]))
    seeding = run("seeding", doc, "junior-m", expect=None)
    check("周小龙 (少年组, born 2008年3月) stands in 少年组男子's list, not in no group",
          seeding.returncode == 0 and "周小龙" in seeding.stdout, (seeding.returncode, seeding.stdout, seeding.stderr))
    out = os.path.join(TMP, "results.xml")
    exported = run("export", doc, "--out", out)
    check("the results file warns about dates of birth that are not dates", "are not dates" in exported.stderr
          and "2008年3月" in exported.stderr and "1953-02-29" in exported.stderr, exported.stderr)
    site = os.path.join(TMP, "site")
    run("export-site", doc, "--out", site)
    leaked = []
    for root, _, files in os.walk(site):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                text = fh.read().decode("utf-8", "replace")
            if re.search(r"3205831[0-9]{10}|E12345678|13800138000|1953-02-29", text):
                leaked.append(f)
    check("the public site carries no ID number, passport, phone or birth date", not leaked, leaked[:5])


try:
    main()
except (SystemExit, Exception) as stop:  # noqa: B902 (a walk that stops is a failure)
    check("the walk ran to its end", False, stop)
print(f"{failures} failed")
sys.exit(1 if failures else 0)
