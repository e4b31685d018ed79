#!/usr/bin/env python3
"""Files other programs open and printouts (issue 19 points 21, 23, 24, 25), opened in those programs:

- the standings workbook (`export --out F.xlsx`) has a sheet for every group, an unplayed one
  listing its players without places and a note (point 21);
- workbooks read by openpyxl: birth dates are date cells with a yyyy-mm-dd format, not text;
  every sheet prints on A4 fitted to the page's width, landscape where it is wide, its header
  row repeated, the event's name in the page header and page numbers in the footer (point 23);
  when LibreOffice is installed, the workbooks are turned into PDFs and their pages checked
  (pages in $G_TEST_BUILDDIR/handouts/ to look at);
- public forms (point 25): 成绩.csv and 成绩.html have no ID column, not even masked; the public
  entries list has no empty 出生日期 column; 成绩.html has a viewport tag, and in headless
  Chromium at 375 px no name breaks onto a second line and the page does not scroll sideways;
  the standings PDF of a 150-player group sets "104红" at the size of "12红"; the share image of
  150 players comes in parts of at most 40 rows; the home page of the exported site finds a
  player as one types, with the page's own script under its Content-Security-Policy, offline;
- certificates (point 24): no QR and no 扫码 without a site address (zbarimg reads none), the QR
  of the verification page with one; 授予 never split; 〇 from a full-size face; the seal's
  dashed guide in the preview only, crossing no text; a pairing sheet printed while `serve`
  runs in another process carries the live page's QR, and none once it stops;
- the technical-grade application sheet (point 17, `print DOC grades`): the event's and the
  group's particulars, every ranked player with sex, birth date and unit, no ID number, the
  signature and seal lines, written 0600.

Environment: QIWANG_CLI (the built qiwang-cli), G_TEST_BUILDDIR.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.environ.get("G_TEST_BUILDDIR", "."), "handouts")
sys.path.insert(0, os.path.join(HERE, "lib"))
from qwcheck import CLI, expect, failures  # noqa: E402
from qwcheck import cli as run_cli  # noqa: E402


def cli(*args, check=True):
    return run_cli(*args, check=check, timeout=300)


def book(path):
    import openpyxl
    return openpyxl.load_workbook(path)


def event_name(doc):
    return json.loads(cli("event", doc, "--json").stdout)["name"]


def check_standings_book(doc, work):
    """Point 21 and the print setup of point 23."""
    path = os.path.join(work, "成绩.xlsx")
    cli("export", doc, "--out", path)
    groups = [line.split()[1] for line in cli("sections", doc).stdout.splitlines()
              if line and not line[0].isspace() and "=" not in line]
    wb = book(path)
    expect("21: a sheet for every group of the demo (8)", len(wb.sheetnames) == 8, wb.sheetnames)
    expect("21: the sheets are the groups", set(groups) <= set(wb.sheetnames), (groups, wb.sheetnames))
    unplayed = wb["儿童组女子"]
    rows = [[c.value for c in row] for row in unplayed.iter_rows(min_row=2)]
    players = [r for r in rows if isinstance(r[1], int)]
    expect("21: an unplayed group lists its players (3)", len(players) == 3, rows)
    expect("21: without places or points", all(r[0] is None and r[4] is None for r in players), players[:2])
    notes = [r[0] for r in rows if isinstance(r[0], str) and r[0].startswith("注")]
    expect("21: with a note saying why", len(notes) == 1 and "尚未" in notes[0], notes)
    expect("21: the note does not widen 名次", unplayed.column_dimensions["A"].width < 12,
           unplayed.column_dimensions["A"].width)
    played = wb["公开组男子"]
    numbers = [c for row in played.iter_rows(min_row=2) for c in row[:2] if isinstance(c.value, int)]
    expect("23: 名次 and 序号 are centred, so a number never runs into the name beside it",
           len(numbers) > 10 and all(c.alignment.horizontal == "center" for c in numbers),
           {c.alignment.horizontal for c in numbers})
    name = event_name(doc)
    for ws in wb.worksheets:
        setup = ws.page_setup
        expect(f"23: {ws.title} prints fitted to the page's width",
               ws.sheet_properties.pageSetUpPr is not None and ws.sheet_properties.pageSetUpPr.fitToPage
               and setup.fitToWidth in (None, 1) and setup.fitToHeight == 0,
               (setup.fitToWidth, setup.fitToHeight))
        expect(f"23: {ws.title} on A4", setup.paperSize == 9, setup.paperSize)
        expect(f"23: {ws.title} repeats its header row", ws.print_title_rows == "$1:$1", ws.print_title_rows)
        expect(f"23: {ws.title} has the event's name at the top", ws.oddHeader.center.text == name,
               ws.oddHeader.center.text)
        expect(f"23: {ws.title} numbers its pages", "&P" in (ws.oddFooter.center.text or "")
               and "&N" in ws.oddFooter.center.text, ws.oddFooter.center.text)
    return path


def check_entries_books(doc, work):
    """Point 23 (dates, landscape) and point 25 (no empty 出生日期 in the public form)."""
    private = os.path.join(work, "名单.xlsx")
    public = os.path.join(work, "名单-公开.xlsx")
    public_csv = os.path.join(work, "名单-公开.csv")
    cli("export-entries", doc, "--out", private, "--private")
    cli("export-entries", doc, "--out", public)
    cli("export-entries", doc, "--out", public_csv)
    ws = book(private).worksheets[0]
    header = [c.value for c in ws[1]]
    births = [row[header.index("出生日期")] for row in ws.iter_rows(min_row=2)]
    expect("23: birth dates are date cells", all(c.is_date for c in births if c.value is not None)
           and len([c for c in births if c.value is not None]) >= 70,
           [(c.value, c.data_type) for c in births[:3]])
    expect("23: shown as yyyy-mm-dd", all(c.number_format == "yyyy-mm-dd" for c in births if c.value is not None),
           {c.number_format for c in births})
    expect("23: a wide sheet prints landscape", ws.page_setup.orientation == "landscape",
           ws.page_setup.orientation)
    header = [c.value for c in book(public).worksheets[0][1]]
    expect("25: the public entries workbook has no 出生日期 column", "出生日期" not in header, header)
    with open(public_csv, encoding="utf-8-sig") as f:
        first = f.readline()
    expect("25: nor the public entries CSV", "出生日期" not in first, first)
    return private


def check_libreoffice(books, work):
    """The workbooks as LibreOffice prints them (point 23)."""
    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        print("# LibreOffice is not installed: the printed workbooks are not checked")
        return
    os.makedirs(OUT, exist_ok=True)
    profile = "file://" + os.path.join(work, "lo-profile")
    subprocess.run([office, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", OUT] + books, capture_output=True, timeout=300)
    for path in books:
        pdf = os.path.join(OUT, os.path.splitext(os.path.basename(path))[0] + ".pdf")
        if not os.path.exists(pdf):
            expect(f"23: LibreOffice prints {os.path.basename(path)}", False, "no PDF")
            continue
        pages = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout.split("\f")
        pages = [p for p in pages if p.strip()]
        first_header = pages[0].splitlines()
        for i, page in enumerate(pages):
            expect(f"23: {os.path.basename(pdf)} page {i + 1} has the page number", f"第 {i + 1} 页" in page,
                   page[-200:])
            # No column split onto a page of its own: every page has the first and the last title.
            titles = "名次" if "成绩" in pdf else "序号"
            last = "前轮成绩" if "成绩" in pdf else "问题"
            expect(f"23: {os.path.basename(pdf)} page {i + 1} has the header row whole",
                   titles in page and last in page, page[:300])
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", pdf,
                        os.path.join(OUT, os.path.splitext(os.path.basename(pdf))[0])])
        del first_header


def check_public_results(doc, work):
    """成绩.csv and 成绩.html (point 25)."""
    csv = os.path.join(work, "成绩.csv")
    html = os.path.join(work, "成绩.html")
    cli("export", doc, "--out", csv)
    cli("export", doc, "--out", html)
    with open(csv, encoding="utf-8-sig") as f:
        text = f.read()
    expect("25: 成绩.csv has no ID column", "身份证号" not in text and "****" not in text, text[:120])
    with open(html, encoding="utf-8") as f:
        page = f.read()
    expect("25: 成绩.html has no ID column", "身份证号" not in page and "****" not in page, "")
    expect("25: 成绩.html has a viewport tag", re.search(r'<meta name="viewport"[^>]*width=device-width', page),
           page[:300])
    return html


def check_share_and_pdf(work):
    """150 players: the share image's parts, the standings PDF's 3-digit numbers (point 25)."""
    doc = os.path.join(work, "150.qiwang")
    cli("simulate", doc, "--system", "swiss", "--players", "150", "--rounds", "9", "--seed", "7")
    png = os.path.join(work, "share.png")
    cli("share", doc, "open-m", "standings", "--out", png)
    parts = sorted(f for f in os.listdir(work) if f.startswith("share") and f.endswith(".png"))
    heights = []
    for name in parts:
        with open(os.path.join(work, name), "rb") as f:
            heights.append(struct.unpack(">II", f.read(24)[16:24])[1])
    expect("25: 150 standings rows come in parts of at most 40 rows (4)", len(parts) == 4, parts)
    expect("25: every part of a sensible height", all(h < 6500 for h in heights), heights)
    pdf = os.path.join(work, "standings.pdf")
    cli("print", doc, "standings", "--group", "open-m", "--out", pdf)
    words = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True).stdout
    sizes = {}
    for m in re.finditer(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(\d+)[红黑]<', words):
        sizes.setdefault(len(m.group(3)), set()).add(round(float(m.group(2)) - float(m.group(1)), 1))
    expect("25: the PDF has 2- and 3-digit opponents", 2 in sizes and 3 in sizes, sizes)
    if 2 in sizes and 3 in sizes:
        expect("25: 3-digit opponents set at the size of 2-digit ones", sizes[3] == sizes[2], sizes)


def read_png(path):
    """Width, height and rows of RGB triples of an 8-bit RGB PNG (qw_print_to_png's), without PIL."""
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour == 2, (depth, colour)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 3, [], bytearray(width * 3)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            b, c = prev[x], prev[x - 3] if x >= 3 else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def ring_pixels(width, rows, centre_mm, radius_mm, paper_mm=297.0):
    """The pixels within 1 mm of a circle (the seal's guide), as (r, g, b)."""
    scale = width / paper_mm
    cx, cy, r = centre_mm[0] * scale, centre_mm[1] * scale, radius_mm * scale
    out = []
    for y in range(int(cy - r - scale), int(cy + r + scale) + 1):
        for x in range(int(cx - r - scale), int(cx + r + scale) + 1):
            if abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - r) <= scale and 0 <= y < len(rows):
                row = rows[y]
                out.append((row[3 * x], row[3 * x + 1], row[3 * x + 2]))
    return out


