/* qw-ladder-tables.c: the ladder's three tables read: the platform's game
 * log, the players list and the wild cards (CSV, .xlsx or .xls)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "qw-error.h"
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

void
qw_ladder_player_free (QwLadderPlayer *p)
{
  if (p == NULL)
    return;
  g_free (p->account);
  g_free (p->name);
  g_free (p->doc_number);
  g_free (p->unit);
  g_free (p->grade);
  g_free (p);
}

QwLadderPlayer *
qw_ladder_player_copy (const QwLadderPlayer *p)
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
  players->players = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_ladder_player_free);
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
          qw_ladder_player_free (p);
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

enum { WC_ACCOUNT, WC_NAME, WC_REASON, WC_APPLIED, WC_ALLOWED, N_WC_COLUMNS };

static const char *const reason_names[] = { "理由", "外卡理由", "原因", "reason", NULL };
static const char *const applied_names[] = { "申请日期", "申请时间", "日期", "applied", "date", NULL };
static const char *const allowed_names[] = { "逾期准许", "裁判长准许", "准许", "late-allowed", "allowed", NULL };

static const ColumnSpec wildcard_columns[N_WC_COLUMNS] = {
  [WC_ACCOUNT] = { N_("账号 (account)"), account_names, TRUE },
  [WC_NAME] = { N_("姓名 (name)"), name_names, TRUE },
  [WC_REASON] = { N_("理由 (reason)"), reason_names, TRUE },
  [WC_APPLIED] = { N_("申请日期 (applied)"), applied_names, FALSE },
  [WC_ALLOWED] = { N_("逾期准许 (late application allowed)"), allowed_names, FALSE },
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
  g_free (wildcard->late_allowed);
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

/* 申请日期: empty is not given. */
static gboolean
read_applied (QwLadderWildcard *w,
              const char       *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  w->applied = QW_DATE_NONE;
  return *stripped == '\0' || qw_date_parse (stripped, &w->applied);
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
      w->late_allowed = trimmed (field_of (record, n, map, WC_ALLOWED));
      if (!read_applied (w, field_of (record, n, map, WC_APPLIED)))
        {
          g_autofree char *m = g_strdup_printf (_("the application date “%s” is not a date"),
                                                field_of (record, n, map, WC_APPLIED));

          add_problem (problems, m);
        }
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
