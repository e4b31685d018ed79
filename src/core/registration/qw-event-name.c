/* qw-event-name.c: the official event names of seed 002 §四
 *
 * The scheme accepts three forms for a preliminary hosted in 广东省惠州市惠东县白花镇:
 *   1. 2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县白花镇预选赛
 *   2. 2021年第六届全国象棋业余棋王赛广东赛区惠东（县）白花镇预选赛
 *   3. 2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛
 * and its §四(三) example "广东赛区惠州预选赛" also uses the bare place name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-event-name"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-event-name.h"
#include "qw-event.h"

static gboolean
is_empty (const char *s)
{
  return s == NULL || *s == '\0';
}

/* The administrative suffix a place name ends with (市, 县, 镇, …), or NULL. */
static const char *
admin_suffix (const QwRuleset *ruleset,
              const char      *place)
{
  for (guint i = 0; ruleset->admin_suffixes[i] != NULL; i++)
    {
      const char *suffix = ruleset->admin_suffixes[i];

      if (g_str_has_suffix (place, suffix) && strlen (place) > strlen (suffix))
        return suffix;
    }
  return NULL;
}

static char *
qw_place_stem (const QwRuleset *ruleset,
               const char      *place)
{
  const char *suffix = admin_suffix (ruleset, place);

  if (suffix == NULL)
    return g_strdup (place);
  return g_strndup (place, strlen (place) - strlen (suffix));
}

/* 惠东县 → 惠东（县） */
char *
qw_place_bracketed (const QwRuleset *ruleset,
                    const char      *place)
{
  const char *suffix = admin_suffix (ruleset, place);
  g_autofree char *stem = NULL;

  if (suffix == NULL)
    return g_strdup (place);
  stem = qw_place_stem (ruleset, place);
  return g_strdup_printf ("%s（%s）", stem, suffix);
}

/* The non-empty levels of the place chain, from the largest down. */
static GPtrArray *
place_levels (const QwEvent *event)
{
  GPtrArray *levels = g_ptr_array_new ();
  const char *chain[] = { event->place_city, event->place_county, event->place_town };

  for (guint i = 0; i < G_N_ELEMENTS (chain); i++)
    if (!is_empty (chain[i]))
      g_ptr_array_add (levels, (gpointer) chain[i]);
  return levels;
}

