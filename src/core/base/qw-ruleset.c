/* qw-ruleset.c: a season's rules, loaded from data/rulesets/<id>.xml (or the user's folder)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-file.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"
#include "qw-ruleset-private.h"
#include "qw-xml.h"
#include "qw-date.h"

static const char *qw_ruleset_category_name (const QwRuleset *self,
                                             const char      *code);

static void
group_rule_free (gpointer data)
{
  QwGroupRule *g = data;

  g_free (g->code);
  g_free (g->name);
  g_free (g->short_name);
  g_free (g->category);
  g_strfreev (g->aliases);
  g_free (g);
}

static void
category_free (gpointer data)
{
  QwCategory *c = data;

  g_free (c->code);
  g_free (c->name);
  g_free (c);
}

static void
quota_line_free (gpointer data)
{
  QwQuotaLine *l = data;

  g_free (l->group);
  g_free (l->label);
  g_free (l);
}

static void
quota_tier_free (gpointer data)
{
  QwQuotaTier *t = data;

  g_free (t->id);
  g_ptr_array_unref (t->lines);
  g_free (t);
}

static void
bonus_rule_free (gpointer data)
{
  QwBonusRule *b = data;

  g_free (b->reason);
  g_free (b->label);
  g_free (b->honour);
  g_free (b->host_level);
  g_free (b->groups);
  g_free (b);
}

static void
arbiter_rule_free (gpointer data)
{
  QwArbiterRule *a = data;

  g_free (a->level);
  g_free (a->min_grade);
  g_free (a);
}

static void
ruleset_clear (gpointer data)
{
  QwRuleset *self = data;

  g_free (self->id);
  g_free (self->name);
  g_free (self->source);
  g_free (self->path);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->categories, g_ptr_array_unref);
  g_strfreev (self->barred_titles);
  g_strfreev (self->accepted_documents);
  g_strfreev (self->pairing_blocks);
  g_free (self->swiss_first_round);
  g_free (self->swiss_tiebreaks);
  g_free (self->round_robin_tiebreaks);
  g_free (self->unit_avoid);
  g_strfreev (self->arbiter_grades);
  g_clear_pointer (&self->arbiter_rules, g_ptr_array_unref);
  g_clear_pointer (&self->tiers, g_ptr_array_unref);
  g_free (self->otherwise);
  g_free (self->decided_lines);
  g_clear_pointer (&self->bonuses, g_ptr_array_unref);
  g_free (self->name_prefix);
  g_free (self->region_suffix);
  g_free (self->preliminary_suffix);
  g_strfreev (self->final_forms);
  g_strfreev (self->admin_suffixes);
  _qw_ruleset_clear_championship (self);
}

QwRuleset *
qw_ruleset_ref (QwRuleset *self)
{
  return g_atomic_rc_box_acquire (self);
}

void
qw_ruleset_unref (QwRuleset *self)
{
  g_atomic_rc_box_release_full (self, ruleset_clear);
}

static QwDate
prop_date (xmlNode    *node,
           const char *name)
{
  g_autofree char *value = qw_xml_get_prop (node, name);
  QwDate date = QW_DATE_NONE;

  if (value != NULL)
    qw_date_parse_iso (value, &date);
  return date;
}

static GStrv
collect_texts (xmlNode    *parent,
               const char *name)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  qw_xml_foreach_child (parent, name, node)
    {
      g_autofree char *text = qw_xml_get_text (node);

      g_strv_builder_add (builder, g_strstrip (text));
    }
  return g_strv_builder_end (builder);
}

static QwGroupRule *
parse_group (xmlNode *node)
{
  QwGroupRule *g = g_new0 (QwGroupRule, 1);
  g_autofree char *kind = qw_xml_get_prop (node, "kind");
  g_autofree char *sex = qw_xml_get_prop (node, "sex");

  g->code = qw_xml_get_prop (node, "code");
  g->category = qw_xml_get_prop (node, "category");
  g->name = qw_xml_child_text (node, "name");
  g->short_name = qw_xml_child_text (node, "short");
  g->aliases = collect_texts (node, "alias");
  g->kind = g_strcmp0 (kind, "formal") == 0 ? QW_GROUP_FORMAL
          : g_strcmp0 (kind, "display") == 0 ? QW_GROUP_DISPLAY : QW_GROUP_LOCAL;
  g->sex = qw_sex_parse (sex);
  g->born_from = prop_date (node, "born-from");
  g->born_to = prop_date (node, "born-to");
  return g;
}

static void
parse_groups (QwRuleset *self,
              xmlNode   *groups)
{
  xmlNode *categories = qw_xml_first_child (groups, "categories");

  self->groups = g_ptr_array_new_with_free_func (group_rule_free);
  qw_xml_foreach_child (groups, "group", node)
    g_ptr_array_add (self->groups, parse_group (node));

  self->categories = g_ptr_array_new_with_free_func (category_free);
  qw_xml_foreach_child (categories, "category", node)
    {
      QwCategory *c = g_new0 (QwCategory, 1);

      c->code = qw_xml_get_prop (node, "code");
      c->name = qw_xml_get_text (node);
      g_ptr_array_add (self->categories, c);
    }
}

/* A <scoring> element: the document's (over the board) or the ladder's. A
 * game left under way scores as a forfeit unless the element says otherwise. */
