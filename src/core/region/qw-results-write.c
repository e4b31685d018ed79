/* qw-results-write.c: the results file (成绩表) written, sealed, and read
 * back before it is handed out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results-file"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-output.h"
#include "qw-idcard.h"
#include "qw-results-file.h"
#include "qw-xml-seal.h"

#define RESULTS_NS "https://qiwang.cn/ns/results/1"
#define RESULTS_VERSION 1

/* Writing */

static void
append_double_attr (GString    *out,
                    const char *name,
                    double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  qw_xml_append_attr (out, name, g_ascii_formatd (buffer, sizeof buffer, "%.15g", value));
}

static void
append_date_attr (GString    *out,
                  const char *name,
                  QwDate      date)
{
  char iso[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (date))
    return;
  qw_date_to_iso (date, iso);
  qw_xml_append_attr (out, name, iso);
}

static void
write_event (GString         *out,
             const QwResults *results)
{
  const QwEvent *e = results->event;
  g_auto(GStrv) honours = NULL;
  g_autofree char *honour_text = g_strdup (e->honours != NULL ? e->honours : "");

  g_string_append (out, "    <event");
  qw_xml_append_attr (out, "uid", results->uid);
  qw_xml_append_attr (out, "ruleset", e->ruleset);
  qw_xml_append_attr (out, "level", qw_level_to_code (e->level));
  qw_xml_append_attr (out, "system", e->system != NULL && e->system[0] != '\0' ? e->system : "swiss");
  qw_xml_append_attr_int (out, "rounds", e->rounds);
  qw_xml_append_attr_int (out, "minutes", e->minutes);
  qw_xml_append_attr_int (out, "increment", e->increment);
  g_string_append (out, ">\n");
  qw_xml_append_element (out, "      ", "name", e->name, FALSE);
  qw_xml_append_element (out, "      ", "region", e->region, FALSE);
  g_string_append (out, "      <place");
  qw_xml_append_attr (out, "city", e->place_city != NULL ? e->place_city : "");
  qw_xml_append_attr (out, "county", e->place_county != NULL ? e->place_county : "");
  qw_xml_append_attr (out, "town", e->place_town != NULL ? e->place_town : "");
  g_string_append (out, "/>\n      <host");
  qw_xml_append_attr (out, "level", qw_host_level_to_code (e->host_level));
  qw_xml_append_attr (out, "prefecture", e->prefecture != NULL ? e->prefecture : "");
  qw_xml_append_attr (out, "county-city", e->county_city != NULL ? e->county_city : "");
  g_string_append_c (out, '>');
  qw_xml_append_escaped (out, e->host);
  g_string_append (out, "</host>\n");
  g_strdelimit (honour_text, ";；,，", ';');
  honours = g_strsplit (honour_text, ";", -1);
  for (guint i = 0; honours[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (honours[i], "、", -1);

      for (guint j = 0; parts[j] != NULL; j++)
        qw_xml_append_element (out, "      ", "honour", g_strstrip (parts[j]), TRUE);
    }
  g_string_append (out, "      <dates");
  append_date_attr (out, "start", e->start_date);
  append_date_attr (out, "end", e->end_date);
  g_string_append (out, "/>\n");
  qw_xml_append_element (out, "      ", "venue", e->venue, TRUE);
  qw_xml_append_element (out, "      ", "organiser", e->organiser, TRUE);
  g_string_append (out, "      <chief-arbiter");
  qw_xml_append_attr (out, "grade", e->chief_arbiter_grade != NULL ? e->chief_arbiter_grade : "");
  g_string_append_c (out, '>');
  qw_xml_append_escaped (out, e->chief_arbiter);
  g_string_append (out, "</chief-arbiter>\n    </event>\n");
}

static void
write_player (GString       *out,
              const QwEntry *e,
              gboolean       public_form)
{
  g_autofree char *masked = public_form ? qw_idcard_mask (e->id_number) : NULL;

  g_string_append (out, "      <player");
  qw_xml_append_attr_int (out, "no", e->no);
  qw_xml_append_attr (out, "name", e->name != NULL ? e->name : "");
  qw_xml_append_attr (out, "sex", qw_sex_to_code (e->sex) != NULL ? qw_sex_to_code (e->sex) : "");
  if (!public_form)
    qw_xml_append_attr (out, "birth", e->birth != NULL ? e->birth : "");
  qw_xml_append_attr (out, "id", public_form ? masked : (e->id_number != NULL ? e->id_number : ""));
  qw_xml_append_attr (out, "id-kind", qw_doc_kind_to_code (e->doc_kind));
  qw_xml_append_attr (out, "unit", e->unit != NULL ? e->unit : "");
  qw_xml_append_attr (out, "grade", e->grade != NULL ? e->grade : "");
  qw_xml_append_attr (out, "declared-group", e->declared_group != NULL ? e->declared_group : "");
  qw_xml_append_attr (out, "status", qw_entry_status_to_code (e->status));
  qw_xml_append_attr_int (out, "rating", e->rating);
  g_string_append (out, "/>\n");
}

static void
write_game (GString             *out,
            const QwResultsGame *g)
{
  g_string_append (out, "      <game");
  qw_xml_append_attr_int (out, "round", g->round);
  qw_xml_append_attr_int (out, "board", g->board);
  qw_xml_append_attr_int (out, "red", g->red);
  if (g->black > 0)
    qw_xml_append_attr_int (out, "black", g->black);
  qw_xml_append_attr (out, "result", g->result != NULL ? g->result : "");
  qw_xml_append_attr_int (out, "red-fouls", g->red_fouls);
  qw_xml_append_attr_int (out, "black-fouls", g->black_fouls);
  qw_xml_append_attr (out, "playoff", g->playoff != NULL ? g->playoff : "");
  qw_xml_append_attr (out, "armageddon", g->armageddon ? "true" : "false");
  g_string_append (out, "/>\n");
}

static void
write_absence (GString                *out,
               const QwResultsAbsence *a)
{
  g_string_append (out, "      <absence");
  qw_xml_append_attr_int (out, "no", a->no);
  qw_xml_append_attr_int (out, "round", a->round);
  qw_xml_append_attr (out, "kind", qw_absence_kind_to_code (a->kind));
  append_double_attr (out, "points", a->points);
  g_string_append (out, "/>\n");
}

static void
write_standing (GString                 *out,
                const QwResultsStanding *s)
{
  g_autoptr(GString) values = g_string_new (NULL);

  for (guint i = 0; i < s->tiebreaks->len; i++)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      if (i > 0)
        g_string_append_c (values, ' ');
      g_string_append (values, g_ascii_formatd (buffer, sizeof buffer, "%.15g",
                                                g_array_index (s->tiebreaks, double, i)));
    }
  g_string_append (out, "      <standing");
  /* No place (excluded, a late entry not admitted): no rank at all. */
  if (s->rank > 0)
    qw_xml_append_attr_int (out, "rank", s->rank);
  qw_xml_append_attr_int (out, "no", s->no);
  append_double_attr (out, "points", s->points);
  qw_xml_append_attr (out, "tiebreaks", values->str);
  g_string_append (out, "/>\n");
}

