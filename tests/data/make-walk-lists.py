#!/usr/bin/python3
# Writes the registration lists of the issue-9 walk (tests/test-ui-walk.c) as
# Excel on a Chinese Windows saves "CSV": GB18030, CRLF, no BOM. Run from
# tests/data:
#   python3 make-walk-lists.py
# The files are committed; the tests need nothing but them.
#
# walk-list-1.csv, 43 rows, sent before the stop, with what organisers get
# wrong: a 运动健将 (too strong for a 棋王赛), a row without a name, a date
# 1990/13/45, a row with only the ID number (no sex, no birth date), a
# passport, an old 15-digit number. walk-list-2.csv comes after round 1: two
# late entries and a player of the first list again (same ID number, a new
# phone number), who must be merged, not added twice.

WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]


def resident_id(region, birth, seq):
    body = '%s%s%03d' % (region, birth.replace('-', ''), seq)
    total = sum(int(c) * w for c, w in zip(body, WEIGHTS))
    return body + '10X98765432'[total % 11]


HEADER = ['序号', '姓名', '性别', '出生日期', '证件类型', '身份证号', '单位', '等级', '手机', '等级分']
UNITS = ['惠东县象棋协会', '平山街道棋友会', '惠州市棋院', '大岭镇文化站', '白花镇棋协', '惠阳区象棋队']
GRADES = ['一级棋士', '二级棋士', '三级棋士', '', '四级棋士', '']
MEN = ['李伟', '王强', '张磊', '刘洋', '陈杰', '杨帆', '赵勇', '黄斌', '周涛', '吴昊', '徐明', '孙浩', '胡军',
       '朱峰', '高翔', '林海', '何平', '郭亮', '马超', '罗成', '梁栋', '宋健', '郑凯', '谢东', '韩冰', '唐宁',
       '冯刚', '于波', '董辉', '萧然', '邱毅', '叶青', '邹凡']
WOMEN = ['李娜', '王芳', '张丽']


def man(i, name):
    year = 1965 + (i * 7) % 38
    birth = '%d-%02d-%02d' % (year, 1 + i % 12, 1 + (i * 3) % 28)
    rating = 2100 - i * 37 if i % 2 == 0 else ''
    return [name, '男', birth, '居民身份证', resident_id('441323', birth, 11 + 2 * i), UNITS[i % len(UNITS)],
            GRADES[i % len(GRADES)], '1392%07d' % (7500000 + i), rating]


def rows_first():
    rows = [man(i, n) for i, n in enumerate(MEN)]
    for i, n in enumerate(WOMEN):
        birth = '%d-%02d-%02d' % (1980 + i * 5, 3 + i, 9 + i)
        rows.append([n, '女', birth, '居民身份证', resident_id('441302', birth, 20 + 2 * i), UNITS[i], '三级棋士',
                     '1355%07d' % (8100000 + i), ''])
    # The row from the senior group.
    rows.append(['黄国华', '男', '1955-08-20', '居民身份证', resident_id('441323', '1955-08-20', 55),
                 '惠东县象棋协会', '二级棋士', '13600000001', 1650])
    # A 运动健将: too strong for the stop.
    rows.append(['钟国强', '男', '1988-02-14', '居民身份证', resident_id('441302', '1988-02-14', 77),
                 '惠州市棋院', '运动健将', '13600000002', 2380])
    # No name.
    rows.append(['', '男', '1993-09-09', '居民身份证', resident_id('441323', '1993-09-09', 93),
                 '平山街道棋友会', '', '13600000003', ''])
    # A date that does not exist, and no ID number.
    rows.append(['钟伟', '男', '1990/13/45', '', '', '惠东县象棋协会', '', '', ''])
    # Only the ID number: sex and birth date come from it.
    rows.append(['曾志明', '', '', '', resident_id('441323', '1991-03-05', 35), '大岭镇文化站', '', '', ''])
    # A passport, which the 2021 scheme does not accept.
    rows.append(['陈嘉豪', '男', '1992-04-18', '护照', 'E12345678', '白花镇棋协', '三级棋士', '13600000005', ''])
    # The old 15-digit form.
    rows.append(['罗永年', '男', '1975-06-12', '居民身份证', '441323750612031', '惠阳区象棋队', '', '', ''])
    return rows


def rows_second():
    again = man(4, MEN[4])
    again[7] = '13922223333'
    return [
        ['许文强', '男', '1986-11-02', '居民身份证', resident_id('441323', '1986-11-02', 41), '白花镇棋协',
         '二级棋士', '13700000001', 1720],
        ['蔡志坚', '男', '1999-05-30', '居民身份证', resident_id('441302', '1999-05-30', 63), '惠州市棋院', '',
         '13700000002', ''],
        again,
    ]


def write(path, rows):
    lines = [','.join(HEADER)]
    for no, row in enumerate(rows, 1):
        lines.append(','.join([str(no)] + [str(v) for v in row]))
    with open(path, 'wb') as f:
        f.write(('\r\n'.join(lines) + '\r\n').encode('gb18030'))


first = rows_first()
assert len(first) == 43, len(first)
write('walk-list-1.csv', first)
write('walk-list-2.csv', rows_second())
