/* qw-nominees.c: a region's nominees for the national final
 *
 * Each quota line is filled from the provincial final's standings: the line's
 * groups (a group code such as open-m, a category such as senior that takes
 * both sexes, or "display" for every display group) give their players in
 * place order; across groups, every group's first place comes before any
 * second place, and groups go in the ruleset's order. A line takes as many
 * players as its maximum. This is the stated default: the scheme leaves the
 * method to each region's own rules (七(五)1), and the province may change
 * the list before sending it. Extra places (象棋之乡, …) are named by their
 * host and travel in the file as places, not players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-nominees"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-data.h"
#include "qw-error.h"
#include "qw-file.h"
#include "qw-idcard.h"
#include "qw-nominees.h"
#include "qw-region.h"
#include "qw-xml.h"
#include "qw-xml-seal.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-results-export.h"

#define NOMINEES_NS "https://qiwang.cn/ns/nominees/1"
#define NOMINEES_VERSION 1

QwNomineeList *
qw_nominee_list_new (void)
{
  QwNomineeList *list = g_new0 (QwNomineeList, 1);

  list->nominees = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_free);
  list->bonuses = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_quota_bonus_free);
  list->notes = g_ptr_array_new_with_free_func (g_free);
  return list;
}

void
qw_nominee_list_free (QwNomineeList *list)
{
  if (list == NULL)
    return;
  g_free (list->region);
  g_free (list->ruleset);
  g_free (list->tier);
  g_free (list->final_name);
  g_ptr_array_unref (list->nominees);
  g_ptr_array_unref (list->bonuses);
  g_ptr_array_unref (list->notes);
  g_free (list->digest);
  g_free (list);
}

/* Selection */

static const char *
kind_code (QwGroupKind kind)
{
  switch (kind)
    {
    case QW_GROUP_FORMAL:
      return "formal";
    case QW_GROUP_DISPLAY:
      return "display";
    case QW_GROUP_LOCAL:
    default:
      return "local";
    }
}

/* A line names a group, a category, or a kind of group. */
static gboolean
line_takes (const QwQuotaPlace *line,
            const QwGroupRule  *rule)
{
  return g_str_equal (line->group, rule->code)
         || g_strcmp0 (line->group, rule->category) == 0
         || g_str_equal (line->group, kind_code (rule->kind));
}

static int
rule_index (const QwRuleset *ruleset,
            const char      *code)
{
  for (guint i = 0; i < ruleset->groups->len; i++)
    if (g_str_equal (((QwGroupRule *) g_ptr_array_index (ruleset->groups, i))->code, code))
      return (int) i;
  return -1;
}

typedef struct
{
  const QwResultsGroup    *group;
  const QwResultsStanding *standing;
  const QwEntry           *player;
  int                      group_order;
} Candidate;

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->standing->rank != y->standing->rank)
    return x->standing->rank < y->standing->rank ? -1 : 1;
  if (x->group_order != y->group_order)
    return x->group_order < y->group_order ? -1 : 1;
  return 0;
}

static GArray *
candidates_for (const QwRuleset    *ruleset,
                const QwQuotaPlace *line,
                const QwResults    *final)
{
  GArray *candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));

  for (guint g = 0; g < final->groups->len; g++)
    {
      const QwResultsGroup *group = g_ptr_array_index (final->groups, g);
      const QwGroupRule *rule = qw_ruleset_find_group (ruleset, group->code);

      if (rule == NULL || !line_takes (line, rule))
        continue;
      for (guint s = 0; s < group->standings->len; s++)
        {
          Candidate c = { group, g_ptr_array_index (group->standings, s), NULL,
                          rule_index (ruleset, group->code) };

          c.player = qw_results_group_find_player (group, c.standing->no);
          /* A player who withdrew, or who was excluded (不具备参赛资格), does
           * not go on to the national final. */
          if (c.player != NULL && c.player->status == QW_STATUS_ACTIVE)
            g_array_append_val (candidates, c);
        }
    }
  g_array_sort (candidates, compare_candidates);
  return candidates;
}

