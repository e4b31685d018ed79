/* qw-ladder.c: the online ladder from the platform's game log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-output.h"
#include "qw-game.h"
#include "qw-idcard.h"
#include "qw-ladder.h"
#include "qw-xls.h"
#include "qw-xlsx.h"

/* How many bad rows an error message names before it says "and N more". */
#define MAX_ROWS_IN_MESSAGE 10

/* ----------------------------------------------------------------------- */
/* Tables and headers                                                      */
/* ----------------------------------------------------------------------- */

static QwCsv *
read_table (const char  *path,
            GError     **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".xlsx"))
    return qw_xlsx_read_file (path, 0, NULL, error);
  if (g_str_has_suffix (lower, ".xls"))
    return qw_xls_read_file (path, 0, NULL, error);
  return qw_csv_read_file (path, error);
}

static gboolean
header_is (const char         *header,
           const char * const *names)
{
  g_autofree char *h = g_strstrip (g_ascii_strdown (header, -1));
  g_auto(GStrv) parts = NULL;

  if (g_strv_contains (names, h))
    return TRUE;
  /* "期/period": either half names the column. */
  parts = g_strsplit (h, "/", 2);
  if (parts[0] != NULL && parts[1] != NULL)
    return g_strv_contains (names, g_strstrip (parts[0])) || g_strv_contains (names, g_strstrip (parts[1]));
  return FALSE;
}

typedef struct
{
  const char         *label;     /* for messages: "期 (period)" */
  const char * const *names;
  gboolean            required;
} ColumnSpec;

/* Fills map[i] with the field of each column, -1 when absent; fails when a
 * required one is missing. */
static gboolean
map_columns (GStrv             header,
             const ColumnSpec *specs,
             guint             n_specs,
             int              *map,
             const char       *display_name,
             GError          **error)
{
  g_autoptr(GString) missing = g_string_new (NULL);

  for (guint c = 0; c < n_specs; c++)
    {
      map[c] = -1;
      for (int i = 0; header != NULL && header[i] != NULL && map[c] < 0; i++)
        if (header_is (header[i], specs[c].names))
          map[c] = i;
      if (map[c] < 0 && specs[c].required)
        g_string_append_printf (missing, "%s%s", missing->len > 0 ? _(", ") : "", specs[c].label);
    }
  if (missing->len > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s: the first line must be a header with the columns %s"), display_name, missing->str);
      return FALSE;
    }
  return TRUE;
}

static const char *
field_of (GStrv        record,
          guint        n_fields,
          const int   *map,
          guint        column)
{
  if (map[column] < 0 || (guint) map[column] >= n_fields)
    return "";
  return record[map[column]];
}

static gboolean
is_blank_record (GStrv record)
{
  for (int i = 0; record[i] != NULL; i++)
    {
      g_autofree char *t = g_strstrip (g_strdup (record[i]));

      if (*t != '\0')
        return FALSE;
    }
  return TRUE;
}

static char *
trimmed (const char *text)
{
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

static void
row_error_free (gpointer data)
{
  QwRowError *e = data;

  g_free (e->message);
  g_free (e);
}

static void
reject (GPtrArray *rejected,
        int        row,
        int        line,
        char      *message)
{
  QwRowError *e = g_new0 (QwRowError, 1);

  e->row = row;
  e->line = line;
  e->message = message;
  g_ptr_array_add (rejected, e);
}

/* The error of a file with bad rows: the file, the count and the first rows. */
static void
set_rejected_error (GError     **error,
                    const char  *display_name,
                    GPtrArray   *rejected,
                    int          n_rows)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < rejected->len && i < MAX_ROWS_IN_MESSAGE; i++)
    {
      const QwRowError *e = g_ptr_array_index (rejected, i);

      g_string_append_printf (list, "\n  %s", e->message);
    }
  if (rejected->len > MAX_ROWS_IN_MESSAGE)
    g_string_append_printf (list, "\n  %s",
                            _("…and more rows"));
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: %u of %d rows cannot be read, so nothing was read:%s"),
               display_name, rejected->len, n_rows, list->str);
}

/* Hands the bad rows to the caller, or sets the error: TRUE when there were none. */
static gboolean
finish_rows (GPtrArray   *rejected,
             const char  *display_name,
             int          n_rows,
             GPtrArray  **out_rejected,
             GError     **error)
{
  if (rejected->len == 0)
    return TRUE;
  set_rejected_error (error, display_name, rejected, n_rows);
  if (out_rejected != NULL)
    *out_rejected = g_ptr_array_ref (rejected);
  return FALSE;
}

/* ----------------------------------------------------------------------- */
/* Values of the log                                                       */
/* ----------------------------------------------------------------------- */

static const char *result_codes[] = { "2:0", "1:1", "0:2", "red-left", "black-left", "void" };

const char *
qw_ladder_result_to_code (QwLadderResult result)
{
  if ((guint) result >= G_N_ELEMENTS (result_codes))
    return "";
  return result_codes[result];
}

const char *
qw_ladder_stage_to_code (QwLadderStage stage)
{
  return stage == QW_LADDER_QUALIFYING ? "qualifying" : "selection";
}

/* Full-width colons and spaces as the ASCII ones. */
static char *
normalize_text (const char *text)
{
  g_autoptr(GString) s = g_string_new (text != NULL ? text : "");

  g_string_replace (s, "：", ":", 0);
  g_string_replace (s, "\u3000", " ", 0);
  return g_strstrip (g_string_free (g_steal_pointer (&s), FALSE));
}

