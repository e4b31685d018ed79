/* qw-final-export.c: the final's prize list as a workbook or a CSV
 *
 * Three parts, as the treasurer reads them: the awards (项目, 名次, 序号,
 * 姓名, 代表队/单位, 奖金), each player's accumulated prizes where one
 * player receives more than one, and the totals per table and overall.
 * In a workbook each part is a sheet; in a CSV they follow one another,
 * separated by a blank line, each with its header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-final"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-error.h"
#include "qw-output.h"
#include "qw-final.h"
#include "qw-xlsx-writer.h"

typedef void (*RowFunc) (const char * const *cells,
                         gpointer            data);

/* The header of each part, and the rows of each. */
static const char *const award_header[] = { "项目", "名次", "序号", "姓名", "代表队/单位", "奖金（元）", NULL };
static const QwXlsxColumn award_columns[] = {
  QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT,
  QW_XLSX_COLUMN_NUMBER,
};
static const char *const accumulated_header[] = { "序号", "姓名", "代表队/单位", "所获奖项", "奖金合计（元）", NULL };
static const QwXlsxColumn accumulated_columns[] = {
  QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_NUMBER,
};
static const char *const total_header[] = { "项目", "获奖人次", "奖金合计（元）", NULL };
static const QwXlsxColumn total_columns[] = {
  QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_NUMBER,
};

static void
award_rows (const QwFinalResults *results,
            RowFunc               func,
            gpointer              data)
{
  for (guint i = 0; i < results->awards->len; i++)
    {
      const QwPrizeAward *a = g_ptr_array_index (results->awards, i);
      g_autofree char *place = g_strdup_printf ("%d", a->place);
      g_autofree char *no = a->no > 0 ? g_strdup_printf ("%d", a->no) : g_strdup ("");
      g_autofree char *amount = g_strdup_printf ("%d", a->amount);
      const char *cells[] = { a->event_name, place, no, a->name, a->team, amount, NULL };

      func (cells, data);
    }
}

/* "男子个人第1名 50000元；女子个人第1名 5000元" */
static char *
accumulated_text (const QwPrizeAccumulated *acc)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < acc->awards->len; i++)
    {
      const QwPrizeAward *a = g_ptr_array_index (acc->awards, i);

      g_string_append_printf (text, "%s%s第%d名 %d元", i > 0 ? "；" : "", a->event_name, a->place, a->amount);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
accumulated_rows (const QwFinalResults *results,
                  RowFunc               func,
                  gpointer              data)
{
  for (guint i = 0; i < results->accumulated->len; i++)
    {
      const QwPrizeAccumulated *acc = g_ptr_array_index (results->accumulated, i);
      g_autofree char *no = g_strdup_printf ("%d", acc->no);
      g_autofree char *what = accumulated_text (acc);
      g_autofree char *amount = g_strdup_printf ("%" G_GINT64_FORMAT, acc->amount);
      const char *cells[] = { no, acc->name, acc->team, what, amount, NULL };

      func (cells, data);
    }
}

static void
total_rows (const QwFinalResults *results,
            RowFunc               func,
            gpointer              data)
{
  g_autofree char *all = g_strdup_printf ("%" G_GINT64_FORMAT, results->total);
  guint n = 0;

  for (guint i = 0; i < results->totals->len; i++)
    {
      const QwPrizeTotal *t = g_ptr_array_index (results->totals, i);
      g_autofree char *awards = g_strdup_printf ("%d", t->awards);
      g_autofree char *amount = g_strdup_printf ("%" G_GINT64_FORMAT, t->amount);
      const char *cells[] = { t->name, awards, amount, NULL };

      n += (guint) t->awards;
      func (cells, data);
    }
  {
    g_autofree char *count = g_strdup_printf ("%u", n);
    const char *cells[] = { "总计", count, all, NULL };

    func (cells, data);
  }
}

/* CSV */

static void
csv_row (const char * const *cells,
         gpointer            data)
{
  GString *out = data;

  for (guint i = 0; cells[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      qw_csv_append_field (out, cells[i], ',');
    }
  g_string_append (out, "\r\n");
}

char *
qw_final_prizes_to_csv (const QwFinalResults *results,
                        const QwEvent        *event)
{
  GString *out = g_string_new ("\xEF\xBB\xBF");
  g_autofree char *title = g_strdup_printf ("%s奖金名单%s", event != NULL && event->name != NULL ? event->name : "",
                                            results->before_tax ? "（税前）" : "");
  const char *title_cells[] = { title, NULL };

  csv_row (title_cells, out);
  csv_row (award_header, out);
  award_rows (results, csv_row, out);
  if (results->accumulated->len > 0)
    {
      const char *part[] = { "累计奖金", NULL };

      g_string_append (out, "\r\n");
      csv_row (part, out);
      csv_row (accumulated_header, out);
      accumulated_rows (results, csv_row, out);
    }
  {
    const char *part[] = { "奖金合计", NULL };

    g_string_append (out, "\r\n");
    csv_row (part, out);
    csv_row (total_header, out);
    total_rows (results, csv_row, out);
  }
  return g_string_free (out, FALSE);
}

/* Workbook */

typedef struct
{
  QwXlsxWriter *writer;
  GError       *error;
} XlsxRows;

static void
xlsx_row (const char * const *cells,
          gpointer            data)
{
  XlsxRows *rows = data;

  if (rows->error == NULL)
    qw_xlsx_writer_add_row (rows->writer, cells, &rows->error);
}

static gboolean
write_xlsx (const QwFinalResults *results,
            const char           *path,
            GError              **error)
{
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
  XlsxRows rows = { writer, NULL };

  if (qw_xlsx_writer_add_sheet (writer, results->before_tax ? "奖金名单（税前）" : "奖金名单", award_header,
                                award_columns, error) == NULL)
    return FALSE;
  award_rows (results, xlsx_row, &rows);
  if (rows.error == NULL && results->accumulated->len > 0)
    {
      if (qw_xlsx_writer_add_sheet (writer, "累计奖金", accumulated_header, accumulated_columns, &rows.error)
          != NULL)
        accumulated_rows (results, xlsx_row, &rows);
    }
  if (rows.error == NULL
      && qw_xlsx_writer_add_sheet (writer, "奖金合计", total_header, total_columns, &rows.error) != NULL)
    total_rows (results, xlsx_row, &rows);
  if (rows.error != NULL)
    {
      g_propagate_error (error, rows.error);
      return FALSE;
    }
  return qw_xlsx_writer_close (writer, error);
}

/**
 * qw_final_prizes_write:
 * @path: ends in .xlsx or .csv
 *
 * Writes the prize list; a path with another ending is refused.
 */
gboolean
qw_final_prizes_write (const QwFinalResults  *results,
                       const QwEvent         *event,
                       const char            *path,
                       GError               **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".xlsx"))
    return write_xlsx (results, path, error);
  if (g_str_has_suffix (lower, ".csv"))
    {
      g_autofree char *csv = qw_final_prizes_to_csv (results, event);

      return qw_output_replace_contents (path, csv, -1, QW_OUTPUT_PUBLIC, error);
    }
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The prize list is written as .xlsx or .csv, not “%s”"), path);
  return FALSE;
}