static void
parse_scoring (double   scores[QW_N_SCORES],
               xmlNode *node)
{
  static const char *names[QW_N_SCORES] = {
    "red-win", "red-draw", "red-loss", "black-win", "black-draw", "black-loss",
    "bye", "forfeit-win", "forfeit-loss", "left", "left-opponent",
  };

  for (guint i = 0; i < QW_SCORE_LEFT; i++)
    scores[i] = qw_xml_get_prop_double (node, names[i], 0);
  scores[QW_SCORE_LEFT] = qw_xml_get_prop_double (node, names[QW_SCORE_LEFT], scores[QW_SCORE_FORFEIT_LOSS]);
  scores[QW_SCORE_LEFT_OPPONENT] = qw_xml_get_prop_double (node, names[QW_SCORE_LEFT_OPPONENT],
                                                           scores[QW_SCORE_FORFEIT_WIN]);
}

static void
parse_play (QwRuleset *self,
            xmlNode   *node)
{
  self->swiss_first_round = qw_xml_get_prop (node, "swiss-first-round");
  self->swiss_tiebreaks = qw_xml_get_prop (node, "swiss-tiebreaks");
  self->round_robin_tiebreaks = qw_xml_get_prop (node, "round-robin-tiebreaks");
  self->unit_avoid = qw_xml_get_prop (node, "unit-avoid");
  self->forfeit_limit = qw_xml_get_prop_int (node, "forfeit-limit", 2);
  self->forfeit_counts_as_met = qw_xml_get_prop_bool (node, "forfeit-counts-as-met", TRUE);
  self->max_same_colour_run = qw_xml_get_prop_int (node, "max-same-colour-run", 2);
  self->max_colour_difference = qw_xml_get_prop_int (node, "max-colour-difference", 2);
}

static QwQuotaTier *
parse_tier (xmlNode *node)
{
  QwQuotaTier *t = g_new0 (QwQuotaTier, 1);

  t->id = qw_xml_get_prop (node, "id");
  t->valid_stops = qw_xml_get_prop_int (node, "valid-stops", 0);
  t->participants = qw_xml_get_prop_int (node, "participants", 0);
  t->needs_final = qw_xml_get_prop_bool (node, "provincial-final", TRUE);
  t->leader = qw_xml_get_prop_int (node, "leader", 0);
  t->lines = g_ptr_array_new_with_free_func (quota_line_free);
  qw_xml_foreach_child (node, "line", line_node)
    {
      QwQuotaLine *l = g_new0 (QwQuotaLine, 1);

      l->group = qw_xml_get_prop (line_node, "group");
      l->label = g_strstrip (qw_xml_get_text (line_node));
      l->min = qw_xml_get_prop_int (line_node, "min", 0);
      l->max = qw_xml_get_prop_int (line_node, "max", 0);
      g_ptr_array_add (t->lines, l);
    }
  return t;
}