def qr_codes(pdf, work, page=1):
    """What zbarimg reads on a page of @pdf (an empty list when it finds no code)."""
    if shutil.which("zbarimg") is None:
        return None
    stem = os.path.join(work, "qr")
    # 300 dpi: at 150 a pairing sheet's code (about 14 mm across) holding some
    # addresses (the port changes each run) was read by zbarimg in 7 runs of 8.
    subprocess.run(["pdftoppm", "-png", "-r", "300", "-f", str(page), "-l", str(page), pdf, stem], check=True)
    png = [f for f in os.listdir(work) if f.startswith("qr-") and f.endswith(".png")][0]
    p = subprocess.run(["zbarimg", "-q", "--raw", os.path.join(work, png)], capture_output=True, text=True)
    os.unlink(os.path.join(work, png))
    return [line for line in p.stdout.splitlines() if line]


def read_ppm(path):
    """Width and rows of RGB bytes of a binary PPM (pdftoppm's default output)."""
    with open(path, "rb") as f:
        data = f.read()
    fields = data.split(maxsplit=4)
    w, h = int(fields[1]), int(fields[2])
    pixels = data[-(w * h * 3):]
    return w, [pixels[y * w * 3:(y + 1) * w * 3] for y in range(h)]


def glyph_heights(pdf, work, first, second):
    """The ink heights, in pixels at 300 dpi, of two characters on page 1 (the first word holding each;
    a character set in another face is a word of its own in pdftotext's boxes)."""
    words = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-"], capture_output=True,
                           text=True).stdout
    boxes = {}
    for m in re.finditer(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)<', words):
        x0, y0, x1, y1 = (float(m.group(i)) * 300 / 72 for i in range(1, 5))
        word = m.group(5)
        for c in (first, second):
            if c in word and c not in boxes:
                step = (x1 - x0) / len(word)
                boxes[c] = (x0 + word.index(c) * step, x0 + (word.index(c) + 1) * step, y0, y1)
    if len(boxes) < 2:
        return None, None
    stem = os.path.join(work, "glyphs")
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-singlefile", pdf, stem], check=True)
    _, rows = read_ppm(stem + ".ppm")
    top = int(min(b[2] for b in boxes.values())) - 4
    bottom = int(max(b[3] for b in boxes.values())) + 4

    def ink(c):
        x0, x1 = int(boxes[c][0]) + 2, int(boxes[c][1]) - 2
        ys = [y for y in range(top, bottom + 1) if any(max(rows[y][3 * x:3 * x + 3]) < 128 for x in range(x0, x1))]
        return (max(ys) - min(ys) + 1) if ys else 0

    return ink(first), ink(second)