static gboolean
parse_result (const char     *text,
              QwLadderResult *out)
{
  static const struct { const char *text; QwLadderResult result; } names[] = {
    { "2:0", QW_LADDER_RED_WIN }, { "1:1", QW_LADDER_DRAW }, { "0:2", QW_LADDER_BLACK_WIN },
    { "红方逃跑", QW_LADDER_RED_LEFT }, { "red-left", QW_LADDER_RED_LEFT },
    { "黑方逃跑", QW_LADDER_BLACK_LEFT }, { "black-left", QW_LADDER_BLACK_LEFT },
    { "无效", QW_LADDER_VOID }, { "void", QW_LADDER_VOID },
    /* 十一(二)4: a first move timed out makes the game void. */
    { "超时", QW_LADDER_VOID }, { "超时无效", QW_LADDER_VOID }, { "timeout", QW_LADDER_VOID },
  };
  g_autofree char *t = normalize_text (text);
  g_autofree char *lower = g_ascii_strdown (t, -1);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (lower, names[i].text))
      {
        *out = names[i].result;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_stage (const char    *text,
             QwLadderStage *out)
{
  static const char *selection[] = { "海选", "海选赛", "网络海选赛", "selection", NULL };
  static const char *qualifying[] = { "入围", "入围赛", "网络入围赛", "qualifying", NULL };
  g_autofree char *t = g_ascii_strdown (text, -1);

  g_strstrip (t);
  if (g_strv_contains (selection, t))
    *out = QW_LADDER_SELECTION;
  else if (g_strv_contains (qualifying, t))
    *out = QW_LADDER_QUALIFYING;
  else
    return FALSE;
  return TRUE;
}

/* "3", "第3期", "第三期", "三": a period number. */
static gboolean
parse_period (const char *text,
              int         n_periods,
              int        *out)
{
  static const char *digits[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
  g_autofree char *t = trimmed (text);
  char *p = t;
  gsize len;
  guint64 value;

  if (g_str_has_prefix (p, "第"))
    p += strlen ("第");
  len = strlen (p);
  if (len >= strlen ("期") && g_str_has_suffix (p, "期"))
    p[len - strlen ("期")] = '\0';
  g_strstrip (p);
  if (g_ascii_string_to_unsigned (p, 10, 1, (guint64) MAX (n_periods, 1), &value, NULL))
    {
      *out = (int) value;
      return TRUE;
    }
  if (g_str_equal (p, "十") && n_periods >= 10)
    {
      *out = 10;
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (digits); i++)
    if (g_str_equal (p, digits[i]) && (int) i + 1 <= n_periods)
      {
        *out = (int) i + 1;
        return TRUE;
      }
  return FALSE;
}

/* "2022-06-10 14:23:05", "2022/6/10 14:23", "2022年6月10日 14:23", "2022-06-10T14:23",
 * or the day alone. */
static gboolean
parse_time (const char *text,
            QwDate     *date,
            int        *minute)
{
  g_autofree char *t = normalize_text (text);
  char *space = strpbrk (t, " T");
  int hour, min, sec = 0;
  char tail = '\0';

  *minute = -1;
  if (space != NULL)
    *space = '\0';
  if (!qw_date_parse (t, date))
    return FALSE;
  if (space == NULL)
    return TRUE;
  space++;
  g_strstrip (space);
  if (*space == '\0')
    return TRUE;
  if (sscanf (space, "%d:%d:%d%c", &hour, &min, &sec, &tail) == 3
      || sscanf (space, "%d:%d%c", &hour, &min, &tail) == 2)
    {
      if (hour < 0 || hour > 23 || min < 0 || min > 59 || sec < 0 || sec > 59)
        return FALSE;
      *minute = hour * 60 + min;
      return TRUE;
    }
  return FALSE;
}

/* ----------------------------------------------------------------------- */
/* The game log                                                            */
/* ----------------------------------------------------------------------- */

enum { LOG_PERIOD, LOG_STAGE, LOG_TIME, LOG_RED, LOG_BLACK, LOG_RESULT, N_LOG_COLUMNS };

static const char *const period_names[] = { "期", "期数", "期别", "期次", "period", NULL };
static const char *const stage_names[] = { "阶段", "赛段", "比赛阶段", "stage", NULL };
static const char *const time_names[] = { "时间", "对局时间", "开始时间", "日期", "time", "date", NULL };
static const char *const red_names[] = { "红方", "红方账号", "红", "red", NULL };
static const char *const black_names[] = { "黑方", "黑方账号", "黑", "black", NULL };
static const char *const result_names[] = { "结果", "对局结果", "比分", "result", NULL };

static const ColumnSpec log_columns[N_LOG_COLUMNS] = {
  [LOG_PERIOD] = { N_("期 (period)"), period_names, TRUE },
  [LOG_STAGE] = { N_("阶段 (stage)"), stage_names, TRUE },
  [LOG_TIME] = { N_("时间 (time)"), time_names, TRUE },
  [LOG_RED] = { N_("红方 (red)"), red_names, TRUE },
  [LOG_BLACK] = { N_("黑方 (black)"), black_names, TRUE },
  [LOG_RESULT] = { N_("结果 (result)"), result_names, TRUE },
};

static void
game_free (gpointer data)
{
  QwLadderGame *g = data;

  g_free (g->red);
  g_free (g->black);
  g_free (g);
}

void
qw_ladder_log_free (QwLadderLog *log)
{
  if (log == NULL)
    return;
  g_clear_pointer (&log->games, g_ptr_array_unref);
  g_free (log->encoding);
  g_free (log);
}

/* Row messages name the row and the line: "Row 3 (line 4): …". */
static char *
row_message (int         row,
             int         line,
             const char *problems)
{
  return g_strdup_printf (_("Row %d (line %d): %s"), row, line, problems);
}

static void
add_problem (GString    *problems,
             const char *problem)
{
  if (problems->len > 0)
    g_string_append (problems, _("; "));
  g_string_append (problems, problem);
}

static QwLadderGame *
game_from_record (const QwRuleset *ruleset,
                  GStrv            record,
                  const int       *map,
                  GString         *problems)
{
  guint n = g_strv_length (record);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (game_free);
  QwLadderGame *g = g_new0 (QwLadderGame, 1);
  const char *text;

  g_ptr_array_add (keep, g);
  text = field_of (record, n, map, LOG_PERIOD);
  if (!parse_period (text, qw_ladder_rules_n_periods (ruleset->ladder), &g->period))
    {
      g_autofree char *p = g_strdup_printf (_("the period “%s” is not one of 1 to %d"), text,
                                            qw_ladder_rules_n_periods (ruleset->ladder));
      add_problem (problems, p);
    }
  text = field_of (record, n, map, LOG_STAGE);
  if (!parse_stage (text, &g->stage))
    {
      g_autofree char *p = g_strdup_printf (_("the stage “%s” is neither 海选 (selection) nor 入围 (qualifying)"),
                                            text);
      add_problem (problems, p);
    }
  text = field_of (record, n, map, LOG_TIME);
  if (!parse_time (text, &g->date, &g->minute))
    {
      g_autofree char *p = g_strdup_printf (_("the time “%s” is not a date and time such as 2022-06-01 14:30"), text);
      add_problem (problems, p);
    }
  g->red = trimmed (field_of (record, n, map, LOG_RED));
  g->black = trimmed (field_of (record, n, map, LOG_BLACK));
  if (*g->red == '\0' || *g->black == '\0')
    add_problem (problems, _("a player’s account is missing"));
  else if (g_str_equal (g->red, g->black))
    add_problem (problems, _("the same account plays both sides"));
  text = field_of (record, n, map, LOG_RESULT);
  if (!parse_result (text, &g->result))
    {
      g_autofree char *p = g_strdup_printf (_("the result “%s” is not 2:0, 1:1, 0:2, 红方逃跑, 黑方逃跑 or 无效"), text);
      add_problem (problems, p);
    }
  if (problems->len > 0)
    return NULL;
  return g_ptr_array_steal_index (keep, 0);
}

/**
 * qw_ladder_log_from_table:
 * @display_name: the file's name, for messages
 * @rejected: (out) (optional) (element-type QwRowError): the bad rows, when there are
 *
 * Reads the platform's game log. Blank rows are skipped (and keep their
 * numbers); a row with more fields than the header, or with a value that
 * cannot be read, is a bad row, and any bad row refuses the whole file.
 */
QwLadderLog *
qw_ladder_log_from_table (const QwRuleset  *ruleset,
                          const QwCsv      *table,
                          const char       *display_name,
                          GPtrArray       **rejected,
                          GError          **error)
{
  g_autoptr(QwLadderLog) log = NULL;
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (row_error_free);
  GStrv header;
  guint n_header;
  int map[N_LOG_COLUMNS];
  ColumnSpec specs[N_LOG_COLUMNS];

  g_return_val_if_fail (ruleset != NULL && table != NULL, NULL);

  if (ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"), ruleset->id);
      return NULL;
    }
  header = table->rows->len > 0 ? g_ptr_array_index (table->rows, 0) : NULL;
  for (guint c = 0; c < N_LOG_COLUMNS; c++)
    {
      specs[c] = log_columns[c];
      specs[c].label = _(log_columns[c].label);
    }
  if (!map_columns (header, specs, N_LOG_COLUMNS, map, display_name, error))
    return NULL;
  n_header = g_strv_length (header);
  log = g_new0 (QwLadderLog, 1);
  log->games = g_ptr_array_new_with_free_func (game_free);
  log->encoding = g_strdup (table->encoding);
  for (guint i = 1; i < table->rows->len; i++)
    {
      GStrv record = g_ptr_array_index (table->rows, i);
      int line = g_array_index (table->lines, int, i);
      guint n = g_strv_length (record);
      g_autoptr(GString) problems = g_string_new (NULL);
      QwLadderGame *game;

      log->n_rows = (int) i;
      if (is_blank_record (record))
        continue;
      if (n > n_header && !is_blank_record (record + n_header))
        {
          g_autofree char *p = g_strdup_printf (_("it has %u fields, but the header has %u"), n, n_header);

          reject (bad, (int) i, line, row_message ((int) i, line, p));
          continue;
        }
      game = game_from_record (ruleset, record, map, problems);
      if (game == NULL)
        {
          reject (bad, (int) i, line, row_message ((int) i, line, problems->str));
          continue;
        }
      game->row = (int) i;
      game->line = line;
      g_ptr_array_add (log->games, game);
    }
  if (!finish_rows (bad, display_name, log->n_rows, rejected, error))
    return NULL;
  return g_steal_pointer (&log);
}

QwLadderLog *
qw_ladder_log_read_file (const QwRuleset  *ruleset,
                         const char       *path,
                         GPtrArray       **rejected,
                         GError          **error)
{
  g_autofree char *display_name = g_filename_display_basename (path);
  g_autoptr(QwCsv) table = read_table (path, error);

  if (table == NULL)
    return NULL;
  return qw_ladder_log_from_table (ruleset, table, display_name, rejected, error);
}

/* ----------------------------------------------------------------------- */
/* The players list                                                        */
/* ----------------------------------------------------------------------- */

enum { PL_ACCOUNT, PL_NAME, PL_SEX, PL_DOC_KIND, PL_DOC_NUMBER, PL_UNIT, PL_GRADE, N_PL_COLUMNS };

static const char *const account_names[] = { "账号", "平台账号", "弈战账号", "用户名", "account", NULL };
static const char *const name_names[] = { "姓名", "选手", "棋手姓名", "选手姓名", "name", NULL };
static const char *const sex_names[] = { "性别", "sex", "gender", NULL };
static const char *const doc_kind_names[] = { "证件类型", "证件种类", "document kind", "document", "id_type", "doc_type",
                                              NULL };
static const char *const doc_number_names[] = { "证件号码", "证件号", "身份证号", "身份证号码", "身份证", "document number",
                                                "id", "id number", "id_number", NULL };
static const char *const unit_names[] = { "单位", "地区", "单位或地区", "所在地", "代表单位", "所在单位", "unit", "place",
                                          "club", NULL };
static const char *const grade_names[] = { "等级", "称号", "等级称号", "技术等级", "grade", "title", NULL };

static const ColumnSpec player_columns[N_PL_COLUMNS] = {
  [PL_ACCOUNT] = { N_("账号 (account)"), account_names, TRUE },
  [PL_NAME] = { N_("姓名 (name)"), name_names, TRUE },
  [PL_SEX] = { N_("性别 (sex)"), sex_names, FALSE },
  [PL_DOC_KIND] = { N_("证件类型 (document kind)"), doc_kind_names, FALSE },
  [PL_DOC_NUMBER] = { N_("证件号码 (document number)"), doc_number_names, FALSE },
  [PL_UNIT] = { N_("单位 (unit or place)"), unit_names, FALSE },
  [PL_GRADE] = { N_("等级 (grade)"), grade_names, FALSE },
};

static void
player_free (gpointer data)
{
  QwLadderPlayer *p = data;

  if (p == NULL)
    return;
  g_free (p->account);
  g_free (p->name);
  g_free (p->doc_number);
  g_free (p->unit);
  g_free (p->grade);
  g_free (p);
}

static QwLadderPlayer *
player_copy (const QwLadderPlayer *p)
{
  QwLadderPlayer *c = g_new0 (QwLadderPlayer, 1);

  *c = *p;
  c->account = g_strdup (p->account);
  c->name = g_strdup (p->name);
  c->doc_number = g_strdup (p->doc_number);
  c->unit = g_strdup (p->unit);
  c->grade = g_strdup (p->grade);
  return c;
}

void
qw_ladder_players_free (QwLadderPlayers *players)
{
  if (players == NULL)
    return;
  g_clear_pointer (&players->by_account, g_hash_table_unref);
  g_clear_pointer (&players->players, g_ptr_array_unref);
  g_free (players->encoding);
  g_free (players);
}

/* 居民身份证, 户口本 or an empty kind: the resident ID number; anything else
 * (护照, 港澳台居民居住证, …) another document. */
static gboolean
parse_doc_kind (const char *text,
                QwDocKind  *out)
{
  g_autofree char *t = trimmed (text);
  g_autofree char *lower = g_ascii_strdown (t, -1);

  if (*t == '\0' || strstr (t, "身份证") != NULL || strstr (t, "户口") != NULL || g_str_equal (lower, "id")
      || g_str_equal (lower, "resident"))
    *out = QW_DOC_RESIDENT_ID;
  else
    *out = QW_DOC_OTHER;
  return TRUE;
}

QwLadderPlayers *
qw_ladder_players_from_table (const QwCsv  *table,
                              const char   *display_name,
                              GPtrArray   **rejected,
                              GError      **error)
{
  g_autoptr(QwLadderPlayers) players = NULL;
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (row_error_free);
  GStrv header = table->rows->len > 0 ? g_ptr_array_index (table->rows, 0) : NULL;
  guint n_header;
  int map[N_PL_COLUMNS];
  ColumnSpec specs[N_PL_COLUMNS];
  int n_rows = 0;

  for (guint c = 0; c < N_PL_COLUMNS; c++)
    {
      specs[c] = player_columns[c];
      specs[c].label = _(player_columns[c].label);
    }
  if (!map_columns (header, specs, N_PL_COLUMNS, map, display_name, error))
    return NULL;
  n_header = g_strv_length (header);
  players = g_new0 (QwLadderPlayers, 1);
  players->players = g_ptr_array_new_with_free_func (player_free);
  players->by_account = g_hash_table_new (g_str_hash, g_str_equal);
  players->encoding = g_strdup (table->encoding);
  for (guint i = 1; i < table->rows->len; i++)
    {
      GStrv record = g_ptr_array_index (table->rows, i);
      int line = g_array_index (table->lines, int, i);
      guint n = g_strv_length (record);
      g_autoptr(GString) problems = g_string_new (NULL);
      QwLadderPlayer *p;
      const char *sex;

      n_rows = (int) i;
      if (is_blank_record (record))
        continue;
      if (n > n_header && !is_blank_record (record + n_header))
        {
          g_autofree char *m = g_strdup_printf (_("it has %u fields, but the header has %u"), n, n_header);

          reject (bad, (int) i, line, row_message ((int) i, line, m));
          continue;
        }
      p = g_new0 (QwLadderPlayer, 1);
      p->row = (int) i;
      p->account = trimmed (field_of (record, n, map, PL_ACCOUNT));
      p->name = trimmed (field_of (record, n, map, PL_NAME));
      sex = field_of (record, n, map, PL_SEX);
      p->sex = qw_sex_parse (sex);
      parse_doc_kind (field_of (record, n, map, PL_DOC_KIND), &p->doc_kind);
      p->doc_number = trimmed (field_of (record, n, map, PL_DOC_NUMBER));
      p->unit = trimmed (field_of (record, n, map, PL_UNIT));
      p->grade = trimmed (field_of (record, n, map, PL_GRADE));
      if (*p->account == '\0')
        add_problem (problems, _("the account is missing"));
      else if (g_hash_table_contains (players->by_account, p->account))
        {
          const QwLadderPlayer *first = g_hash_table_lookup (players->by_account, p->account);
          g_autofree char *m = g_strdup_printf (_("the account %s is already on row %d"), p->account, first->row);

          add_problem (problems, m);
        }
      if (*p->name == '\0')
        add_problem (problems, _("the name is missing"));
      {
        g_autofree char *s = trimmed (sex);

        if (*s != '\0' && p->sex == QW_SEX_UNKNOWN)
          {
            g_autofree char *m = g_strdup_printf (_("the sex “%s” is neither 男 nor 女"), s);

            add_problem (problems, m);
          }
      }
      if (problems->len > 0)
        {
          reject (bad, (int) i, line, row_message ((int) i, line, problems->str));
          player_free (p);
          continue;
        }
      g_ptr_array_add (players->players, p);
      g_hash_table_insert (players->by_account, p->account, p);
    }
  if (!finish_rows (bad, display_name, n_rows, rejected, error))
    return NULL;
  return g_steal_pointer (&players);
}

QwLadderPlayers *
qw_ladder_players_read_file (const char  *path,
                             GPtrArray  **rejected,
                             GError     **error)
{
  g_autofree char *display_name = g_filename_display_basename (path);
  g_autoptr(QwCsv) table = read_table (path, error);

  if (table == NULL)
    return NULL;
  return qw_ladder_players_from_table (table, display_name, rejected, error);
}

const QwLadderPlayer *
qw_ladder_players_find (const QwLadderPlayers *players,
                        const char            *account)
{
  if (players == NULL || account == NULL)
    return NULL;
  return g_hash_table_lookup (players->by_account, account);
}

/* ----------------------------------------------------------------------- */
/* Wild cards                                                              */
/* ----------------------------------------------------------------------- */

enum { WC_ACCOUNT, WC_NAME, WC_REASON, N_WC_COLUMNS };

static const char *const reason_names[] = { "理由", "外卡理由", "原因", "reason", NULL };

static const ColumnSpec wildcard_columns[N_WC_COLUMNS] = {
  [WC_ACCOUNT] = { N_("账号 (account)"), account_names, TRUE },
  [WC_NAME] = { N_("姓名 (name)"), name_names, TRUE },
  [WC_REASON] = { N_("理由 (reason)"), reason_names, TRUE },
};

void
qw_ladder_wildcard_free (QwLadderWildcard *wildcard)
{
  if (wildcard == NULL)
    return;
  g_free (wildcard->account);
  g_free (wildcard->name);
  g_free (wildcard->reason);
  g_free (wildcard->reason_code);
  g_free (wildcard);
}

/* The problems of a wild card, or an empty string. */
static void
check_wildcard (const QwRuleset        *ruleset,
                QwLadderWildcard       *w,
                GString                *problems)
{
  const QwWildcardReason *reason = qw_ladder_rules_match_reason (ruleset->ladder, w->reason);

  if (*w->account == '\0')
    add_problem (problems, _("the account is missing"));
  if (*w->name == '\0')
    add_problem (problems, _("the name is missing"));
  if (reason == NULL)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *m = NULL;

      for (guint i = 0; ruleset->ladder != NULL && i < ruleset->ladder->wildcard_reasons->len; i++)
        {
          const QwWildcardReason *r = g_ptr_array_index (ruleset->ladder->wildcard_reasons, i);

          g_string_append_printf (names, "%s%s", i > 0 ? _(", ") : "", r->name);
        }
      m = g_strdup_printf (_("the reason “%s” names none of the rules’ wild cards (%s)"), w->reason, names->str);
      add_problem (problems, m);
    }
  else
    w->reason_code = g_strdup (reason->code);
}

QwLadderWildcard *
qw_ladder_wildcard_new (const QwRuleset  *ruleset,
                        const char       *account,
                        const char       *name,
                        const char       *reason,
                        GError          **error)
{
  g_autoptr(QwLadderWildcard) w = g_new0 (QwLadderWildcard, 1);
  g_autoptr(GString) problems = g_string_new (NULL);

  if (ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"), ruleset->id);
      return NULL;
    }
  w->account = trimmed (account);
  w->name = trimmed (name);
  w->reason = trimmed (reason);
  check_wildcard (ruleset, w, problems);
  if (problems->len > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("This wild card cannot be used: %s"), problems->str);
      return NULL;
    }
  return g_steal_pointer (&w);
}