static QwNominee *
nominee_from (const Candidate    *c,
              const QwQuotaPlace *line,
              const char         *tier,
              const char         *region)
{
  QwNominee *n = qw_nominee_new ();
  const char *group_name = c->group->name[0] != '\0' ? c->group->name : c->group->code;

  n->region = g_strdup (region);
  n->line = g_strdup (line->group);
  n->line_label = g_strdup (line->label);
  n->group_code = g_strdup (c->group->code);
  n->group_name = g_strdup (group_name);
  n->rank = c->standing->rank;
  n->name = g_strdup (c->player->name);
  n->sex = c->player->sex;
  n->birth = g_strdup (c->player->birth);
  n->id_number = g_strdup (c->player->id_number);
  n->unit = g_strdup (c->player->unit);
  if (line->min == line->max)
    /* Translators: "Place 1 in 老年组女子 at the provincial final (tier B: 1 place for 老年组)" */
    n->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Place %d in %s at the provincial final (tier %s: %d place for %s)",
                                              "Place %d in %s at the provincial final (tier %s: %d places for %s)",
                                              (gulong) line->max),
                                 n->rank, group_name, tier, line->max, line->label);
  else
    n->reason = g_strdup_printf (_("Place %d in %s at the provincial final (tier %s: %d to %d places "
                                   "for %s)"),
                                 n->rank, group_name, tier, line->min, line->max, line->label);
  return n;
}

static void
fill_line (QwNomineeList      *list,
           const QwRuleset    *ruleset,
           const QwQuotaPlace *line,
           const QwResults    *final,
           GHashTable         *chosen)
{
  g_autoptr(GArray) candidates = candidates_for (ruleset, line, final);
  int taken = 0;

  for (guint i = 0; i < candidates->len && taken < line->max; i++)
    {
      const Candidate *c = &g_array_index (candidates, Candidate, i);
      char *key = qw_entry_identity_key (c->player);

      /* A player placed in two groups (a family pair and an open group) is nominated once. */
      if (key != NULL && !g_hash_table_add (chosen, key))
        continue;
      g_ptr_array_add (list->nominees, nominee_from (c, line, list->tier, list->region));
      taken++;
    }
  if (taken < line->max)
    g_ptr_array_add (list->notes,
                     g_strdup_printf (_("%s: %d of %d places filled; the provincial final's standings "
                                        "have no more players for it"),
                                      line->label, taken, line->max));
}

/**
 * qw_nominees_select:
 * @quota: the region's quota
 * @final: the provincial final's results (its standings)
 *
 * Returns: the nominees by quota line, the extra places and what could not
 *   be filled
 */
QwNomineeList *
qw_nominees_select (const QwRuleset *ruleset,
                    const QwQuota   *quota,
                    const QwResults *final,
                    const char      *region)
{
  QwNomineeList *list = qw_nominee_list_new ();
  g_autoptr(GHashTable) chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  list->region = g_strdup (region != NULL ? region : "");
  list->ruleset = g_strdup (ruleset->id);
  list->tier = g_strdup (quota->tier != NULL ? quota->tier : "");
  list->leader = quota->leader;
  list->final_name = g_strdup (final != NULL ? final->event->name : "");
  if (quota->tier == NULL)
    g_ptr_array_add (list->notes, g_strdup (quota->tier_reason));
  for (guint i = 0; final != NULL && i < quota->places->len; i++)
    fill_line (list, ruleset, g_ptr_array_index (quota->places, i), final, chosen);
  for (guint i = 0; i < quota->bonuses->len; i++)
    g_ptr_array_add (list->bonuses, qw_quota_bonus_copy (g_ptr_array_index (quota->bonuses, i)));
  return list;
}

/**
 * qw_region_nominees:
 *
 * Returns: the nominees of a region document: its quota filled from its
 *   provincial final's standings (imported from the final's results file,
 *   or computed when the final is run in the document)
 */
QwNomineeList *
qw_region_nominees (QwDocument  *doc,
                    GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_region_ruleset (doc, error);
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  g_autoptr(QwQuota) quota = NULL;
  g_autoptr(QwResults) final = NULL;
  const QwRegionStop *final_stop = NULL;

  if (ruleset == NULL || (summary = qw_region_read_summary (doc, ruleset, error)) == NULL)
    return NULL;
  for (guint i = 0; i < summary->stops->len && final_stop == NULL; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);

      if (stop->event->level == QW_LEVEL_PROVINCIAL_FINAL && stop->event->source != QW_SOURCE_MANUAL)
        final_stop = stop;
    }
  if (final_stop == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                   _("The region has no provincial final with standings: import the final’s "
                     "results file first"));
      return NULL;
    }
  final = qw_results_from_event (doc, final_stop->event->id, error);
  if (final == NULL)
    return NULL;
  stops = qw_region_summary_quota_stops (summary);
  quota = qw_quota_compute (ruleset, stops);
  return qw_nominees_select (ruleset, quota, final, summary->region);
}