static void
write_group (GString              *out,
             const QwResultsGroup *group,
             gboolean              public_form)
{
  g_string_append (out, "    <group");
  qw_xml_append_attr (out, "code", group->code);
  qw_xml_append_attr (out, "name", group->name);
  qw_xml_append_attr (out, "system", group->system);
  qw_xml_append_attr_int (out, "rounds", group->rounds);
  g_string_append (out, ">\n");
  for (guint i = 0; group->tiebreak_codes[i] != NULL; i++)
    {
      g_string_append (out, "      <tiebreak");
      qw_xml_append_attr (out, "code", group->tiebreak_codes[i]);
      g_string_append_c (out, '>');
      if (group->tiebreak_names != NULL && i < g_strv_length (group->tiebreak_names))
        qw_xml_append_escaped (out, group->tiebreak_names[i]);
      g_string_append (out, "</tiebreak>\n");
    }
  for (guint i = 0; i < group->players->len; i++)
    write_player (out, g_ptr_array_index (group->players, i), public_form);
  for (guint i = 0; i < group->games->len; i++)
    write_game (out, g_ptr_array_index (group->games, i));
  for (guint i = 0; i < group->absences->len; i++)
    write_absence (out, &g_array_index (group->absences, QwResultsAbsence, i));
  for (guint i = 0; i < group->standings->len; i++)
    write_standing (out, g_ptr_array_index (group->standings, i));
  g_string_append (out, "    </group>\n");
}

static void
write_certificate (GString                    *out,
                   const QwResultsCertificate *c)
{
  g_string_append (out, "    <certificate");
  qw_xml_append_attr (out, "code", c->code);
  qw_xml_append_attr (out, "group", c->group);
  qw_xml_append_attr_int (out, "no", c->no);
  qw_xml_append_attr_int (out, "place", c->place);
  qw_xml_append_attr (out, "title", c->title);
  g_string_append (out, "/>\n");
}

/**
 * qw_results_to_xml:
 * @public_form: mask ID numbers and leave out dates of birth
 * @digest: (out) (optional): the digest written into the file
 *
 * Returns: the results file's text
 */
char *
qw_results_to_xml (const QwResults  *results,
                   gboolean          public_form,
                   char            **digest,
                   GError          **error)
{
  g_autoptr(GString) content = g_string_new ("  <content>\n");
  g_autoptr(GString) attrs = g_string_new (NULL);
  g_autoptr(QwResults) check = NULL;
  g_autoptr(GError) local_error = NULL;
  char *text;

  g_return_val_if_fail (results->uid != NULL, NULL);

  write_event (content, results);
  for (guint i = 0; i < results->groups->len; i++)
    write_group (content, g_ptr_array_index (results->groups, i), public_form);
  for (guint i = 0; i < results->certificates->len; i++)
    write_certificate (content, g_ptr_array_index (results->certificates, i));
  g_string_append (content, "  </content>\n");
  qw_xml_append_attr (attrs, "xmlns", RESULTS_NS);
  qw_xml_append_attr_int (attrs, "version", RESULTS_VERSION);
  qw_xml_append_attr (attrs, "form", public_form ? "public" : "private");
  qw_xml_append_attr (attrs, "generator", PACKAGE_NAME " " PACKAGE_VERSION);
  text = qw_xml_seal ("results", attrs->str, content->str, digest, error);
  /* Never hand out a file that Qiwang itself would refuse. */
  if (text != NULL && (check = qw_results_read_memory (text, strlen (text), _("the results file"),
                                                       &local_error)) == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The results cannot be exported: %s"), local_error->message);
      g_clear_pointer (&text, g_free);
      if (digest != NULL)
        g_clear_pointer (digest, g_free);
    }
  return text;
}

gboolean
qw_results_write_file (const QwResults  *results,
                       const char       *path,
                       gboolean          public_form,
                       GError          **error)
{
  g_autofree char *text = qw_results_to_xml (results, public_form, NULL, error);

  if (text == NULL)
    return FALSE;
  /* Never half a file; the private form (full ID numbers, dates of birth)
   * for its owner's eyes only. */
  return qw_output_replace_contents (path, text, -1, public_form ? QW_OUTPUT_PUBLIC : QW_OUTPUT_PRIVATE, error);
}