GPtrArray *
qw_ladder_wildcards_from_table (const QwRuleset  *ruleset,
                                const QwCsv      *table,
                                const char       *display_name,
                                GPtrArray       **rejected,
                                GError          **error)
{
  g_autoptr(GPtrArray) wildcards = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_ladder_wildcard_free);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (row_error_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GStrv header = table->rows->len > 0 ? g_ptr_array_index (table->rows, 0) : NULL;
  guint n_header;
  int map[N_WC_COLUMNS];
  ColumnSpec specs[N_WC_COLUMNS];
  int n_rows = 0;

  if (ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"), ruleset->id);
      return NULL;
    }
  for (guint c = 0; c < N_WC_COLUMNS; c++)
    {
      specs[c] = wildcard_columns[c];
      specs[c].label = _(wildcard_columns[c].label);
    }
  if (!map_columns (header, specs, N_WC_COLUMNS, map, display_name, error))
    return NULL;
  n_header = g_strv_length (header);
  for (guint i = 1; i < table->rows->len; i++)
    {
      GStrv record = g_ptr_array_index (table->rows, i);
      int line = g_array_index (table->lines, int, i);
      guint n = g_strv_length (record);
      g_autoptr(GString) problems = g_string_new (NULL);
      QwLadderWildcard *w;

      n_rows = (int) i;
      if (is_blank_record (record))
        continue;
      if (n > n_header && !is_blank_record (record + n_header))
        {
          g_autofree char *m = g_strdup_printf (_("it has %u fields, but the header has %u"), n, n_header);

          reject (bad, (int) i, line, row_message ((int) i, line, m));
          continue;
        }
      w = g_new0 (QwLadderWildcard, 1);
      w->row = (int) i;
      w->account = trimmed (field_of (record, n, map, WC_ACCOUNT));
      w->name = trimmed (field_of (record, n, map, WC_NAME));
      w->reason = trimmed (field_of (record, n, map, WC_REASON));
      check_wildcard (ruleset, w, problems);
      if (*w->account != '\0' && g_hash_table_contains (seen, w->account))
        {
          g_autofree char *m = g_strdup_printf (_("the account %s has a wild card already"), w->account);

          add_problem (problems, m);
        }
      if (problems->len > 0)
        {
          reject (bad, (int) i, line, row_message ((int) i, line, problems->str));
          qw_ladder_wildcard_free (w);
          continue;
        }
      g_hash_table_add (seen, w->account);
      g_ptr_array_add (wildcards, w);
    }
  if (!finish_rows (bad, display_name, n_rows, rejected, error))
    return NULL;
  return g_steal_pointer (&wildcards);
}

