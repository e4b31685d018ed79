#!/usr/bin/env python3
"""What the arbiter meets (issue 19), through qiwang-cli: the points of the registration desk,
the gate and the 2022 clauses. Each check names its point; each fails on the code before it.

 1  a field corrected by hand (`entry`) stays when a later list brings what the earlier one did;
    the report row says so ("kept"); a value the new list changed replaces the correction
    (`entry` itself: printed as `entries --json` has it, one undoable step)
 2  the results file exports when the later of two equal ID numbers is excluded
 5  报名组别 is the declared-group column; a column not recognised is named with --columns
 6  the private results file's export warns about ID numbers Excel made
 8  import-report rows are the sheet's own rows (title and header rows counted)
 9  `pair` gives the gate's reminders even when nothing blocks
11  a knockout's semi-final losers share place 3 unless third_place=true adds the third-place game
14  a pair event with fewer ELIGIBLE pairs than 8 (seed 000 §十一(五)2–3 "8对开赛") is not paired,
    also with --exclude-blocked: exit 3, pairs-too-few in "blocked"
17  the 2022 clauses: the entry windows (§十三(一)), the junior's stamped form (§十一(五)4), the
    wild-card deadline (§十三(四)1)
22  (the part done) region names a stop's source in the reader's language
 C  the CLI contract lines of issue 19 not run literally elsewhere: every option of `entry` (one
    undoable step; no option prints the entry) and `import-trf` counting `0000 - +` as the bye's
    points (the other lines: points 1, 2, 14 here, test-cli-stop-desk's unranked-have-no-place,
    test-cli-print's unfinished, test-handouts' check_grades)

Run with QIWANG_CLI (the built qiwang-cli) and QIWANG_DATA_DIR set (meson test does both)."""
import json
import os
import subprocess
import sys
import tempfile
import zipfile

CLI = os.environ.get("QIWANG_CLI", "qiwang-cli")
TMP = tempfile.mkdtemp(prefix="qiwang-arbiter-")
failures = 0


def run(*args, expect=0, locale=None):
    env = None if locale is None else dict(os.environ, LC_ALL=locale, LANGUAGE="")
    p = subprocess.run([CLI] + [str(a) for a in args], capture_output=True, text=True, timeout=300, env=env)
    if expect is not None and p.returncode != expect:
        sys.exit(f"qiwang-cli {' '.join(map(str, args))}: exit {p.returncode}, wanted {expect}\n{p.stdout}\n{p.stderr}")
    return p


def run_json(*args, expect=0):
    return json.loads(run(*args, "--json", expect=expect).stdout)


def check(what, ok, detail=""):
    global failures
    if ok:
        print(f"ok - {what}")
    else:
        failures += 1
        print(f"not ok - {what}: {detail}")


WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]


def idno(base17):
    return base17 + "10X98765432"[sum(int(d) * w for d, w in zip(base17, WEIGHTS)) % 11]


def path(name):
    return os.path.join(TMP, name)


def write(name, text):
    with open(path(name), "w", encoding="utf-8") as f:
        f.write(text)
    return path(name)


def stop(name, start="2021-08-14"):
    doc = path(name)
    run("new", doc, "--region", "江苏", "--city", "苏州市", "--county", "昆山市", "--town", "锦溪镇", "--start", start)
    return doc


def entries(doc):
    return {e["no"]: e for e in run_json("entries", doc)}


# 1: corrections that stay ---------------------------------------------------------------------