/* The file */

/**
 * qw_nominees_to_xml_form:
 * @public_form: mask the ID numbers and leave out the dates of birth (for
 *   anyone but the national organiser)
 *
 * Returns: the sealed file; form="public" or "private" is sealed with it
 */
char *
qw_nominees_to_xml_form (const QwNomineeList  *list,
                         gboolean              public_form,
                         char                **digest,
                         GError              **error)
{
  g_autoptr(GString) content = g_string_new ("  <content>\n    <region");
  g_autoptr(GString) attrs = g_string_new (NULL);
  /* A national list names every region: its <region> is the whole country,
   * and each nominee says its own. */
  const char *region = list->region != NULL && list->region[0] != '\0' ? list->region
                       : list->national ? "全国" : "";

  qw_xml_append_attr (content, "ruleset", list->ruleset);
  qw_xml_append_attr (content, "tier", list->tier);
  qw_xml_append_attr_int (content, "leader", list->leader);
  qw_xml_append_attr (content, "final", list->final_name);
  g_string_append_c (content, '>');
  qw_xml_append_escaped (content, region);
  g_string_append (content, "</region>\n");
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      const char *sex = qw_sex_to_code (n->sex);
      g_autofree char *masked = public_form ? qw_idcard_mask (n->id_number) : NULL;

      g_string_append (content, "    <nominee");
      if (list->national && n->region != NULL && n->region[0] != '\0')
        qw_xml_append_attr (content, "region", n->region);
      if (n->duplicate != NULL && n->duplicate[0] != '\0')
        qw_xml_append_attr (content, "duplicate", n->duplicate);
      qw_xml_append_attr (content, "line", n->line);
      qw_xml_append_attr (content, "group", n->group_code);
      qw_xml_append_attr (content, "group-name", n->group_name);
      qw_xml_append_attr_int (content, "rank", n->rank);
      qw_xml_append_attr (content, "name", n->name);
      qw_xml_append_attr (content, "sex", sex != NULL ? sex : "");
      if (!public_form)
        qw_xml_append_attr (content, "birth", n->birth != NULL ? n->birth : "");
      qw_xml_append_attr (content, "id", public_form ? masked : n->id_number != NULL ? n->id_number : "");
      qw_xml_append_attr (content, "unit", n->unit != NULL ? n->unit : "");
      g_string_append_c (content, '>');
      qw_xml_append_escaped (content, n->reason);
      g_string_append (content, "</nominee>\n");
    }
  for (guint i = 0; i < list->bonuses->len; i++)
    {
      const QwQuotaBonus *b = g_ptr_array_index (list->bonuses, i);

      g_string_append (content, "    <bonus");
      qw_xml_append_attr (content, "reason", b->reason);
      qw_xml_append_attr (content, "host", b->host);
      qw_xml_append_attr_int (content, "places", b->places);
      qw_xml_append_attr (content, "groups", b->groups);
      g_string_append_c (content, '>');
      qw_xml_append_escaped (content, b->explanation);
      g_string_append (content, "</bonus>\n");
    }
  g_string_append (content, "  </content>\n");
  qw_xml_append_attr (attrs, "xmlns", NOMINEES_NS);
  qw_xml_append_attr_int (attrs, "version", NOMINEES_VERSION);
  qw_xml_append_attr (attrs, "form", public_form ? "public" : "private");
  qw_xml_append_attr (attrs, "generator", PACKAGE_NAME " " PACKAGE_VERSION);
  return qw_xml_seal ("nominees", attrs->str, content->str, digest, error);
}

/**
 * qw_nominees_to_xml:
 *
 * Returns: the private form, for the national organiser (full ID numbers
 *   and dates of birth); see qw_nominees_to_xml_form()
 */
char *
qw_nominees_to_xml (const QwNomineeList  *list,
                    char                **digest,
                    GError              **error)
{
  return qw_nominees_to_xml_form (list, FALSE, digest, error);
}

static char *
prop_or_empty (xmlNode    *node,
               const char *name)
{
  char *value = qw_xml_get_prop (node, name);

  return value != NULL ? value : g_strdup ("");
}