GPtrArray *
qw_ladder_wildcards_read_file (const QwRuleset  *ruleset,
                               const char       *path,
                               GPtrArray       **rejected,
                               GError          **error)
{
  g_autofree char *display_name = g_filename_display_basename (path);
  g_autoptr(QwCsv) table = read_table (path, error);

  if (table == NULL)
    return NULL;
  return qw_ladder_wildcards_from_table (ruleset, table, display_name, rejected, error);
}

/* ----------------------------------------------------------------------- */
/* Tallies                                                                 */
/* ----------------------------------------------------------------------- */

typedef struct
{
  QwLadderRow  row;
  GArray      *rows;              /* int: the log's rows of the games counted */
} Tally;

static void
tally_free (gpointer data)
{
  Tally *t = data;

  g_free (t->row.player);
  g_array_unref (t->rows);
  g_free (t);
}

static Tally *
tally_for (GHashTable *tallies,
           const char *account)
{
  Tally *t = g_hash_table_lookup (tallies, account);

  if (t == NULL)
    {
      t = g_new0 (Tally, 1);
      t->row.player = g_strdup (account);
      t->rows = g_array_new (FALSE, FALSE, sizeof (int));
      g_hash_table_insert (tallies, t->row.player, t);
    }
  return t;
}

static GHashTable *
tallies_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, NULL, tally_free);
}