static QwBonusRule *
parse_bonus (xmlNode *node)
{
  QwBonusRule *b = g_new0 (QwBonusRule, 1);
  g_autofree char *per = qw_xml_get_prop (node, "per");

  b->reason = qw_xml_get_prop (node, "reason");
  b->label = g_strstrip (qw_xml_get_text (node));
  b->honour = qw_xml_get_prop (node, "honour");
  b->host_level = qw_xml_get_prop (node, "host-level");
  b->groups = qw_xml_get_prop (node, "groups");
  b->scope = g_strcmp0 (per, "prefecture") == 0 ? QW_BONUS_PER_PREFECTURE
           : g_strcmp0 (per, "county-city") == 0 ? QW_BONUS_PER_COUNTY_CITY : QW_BONUS_PER_HOST;
  b->min_stops = qw_xml_get_prop_int (node, "min-stops", 1);
  b->places = qw_xml_get_prop_int (node, "places", 0);
  return b;
}

static void
parse_quota (QwRuleset *self,
             xmlNode   *quota)
{
  g_autofree char *participants = qw_xml_get_prop (quota, "participants");
  g_autofree char *bonus_stops = qw_xml_get_prop (quota, "bonus-stops");

  self->participants_include_final = g_strcmp0 (participants, "preliminaries-only") != 0;
  self->bonus_valid_stops_only = g_strcmp0 (bonus_stops, "all") != 0;
  self->tiers = g_ptr_array_new_with_free_func (quota_tier_free);
  qw_xml_foreach_child (quota, "tier", node)
    g_ptr_array_add (self->tiers, parse_tier (node));
  self->otherwise = g_strstrip (qw_xml_child_text (quota, "otherwise"));
  qw_xml_foreach_child (quota, "otherwise", node)
    self->decided_lines = qw_xml_get_prop (node, "decided-lines");
  self->bonuses = g_ptr_array_new_with_free_func (bonus_rule_free);
  qw_xml_foreach_child (quota, "bonus", node)
    g_ptr_array_add (self->bonuses, parse_bonus (node));
}

static void
parse_arbiters (QwRuleset *self,
                xmlNode   *root)
{
  self->arbiter_grades = collect_texts (qw_xml_first_child (root, "arbiter-grades"), "grade");
  self->arbiter_rules = g_ptr_array_new_with_free_func (arbiter_rule_free);
  qw_xml_foreach_child (root, "chief-arbiter", node)
    {
      QwArbiterRule *a = g_new0 (QwArbiterRule, 1);

      a->level = qw_xml_get_prop (node, "level");
      a->min_grade = qw_xml_get_prop (node, "min-grade");
      g_ptr_array_add (self->arbiter_rules, a);
    }
}

static void
parse_event_name (QwRuleset *self,
                  xmlNode   *node)
{
  self->name_prefix = qw_xml_get_prop (node, "prefix");
  self->region_suffix = qw_xml_get_prop (node, "region-suffix");
  self->preliminary_suffix = qw_xml_get_prop (node, "preliminary-suffix");
  self->final_forms = collect_texts (node, "final-form");
  self->admin_suffixes = collect_texts (node, "admin-suffix");
}

/* "10-31" (the schema's month-day) */
static void
parse_month_day (const char *text,
                 int        *month,
                 int        *day)
{
  if (text != NULL && strlen (text) == 5)
    {
      *month = atoi (text);
      *day = atoi (text + 3);
    }
}