static QwNominee *
read_nominee (xmlNode    *node,
              const char *region)
{
  QwNominee *n = qw_nominee_new ();
  g_autofree char *sex = qw_xml_get_prop (node, "sex");
  g_autofree char *own = qw_xml_get_prop (node, "region");

  n->region = g_strdup (own != NULL && own[0] != '\0' ? own : region);
  n->duplicate = qw_xml_get_prop (node, "duplicate");
  n->line = prop_or_empty (node, "line");
  n->line_label = g_strdup ("");
  n->group_code = prop_or_empty (node, "group");
  n->group_name = prop_or_empty (node, "group-name");
  n->rank = qw_xml_get_prop_int (node, "rank", 0);
  n->name = prop_or_empty (node, "name");
  n->sex = qw_sex_parse (sex);
  n->birth = prop_or_empty (node, "birth");
  n->id_number = prop_or_empty (node, "id");
  n->unit = prop_or_empty (node, "unit");
  n->reason = qw_xml_get_text (node);
  return n;
}

static QwQuotaBonus *
read_bonus (xmlNode *node)
{
  QwQuotaBonus *b = g_new0 (QwQuotaBonus, 1);

  b->reason = prop_or_empty (node, "reason");
  b->label = g_strdup ("");
  b->host = prop_or_empty (node, "host");
  b->places = qw_xml_get_prop_int (node, "places", 0);
  b->groups = prop_or_empty (node, "groups");
  b->stops = g_new0 (char *, 1);
  b->explanation = qw_xml_get_text (node);
  return b;
}

/* After the digest: what a list of nominees cannot be (see qw-results-file.c). */
static gboolean
check_list (const QwNomineeList  *list,
            const char           *display_name,
            GError              **error)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  if (!qw_ruleset_id_is_valid (list->ruleset))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: “%s” is not a ruleset id"), display_name, list->ruleset);
      return FALSE;
    }
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      QwDate birth;

      if (n->rank < 1)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: %s is nominated for place %d; places start at 1"),
                       display_name, n->name, n->rank);
          return FALSE;
        }
      if (!list->is_public && n->birth[0] != '\0' && !qw_date_parse_iso (n->birth, &birth))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: the date of birth “%s” of %s is not a date written YYYY-MM-DD"),
                       display_name, n->birth, n->name);
          return FALSE;
        }
      /* Masked numbers may be shared; full ones are one person's, except
       * in a national list, which names a player once for each region that
       * nominated them and says so (重复提名). */
      if (!list->is_public && n->id_number[0] != '\0' && !g_hash_table_add (ids, n->id_number)
          && (n->duplicate == NULL || n->duplicate[0] == '\0'))
        {
          g_autofree char *masked = qw_idcard_mask (n->id_number);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: the ID number %s is nominated twice"),
                       display_name, masked);
          return FALSE;
        }
    }
  return TRUE;
}

static QwNomineeList *
read_list (QwSealedReader  *reader,
           const char      *display_name,
           GError         **error)
{
  g_autoptr(QwNomineeList) list = qw_nominee_list_new ();
  g_autofree char *digest = NULL;
  int depth;

  list->region = g_strdup ("");
  list->ruleset = g_strdup ("");
  list->tier = g_strdup ("");
  list->final_name = g_strdup ("");
  while (qw_sealed_reader_next (reader, &depth, error))
    {
      const char *name = qw_sealed_reader_name (reader);
      xmlNode *node;

      if (depth != 1)
        continue;
      /* NULL when the element is cut short: the next step reports it. */
      if ((node = qw_sealed_reader_expand (reader)) == NULL)
        continue;
      if (g_str_equal (name, "region"))
        {
          g_free (list->region);
          list->region = g_strstrip (qw_xml_get_text (node));
          g_free (list->ruleset);
          list->ruleset = prop_or_empty (node, "ruleset");
          g_free (list->tier);
          list->tier = prop_or_empty (node, "tier");
          list->leader = qw_xml_get_prop_int (node, "leader", 0);
          g_free (list->final_name);
          list->final_name = prop_or_empty (node, "final");
        }
      else if (g_str_equal (name, "nominee"))
        g_ptr_array_add (list->nominees, read_nominee (node, list->region));
      else if (g_str_equal (name, "bonus"))
        g_ptr_array_add (list->bonuses, read_bonus (node));
    }
  if ((error != NULL && *error != NULL) || !qw_sealed_reader_finish (reader, &digest, error))
    return NULL;
  /* The region element comes first: nominees read before it know it now
   * (those of a national list say their own). */
  for (guint i = 0; i < list->nominees->len; i++)
    {
      QwNominee *n = g_ptr_array_index (list->nominees, i);

      if (n->region[0] != '\0')
        continue;
      g_free (n->region);
      n->region = g_strdup (list->region);
    }
  list->is_public = g_strcmp0 (qw_sealed_reader_root_prop (reader, "form"), "public") == 0;
  if (!check_list (list, display_name, error))
    return NULL;
  list->digest = g_steal_pointer (&digest);
  return g_steal_pointer (&list);
}