/* The outcome of a ladder result for one side. */
static QwOutcome
ladder_outcome (QwLadderResult result,
                gboolean       red)
{
  switch (result)
    {
    case QW_LADDER_RED_WIN:
      return red ? QW_OUTCOME_WIN : QW_OUTCOME_LOSS;
    case QW_LADDER_DRAW:
      return QW_OUTCOME_DRAW;
    case QW_LADDER_BLACK_WIN:
      return red ? QW_OUTCOME_LOSS : QW_OUTCOME_WIN;
    case QW_LADDER_RED_LEFT:
      return red ? QW_OUTCOME_LEFT : QW_OUTCOME_OPPONENT_LEFT;
    case QW_LADDER_BLACK_LEFT:
      return red ? QW_OUTCOME_OPPONENT_LEFT : QW_OUTCOME_LEFT;
    case QW_LADDER_VOID:
    default:
      return QW_OUTCOME_NONE;
    }
}

static void
tally_add (Tally               *t,
           const QwLadderRules *rules,
           const QwLadderGame  *game,
           gboolean             red)
{
  QwOutcome outcome = ladder_outcome (game->result, red);

  t->row.games++;
  t->row.points += qw_scoring_points (rules->scores, outcome, red);
  switch (outcome)
    {
    case QW_OUTCOME_WIN:
    case QW_OUTCOME_OPPONENT_LEFT:
      t->row.wins++;
      break;
    case QW_OUTCOME_DRAW:
      t->row.draws++;
      break;
    case QW_OUTCOME_LOSS:
      t->row.losses++;
      break;
    case QW_OUTCOME_LEFT:
      t->row.left++;
      if (rules->left_is_loss)
        t->row.losses++;
      break;
    case QW_OUTCOME_NONE:
    case QW_OUTCOME_BYE:
    case QW_OUTCOME_FORFEIT_WIN:
    case QW_OUTCOME_FORFEIT_LOSS:
    default:
      break;
    }
  g_array_append_val (t->rows, game->row);
}

/* Points are sums of the ruleset's decimals; compare them with a tolerance. */
static int
compare_points (double a,
                double b)
{
  if (fabs (a - b) < 1e-9)
    return 0;
  return a > b ? -1 : 1;
}

/* Better first: points, then wins (when they split ties), then account. */
static int
compare_key (const QwLadderRow *a,
             const QwLadderRow *b,
             gboolean           by_wins)
{
  int c = compare_points (a->points, b->points);

  if (c != 0)
    return c;
  if (by_wins && a->wins != b->wins)
    return a->wins > b->wins ? -1 : 1;
  return 0;
}

static int
compare_rows_by_wins (gconstpointer a,
                      gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;
  int c = compare_key (x, y, TRUE);

  return c != 0 ? c : strcmp (x->player, y->player);
}

static int
compare_rows_by_points (gconstpointer a,
                        gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;
  int c = compare_key (x, y, FALSE);

  return c != 0 ? c : strcmp (x->player, y->player);
}

static int
compare_rows_by_account (gconstpointer a,
                         gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;

  return strcmp (x->player, y->player);
}

static QwLadderRow *
row_copy (const QwLadderRow *row)
{
  QwLadderRow *c = g_new (QwLadderRow, 1);

  *c = *row;
  c->player = g_strdup (row->player);
  return c;
}

static void
row_free (gpointer data)
{
  QwLadderRow *r = data;

  g_free (r->player);
  g_free (r);
}

/* Gives sorted rows their competition ranks on (points[, wins]). */
static void
assign_ranks (GPtrArray *rows,
              gboolean   by_wins)
{
  for (guint i = 0; i < rows->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (rows, i);
      QwLadderRow *prev = i > 0 ? g_ptr_array_index (rows, i - 1) : NULL;

      r->rank = prev != NULL && compare_key (prev, r, by_wins) == 0 ? prev->rank : (int) i + 1;
    }
}

