#!/usr/bin/env python3
"""Developer helper for translators: lists the untranslated messages of a .po
file as JSON, or fills them from a JSON file {msgid: msgstr | [plural forms]}.
Keys may be "context\\x04msgid" for messages with a context.

  build-aux/po-fill.py list po/zh_CN.po > todo.json
  build-aux/po-fill.py fill po/zh_CN.po done.json
"""
import json
import re
import sys


def unquote(lines):
    return "".join(json.loads(l) for l in lines)


def quote(text):
    out = json.dumps(text, ensure_ascii=False)
    return out


def parse(path):
    entries = []
    cur = None
    field = None
    for raw in open(path, encoding="utf-8").read().split("\n"):
        line = raw.rstrip("\n")
        if not line.strip():
            if cur:
                entries.append(cur)
            cur = None
            field = None
            continue
        if cur is None:
            cur = {"comments": [], "fields": {}, "order": []}
        if line.startswith("#"):
            cur["comments"].append(line)
            continue
        m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
        if m:
            field = m.group(1)
            cur["fields"][field] = [m.group(2)]
            cur["order"].append(field)
        elif line.startswith('"') and field:
            cur["fields"][field].append(line)
    if cur:
        entries.append(cur)
    return entries


def key_of(e):
    f = e["fields"]
    msgid = unquote(f.get("msgid", ['""']))
    if "msgctxt" in f:
        return unquote(f["msgctxt"]) + "\x04" + msgid
    return msgid


def untranslated(e):
    f = e["fields"]
    if unquote(f.get("msgid", ['""'])) == "":
        return False
    if any("fuzzy" in c for c in e["comments"] if c.startswith("#,")):
        return True
    strs = [k for k in f if k.startswith("msgstr")]
    return any(unquote(f[k]) == "" for k in strs)


def write(path, entries):
    out = []
    for e in entries:
        comments = [c for c in e["comments"]]
        fixed = []
        for c in comments:
            if c.startswith("#,") and e.get("filled"):
                flags = [x.strip() for x in c[2:].split(",") if x.strip() and x.strip() != "fuzzy"]
                if flags:
                    fixed.append("#, " + ", ".join(flags))
            else:
                fixed.append(c)
        out.extend(fixed)
        for k in e["order"]:
            vals = e["fields"][k]
            out.append(f"{k} {vals[0]}")
            out.extend(vals[1:])
        out.append("")
    open(path, "w", encoding="utf-8").write("\n".join(out))


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    entries = parse(path)
    if cmd == "list":
        todo = {}
        for e in entries:
            if untranslated(e):
                f = e["fields"]
                if "msgid_plural" in f:
                    todo[key_of(e)] = [unquote(f["msgid"]), unquote(f["msgid_plural"])]
                else:
                    todo[key_of(e)] = ""
        json.dump(todo, sys.stdout, ensure_ascii=False, indent=1)
        return
    done = json.load(open(sys.argv[3], encoding="utf-8"))
    for e in entries:
        k = key_of(e)
        if k not in done or (not untranslated(e) and "msgid_plural" not in e["fields"]):
            continue
        val = done[k]
        f = e["fields"]
        if isinstance(val, list):
            for k2 in [k for k in f if k.startswith("msgstr[")]:
                del f[k2]
                e["order"].remove(k2)
            for i, v in enumerate(val):
                f[f"msgstr[{i}]"] = [quote(v)]
                e["order"].append(f"msgstr[{i}]")
        else:
            f["msgstr"] = [quote(val)]
        e["filled"] = True   # write() drops its fuzzy flag and keeps the others
    write(path, entries)


main()