def check_certificates(work):
    """Point 24: the QR promises only what it can do, the body, the 〇, the seal guide, the live QR."""
    doc = os.path.join(work, "cert.qiwang")
    cli("simulate", doc, "--system", "swiss", "--players", "12", "--rounds", "3", "--seed", "3")
    pdf = os.path.join(work, "cert.pdf")
    previews = os.path.join(work, "cert-png")
    os.makedirs(previews, exist_ok=True)
    cli("print", doc, "certificates", "--group", "open-m", "--out", pdf, "--png-dir", previews)
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout
    codes = qr_codes(pdf, work)
    expect("24: without a site address, no QR on the certificate", codes == [] or codes is None, codes)
    expect("24: nor a 扫码 promise", "扫码" not in text and "验证码" in text, text[-300:])
    lines = [line for line in text.splitlines() if "授" in line]
    expect("24: 授予 is never split", lines and all("授予" in line for line in lines), lines)
    # The demo's long event name put 授 at the end of a line with room left (issue 19 point 24).
    demo = os.path.join(work, "cert-demo.qiwang")
    demo_pdf = os.path.join(work, "cert-demo.pdf")
    cli("demo", demo)
    cli("print", demo, "certificates", "--group", "open-m", "--out", demo_pdf, "--force", check=False)
    if os.path.exists(demo_pdf):
        demo_text = subprocess.run(["pdftotext", "-layout", demo_pdf, "-"], capture_output=True, text=True).stdout
        lines = [line.strip() for line in demo_text.splitlines() if "授" in line]
        expect("24: the demo's champion: 授予 on one line", lines and all("授予" in line for line in lines), lines)
    # AR PL UKai's 〇 is 41 px high where its 月 is 55 (at 300 dpi): three quarters, and hairline.
    zero, moon = glyph_heights(pdf, work, "〇", "月")
    expect("24: 〇 in the date is as tall as the characters around it (月)",
           zero is not None and moon is not None and zero >= 0.9 * moon, (zero, moon))
    # The seal guide (champion.xml: centre 254, 168 mm, 36 mm across): in the preview, on paper never.
    png = os.path.join(previews, sorted(os.listdir(previews))[0])
    width, _, rows = read_png(png)
    ring = ring_pixels(width, rows, (254, 168), 18)
    grey = [p for p in ring if 140 <= p[0] <= 200 and abs(p[0] - p[1]) < 8 and abs(p[1] - p[2]) < 8]
    dark = [p for p in ring if max(p) < 100]
    expect("24: the preview shows the seal's place", len(grey) > 20, len(grey))
    expect("24: the seal's place crosses no text", len(dark) == 0, len(dark))
    # The PDF's page, as PPM (P6: a header, then RGB bytes).
    stem = os.path.join(work, "cert-paper")
    subprocess.run(["pdftoppm", "-r", "100", "-f", "1", "-l", "1", "-singlefile", pdf, stem], check=True)
    w, rows = read_ppm(stem + ".ppm")
    ring = ring_pixels(w, rows, (254, 168), 18)
    grey = [p for p in ring if 140 <= p[0] <= 200 and abs(p[0] - p[1]) < 8 and abs(p[1] - p[2]) < 8]
    expect("24: the seal's guide is not printed", len(grey) == 0, len(grey))
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf, os.path.join(OUT, "certificate")])

    # With the pages' address: the QR leads to the certificate's verification page.
    cli("export-site", doc, "--out", os.path.join(work, "cert-site"), "--url", "https://qiwang.example/cert/")
    cli("print", doc, "certificates", "--group", "open-m", "--out", pdf, "--force")
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout
    codes = qr_codes(pdf, work)
    if codes is not None:
        expect("24: with an address, the QR leads to the verification page",
               len(codes) == 1 and re.fullmatch(r"https://qiwang\.example/cert/verify/[0-9A-Z]{10}/", codes[0]),
               codes)
    expect("24: and says 扫码", "扫码" in text, text[-300:])

    # A pairing sheet printed while `serve` runs in another process: the QR of the live page.
    fresh = os.path.join(work, "live.qiwang")
    cli("demo", fresh)
    server = subprocess.Popen([CLI, "serve", fresh, "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        base = server.stdout.readline().strip().split(" ", 1)[1]
        sheet = os.path.join(work, "pairings.pdf")
        cli("print", fresh, "pairings", "--group", "open-m", "--out", sheet)
        codes = qr_codes(sheet, work)
        if codes is not None:
            expect("24: a pairing sheet printed while serve runs has the live page's QR",
                   codes == [base + "group/open-m/pairings/round-4/"], (base, codes))
    finally:
        server.terminate()
        server.wait(timeout=10)
    cli("print", fresh, "pairings", "--group", "open-m", "--out", sheet, "--force")
    codes = qr_codes(sheet, work)
    if codes is not None:
        expect("24: after serve stops, no QR of a page that is gone", codes == [], codes)


def check_grades(work):
    """Point 17's printed sheet: `print DOC grades --group G --out F.pdf` (技术等级申报表, seed 002
    §七(六)2 可根据…技术等级标准申请相应技术等级，现场办证)."""
    doc = os.path.join(work, "grades.qiwang")
    cli("simulate", doc, "--system", "swiss", "--players", "14", "--rounds", "5", "--seed", "11")
    cli("event", doc, "--host", "白花镇象棋协会", "--organiser", "惠东县象棋协会", "--arbiter", "陈国华",
        "--arbiter-grade", "一级", "--venue", "白花镇文化活动中心", "--start", "2021-07-03", "--end", "2021-07-04")
    pdf = os.path.join(work, "等级申报.pdf")
    p = cli("print", doc, "grades", "--group", "open-m", "--out", pdf, check=False)
    expect("17: print grades --group G --out F.pdf succeeds", p.returncode == 0, p.stderr)
    if p.returncode != 0:
        return
    expect("17: the sheet is private (0600: it has birth dates)", (os.stat(pdf).st_mode & 0o777) == 0o600,
           oct(os.stat(pdf).st_mode))
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True).stdout
    flat = re.sub(r"\s+", "", text)
    standings = json.loads(cli("standings", doc, "open-m", "--json").stdout)
    rows = standings["standings"] if isinstance(standings, dict) else standings
    entries = {e["no"]: e for e in json.loads(cli("entries", doc, "--json").stdout)}
    expect("17: titled 技术等级申报表", "技术等级申报表" in flat, flat[:200])
    for label, value in (("比赛名称", event_name(doc)), ("比赛日期", "2021年7月3日至2021年7月4日"),
                         ("比赛地点", "白花镇文化活动中心"), ("主办单位", "惠东县象棋协会"),
                         ("承办单位", "白花镇象棋协会"), ("裁判长", "陈国华（一级）"), ("赛制", "积分编排制"),
                         ("参赛人数", "14人"), ("比赛轮次", "5轮")):
        expect(f"17: {label} {value}", label in flat and value in flat, label)
    for row in rows:
        entry = entries[row["no"]]
        sex = {"M": "男", "F": "女"}.get(entry.get("sex"), "")
        expect(f"17: place {row['rank']} {entry['name']} with sex, birth date and unit",
               re.search(rf"{row['rank']}{re.escape(entry['name'])}{sex}{entry.get('birth') or '—'}"
                         rf"{re.escape(entry.get('unit') or '')}", flat) is not None, entry)
    expect("17: no ID number, whole or masked (not needed to grant a grade)",
           re.search(r"\d{6}(\d{8}|\*{8})\d{3}[\dX]", flat) is None and "身份证" not in flat, "")
    expect("17: the chief arbiter signs, the host seals", "裁判长（签字）" in flat and "承办单位（盖章）" in flat, "")
    expect("17: the rule it applies is cited", "第七条（六）2" in flat, "")
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf, os.path.join(OUT, "grades")])