/* ----------------------------------------------------------------------- */
/* Warnings                                                                */
/* ----------------------------------------------------------------------- */

static const char *warning_codes[] = {
  "outside-dates", "not-selected", "qualified-twice", "wildcard-finalist", "not-listed", "too-strong",
  "too-many-finalists",
};

const char *
qw_ladder_warning_code (QwLadderWarningKind kind)
{
  if ((guint) kind >= G_N_ELEMENTS (warning_codes))
    return "";
  return warning_codes[kind];
}

static void
warning_free (gpointer data)
{
  QwLadderWarning *w = data;

  g_free (w->player);
  g_array_unref (w->rows);
  g_free (w->message);
  g_free (w);
}

typedef struct
{
  GPtrArray  *list;               /* QwLadderWarning */
  GHashTable *by_key;             /* "kind:period:player" → QwLadderWarning */
} Warnings;

/* The one warning of (kind, period, player), made on first use. */
static QwLadderWarning *
warn (Warnings            *warnings,
      QwLadderWarningKind  kind,
      int                  period,
      const char          *player)
{
  g_autofree char *key = g_strdup_printf ("%d:%d:%s", kind, period, player);
  QwLadderWarning *w = g_hash_table_lookup (warnings->by_key, key);

  if (w == NULL)
    {
      w = g_new0 (QwLadderWarning, 1);
      w->kind = kind;
      w->period = period;
      w->player = g_strdup (player);
      w->rows = g_array_new (FALSE, FALSE, sizeof (int));
      g_ptr_array_add (warnings->list, w);
      g_hash_table_insert (warnings->by_key, g_steal_pointer (&key), w);
    }
  return w;
}

static void
warn_row (Warnings            *warnings,
          QwLadderWarningKind  kind,
          int                  period,
          const char          *player,
          int                  row)
{
  QwLadderWarning *w = warn (warnings, kind, period, player);

  g_array_append_val (w->rows, row);
}

static char *
rows_text (GArray *rows)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < rows->len && i < MAX_ROWS_IN_MESSAGE; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? _(", ") : "", g_array_index (rows, int, i));
  if (rows->len > MAX_ROWS_IN_MESSAGE)
    g_string_append (s, _(", …"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static int
compare_warnings (gconstpointer a,
                  gconstpointer b)
{
  const QwLadderWarning *x = *(QwLadderWarning * const *) a;
  const QwLadderWarning *y = *(QwLadderWarning * const *) b;

  if (x->period != y->period)
    return x->period < y->period ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return strcmp (x->player, y->player);
}

/* ----------------------------------------------------------------------- */
/* The computation                                                         */
/* ----------------------------------------------------------------------- */

static void
period_free (gpointer data)
{
  QwLadderPeriod *p = data;

  g_clear_pointer (&p->selection, g_ptr_array_unref);
  g_clear_pointer (&p->qualifying, g_ptr_array_unref);
  g_free (p);
}

static void
finalist_free (gpointer data)
{
  QwLadderFinalist *f = data;

  g_free (f->account);
  g_free (f->name);
  g_clear_pointer (&f->periods, g_array_unref);
  g_free (f->reason);
  g_free (f->reason_code);
  player_free (f->player);
  g_free (f);
}

void
qw_ladder_free (QwLadder *ladder)
{
  if (ladder == NULL)
    return;
  g_clear_pointer (&ladder->ruleset, qw_ruleset_unref);
  g_clear_pointer (&ladder->periods, g_ptr_array_unref);
  g_clear_pointer (&ladder->season, g_ptr_array_unref);
  g_clear_pointer (&ladder->finalists, g_ptr_array_unref);
  g_clear_pointer (&ladder->certificate_eligible, g_ptr_array_unref);
  g_clear_pointer (&ladder->warnings, g_ptr_array_unref);
  g_free (ladder);
}

/* Whether a game lies outside its stage's dates (八2), the qualifying's
 * first day starting at the ruleset's hour (十一(二)2). */
static gboolean
outside_dates (const QwLadderRules      *rules,
               const QwLadderPeriodRule *period,
               const QwLadderGame       *game)
{
  QwDate from = game->stage == QW_LADDER_QUALIFYING ? period->qualifying_from : period->selection_from;
  QwDate to = game->stage == QW_LADDER_QUALIFYING ? period->qualifying_to : period->selection_to;

  if (qw_date_compare (game->date, from) < 0 || qw_date_compare (game->date, to) > 0)
    return TRUE;
  return game->stage == QW_LADDER_QUALIFYING && qw_date_compare (game->date, from) == 0 && game->minute >= 0
         && game->minute < rules->first_day_from;
}

static GPtrArray *
rows_of (GHashTable *tallies)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  GHashTableIter iter;
  Tally *t;

  g_hash_table_iter_init (&iter, tallies);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &t))
    g_ptr_array_add (rows, row_copy (&t->row));
  return rows;
}

static gboolean
reached_threshold (const QwLadderRules *rules,
                   const QwLadderRow   *row)
{
  return row != NULL && compare_points (row->points, rules->selection_threshold) <= 0;
}

static QwLadderPeriod *
make_period (const QwLadderRules      *rules,
             const QwLadderPeriodRule *rule,
             GHashTable               *selection,
             GHashTable               *qualifying,
             Warnings                 *warnings)
{
  QwLadderPeriod *p = g_new0 (QwLadderPeriod, 1);
  GHashTableIter iter;
  Tally *t;

  p->number = rule->number;
  p->rule = rule;
  p->selection = rows_of (selection);
  g_ptr_array_sort (p->selection, compare_rows_by_wins);
  assign_ranks (p->selection, TRUE);
  for (guint i = 0; i < p->selection->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (p->selection, i);

      r->qualified = reached_threshold (rules, r);
      p->n_selected += r->qualified;
    }

  p->qualifying = g_ptr_array_new_with_free_func (row_free);
  g_hash_table_iter_init (&iter, qualifying);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &t))
    {
      Tally *selected = g_hash_table_lookup (selection, t->row.player);

      if (t->row.games < rules->qualifying_min_games)
        continue;
      if (!reached_threshold (rules, selected != NULL ? &selected->row : NULL))
        {
          QwLadderWarning *w = warn (warnings, QW_LADDER_WARNING_NOT_SELECTED, rule->number, t->row.player);

          g_array_append_vals (w->rows, t->rows->data, t->rows->len);
          if (!rules->rank_unselected)
            continue;
        }
      g_ptr_array_add (p->qualifying, row_copy (&t->row));
    }
  g_ptr_array_sort (p->qualifying, rules->ties_by_wins ? compare_rows_by_wins : compare_rows_by_points);
  assign_ranks (p->qualifying, rules->ties_by_wins);
  for (guint i = 0; i < p->qualifying->len;)
    {
      QwLadderRow *first = g_ptr_array_index (p->qualifying, i);
      guint end = i;
      gboolean qualified;

      while (end < p->qualifying->len && ((QwLadderRow *) g_ptr_array_index (p->qualifying, end))->rank == first->rank)
        end++;
      /* 十一(二)1: players still tied at the last place all go through (or none). */
      qualified = first->rank <= rules->qualifying_places
                  && (rules->tied_last_all || (int) end <= rules->qualifying_places);
      for (; i < end; i++)
        {
          ((QwLadderRow *) g_ptr_array_index (p->qualifying, i))->qualified = qualified;
          p->n_qualified += qualified;
        }
    }
  return p;
}

