#!/usr/bin/perl
# Writes the .xls (BIFF8) fixtures of tests/test-xls.c with a writer that is
# not Qiwang's: Debian's libspreadsheet-writeexcel-perl. Run from tests/data:
#   perl make-xls.pl
# The files are committed, so the tests need neither Perl nor the module.
use strict;
use warnings;
use utf8;
use Spreadsheet::WriteExcel;

# A registration list as desks keep it: a title above the header, dates in
# two formats, an ID number typed as a number, an empty row, a second sheet.
{
  my $wb = Spreadsheet::WriteExcel->new('list.xls') or die "list.xls: $!";
  my $title = $wb->add_format(bold => 1, align => 'center');
  my $iso = $wb->add_format(num_format => 'yyyy-mm-dd');
  my $chinese = $wb->add_format(num_format => 'yyyy"年"m"月"d"日"');
  my $ws = $wb->add_worksheet('报名表');

  $ws->merge_range('A1:J1', '2024年测试赛区报名表', $title);
  $ws->write_row(1, 0, ['序号', '姓名', '性别', '出生日期', '身份证号', '单位', '等级', '组别', '手机', '等级分']);
  $ws->write_number(2, 0, 1);
  $ws->write_string(2, 1, '王五');
  $ws->write_string(2, 2, '女');
  $ws->write_date_time(2, 3, '1949-12-31T', $iso);
  $ws->write_string(2, 4, '11010519491231002X');
  $ws->write_string(2, 5, '北京象棋协会');
  $ws->write_string(2, 7, '公开组');
  $ws->write_number(2, 8, 13800000000);
  $ws->write_number(2, 9, 1850);
  $ws->write_number(3, 0, 2);
  $ws->write_string(3, 1, '李四');
  $ws->write_string(3, 2, '男');
  $ws->write_date_time(3, 3, '1990-05-06T', $chinese);
  $ws->write_number(3, 4, 441381199001011234);
  $ws->write_string(3, 5, '少年宫');
  $ws->write_string(3, 6, '一级棋士');
  $ws->write_string(3, 7, '公开组');
  $ws->write_number(3, 9, 1623.5);
  # row 5 stays empty
  $ws->write_number(5, 0, 3);
  $ws->write_string(5, 1, '赵六');
  $ws->write_string(5, 2, '男');
  $ws->write_string(5, 3, '1990/5/6');
  $ws->write_string(5, 5, '多行' . "\n" . '单位');

  my $second = $wb->add_worksheet('第二页');
  $second->write_row(0, 0, ['姓名', '单位']);
  $second->write_row(1, 0, ['钱七', '上海']);
  $wb->close() or die "list.xls: $!";
}

# The 1904 date system (Excel for Mac's old default).
{
  my $wb = Spreadsheet::WriteExcel->new('list-1904.xls') or die "list-1904.xls: $!";
  $wb->set_1904();
  my $iso = $wb->add_format(num_format => 'yyyy-mm-dd');
  my $ws = $wb->add_worksheet('Sheet1');

  $ws->write_row(0, 0, ['姓名', '出生日期']);
  $ws->write_string(1, 0, '孙八');
  $ws->write_date_time(1, 1, '1990-01-01T', $iso);
  $wb->close() or die "list-1904.xls: $!";
}
