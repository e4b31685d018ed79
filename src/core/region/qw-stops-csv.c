/* qw-stops-csv.c: the stops CSV (issue 4 §4), for stops that did not use Qiwang
 *
 * A province keeps its stops in a spreadsheet: one row per preliminary, one
 * for the provincial final. Every bad row is reported with its number and
 * why; callers import nothing unless every row is good.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-stops-csv"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-stops-csv.h"
#include "qw-event.h"

typedef enum
{
  COL_NAME,
  COL_TYPE,
  COL_LEVEL,
  COL_HOST,
  COL_PREFECTURE,
  COL_COUNTY_CITY,
  COL_HONOURS,
  COL_PARTICIPANTS,
  N_COLUMNS
} Column;

/* The exact header, in Chinese and in English. */
static const char *chinese_names[N_COLUMNS] = {
  "名称", "类型", "级别", "承办单位", "地级市", "县级市", "荣誉", "参赛人数",
};
static const char *english_names[N_COLUMNS] = {
  "name", "type", "level", "host", "prefecture", "county_city", "honours", "participants",
};
/* Without these a row means nothing. */
static const gboolean required[N_COLUMNS] = { TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, TRUE };

static void
row_error_free (gpointer data)
{
  QwRowError *e = data;

  g_free (e->message);
  g_free (e);
}

void
qw_stops_import_free (QwStopsImport *import)
{
  if (import == NULL)
    return;
  g_ptr_array_unref (import->stops);
  g_array_unref (import->rows);
  g_ptr_array_unref (import->rejected);
  g_free (import->encoding);
  g_free (import);
}

static int
find_column (const char *name)
{
  g_autofree char *folded = g_utf8_strdown (name, -1);

  for (int c = 0; c < N_COLUMNS; c++)
    if (g_str_equal (name, chinese_names[c]) || g_str_equal (folded, english_names[c]))
      return c;
  return -1;
}

/* Maps each known column to its index in the file; -1 when absent. */
static gboolean
read_header (GStrv        header,
             int          index[N_COLUMNS],
             GError     **error)
{
  for (int c = 0; c < N_COLUMNS; c++)
    index[c] = -1;
  for (int i = 0; header[i] != NULL; i++)
    {
      int c;

      if (header[i][0] == '\0')
        continue;
      c = find_column (header[i]);
      if (c < 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The header has a column “%s” that a stops list does not have; the "
                         "columns are 名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数 (or "
                         "name,type,level,host,prefecture,county_city,honours,participants)"),
                       header[i]);
          return FALSE;
        }
      if (index[c] >= 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The header names the column “%s” twice"), header[i]);
          return FALSE;
        }
      index[c] = i;
    }
  for (int c = 0; c < N_COLUMNS; c++)
    if (required[c] && index[c] < 0)
      {
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                     _("The header has no “%s” (%s) column; the columns are "
                       "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数"),
                     chinese_names[c], english_names[c]);
        return FALSE;
      }
  return TRUE;
}

static const char *
field (GStrv       record,
       guint       n_fields,
       const int   index[N_COLUMNS],
       Column      column)
{
  int i = index[column];

  return i >= 0 && (guint) i < n_fields ? record[i] : "";
}

static gboolean
parse_type (const char *text,
            QwLevel    *out)
{
  if (g_str_equal (text, "预选赛") || g_ascii_strcasecmp (text, "preliminary") == 0)
    *out = QW_LEVEL_PRELIMINARY;
  else if (g_str_equal (text, "省决赛") || g_ascii_strcasecmp (text, "provincial-final") == 0
           || g_ascii_strcasecmp (text, "final") == 0)
    *out = QW_LEVEL_PROVINCIAL_FINAL;
  else
    return FALSE;
  return TRUE;
}

/* The most participants a stop can have. */
#define MAX_PARTICIPANTS 1000000

/* A count such as "90" or "90人"; a number beyond MAX_PARTICIPANTS is
 * *too_large, not "not a number". */
