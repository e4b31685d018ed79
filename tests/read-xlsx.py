#!/usr/bin/python3
"""Reads a workbook with a reader that is not Qiwang's (Debian's python3-openpyxl) and prints it as
JSON: {"sheets": [{"name", "freeze", "cells": [[{"v": value, "t": data_type, "fmt": number_format}]]}]}.
Values are as openpyxl reads them: strings stay strings, numbers are numbers, formulas keep their "=",
dates are "YYYY-MM-DD" (type "d").
Usage: /usr/bin/python3 read-xlsx.py FILE.xlsx"""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
sheets = []
for ws in book.worksheets:
    rows = []
    for row in ws.iter_rows():
        rows.append([{"v": c.value, "t": c.data_type, "fmt": c.number_format} for c in row])
    sheets.append({"name": ws.title, "freeze": ws.freeze_panes, "cells": rows})
# A date cell (data type "d") reads as its day, "2005-01-04".
json.dump({"sheets": sheets}, sys.stdout, ensure_ascii=False,
          default=lambda o: o.date().isoformat() if hasattr(o, "date") else str(o))