static QwLadderFinalist *
finalist_new (const char *account)
{
  QwLadderFinalist *f = g_new0 (QwLadderFinalist, 1);

  f->account = g_strdup (account);
  f->periods = g_array_new (FALSE, FALSE, sizeof (int));
  return f;
}

static void
collect_finalists (QwLadder   *ladder,
                   GPtrArray  *wildcards,
                   Warnings   *warnings)
{
  g_autoptr(GHashTable) by_account = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint k = 0; k < ladder->periods->len; k++)
    {
      const QwLadderPeriod *p = g_ptr_array_index (ladder->periods, k);

      for (guint i = 0; i < p->qualifying->len; i++)
        {
          const QwLadderRow *r = g_ptr_array_index (p->qualifying, i);
          QwLadderFinalist *f;

          if (!r->qualified)
            continue;
          f = g_hash_table_lookup (by_account, r->player);
          if (f != NULL)
            {
              warn (warnings, QW_LADDER_WARNING_QUALIFIED_TWICE, p->number, r->player);
              g_array_append_val (f->periods, p->number);
              continue;
            }
          f = finalist_new (r->player);
          f->via = QW_LADDER_VIA_ONLINE;
          f->period = p->number;
          f->rank = r->rank;
          g_array_append_val (f->periods, p->number);
          g_ptr_array_add (ladder->finalists, f);
          g_hash_table_insert (by_account, f->account, f);
          ladder->n_online++;
        }
    }
  for (guint i = 0; wildcards != NULL && i < wildcards->len; i++)
    {
      const QwLadderWildcard *w = g_ptr_array_index (wildcards, i);
      QwLadderFinalist *f;

      if (g_hash_table_contains (by_account, w->account))
        {
          warn (warnings, QW_LADDER_WARNING_WILDCARD_FINALIST, 0, w->account);
          continue;
        }
      f = finalist_new (w->account);
      f->via = QW_LADDER_VIA_WILDCARD;
      f->name = g_strdup (w->name);
      f->reason = g_strdup (w->reason);
      f->reason_code = g_strdup (w->reason_code);
      g_ptr_array_add (ladder->finalists, f);
      g_hash_table_insert (by_account, f->account, f);
      ladder->n_wildcards++;
    }
}

static void
check_finalists (QwLadder              *ladder,
                 const QwLadderPlayers *players,
                 Warnings              *warnings)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;

  for (guint i = 0; players != NULL && i < ladder->finalists->len; i++)
    {
      QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);
      const QwLadderPlayer *p = qw_ladder_players_find (players, f->account);

      if (p == NULL)
        {
          warn (warnings, QW_LADDER_WARNING_NOT_LISTED, f->period, f->account);
          continue;
        }
      f->player = player_copy (p);
      g_free (f->name);
      f->name = g_strdup (p->name);
      if (qw_ruleset_is_barred_title (ladder->ruleset, p->grade))
        warn (warnings, QW_LADDER_WARNING_TOO_STRONG, f->period, f->account);
    }
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);

      if (f->name == NULL)
        f->name = g_strdup ("");
    }
  if ((int) ladder->finalists->len > rules->places)
    warn (warnings, QW_LADDER_WARNING_TOO_MANY, 0, "");
}

static char *
warning_message (const QwLadder        *ladder,
                 const QwLadderWarning *w)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;
  g_autofree char *rows = rows_text (w->rows);
  g_autofree char *threshold = g_strdup_printf ("%g", rules->selection_threshold);

  switch (w->kind)
    {
    case QW_LADDER_WARNING_OUTSIDE_DATES:
      return g_strdup_printf (rules->count_outside_dates
                              ? _("Period %d: %s played outside the period’s dates (rows %s); the games count")
                              : _("Period %d: %s played outside the period’s dates (rows %s); the games do not count"),
                              w->period, w->player, rows);
    case QW_LADDER_WARNING_NOT_SELECTED:
      return g_strdup_printf (rules->rank_unselected
                              ? _("Period %d: %s played the qualifying stage without %s points in the selection "
                                  "(rows %s)")
                              : _("Period %d: %s played the qualifying stage without %s points in the selection "
                                  "(rows %s); not ranked, the games count for the opponents"),
                              w->period, w->player, threshold, rows);
    case QW_LADDER_WARNING_QUALIFIED_TWICE:
      return g_strdup_printf (_("Period %d: %s qualified in an earlier period already; counted once"), w->period,
                              w->player);
    case QW_LADDER_WARNING_WILDCARD_FINALIST:
      return g_strdup_printf (_("%s has a wild card but is a finalist already; counted once"), w->player);
    case QW_LADDER_WARNING_NOT_LISTED:
      return g_strdup_printf (_("The finalist %s is not in the players list"), w->player);
    case QW_LADDER_WARNING_TOO_STRONG:
      return g_strdup_printf (_("The finalist %s holds a title that bars them from playing"), w->player);
    case QW_LADDER_WARNING_TOO_MANY:
      return g_strdup_printf (_("%u finalists, more than the final’s %d individual places"),
                              ladder->finalists->len, rules->places);
    default:
      return g_strdup ("");
    }
}

/**
 * qw_ladder_compute:
 *
 * Every period's standings by the ruleset's <ladder>; then the finalists, the
 * players eligible for a grade certificate and the warnings.
 */