static void
parse_misc (QwRuleset *self,
            xmlNode   *root)
{
  xmlNode *node;
  g_autofree char *deadline = NULL;

  node = qw_xml_first_child (root, "eligibility");
  self->escort_age = qw_xml_get_prop_int (node, "escort-age", 70);
  self->barred_titles = collect_texts (node, "barred-title");
  {
    g_autofree char *scope = qw_xml_get_prop (node, "duplicate-id");

    self->duplicates_per_group = g_strcmp0 (scope, "group") == 0;
  }

  /* 七(三)3. Without the element: any document, none required. */
  node = qw_xml_first_child (root, "documents");
  self->document_required = node != NULL && qw_xml_get_prop_bool (node, "required", FALSE);
  self->accepted_documents = node != NULL ? collect_texts (node, "accept")
                                          : g_strdupv ((char *[]) { (char *) "resident", (char *) "other", NULL });

  /* Without the element: the issue-9 default. */
  node = qw_xml_first_child (root, "pairing-gate");
  self->pairing_blocks = node != NULL ? collect_texts (node, "block")
                                      : g_strdupv ((char *[]) { (char *) "too-strong", (char *) "duplicate-id",
                                                                (char *) "missing-name",
                                                                (char *) "document-not-accepted",
                                                                (char *) "late-entry", NULL });

  node = qw_xml_first_child (root, "recommend");
  self->recommend_min_rounds = qw_xml_get_prop_int (node, "min-rounds", 0);
  self->recommend_min_minutes = qw_xml_get_prop_int (node, "min-minutes-per-round", 0);
  self->recommend_increment = qw_xml_get_prop_bool (node, "increment", FALSE);

  node = qw_xml_first_child (root, "valid-stop");
  self->valid_stop_min_players = qw_xml_get_prop_int (node, "min-players", 20);

  node = qw_xml_first_child (root, "provincial-final");
  deadline = qw_xml_get_prop (node, "deadline");
  parse_month_day (deadline, &self->final_deadline_month, &self->final_deadline_day);
  self->final_after_preliminaries = qw_xml_get_prop_bool (node, "after-all-preliminaries", TRUE);
  g_clear_pointer (&deadline, g_free);

  node = qw_xml_first_child (root, "region-rules");
  deadline = qw_xml_get_prop (node, "deadline");
  parse_month_day (deadline, &self->rules_deadline_month, &self->rules_deadline_day);

  node = qw_xml_first_child (root, "team");
  self->team_best = qw_xml_get_prop_int (node, "best", 7);
}

/* Checks what the schema cannot express: birth ranges in order, categories known. */
static gboolean
check_semantics (QwRuleset  *self,
                 const char *display_name,
                 GError    **error)
{
  for (guint i = 0; i < self->groups->len; i++)
    {
      QwGroupRule *g = g_ptr_array_index (self->groups, i);
      g_autoptr(GError) code_error = NULL;

      if (!qw_group_code_check (g->code, &code_error))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, "%s: %s", display_name, code_error->message);
          return FALSE;
        }
      if (qw_date_is_set (g->born_from) && qw_date_is_set (g->born_to)
          && qw_date_compare (g->born_from, g->born_to) > 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s ends before it starts (born-from is after born-to)"),
                       display_name, g->code);
          return FALSE;
        }
      if (qw_ruleset_category_name (self, g->category) == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s names an unknown category %s"),
                       display_name, g->code, g->category);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * qw_ruleset_load_memory:
 * @display_name: the file's name, for messages
 * @path: (nullable): where it was read from, kept as its path
 *
 * Parses and validates a ruleset against data/rulesets/ruleset.xsd. Errors
 * name the file, the line and the problem.
 */
QwRuleset *
qw_ruleset_load_memory (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        const char  *path,
                        GError     **error)
{
  g_autofree char *schema = qw_data_file ("rulesets", "ruleset.xsd", NULL);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(QwRuleset) self = NULL;
  xmlNode *root;

  if (!qw_file_check_size (length, QW_FILE_RULESET, display_name, error))
    return NULL;
  doc = qw_xml_read_memory (data, length, display_name, schema, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  self = g_atomic_rc_box_new0 (QwRuleset);
  self->path = g_strdup (path != NULL ? path : display_name);
  self->id = qw_xml_get_prop (root, "id");
  self->season = qw_xml_get_prop_int (root, "season", 0);
  self->name = g_strstrip (qw_xml_child_text (root, "name"));
  self->source = qw_xml_child_text (root, "source");
  parse_groups (self, qw_xml_first_child (root, "groups"));
  parse_scoring (self->scores, qw_xml_first_child (root, "scoring"));
  parse_play (self, qw_xml_first_child (root, "play"));
  parse_arbiters (self, root);
  parse_quota (self, qw_xml_first_child (root, "quota"));
  parse_event_name (self, qw_xml_first_child (root, "event-name"));
  parse_misc (self, root);
  if (!check_semantics (self, display_name, error))
    return NULL;
  if (!_qw_ruleset_parse_championship (self, root, display_name, error))
    return NULL;
  if (self->ladder != NULL)
    parse_scoring (self->ladder->scores, qw_xml_first_child (qw_xml_first_child (root, "ladder"), "scoring"));
  return g_steal_pointer (&self);
}

/**
 * qw_ruleset_load_file:
 * @path: a ruleset XML file
 *
 * Reads a regular file of at most %QW_RULESET_MAX_BYTES, then as
 * qw_ruleset_load_memory().
 */
QwRuleset *
qw_ruleset_load_file (const char  *path,
                      GError     **error)
{
  g_autofree char *display_name = g_filename_display_basename (path);
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!qw_file_read (path, QW_FILE_RULESET, &data, &length, error))
    return NULL;
  return qw_ruleset_load_memory (data, length, display_name, path, error);
}

