/* test-event-name.c: the names of seed 002 §四
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-event-name.h"
#include "qw-event.h"

static QwRuleset *ruleset;

static QwEvent *
baihua (void)
{
  QwEvent *e = qw_event_new ();

  e->region = g_strdup ("广东");
  e->place_city = g_strdup ("惠州市");
  e->place_county = g_strdup ("惠东县");
  e->place_town = g_strdup ("白花镇");
  return e;
}

static void
test_three_forms (void)
{
  g_autoptr(QwEvent) e = baihua ();
  g_auto(GStrv) forms = qw_event_name_forms (ruleset, e);

  g_assert_cmpuint (g_strv_length (forms), ==, 3);
  g_assert_cmpstr (forms[0], ==, "2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县白花镇预选赛");
  g_assert_cmpstr (forms[1], ==, "2021年第六届全国象棋业余棋王赛广东赛区惠东（县）白花镇预选赛");
  g_assert_cmpstr (forms[2], ==, "2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  for (guint i = 0; forms[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) problems = qw_event_name_check (ruleset, e, forms[i]);
      g_assert_cmpuint (problems->len, ==, 0);
    }
}

static void
test_city_stop (void)
{
  g_autoptr(QwEvent) e = qw_event_new ();
  g_autoptr(GPtrArray) problems = NULL;

  e->region = g_strdup ("广东");
  e->place_city = g_strdup ("惠州市");
  /* The scheme's own example in §四(三). */
  problems = qw_event_name_check (ruleset, e, "2021年第六届全国象棋业余棋王赛广东赛区惠州预选赛");
  g_assert_cmpuint (problems->len, ==, 0);
}

static void
assert_flagged (const char *name)
{
  g_autoptr(QwEvent) e = baihua ();
  g_autoptr(GPtrArray) problems = qw_event_name_check (ruleset, e, name);

  if (problems->len == 0)
    g_error ("“%s” should have been flagged", name);
}

static void
test_flags (void)
{
  assert_flagged ("");
  assert_flagged ("2021年全国象棋业余棋王赛广东赛区白花（镇）预选赛");          /* wrong championship */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广西赛区白花（镇）预选赛");    /* wrong region */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广东白花（镇）预选赛");        /* no 赛区 */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）比赛");      /* no 预选赛 */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广东赛区白花(镇)预选赛");      /* half-width brackets */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广东赛区惠东县预选赛");        /* not one of the forms */
  assert_flagged ("2021年第六届全国象棋业余棋王赛广东赛区预选赛");              /* no place */
}

static void
test_final_and_title (void)
{
  g_autoptr(QwEvent) e = baihua ();
  g_autofree char *name = NULL;
  g_autofree char *title = qw_event_champion_title (ruleset, e);
  g_autoptr(GPtrArray) ok = NULL;
  g_autoptr(GPtrArray) bad = NULL;

  g_assert_cmpstr (title, ==, "白花镇棋王");
  e->level = QW_LEVEL_PROVINCIAL_FINAL;
  name = qw_event_name_build (ruleset, e, QW_NAME_FORM_FULL);
  g_assert_cmpstr (name, ==, "2021年第六届全国象棋业余棋王赛广东赛区省决赛");
  ok = qw_event_name_check (ruleset, e, "2021年第六届全国象棋业余棋王赛广东赛区");
  g_assert_cmpuint (ok->len, ==, 0);
  bad = qw_event_name_check (ruleset, e, "2021年第六届全国象棋业余棋王赛广东赛区白花镇预选赛");
  g_assert_cmpuint (bad->len, ==, 1);
  g_clear_pointer (&title, g_free);
  title = qw_event_champion_title (ruleset, e);
  g_assert_cmpstr (title, ==, "广东棋王");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int rc;

  g_test_init (&argc, &argv, NULL);
  ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_assert_no_error (error);
  g_test_add_func ("/event-name/three-forms", test_three_forms);
  g_test_add_func ("/event-name/city-stop", test_city_stop);
  g_test_add_func ("/event-name/flags", test_flags);
  g_test_add_func ("/event-name/final-and-title", test_final_and_title);
  rc = g_test_run ();
  qw_ruleset_unref (ruleset);
  return rc;
}