def point_1():
    doc = stop("fix.qiwang")
    first = write("fix.csv", "姓名,身份证号,单位,手机\n"
                  f"甲,{idno('32058319850101113')},锦溪棋社,13800000001\n"
                  "姚伟,4.42E+17,锦溪棋社,13800000002\n"
                  "乙,4.42E+17,周庄棋社,13800000003\n")
    run("import", doc, first)
    shown = run_json("entry", doc, 2)
    listed = entries(doc)[2]
    check("1: entry DOC NO --json is the object of entries --json", shown == listed, (shown, listed))
    check("1: the Excel number is flagged", "id-excel-number" in shown["problems"], shown)
    real = idno("32058319900202113")
    fixed = run_json("entry", doc, 2, "--id", real, "--unit", "昆山棋院")
    check("1: entry --id corrects the number; sex and birth follow it",
          fixed["id"] == real[:6] + "********" + real[-4:] and fixed["birth"] == "1990-02-02" and fixed["sex"] == "M"
          and "id-excel-number" not in fixed["problems"], fixed)

    # The same list again: the Excel number and the old unit are what the earlier list brought.
    again = run_json("import", doc, first)
    row = next((r for r in again["rows"] if r["name"] == "姚伟"), None)
    check("1: the re-import keeps the corrected ID number and unit and says so",
          row is not None and set(row["kept"]) == {"id", "unit"} and row["no"] == 2, again)
    check("1: the report row does not call the kept number an Excel number",
          row is not None and "id-excel-number" not in row["problems"], row)
    check("1: nothing is added for the corrected entry", again["added"] == 0, again)
    after = entries(doc)[2]
    check("1: the correction stands, no Excel warning back",
          after["id"] == fixed["id"] and after["unit"] == "昆山棋院" and "id-excel-number" not in after["problems"],
          after)
    text = run("import", doc, first).stdout
    check("1: the text report names the kept fields", "身份证号" in text and "单位" in text, text)

    # The updated list changes the unit (and still has the Excel number): the new unit replaces
    # the correction, the ID number's correction stays.
    changed = write("fix2.csv", "姓名,身份证号,单位,手机\n"
                    f"甲,{idno('32058319850101113')},锦溪棋社,13800000001\n"
                    "姚伟,4.42E+17,千灯棋社,13800000002\n"
                    "乙,4.42E+17,周庄棋社,13800000003\n")
    third = run_json("import", doc, changed)
    row = next((r for r in third["rows"] if r["name"] == "姚伟"), None)
    check("1: a value the new list changed replaces the correction",
          row is not None and row["kept"] == ["id"] and row["outcome"] == "updated", third)
    after = entries(doc)[2]
    check("1: the new unit is stored, the corrected ID number kept", after["unit"] == "千灯棋社"
          and after["id"] == fixed["id"], after)
    # The other player sharing 4.42E+17 is left alone.
    check("1: the other Excel number is still flagged", "id-excel-number" in entries(doc)[3]["problems"],
          entries(doc)[3])

    # undo takes the edit back like any step.
    doc2 = stop("undo.qiwang")
    run("import", doc2, first)
    run("entry", doc2, 2, "--name", "姚玮", "--phone", "13900000000")
    undone = run("undo", doc2)
    check("1: one undo takes the whole edit back", entries(doc2)[2]["name"] == "姚伟"
          and "姚玮" in undone.stdout + undone.stderr, (entries(doc2)[2], undone.stdout))
    bad = run("entry", doc2, 2, "--sex", "X", expect=2)
    check("1: a bad --sex is refused", "--sex" in bad.stderr, bad.stderr)
    missing = run("entry", doc2, 9, expect=1)
    check("1: an entry that does not exist is said", "9" in missing.stderr, missing.stderr)


# 2 and 6: the results file -----------------------------------------------------------------------

def point_2_and_6():
    doc = stop("dup.qiwang", "2021-07-03")
    same = idno("44510219800101017")
    lines = ["姓名,身份证号,单位"]
    for i in range(7):
        lines.append(f"选手{i + 1},{idno(f'445102198{i}0202{i}1{i}')},揭阳棋社")
    lines.append(f"重号,{same},揭阳棋社")
    lines.append(f"重号二,{same},揭阳棋社")
    lines.append("表格,4.40104E+17,揭阳棋社")
    # Two players whose numbers Excel turned into the same 4.42E+17: no identity, no duplicate.
    lines.append("共用甲,4.42E+17,揭阳棋社")
    lines.append("共用乙,4.42E+17,揭阳棋社")
    run("import", doc, write("dup.csv", "\n".join(lines) + "\n"))
    listed = [e for e in entries(doc).values() if "duplicate-id" in e["problems"]]
    check("2: the later of two equal numbers is a duplicate", [e["name"] for e in listed] == ["重号二"], listed)
    group = listed[0]["group"]
    run("exclude", doc, group, listed[0]["no"])
    run("settings", doc, group, "system=round-robin")
    while True:
        p = run("pair", doc, group, "--json", expect=None)
        if p.returncode != 0:
            break
        for g in json.loads(p.stdout)["games"]:
            if g["black"] is not None and not g["result"]:
                run("result", doc, group, json.loads(p.stdout)["round"], g["board"], "2:0")
    out = path("dup.xml")
    exported = run("export", doc, "--out", out, expect=None)
    check("2: the results file exports with the later duplicate excluded", exported.returncode == 0,
          exported.stderr)
    if exported.returncode == 0:
        xml = open(out, encoding="utf-8").read()
        check("2: the excluded entry is in the file, marked excluded", 'status="excluded"' in xml, xml[:300])
    check("6: the private results file's export warns about the number Excel made",
          "4.40104E+17" in exported.stderr and "表格" in exported.stderr, exported.stderr)
    check("6: and about the number two players share, naming both",
          "4.42E+17" in exported.stderr and "共用甲" in exported.stderr and "共用乙" in exported.stderr, exported.stderr)
    public = run("export", doc, "--out", path("dup-public.xml"), "--public", expect=None)
    check("6: the public form (masked numbers) does not repeat the warning", "4.40104E+17" not in public.stderr,
          public.stderr)