QwLadder *
qw_ladder_compute (QwRuleset             *ruleset,
                   const QwLadderLog     *log,
                   const QwLadderPlayers *players,
                   GPtrArray             *wildcards,
                   GError               **error)
{
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderRules *rules;
  g_autoptr(GPtrArray) selection = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GPtrArray) qualifying = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GHashTable) season = tallies_new ();
  g_autoptr(GHashTable) warning_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Warnings warnings;
  int n_periods;

  g_return_val_if_fail (ruleset != NULL && log != NULL, NULL);

  rules = ruleset->ladder;
  if (rules == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"), ruleset->id);
      return NULL;
    }
  n_periods = qw_ladder_rules_n_periods (rules);
  ladder = g_new0 (QwLadder, 1);
  ladder->ruleset = qw_ruleset_ref (ruleset);
  ladder->periods = g_ptr_array_new_with_free_func (period_free);
  ladder->finalists = g_ptr_array_new_with_free_func (finalist_free);
  ladder->certificate_eligible = g_ptr_array_new_with_free_func (g_free);
  ladder->warnings = g_ptr_array_new_with_free_func (warning_free);
  warnings.list = ladder->warnings;
  warnings.by_key = warning_keys;
  for (int k = 0; k < n_periods; k++)
    {
      g_ptr_array_add (selection, tallies_new ());
      g_ptr_array_add (qualifying, tallies_new ());
    }

  for (guint i = 0; i < log->games->len; i++)
    {
      const QwLadderGame *game = g_ptr_array_index (log->games, i);
      const QwLadderPeriodRule *period = qw_ladder_rules_period (rules, game->period);
      GHashTable *stage;

      ladder->n_games++;
      if (period == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Row %d: the ruleset has no period %d"), game->row,
                       game->period);
          return NULL;
        }
      /* 十一(二)4: a void game counts for nothing. */
      if (game->result == QW_LADDER_VOID)
        {
          ladder->n_void++;
          continue;
        }
      if (outside_dates (rules, period, game))
        {
          ladder->n_outside++;
          warn_row (&warnings, QW_LADDER_WARNING_OUTSIDE_DATES, game->period, game->red, game->row);
          warn_row (&warnings, QW_LADDER_WARNING_OUTSIDE_DATES, game->period, game->black, game->row);
          if (!rules->count_outside_dates)
            continue;
        }
      ladder->n_counted++;
      stage = g_ptr_array_index (game->stage == QW_LADDER_QUALIFYING ? qualifying : selection, game->period - 1);
      tally_add (tally_for (stage, game->red), rules, game, TRUE);
      tally_add (tally_for (stage, game->black), rules, game, FALSE);
      tally_add (tally_for (season, game->red), rules, game, TRUE);
      tally_add (tally_for (season, game->black), rules, game, FALSE);
    }

  for (int k = 0; k < n_periods; k++)
    g_ptr_array_add (ladder->periods, make_period (rules, qw_ladder_rules_period (rules, k + 1),
                                                   g_ptr_array_index (selection, k),
                                                   g_ptr_array_index (qualifying, k), &warnings));

  /* 十一(一)6: enough counted games for a grade certificate. */
  ladder->season = rows_of (season);
  g_ptr_array_sort (ladder->season, compare_rows_by_account);
  for (guint i = 0; i < ladder->season->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (ladder->season, i);

      r->qualified = r->games >= rules->certificate_games;
      if (r->qualified)
        g_ptr_array_add (ladder->certificate_eligible, g_strdup (r->player));
    }
  {
    g_autoptr(GPtrArray) by_points = g_ptr_array_new ();

    /* Season ranks are of the whole season's points, for a leaderboard. */
    g_ptr_array_extend (by_points, ladder->season, NULL, NULL);
    g_ptr_array_sort (by_points, compare_rows_by_wins);
    assign_ranks (by_points, TRUE);
  }

  collect_finalists (ladder, wildcards, &warnings);
  check_finalists (ladder, players, &warnings);
  g_ptr_array_sort (ladder->warnings, compare_warnings);
  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      w->message = warning_message (ladder, w);
    }
  return g_steal_pointer (&ladder);
}

const QwLadderPeriod *
qw_ladder_get_period (const QwLadder *ladder,
                      int             number)
{
  if (number < 1 || (guint) number > ladder->periods->len)
    return NULL;
  return g_ptr_array_index (ladder->periods, number - 1);
}

static int
compare_row_to_account (gconstpointer key,
                        gconstpointer element)
{
  const QwLadderRow *r = *(QwLadderRow * const *) element;

  return strcmp (key, r->player);
}

/* Returns: (nullable): the account's season figures */
const QwLadderRow *
qw_ladder_season_row (const QwLadder *ladder,
                      const char     *account)
{
  QwLadderRow **found;

  if (account == NULL || ladder->season->len == 0)
    return NULL;
  found = bsearch (account, ladder->season->pdata, ladder->season->len, sizeof (gpointer), compare_row_to_account);
  return found != NULL ? *found : NULL;
}

/* ----------------------------------------------------------------------- */
/* 名单公示                                                                */
/* ----------------------------------------------------------------------- */

char *
qw_ladder_mask_account (const char *account)
{
  gsize len = account != NULL ? strlen (account) : 0;
  gboolean mobile = len == 11 && account[0] == '1';

  for (gsize i = 0; mobile && i < len; i++)
    mobile = g_ascii_isdigit (account[i]);
  if (!mobile)
    return g_strdup (account != NULL ? account : "");
  return g_strdup_printf ("%.3s****%s", account, account + 7);
}

/* The published list is a document in Chinese, whatever the interface's
 * language (like every printout). */
static char *
finalist_way (const QwLadderFinalist *f)
{
  if (f->via == QW_LADDER_VIA_WILDCARD)
    return g_strdup_printf ("外卡：%s", f->reason);
  return g_strdup_printf ("第%d期网络入围赛第%d名", f->period, f->rank);
}

/**
 * qw_ladder_public_list_csv:
 *
 * The list of finalists to publish (十三(三)): 序号, 姓名, 性别, 证件类型,
 * 证件号码 (masked), 单位或地区, 平台账号 (masked when a mobile number), 入选方式.
 */
char *
qw_ladder_public_list_csv (const QwLadder *ladder)
{
  GString *out = g_string_new ("\xEF\xBB\xBF");
  static const char *header[] = {
    "序号", "姓名", "性别", "证件类型", "证件号码", "单位或地区", "平台账号", "入选方式",
  };

  for (guint c = 0; c < G_N_ELEMENTS (header); c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      qw_csv_append_field (out, header[c], ',');
    }
  g_string_append (out, "\r\n");
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);
      const QwLadderPlayer *p = f->player;
      g_autofree char *no = g_strdup_printf ("%u", i + 1);
      g_autofree char *masked = qw_idcard_mask (p != NULL ? p->doc_number : NULL);
      g_autofree char *account = qw_ladder_mask_account (f->account);
      g_autofree char *way = finalist_way (f);
      const char *doc = p == NULL || *p->doc_number == '\0' ? ""
                      : p->doc_kind == QW_DOC_RESIDENT_ID ? "居民身份证" : "其他证件";
      const char *fields[] = {
        no, f->name, p != NULL ? qw_sex_to_chinese (p->sex) : "", doc, masked, p != NULL ? p->unit : "", account, way,
      };

      for (guint c = 0; c < G_N_ELEMENTS (fields); c++)
        {
          if (c > 0)
            g_string_append_c (out, ',');
          qw_csv_append_field (out, fields[c], ',');
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}

gboolean
qw_ladder_write_public_list (const QwLadder  *ladder,
                             const char      *path,
                             GError         **error)
{
  g_autofree char *text = qw_ladder_public_list_csv (ladder);

  return qw_output_replace_contents (path, text, -1, QW_OUTPUT_PUBLIC, error);
}