/**
 * qw_nominees_read_memory:
 *
 * Reads untrusted bytes as a results file is read (qw-results-file.c):
 * size limit, no document type, schema, digest, consistency.
 */
QwNomineeList *
qw_nominees_read_memory (const char  *data,
                         gsize        length,
                         const char  *display_name,
                         GError     **error)
{
  g_autofree char *schema = qw_data_file ("schemas", "nominees.xsd", NULL);
  g_autoptr(QwSealedReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  QwNomineeList *list;

  reader = qw_sealed_reader_new (data, length, display_name, QW_FILE_NOMINEES, schema, error);
  if (reader == NULL)
    return NULL;
  list = read_list (reader, display_name, &local_error);
  if (list == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return list;
}

QwNomineeList *
qw_nominees_read_file (const char  *path,
                       GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!qw_file_read (path, QW_FILE_NOMINEES, &data, &length, error))
    return NULL;
  return qw_nominees_read_memory (data, length, display_name, error);
}

static const char *
text_or (const char *text,
         const char *fallback)
{
  return text != NULL && text[0] != '\0' ? text : fallback != NULL ? fallback : "";
}

/**
 * qw_nominees_list_sheet:
 * @mask_ids: for anything that leaves the province's hands except the
 *   national organiser: ID numbers masked, no birth dates
 *
 * Returns: the sheet "推荐名单": 赛区, 名额 (the quota line), 组别 (the group
 *   played at the provincial final), 名次, 姓名, 性别, 出生日期, 身份证号, 单位,
 *   理由; a national list adds 重复提名 (the regions that named the player,
 *   when two did). Then a line per extra place (名额 "额外名额×N", the host
 *   in 单位).
 */
QwListSheet *
qw_nominees_list_sheet (const QwNomineeList *list,
                        gboolean             mask_ids)
{
  static const char *const header[] = {
    "赛区", "名额", "组别", "名次", "姓名", "性别", "出生日期", "身份证号", "单位", "理由", "重复提名", NULL,
  };
  static const QwListColumn columns[] = {
    QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_DATE,
    QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT,
  };
  g_auto(GStrv) shown = g_strdupv ((char **) header);
  QwListSheet *sheet;

  /* 重复提名 only where a list can have duplicates: the national one. */
  if (!list->national)
    g_clear_pointer (&shown[10], g_free);
  sheet = qw_list_sheet_new ("推荐名单", (const char * const *) shown, columns);
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      g_autofree char *rank = g_strdup_printf ("%d", n->rank);
      g_autofree char *id = mask_ids ? qw_idcard_mask (n->id_number) : g_strdup (text_or (n->id_number, ""));
      const char *row[] = {
        text_or (n->region, list->region), text_or (n->line_label, n->line), text_or (n->group_name, n->group_code),
        rank, n->name, qw_sex_to_chinese (n->sex), mask_ids ? "" : n->birth, id, n->unit, n->reason,
        n->duplicate,
      };

      qw_list_sheet_add_row (sheet, row);
    }
  for (guint i = 0; i < list->bonuses->len; i++)
    {
      const QwQuotaBonus *b = g_ptr_array_index (list->bonuses, i);
      g_autofree char *places = g_strdup_printf ("额外名额×%d", b->places);
      const char *groups = g_strcmp0 (b->groups, "junior-or-child") == 0 ? "少年组或儿童组" : "不限";
      const char *row[] = { list->region, places, groups, "", "", "", "", "", b->host, b->explanation, "" };

      qw_list_sheet_add_row (sheet, row);
    }
  /* A masked list has no birth dates: no empty 出生日期 column either
   * (issue 19 point 25). */
  if (mask_ids)
    qw_list_sheet_remove_column (sheet, 6);
  return sheet;
}

/**
 * qw_nominees_to_csv:
 *
 * Returns: qw_nominees_list_sheet() as CSV for Excel (UTF-8 with a BOM, ID
 *   numbers kept as text)
 */
char *
qw_nominees_to_csv (const QwNomineeList *list,
                    gboolean             mask_ids)
{
  g_autoptr(QwListSheet) sheet = qw_nominees_list_sheet (list, mask_ids);

  return qw_list_sheet_to_csv (sheet);
}