static char *
place_in_form (const QwRuleset *ruleset,
               const QwEvent   *event,
               QwNameForm       form)
{
  g_autoptr(GPtrArray) levels = place_levels (event);
  guint n = levels->len;
  g_autofree char *bracketed = NULL;

  if (n == 0)
    return NULL;
  switch (form)
    {
    case QW_NAME_FORM_FULL:
      g_ptr_array_add (levels, NULL);
      return g_strjoinv ("", (char **) levels->pdata);
    case QW_NAME_FORM_LAST_TWO:
      if (n < 2)
        return NULL;
      bracketed = qw_place_bracketed (ruleset, g_ptr_array_index (levels, n - 2));
      return g_strconcat (bracketed, g_ptr_array_index (levels, n - 1), NULL);
    case QW_NAME_FORM_LAST_ONE:
      return qw_place_bracketed (ruleset, g_ptr_array_index (levels, n - 1));
    case QW_N_NAME_FORMS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* "<prefix><region><赛区>"; a national final (the 2022 final) belongs to
 * no region: the prefix alone. */
static char *
name_head (const QwRuleset *ruleset,
           const QwEvent   *event)
{
  if (event->level == QW_LEVEL_NATIONAL_FINAL)
    return g_strdup (ruleset->name_prefix);
  return g_strconcat (ruleset->name_prefix, event->region != NULL ? event->region : "",
                      ruleset->region_suffix, NULL);
}

/**
 * qw_event_name_build:
 *
 * Returns: (nullable): the name in the given form, or %NULL when the place
 *   chain is too short for it. A provincial final gets "…广东赛区省决赛" in
 *   every form.
 */
char *
qw_event_name_build (const QwRuleset *ruleset,
                     const QwEvent   *event,
                     QwNameForm       form)
{
  g_autofree char *head = name_head (ruleset, event);
  g_autofree char *place = NULL;

  if (event->level != QW_LEVEL_PRELIMINARY)
    return g_strconcat (head, ruleset->final_forms[0] != NULL ? ruleset->final_forms[0] : "", NULL);
  place = place_in_form (ruleset, event, form);
  if (place == NULL)
    return NULL;
  return g_strconcat (head, place, ruleset->preliminary_suffix, NULL);
}

/* The distinct names the event may carry, in the scheme's order. */
GStrv
qw_event_name_forms (const QwRuleset *ruleset,
                     const QwEvent   *event)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (int form = 0; form < QW_N_NAME_FORMS; form++)
    {
      char *name = qw_event_name_build (ruleset, event, (QwNameForm) form);

      if (name == NULL || g_ptr_array_find_with_equal_func (seen, name, g_str_equal, NULL))
        {
          g_free (name);
          continue;
        }
      g_strv_builder_add (builder, name);
      g_ptr_array_add (seen, name);
    }
  return g_strv_builder_end (builder);
}

/**
 * qw_event_name_form_of:
 * @name: (nullable): a name
 *
 * Returns: the form (QwNameForm) in which @event's place gives @name, or -1
 *   when @name is none of them
 */
int
qw_event_name_form_of (const QwRuleset *ruleset,
                       const QwEvent   *event,
                       const char      *name)
{
  if (is_empty (name))
    return -1;
  for (int form = 0; form < QW_N_NAME_FORMS; form++)
    {
      g_autofree char *built = qw_event_name_build (ruleset, event, (QwNameForm) form);

      if (built != NULL && g_str_equal (built, name))
        return form;
    }
  return -1;
}

static gboolean
place_is_accepted (const QwRuleset *ruleset,
                   const QwEvent   *event,
                   const char      *place)
{
  g_autoptr(GPtrArray) levels = place_levels (event);
  g_autofree char *stem = NULL;

  for (int form = 0; form < QW_N_NAME_FORMS; form++)
    {
      g_autofree char *candidate = place_in_form (ruleset, event, (QwNameForm) form);

      if (candidate != NULL && g_str_equal (candidate, place))
        return TRUE;
    }
  if (levels->len == 0)
    return TRUE;
  stem = qw_place_stem (ruleset, g_ptr_array_index (levels, levels->len - 1));
  return g_str_equal (stem, place);
}

static void
check_place (const QwRuleset *ruleset,
             const QwEvent   *event,
             const char      *rest,
             GPtrArray       *problems)
{
  g_autofree char *place = NULL;
  g_autoptr(GPtrArray) levels = place_levels (event);

  if (!g_str_has_suffix (rest, ruleset->preliminary_suffix))
    {
      g_ptr_array_add (problems, g_strdup_printf (_("A preliminary’s name must end with “%s”"),
                                                  ruleset->preliminary_suffix));
      return;
    }
  place = g_strndup (rest, strlen (rest) - strlen (ruleset->preliminary_suffix));
  if (*place == '\0')
    g_ptr_array_add (problems, g_strdup (_("The name does not say where the preliminary is held")));
  else if (strchr (place, '(') != NULL || strchr (place, ')') != NULL)
    g_ptr_array_add (problems, g_strdup (_("Use full-width brackets （） around the level, as in 惠东（县）")));
  else if (levels->len > 0 && !place_is_accepted (ruleset, event, place))
    g_ptr_array_add (problems,
                     g_strdup_printf (_("“%s” is not one of the accepted forms of the host place"), place));
}

/**
 * qw_event_name_check:
 * @name: the name as typed
 *
 * Returns: (transfer full) (element-type utf8): one message per deviation from
 *   the scheme's pattern; empty when the name is correct.
 */
GPtrArray *
qw_event_name_check (const QwRuleset *ruleset,
                     const QwEvent   *event,
                     const char      *name)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *head = name_head (ruleset, event);
  const char *rest;

  if (is_empty (name))
    {
      g_ptr_array_add (problems, g_strdup (_("The event has no name")));
      return problems;
    }
  if (!g_str_has_prefix (name, ruleset->name_prefix))
    {
      g_ptr_array_add (problems, g_strdup_printf (_("The name must begin with “%s”"), ruleset->name_prefix));
      return problems;
    }
  if (!g_str_has_prefix (name, head))
    {
      g_ptr_array_add (problems,
                       g_strdup_printf (_("After the championship’s name comes the region: “%s%s”"),
                                        is_empty (event->region) ? _("<province>") : event->region,
                                        ruleset->region_suffix));
      return problems;
    }
  rest = name + strlen (head);
  if (event->level == QW_LEVEL_PRELIMINARY)
    check_place (ruleset, event, rest, problems);
  else if (!g_strv_contains ((const char * const *) ruleset->final_forms, rest))
    g_ptr_array_add (problems,
                     g_strdup_printf (event->level == QW_LEVEL_NATIONAL_FINAL ? _("The final is named “%s%s”")
                                                                              : _("A provincial final is named “%s%s”"),
                                      head,
                                      ruleset->final_forms[0] != NULL ? ruleset->final_forms[0] : ""));
  return problems;
}

/* The champion's title, "<place>棋王" (seed 002 §七(六)): the host place's
 * smallest level in its bare form, 白花镇 → 白花镇棋王; for a provincial final,
 * the region. */
char *
qw_event_champion_title (const QwRuleset *ruleset,
                         const QwEvent   *event)
{
  g_autoptr(GPtrArray) levels = place_levels (event);

  if (event->level != QW_LEVEL_PRELIMINARY || levels->len == 0)
    return g_strconcat (is_empty (event->region) ? "" : event->region, "棋王", NULL);
  return g_strconcat (g_ptr_array_index (levels, levels->len - 1), "棋王", NULL);
}