/* The folders that hold rulesets, in the order they are searched: the
 * installed ones ($QIWANG_DATA_DIR or the installation's), then the user's
 * own (~/.local/share/qiwang/rulesets), for a season that came out after
 * the release. */
static GStrv
ruleset_dirs (void)
{
  g_autoptr(GStrvBuilder) dirs = g_strv_builder_new ();
  g_autofree char *installed = qw_data_file ("rulesets", NULL);
  g_autofree char *user = g_build_filename (g_get_user_data_dir (), "qiwang", "rulesets", NULL);

  g_strv_builder_add (dirs, installed);
  if (!g_str_equal (installed, user))
    g_strv_builder_add (dirs, user);
  return g_strv_builder_end (dirs);
}

/**
 * qw_ruleset_id_is_valid:
 *
 * Returns: whether @id can name a ruleset: 1 to 64 letters, digits, '-',
 *   '_' or '.', starting with a letter or a digit, and not a file name
 *   (no '/', not ending in .xml)
 */
gboolean
qw_ruleset_id_is_valid (const char *id)
{
  gsize n;

  if (id == NULL || !g_ascii_isalnum (id[0]))
    return FALSE;
  n = strlen (id);
  if (n > 64 || g_str_has_suffix (id, ".xml"))
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return strstr (id, "..") == NULL;
}

/**
 * qw_ruleset_lookup:
 * @id: a ruleset id such as "qiwang-2021"
 *
 * Finds <id>.xml in the installed ruleset folder, then in the user's
 * (~/.local/share/qiwang/rulesets). An id comes from documents and results
 * files, so it is only ever an id: never a path, never a file elsewhere.
 * Loaded rulesets are cached for the process.
 */
QwRuleset *
qw_ruleset_lookup (const char  *id,
                   GError     **error)
{
  G_LOCK_DEFINE_STATIC (cache);
  static GHashTable *cache = NULL;
  g_autofree char *file = NULL;
  g_auto(GStrv) dirs = NULL;
  QwRuleset *found;

  g_return_val_if_fail (id != NULL, NULL);

  if (!qw_ruleset_id_is_valid (id))
    {
      g_autofree char *shown = g_utf8_make_valid (id, MIN (strlen (id), 200));

      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("“%s” is not a ruleset id: an id is a name such as qiwang-2021 (letters, digits, "
                     "“-”, “_” and “.”), never a file"), shown);
      return NULL;
    }

  G_LOCK (cache);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                   (GDestroyNotify) qw_ruleset_unref);
  found = g_hash_table_lookup (cache, id);
  if (found != NULL)
    {
      found = qw_ruleset_ref (found);
      G_UNLOCK (cache);
      return found;
    }
  G_UNLOCK (cache);

  file = g_strconcat (id, ".xml", NULL);
  dirs = ruleset_dirs ();
  for (guint i = 0; dirs[i] != NULL && found == NULL; i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], file, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      found = qw_ruleset_load_file (path, error);
      if (found == NULL)
        return NULL;
    }
  if (found == NULL)
    {
      g_autofree char *folders = g_strjoinv (_("” or “"), dirs);

      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                   _("There is no ruleset “%s” (looked for %s in “%s”)"), id, file, folders);
      return NULL;
    }
  G_LOCK (cache);
  g_hash_table_replace (cache, g_strdup (id), qw_ruleset_ref (found));
  G_UNLOCK (cache);
  return found;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/**
 * qw_ruleset_list_ids:
 *
 * Returns: the ids of the rulesets in every ruleset folder, sorted, each once
 */
char **
qw_ruleset_list_ids (void)
{
  g_auto(GStrv) dirs = ruleset_dirs ();
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[i], 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *id = NULL;

          if (!g_str_has_suffix (name, ".xml"))
            continue;
          id = g_strndup (name, strlen (name) - 4);
          if (qw_ruleset_id_is_valid (id)
              && !g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
            g_ptr_array_add (ids, g_steal_pointer (&id));
        }
    }
  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
}