# 5 and 8: the list's columns and rows ------------------------------------------------------------

def xlsx(name, rows):
    """A workbook of one sheet with @rows (lists of text), as a spreadsheet program writes it."""
    def cell(r, c, text):
        ref = chr(ord("A") + c) + str(r)
        text = text.replace("&", "&amp;").replace("<", "&lt;")
        return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'
    sheet = "".join(f'<row r="{r + 1}">' + "".join(cell(r + 1, c, v) for c, v in enumerate(row) if v != "")
                    + "</row>" for r, row in enumerate(rows))
    target = path(name)
    with zipfile.ZipFile(target, "w") as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                   'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                   'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
                   '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
                   'main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.'
                   'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
                   'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                   'relationships"><sheets><sheet name="报名表" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
        z.writestr("xl/worksheets/sheet1.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                   f'spreadsheetml/2006/main"><sheetData>{sheet}</sheetData></worksheet>')
    return target


def point_5_and_8():
    doc = stop("cols.qiwang", "2021-07-03")
    book = xlsx("list.xlsx", [
        ["2021年昆山市锦溪镇象棋比赛报名表"],
        ["填表日期：2021年6月20日"],
        ["序号", "姓名", "性别", "出生日期", "报名组别", "备用"],
        ["1", "老将", "男", "1950-03-03", "老年组", "x"],
        ["2", "小将", "男", "2008-05-05", "公开组", "y"],
        ["", "", "", "", "", ""],
        ["3", "", "", "", "", "z"],
    ])
    report = run_json("import", doc, book)
    rows = {r["name"]: r for r in report.get("rows", [])}
    check("8: a data row is named by its row in the sheet (title, date and header rows counted)",
          rows.get("老将", {}).get("row") == 4 and rows.get("小将", {}).get("row") == 5, report.get("rows"))
    check("8: the rejected row too", [r["row"] for r in report.get("rows", []) if r["outcome"] == "rejected"] == [7],
          report.get("rows"))
    check("5: 报名组别 is read (not an unused column)", "报名组别" not in report.get("unused_columns", ["报名组别"])
          and "备用" in report.get("unused_columns", []), report.get("unused_columns"))
    listed = entries(doc)
    young = next(e for e in listed.values() if e["name"] == "小将")
    check("5: a declared group that does not fit the birth date is a visible problem",
          "group-mismatch" in young["problems"], young)
    text = run("import", doc, book)
    check("5: the text report names the unused columns and --columns", "备用" in text.stderr
          and "--columns" in text.stderr, text.stderr)
    csv = write("lines.csv", "锦溪镇象棋比赛\n姓名,性别,出生日期\n王一,男,1980-01-01\n\n王二,男,1981-01-01\n")
    report = run_json("import", stop("lines.qiwang", "2021-07-03"), csv)
    check("8: a CSV's rows are its lines", [(r["name"], r["row"]) for r in report.get("rows", [])]
          == [("王一", 3), ("王二", 5)], report.get("rows"))


# 9: reminders before pairing ---------------------------------------------------------------------

def point_9():
    doc = stop("remind.qiwang", "2021-07-03")
    lines = ["姓名,性别,出生日期,身份证号,单位"]
    for i in range(6):
        lines.append(f"棋手{i + 1},男,198{i}-01-0{i + 1},,锦溪棋社")
    lines.append("长者,男,1945-02-02,,锦溪棋社")
    for i in range(3):
        lines.append(f"老将{i + 1},男,195{5 + i}-04-04,,锦溪棋社")
    lines.append("表格,男,1985-03-03,4.40104E+17,锦溪棋社")
    run("import", doc, write("remind.csv", "\n".join(lines) + "\n"))
    groups = {e["group"] for e in entries(doc).values()}
    for g in groups:
        run("settings", doc, g, "system=round-robin")
    senior = next(e for e in entries(doc).values() if e["name"] == "长者")["group"]
    paired = run("pair", doc, senior, "--json", expect=None)
    out = json.loads(paired.stdout) if paired.returncode == 0 else {}
    reminded = {r["name"]: r["problems"] for r in out.get("reminders", [])}
    check("9: pair --json lists the reminders when nothing blocks",
          paired.returncode == 0 and "needs-escort" in reminded.get("长者", []), (paired.returncode, out, paired.stderr))
    openg = next(e for e in entries(doc).values() if e["name"] == "表格")["group"]
    text = run("pair", doc, openg, expect=None)
    check("9: pair says the reminders on stderr", text.returncode == 0 and "表格" in text.stderr, text.stderr)


# 11: the knockout's semi-final losers ------------------------------------------------------------

def play_out(doc, group):
    """Pairs @group round after round, red winning every board, until pair refuses."""
    while True:
        p = run("pair", doc, group, "--json", expect=None)
        if p.returncode != 0:
            return
        paired = json.loads(p.stdout)
        for g in paired["games"]:
            if g["black"] is not None and not g["result"]:
                run("result", doc, group, paired["round"], g["board"], "2:0")


def point_11():
    for third_place in (False, True):
        doc = stop(f"knockout-{int(third_place)}.qiwang", "2021-07-03")
        run("import", doc, write("knockout.csv", "姓名,性别,出生日期\n" + "".join(
            f"棋手{k},男,198{k}-02-02\n" for k in range(8))))
        group = entries(doc)[1]["group"]
        run("settings", doc, group, "system=knockout", *(["third_place=true"] if third_place else []))
        play_out(doc, group)
        ranks = [row["rank"] for row in run_json("standings", doc, group)]
        finals = [g for g in run_json("games", doc, group) if g["round"] == 3]
        if third_place:
            check("11: with third_place=true the last round adds the third-place game, places 3 and 4 apart",
                  len(finals) == 2 and ranks[:4] == [1, 2, 3, 4], (ranks, finals))
        else:
            check("11: without a third-place game the semi-finals' losers share place 3 (并列第三)",
                  len(finals) == 1 and ranks[:4] == [1, 2, 3, 3], (ranks, finals))


# 14: 8对开赛 -------------------------------------------------------------------------------------

def point_14():
    doc = path("pairs.qiwang")
    run("new", doc, "--ruleset", "qiwang-2022", "--name", "2022年全国业余象棋棋王争霸赛总决赛", "--start", "2022-11-25")
    header = "姓名,出生日期,身份证号,单位,账号,组别,姓名2,出生日期2,身份证号2,单位2,账号2,关系"
    lines = [header]
    for k in range(12):
        b1, b2 = f"19{60 + k}-05-1{k % 9}", f"20{10 + k % 6}-06-1{k % 9}"
        relation = "父子" if k < 6 else "同事"          # 6 pairs break 十一(五)3's relationship
        lines.append(f"亲长{k + 1},{b1},{idno('440102' + b1.replace('-', '') + f'{k:02d}1')},广州棋院,pc{k},亲子,"
                     f"亲幼{k + 1},{b2},{idno('440102' + b2.replace('-', '') + f'{k:02d}3')},广州棋院,,{relation}")
    run("import", doc, write("pairs.csv", "\n".join(lines) + "\n"))
    run("settings", doc, "parent-child", "system=round-robin")
    for args in ([], ["--exclude-blocked"]):
        p = run("pair", doc, "parent-child", *args, "--json", expect=None)
        out = json.loads(p.stdout) if p.stdout.strip() else {}
        codes = {c for b in out.get("blocked", []) for c in b.get("problems", [])}
        check(f"14: pair {' '.join(args)} with 6 eligible pairs of 12 exits 3 with pairs-too-few",
              p.returncode == 3 and "pairs-too-few" in codes, (p.returncode, out, p.stderr))
    games = run_json("games", doc, "parent-child")
    check("14: nothing was paired", games == [], games)
    listed = entries(doc)
    check("14: nobody was excluded by --exclude-blocked", all(e["status"] == "active" for e in listed.values()),
          [e["status"] for e in listed.values()])


# 17: the 2022 clauses -----------------------------------------------------------------------------

def point_17():
    doc = path("final17.qiwang")
    run("new", doc, "--ruleset", "qiwang-2022", "--name", "2022年全国业余象棋棋王争霸赛总决赛", "--start", "2022-11-25")
    lines = ["姓名,性别,出生日期,单位,等级,组别,报名日期,单位盖章"]
    for k in range(6):
        registered = "2022-10-03" if k == 0 else "2022-09-1" + str(k)
        stamped = "" if k == 1 else "是"
        lines.append(f"少儿{k + 1},男,201{k}-03-0{k + 1},杭州棋院,三级棋士,少儿,{registered},{stamped}")
    run("import", doc, write("juniors.csv", "\n".join(lines) + "\n"))
    listed = {e["name"]: e for e in run_json("entries", doc)}
    check("17: an entry dated after its window (十三(一)) is flagged",
          "outside-entry-window" in listed["少儿1"]["problems"] and listed["少儿1"]["registered"] == "2022-10-03",
          listed["少儿1"])
    check("17: a junior without the unit's stamped form (十一(五)4) is flagged",
          "form-not-stamped" in listed["少儿2"]["problems"] and not listed["少儿2"]["form_stamped"], listed["少儿2"])
    check("17: the others are clean", all(not listed[f"少儿{k}"]["problems"] for k in range(3, 7)),
          [listed[f"少儿{k}"] for k in range(3, 7)])
    paired = run("pair", doc, "junior", "--json", expect=None)
    out = json.loads(paired.stdout) if paired.stdout.strip() else {}
    reminded = {r["name"]: r["problems"] for r in out.get("reminders", [])}
    check("17: the gate shows both as reminders", "form-not-stamped" in reminded.get("少儿2", [])
          and "outside-entry-window" in reminded.get("少儿1", []), (paired.returncode, out, paired.stderr))
    no = listed["少儿2"]["no"]
    marked = run_json("entry", doc, no, "--stamped", "yes")
    check("17: entry --stamped yes marks the form received", marked["form_stamped"]
          and "form-not-stamped" not in marked["problems"], marked)
    run("undo", doc)
    check("17: and undo takes the mark back", "form-not-stamped" in entries(doc)[no]["problems"], entries(doc)[no])

    # 十三(四)1: wild cards applied for after 10月1日 are refused with the date unless allowed.
    games = write("games17.csv", "期,阶段,时间,红方,黑方,结果\n")
    wild = write("wild17.csv", "账号,姓名,理由,申请日期,逾期准许\n"
                 "w1,准时,open,2022-10-01,\nw2,迟到,open,2022-10-02,\nw3,特批,open,2022-10-08,裁判长同意\n")
    ladder = run_json("ladder", games, "--ruleset", "qiwang-2022", "--wildcards", wild)
    codes = {(w.get("code"), w.get("player")) for w in ladder.get("warnings", [])}
    finalists = ladder.get("finalists", [])
    said = run("ladder", games, "--ruleset", "qiwang-2022", "--wildcards", wild)
    check("17: a late wild card is refused, with its date", ("wildcard-late", "w2") in codes and "w2" not in finalists
          and "2022-10-02" in said.stdout + said.stderr, (ladder.get("warnings"), said.stdout[-300:]))
    check("17: a late wild card the arbiter allowed stands, logged", ("wildcard-late-allowed", "w3") in codes
          and "w3" in finalists and "w1" in finalists, (codes, finalists))


# C: the contract lines of issue 19 not run literally elsewhere ------------------------------------

def trf_player(no, name, points, rounds):
    """A TRF-16 player line: points in columns 81-84, the rank in 86-89, then a field per round."""
    return f"001 {no:4d}      {name}".ljust(80) + f"{points:4.1f} {no:4d}" + "".join(
        f"  {opponent:4d} {colour} {result}" if opponent else f"  0000 - {result}" for opponent, colour, result in rounds)


def contract_lines():
    # entry DOC NO [--name N] [--sex 男|女] [--birth YYYY-MM-DD] [--id ID] [--unit U] [--grade G] [--phone P]
    # [--declared GROUP] [--json]: with no option it prints the entry; each option edits it, as one step.
    doc = stop("contract.qiwang", "2021-07-03")
    run("import", doc, write("contract.csv", "姓名,性别,出生日期,单位,等级\n"
                             "王一,男,1980-01-01,锦溪棋社,三级棋士\n王二,男,1981-02-02,锦溪棋社,\n"))
    printed = run("entry", doc, 1)
    check("C: entry DOC NO prints the entry", "王一" in printed.stdout and "锦溪棋社" in printed.stdout
          and "三级棋士" in printed.stdout, printed.stdout)
    before = run_json("entry", doc, 1)
    edited = run_json("entry", doc, 1, "--name", "王壹", "--sex", "女", "--birth", "1951-03-04", "--unit", "周庄棋社",
                      "--grade", "一级棋士", "--phone", "13900000001", "--declared", "老年组")
    check("C: entry --name --sex --birth --unit edit the entry (--json: the entries --json object)",
          edited == entries(doc)[1] and edited["name"] == "王壹" and edited["sex"] == "F"
          and edited["birth"] == "1951-03-04" and edited["unit"] == "周庄棋社", edited)
    shown = run("entry", doc, 1).stdout
    check("C: --grade and --declared are stored", "一级棋士" in shown and "老年组" in shown, shown)
    real = idno("32058319750505111")
    with_id = run_json("entry", doc, 2, "--id", real)
    check("C: entry --id sets the number, shown masked", with_id["id"] == real[:6] + "********" + real[-4:], with_id)
    run("undo", doc)
    run("undo", doc)
    check("C: two undos take both edits back, each edit one step", entries(doc)[1] == before
          and entries(doc)[2]["id"] in (None, ""), (entries(doc)[1], before, entries(doc)[2]))

    # import-trf counts `0000 - +` (TRF-16's old pairing-allocated bye) as the bye's points. Three
    # players, each unpaired once in the old notation; 162: W 2, D 1, L 0 (the bye is a win's).
    trf = "\r\n".join([
        "012 Old byes", "142 3", "162  W 2.0    D 1.0    L 0.0",
        trf_player(1, "A", 4.0, [(2, "w", "1"), (0, "", "+"), (3, "b", "0")]),
        trf_player(2, "B", 3.0, [(1, "b", "0"), (3, "w", "="), (0, "", "+")]),
        trf_player(3, "C", 5.0, [(0, "", "+"), (2, "b", "="), (1, "w", "1")]),
    ]) + "\r\n"
    doc = stop("trf.qiwang", "2021-07-03")
    imported = run_json("import-trf", doc, write("old.trf", trf), "--group", "old")
    check("C: import-trf reads the three rounds without a points warning", imported.get("rounds") == 3
          and not any("gives" in w for w in imported.get("warnings", [])), imported)
    points = {row["name"]: row["points"] for row in run_json("standings", doc, "old")}
    check("C: import-trf counts 0000 - + as the bye's points", points == {"A": 4, "B": 3, "C": 5}, points)
    byes = [g for g in run_json("games", doc, "old") if g["black"] is None]
    check("C: each 0000 - + is a bye of its round", sorted(g["round"] for g in byes) == [1, 2, 3], byes)


# 22: the region's sources in the reader's language ---------------------------------------------------

def point_22_region():
    doc = stop("source.qiwang", "2021-07-03")
    run("import", doc, write("source.csv", "姓名,性别,出生日期\n" + "".join(
        f"棋手{k},男,198{k}-01-01\n" for k in range(1, 7))))
    run("export", doc, "--out", path("source.xml"))
    region = path("source-region.qiwang")
    run("new-region", region, "--region", "江苏")
    run("import-results", region, path("source.xml"))
    said = run("region", region, locale="zh_CN.UTF-8").stdout
    check("22: region names a stop's source in the reader's language (成绩文件, not imported)",
          "成绩文件" in said and "imported" not in said, said)
    check("22: region --json keeps the code", [s.get("source") for s in run_json("region", region)["stops"]]
          == ["imported"], run_json("region", region)["stops"])


for point in (point_1, point_2_and_6, point_5_and_8, point_9, point_11, point_14, point_17, point_22_region, contract_lines):
    try:
        point()
    except (SystemExit, Exception) as stop_point:  # noqa: B902 (a point that stops is a failure)
        check(f"{point.__name__} ran to its end", False, stop_point)
print(f"{failures} failed")
sys.exit(1 if failures else 0)