def load_browser():
    """The browser driver the browser tests share (tests/lib/qwbrowser.py)."""
    import qwbrowser
    return qwbrowser


def check_in_chromium(doc, html, work):
    """成绩.html at 375 px and the home page's search, offline (point 25)."""
    pb = load_browser()
    if pb.CHROMIUM is None:
        print("# Chromium is not installed: the pages are not checked in a browser")
        return
    site = os.path.join(work, "site")
    cli("export-site", doc, "--out", site)
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        index = f.read()
    expect("25: the home page loads nothing from outside", not re.search(r'(src|href)="(https?:)?//', index), "")
    expect("25: its script is inline (no file to fetch)", "<script src" not in index, "")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', index)
    expect("25: the home page carries the site's CSP", csp is not None, "")
    if csp is not None:
        expect("25: the CSP allows the page's inline script", "script-src 'unsafe-inline'" in csp.group(1)
               or "script-src 'self' 'unsafe-inline'" in csp.group(1), csp.group(1))
    os.makedirs(OUT, exist_ok=True)
    browser = pb.Browser(os.path.join(work, "profile"))
    try:
        browser.size(375, True)
        browser.goto("file://" + html)
        wrapped = browser.evaluate(
            "(function(){var n=0,r=document.createRange(),cells=document.querySelectorAll('tbody td:nth-child(2)');"
            "for(var i=0;i<cells.length;i++){r.selectNodeContents(cells[i]);"
            "var tops={};var rects=r.getClientRects();for(var j=0;j<rects.length;j++)tops[Math.round(rects[j].top)]=1;"
            "if(Object.keys(tops).length>1)n++;}return [cells.length,n];})()")
        expect("25: 成绩.html at 375 px: no name on two lines", wrapped[0] > 20 and wrapped[1] == 0, wrapped)
        width = browser.evaluate("document.documentElement.scrollWidth")
        expect("25: 成绩.html at 375 px: the page does not scroll sideways", width <= 375, width)
        browser.screenshot(os.path.join(OUT, "成绩-375.png"))

        browser.goto("file://" + os.path.join(site, "index.html"))
        found = browser.evaluate(
            "(function(){var q=document.getElementById('q');if(!q)return null;q.value='钟杰';"
            "q.dispatchEvent(new Event('input'));var rows=document.querySelectorAll('#players tr[data-find]'),n=0;"
            "for(var i=0;i<rows.length;i++)if(!rows[i].hidden)n++;"
            "var d=document.getElementById('players');"
            "var a=document.querySelector('#players tr[data-find]:not([hidden]) a');"
            "return [rows.length,n,d&&d.open,a?a.getAttribute('href'):null];})()")
        expect("25: the home page has a player search", found is not None, found)
        if found is not None:
            expect("25: it lists every player of the demo (80)", found[0] == 80, found)
            expect("25: typing a name finds that player only", found[1] == 1 and found[2], found)
            expect("25: the hit leads to the player's page", found[3] is not None
                   and os.path.exists(os.path.join(site, found[3].split("#")[0])), found)
        browser.screenshot(os.path.join(OUT, "home-search-375.png"))
    finally:
        browser.close()


def run(check, *args):
    """One part; an exception is its failure, and the others still run."""
    try:
        return check(*args)
    except Exception as e:  # noqa: BLE001 -- any error of a part is that part's failure
        expect(f"{check.__name__} runs", False, repr(e))
        return None


def main():
    work = tempfile.mkdtemp(prefix="qiwang-handouts-")
    try:
        doc = os.path.join(work, "demo.qiwang")
        cli("demo", doc)
        books = [run(check_standings_book, doc, work), run(check_entries_books, doc, work)]
        run(check_libreoffice, [b for b in books if b is not None], work)
        html = run(check_public_results, doc, work)
        run(check_share_and_pdf, work)
        run(check_certificates, work)
        run(check_grades, work)
        if html is not None:
            run(check_in_chromium, doc, html, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