const QwGroupRule *
qw_ruleset_find_group (const QwRuleset *self,
                       const char      *code)
{
  if (code == NULL)
    return NULL;
  for (guint i = 0; i < self->groups->len; i++)
    {
      const QwGroupRule *g = g_ptr_array_index (self->groups, i);

      if (g_str_equal (g->code, code))
        return g;
    }
  return NULL;
}

static gboolean
group_has_name (const QwGroupRule *g,
                const char        *text)
{
  return g_str_equal (g->code, text) || g_str_equal (g->name, text)
         || g_str_equal (g->short_name, text) || g_strv_contains ((const char * const *) g->aliases, text);
}

/* A group's name as a list in traditional characters writes it (公開組,
 * 老年組, 兒童組): the characters of the groups' names and aliases in their
 * simplified form, so that such an entry lands in its group rather than in a
 * new group of its own that the pairing of the real one never sees. */
static char *
simplify_group_name (const char *text)
{
  static const gunichar pairs[][2] = {
    { 0x958B, 0x5F00 } /* 開 开 */, { 0x7D44, 0x7EC4 } /* 組 组 */, { 0x5152, 0x513F } /* 兒 儿 */,
    { 0x696D, 0x4E1A } /* 業 业 */, { 0x9577, 0x957F } /* 長 长 */, { 0x96D9, 0x53CC } /* 雙 双 */,
    { 0x89AA, 0x4EB2 } /* 親 亲 */, { 0x500B, 0x4E2A } /* 個 个 */, { 0x5718, 0x56E2 } /* 團 团 */,
    { 0x9AD4, 0x4F53 } /* 體 体 */, { 0x8CFD, 0x8D5B } /* 賽 赛 */, { 0x5E2B, 0x5E08 } /* 師 师 */,
    { 0x91AB, 0x533B } /* 醫 医 */, { 0x5354, 0x534F } /* 協 协 */, { 0x6703, 0x4F1A } /* 會 会 */,
    { 0x8077, 0x804C } /* 職 职 */, { 0x9F61, 0x9F84 } /* 齡 龄 */, { 0x6B72, 0x5C81 } /* 歲 岁 */,
    { 0x9918, 0x4F59 } /* 餘 余 */, { 0x7D1A, 0x7EA7 } /* 級 级 */,
  };
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
        if (pairs[i][0] == c)
          {
            c = pairs[i][1];
            break;
          }
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/**
 * qw_ruleset_match_group_name:
 * @text: a group as typed: a code ("open-m"), a name ("公开组男子"), an alias, or a
 *   category name ("公开组", "少年组") which @sex completes
 *
 * Returns: (nullable): the group, or %NULL if the text names none of the ruleset's groups
 */
const QwGroupRule *
qw_ruleset_match_group_name (const QwRuleset *self,
                             const char      *text,
                             QwSex            sex)
{
  g_autofree char *t = NULL;

  if (text == NULL)
    return NULL;
  t = simplify_group_name (text);
  g_strstrip (t);
  if (*t == '\0')
    return NULL;
  for (guint i = 0; i < self->groups->len; i++)
    {
      const QwGroupRule *g = g_ptr_array_index (self->groups, i);

      if (group_has_name (g, t))
        return g;
    }
  /* A category ("公开组", "open") plus the sex picks the group. */
  for (guint i = 0; i < self->groups->len; i++)
    {
      const QwGroupRule *g = g_ptr_array_index (self->groups, i);
      const char *category_name = qw_ruleset_category_name (self, g->category);

      if ((g_strcmp0 (category_name, t) == 0 || g_str_equal (g->category, t))
          && (g->sex == QW_SEX_UNKNOWN || g->sex == sex))
        return g;
    }
  return NULL;
}

static gboolean
birth_in_range (const QwGroupRule *g,
                QwDate             birth)
{
  if (qw_date_is_set (g->born_from) && qw_date_compare (birth, g->born_from) < 0)
    return FALSE;
  if (qw_date_is_set (g->born_to) && qw_date_compare (birth, g->born_to) > 0)
    return FALSE;
  return TRUE;
}

/**
 * qw_ruleset_group_for:
 *
 * The formal group that a date of birth and a sex fall in, or %NULL. A
 * formal group without a sex takes either (the 2022 individual field).
 */
const QwGroupRule *
qw_ruleset_group_for (const QwRuleset *self,
                      QwDate           birth,
                      QwSex            sex)
{
  if (!qw_date_is_set (birth) || sex == QW_SEX_UNKNOWN)
    return NULL;
  for (guint i = 0; i < self->groups->len; i++)
    {
      const QwGroupRule *g = g_ptr_array_index (self->groups, i);

      if (g->kind == QW_GROUP_FORMAL && (g->sex == sex || g->sex == QW_SEX_UNKNOWN) && birth_in_range (g, birth))
        return g;
    }
  return NULL;
}

static const char *
qw_ruleset_category_name (const QwRuleset *self,
                          const char      *code)
{
  if (code == NULL)
    return NULL;
  for (guint i = 0; i < self->categories->len; i++)
    {
      const QwCategory *c = g_ptr_array_index (self->categories, i);

      if (g_str_equal (c->code, code))
        return c->name;
    }
  return NULL;
}

gboolean
qw_ruleset_is_barred_title (const QwRuleset *self,
                            const char      *grade)
{
  if (grade == NULL || *grade == '\0')
    return FALSE;
  for (guint i = 0; self->barred_titles[i] != NULL; i++)
    if (strstr (grade, self->barred_titles[i]) != NULL)
      return TRUE;
  return FALSE;
}

gboolean
qw_ruleset_accepts_document (const QwRuleset *self,
                             const char      *kind)
{
  return kind != NULL && g_strv_contains ((const char * const *) self->accepted_documents, kind);
}

gboolean
qw_ruleset_blocks_pairing (const QwRuleset *self,
                           const char      *code)
{
  return code != NULL && g_strv_contains ((const char * const *) self->pairing_blocks, code);
}

/* 0 for the highest grade; -1 when the text names no known grade. A grade such
 * as "国家级裁判" matches "国家级". */
int
qw_ruleset_arbiter_grade_rank (const QwRuleset *self,
                               const char      *grade)
{
  if (grade == NULL)
    return -1;
  for (int i = 0; self->arbiter_grades[i] != NULL; i++)
    if (strstr (grade, self->arbiter_grades[i]) != NULL)
      return i;
  return -1;
}

const char *
qw_ruleset_min_arbiter_grade (const QwRuleset *self,
                              const char      *level)
{
  for (guint i = 0; i < self->arbiter_rules->len; i++)
    {
      const QwArbiterRule *a = g_ptr_array_index (self->arbiter_rules, i);

      if (g_strcmp0 (a->level, level) == 0)
        return a->min_grade;
    }
  return NULL;
}

/* The display name of a group code, falling back to the code itself for local
 * groups that the ruleset does not know. */
char *
qw_ruleset_group_label (const QwRuleset *self,
                        const char      *code)
{
  const QwGroupRule *g = qw_ruleset_find_group (self, code);

  if (g != NULL)
    return g_strdup (g->name);
  return g_strdup (code != NULL ? code : "");
}

/**
 * qw_ruleset_final_deadline:
 * @day: a day of the event, for the year when the ruleset names no season
 *
 * Returns: the last day a provincial final may be held (seed 002 §四(二):
 *   10-31 of the season), or an unset date when the ruleset has no deadline
 */
QwDate
qw_ruleset_final_deadline (const QwRuleset *self,
                           QwDate           day)
{
  int year = self->season > 0 ? self->season : day.year;

  if (self->final_deadline_month <= 0 || year <= 0)
    return QW_DATE_NONE;
  return qw_date_make (year, self->final_deadline_month, self->final_deadline_day);
}

/**
 * qw_ruleset_rules_deadline:
 *
 * Returns: the day by which a region publishes its competition rules (seed
 *   002 §七(二)1: 05-15 of the season), or an unset date without that rule
 */
QwDate
qw_ruleset_rules_deadline (const QwRuleset *self)
{
  if (self->rules_deadline_month <= 0 || self->season <= 0)
    return QW_DATE_NONE;
  return qw_date_make (self->season, self->rules_deadline_month, self->rules_deadline_day);
}