static gboolean
parse_count (const char *text,
             int        *out,
             gboolean   *too_large)
{
  g_autofree char *t = g_strdup (text);
  g_autoptr(GError) error = NULL;
  guint64 value;

  *too_large = FALSE;
  if (g_str_has_suffix (t, "人"))
    t[strlen (t) - strlen ("人")] = '\0';
  g_strstrip (t);
  if (!g_ascii_string_to_unsigned (t, 10, 0, MAX_PARTICIPANTS, &value, &error))
    {
      *too_large = g_error_matches (error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

static gboolean
honour_known (const QwRuleset *ruleset,
              const char      *honour)
{
  for (guint i = 0; i < ruleset->bonuses->len; i++)
    {
      const QwBonusRule *rule = g_ptr_array_index (ruleset->bonuses, i);

      if (rule->honour != NULL && rule->honour[0] != '\0'
          && (g_str_equal (honour, rule->honour) || g_str_has_suffix (honour, rule->honour)))
        return TRUE;
    }
  return FALSE;
}

static char *
known_honours (const QwRuleset *ruleset)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < ruleset->bonuses->len; i++)
    {
      const QwBonusRule *rule = g_ptr_array_index (ruleset->bonuses, i);

      if (rule->honour == NULL || rule->honour[0] == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, "、");
      g_string_append (out, rule->honour);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Normalises the honours to the ruleset's texts, joined with 、. */
static char *
parse_honours (const QwRuleset  *ruleset,
               const char       *text,
               char            **bad)
{
  g_auto(GStrv) parts = qw_honours_split (text);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (!honour_known (ruleset, parts[i]))
        {
          *bad = g_strdup (parts[i]);
          return NULL;
        }
      if (out->len > 0)
        g_string_append (out, "、");
      g_string_append (out, parts[i]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Reads one data row; returns NULL with a message for a bad one. */
static QwStopSummary *
parse_row (const QwRuleset  *ruleset,
           GStrv             record,
           const int         index[N_COLUMNS],
           char            **message)
{
  g_autoptr(QwStopSummary) stop = qw_stop_summary_new ();
  guint n = g_strv_length (record);
  const char *type = field (record, n, index, COL_TYPE);
  const char *level = field (record, n, index, COL_LEVEL);
  const char *count = field (record, n, index, COL_PARTICIPANTS);
  g_autofree char *bad_honour = NULL;
  gboolean too_large = FALSE;

  stop->name = g_strdup (field (record, n, index, COL_NAME));
  stop->host = g_strdup (field (record, n, index, COL_HOST));
  stop->prefecture = g_strdup (field (record, n, index, COL_PREFECTURE));
  stop->county_city = g_strdup (field (record, n, index, COL_COUNTY_CITY));
  if (stop->name[0] == '\0')
    *message = g_strdup (_("the name (名称) is empty"));
  else if (!parse_type (type, &stop->level))
    *message = g_strdup_printf (_("the type (类型) “%s” is neither 预选赛 nor 省决赛"), type);
  else if ((stop->host_level = qw_host_level_parse (level)) == QW_HOST_UNKNOWN
           && (level[0] != '\0' || stop->level == QW_LEVEL_PRELIMINARY))
    *message = level[0] == '\0'
               ? g_strdup (_("the level (级别) of a preliminary must be given: 市级, 县级 or 乡级"))
               : g_strdup_printf (_("the level (级别) “%s” is not 市级, 县级 or 乡级"), level);
  else if (stop->level == QW_LEVEL_PRELIMINARY && stop->host[0] == '\0')
    *message = g_strdup (_("the host (承办单位) of a preliminary must be given"));
  else if (!parse_count (count, &stop->participants, &too_large))
    *message = too_large
               ? g_strdup_printf (_("the participants (参赛人数) “%s” are too many: a stop has at most %d"),
                                  count, MAX_PARTICIPANTS)
               : g_strdup_printf (_("the participants (参赛人数) “%s” is not a whole number"), count);
  else if ((stop->honours = parse_honours (ruleset, field (record, n, index, COL_HONOURS),
                                           &bad_honour)) == NULL)
    {
      g_autofree char *known = known_honours (ruleset);

      *message = g_strdup_printf (_("the honour (荣誉) “%s” is not one of %s"), bad_honour, known);
    }
  if (*message != NULL)
    return NULL;
  return g_steal_pointer (&stop);
}

static gboolean
record_is_blank (GStrv record)
{
  for (guint i = 0; record[i] != NULL; i++)
    if (record[i][0] != '\0')
      return FALSE;
  return TRUE;
}

static void
reject (QwStopsImport *import,
        int            row,
        int            line,
        char          *message)
{
  QwRowError *e = g_new0 (QwRowError, 1);

  e->row = row;
  e->line = line;
  /* Translators: "Row 3 (line 4): the type (类型) “决赛x” is neither 预选赛 nor 省决赛" */
  e->message = g_strdup_printf (_("Row %d (line %d): %s"), row, line, message);
  g_free (message);
  g_ptr_array_add (import->rejected, e);
}

/* A region has one provincial final, and a stop is listed once. */
static char *
check_duplicate (QwStopsImport       *import,
                 const QwStopSummary *stop)
{
  for (guint i = 0; i < import->stops->len; i++)
    {
      const QwStopSummary *other = g_ptr_array_index (import->stops, i);
      int other_row = g_array_index (import->rows, int, i);

      if (stop->level == QW_LEVEL_PROVINCIAL_FINAL && other->level == QW_LEVEL_PROVINCIAL_FINAL)
        return g_strdup_printf (_("a second provincial final (row %d is one already); a region "
                                  "holds one"), other_row);
      if (g_str_equal (stop->name, other->name))
        return g_strdup_printf (_("the stop “%s” is already listed on row %d"), stop->name, other_row);
    }
  return NULL;
}

/**
 * qw_stops_csv_parse:
 *
 * Returns: the good rows and the bad ones; %NULL with @error only when the
 *   header is unusable
 */
QwStopsImport *
qw_stops_csv_parse (const QwRuleset  *ruleset,
                    const QwCsv      *csv,
                    GError          **error)
{
  g_autoptr(QwStopsImport) import = NULL;
  int index[N_COLUMNS];

  if (!read_header (g_ptr_array_index (csv->rows, 0), index, error))
    return NULL;
  import = g_new0 (QwStopsImport, 1);
  import->stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  import->rows = g_array_new (FALSE, FALSE, sizeof (int));
  import->rejected = g_ptr_array_new_with_free_func (row_error_free);
  import->encoding = g_strdup (csv->encoding);
  for (guint r = 1; r < csv->rows->len; r++)
    {
      GStrv record = g_ptr_array_index (csv->rows, r);
      int line = g_array_index (csv->lines, int, r);
      int row = (int) r;
      char *message = NULL;
      QwStopSummary *stop;

      if (record_is_blank (record))
        continue;
      stop = parse_row (ruleset, record, index, &message);
      if (stop != NULL && (message = check_duplicate (import, stop)) != NULL)
        g_clear_pointer (&stop, qw_stop_summary_free);
      if (stop == NULL)
        {
          reject (import, row, line, message);
          continue;
        }
      g_ptr_array_add (import->stops, stop);
      g_array_append_val (import->rows, row);
    }
  return g_steal_pointer (&import);
}

QwStopsImport *
qw_stops_csv_read_file (const QwRuleset  *ruleset,
                        const char       *path,
                        GError          **error)
{
  g_autoptr(QwCsv) csv = qw_csv_read_file (path, error);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  QwStopsImport *import;

  if (csv == NULL)
    return NULL;
  import = qw_stops_csv_parse (ruleset, csv, &local_error);
  if (import == NULL)
    g_set_error (error, QW_ERROR, local_error->code, "%s: %s", display_name, local_error->message);
  return import;
}

/**
 * qw_stops_import_check:
 *
 * Returns: %FALSE, with every bad row in one message, unless every row was
 *   good and there is at least one stop
 */
gboolean
qw_stops_import_check (const QwStopsImport  *import,
                       const char           *display_name,
                       GError              **error)
{
  g_autoptr(GString) message = NULL;

  if (import->rejected->len == 0 && import->stops->len > 0)
    return TRUE;
  if (import->rejected->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s lists no stops"), display_name);
      return FALSE;
    }
  message = g_string_new (NULL);
  g_string_printf (message,
                   g_dngettext (GETTEXT_PACKAGE, "%s has %u bad row; nothing was used:",
                                "%s has %u bad rows; nothing was used:", import->rejected->len),
                   display_name, import->rejected->len);
  for (guint i = 0; i < import->rejected->len; i++)
    {
      g_string_append (message, "\n  ");
      g_string_append (message, ((QwRowError *) g_ptr_array_index (import->rejected, i))->message);
    }
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, message->str);
  return FALSE;
}

/* The stops as a CSV that this module reads back (Chinese header, UTF-8 with a
 * BOM so that Excel opens it). */
char *
qw_stops_to_csv (GPtrArray *stops)
{
  GString *out = g_string_new ("\xEF\xBB\xBF");

  for (int c = 0; c < N_COLUMNS; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      g_string_append (out, chinese_names[c]);
    }
  g_string_append (out, "\r\n");
  for (guint i = 0; i < stops->len; i++)
    {
      const QwStopSummary *s = g_ptr_array_index (stops, i);
      g_autofree char *count = g_strdup_printf ("%d", s->participants);
      const char *fields[N_COLUMNS] = {
        s->name, qw_level_to_chinese (s->level), qw_host_level_to_chinese (s->host_level), s->host,
        s->prefecture, s->county_city, s->honours, count,
      };

      for (int c = 0; c < N_COLUMNS; c++)
        {
          if (c > 0)
            g_string_append_c (out, ',');
          qw_csv_append_field (out, fields[c], ',');
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}
