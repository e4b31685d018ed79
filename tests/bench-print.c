/* bench-print.c: how long 1,000 certificates take, and how large the PDF is
 *
 * The goal (issue 5): 1,000 certificates in under 3 s, in a PDF under 5 MB.
 * One group per champion, each with a generated name and unit, on the
 * standard champion layout; then 1,000 奖状 (places 1 to 1,000 of one group)
 * on the award layout. Prints the figures; asserts nothing.
 *
 *   bench-print [N] [OUT-DIR]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "qw-demo.h"
#include "qw-print.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"

static const char *units[] = {
  "白花镇象棋协会", "惠东县象棋协会", "惠东县少年宫", "白花镇中心小学", "惠东县实验学校", "惠州市棋院",
  "稔山镇文化站", "平山街道棋友会", "惠东县老年人协会", "大岭街道文体中心",
};

typedef struct
{
  QwSection   section;
  GPtrArray  *entries;
  GPtrArray  *standings;
  QwPrintGroup group;
} Group;

static Group *
group_new (int         index,
           const char *code,
           const char *name,
           int         players,
           GRand      *rand)
{
  Group *g = g_new0 (Group, 1);

  g->section.code = g_strdup (code);
  g->section.name = g_strdup (name);
  g->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g->standings = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_standing_row_free);
  for (int i = 0; i < players; i++)
    {
      QwEntry *e = qw_entry_new ();
      QwStandingRow *row = g_new0 (QwStandingRow, 1);

      e->id = (gint64) index * 10000 + i + 1;
      e->no = i + 1;
      e->name = qw_demo_make_name (rand, i % 4 == 3 ? QW_SEX_FEMALE : QW_SEX_MALE);
      e->unit = g_strdup (units[g_rand_int_range (rand, 0, G_N_ELEMENTS (units))]);
      row->rank = i + 1;
      row->entry_id = e->id;
      row->no = e->no;
      row->name = g_strdup (e->name);
      row->unit = g_strdup (e->unit);
      g_ptr_array_add (g->entries, e);
      g_ptr_array_add (g->standings, row);
    }
  g->group = (QwPrintGroup) { &g->section, g->entries, NULL, g->standings };
  return g;
}

static void
group_free (gpointer data)
{
  Group *g = data;

  g_free (g->section.code);
  g_free (g->section.name);
  g_ptr_array_unref (g->entries);
  g_ptr_array_unref (g->standings);
  g_free (g);
}

static QwEvent *
event_new (void)
{
  QwEvent *event = qw_event_new ();

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县白花镇预选赛");
  event->level = QW_LEVEL_PRELIMINARY;
  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->place_town = g_strdup ("白花镇");
  event->organiser = g_strdup ("惠东县象棋协会");
  event->start_date = qw_date_make (2021, 7, 3);
  event->end_date = qw_date_make (2021, 7, 4);
  return event;
}

static void
run (QwPrintKind      kind,
     QwPrintRequest  *request,
     const char      *path,
     int              n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) printout = NULL;
  gint64 start = g_get_monotonic_time (), laid_out, written;
  GStatBuf st;

  printout = qw_printout_new (kind, request, &error);
  if (printout == NULL)
    g_error ("%s", error->message);
  laid_out = g_get_monotonic_time ();
  if (!qw_print_to_pdf (printout, path, &error))
    g_error ("%s", error->message);
  written = g_get_monotonic_time ();
  if (g_stat (path, &st) != 0)
    g_error ("%s is missing", path);
  g_print ("%-12s %5d pages  layout %6.3f s  PDF %6.3f s  total %6.3f s  (%.2f ms/page)  %7.2f MB  %s\n",
           qw_print_kind_to_code (kind), (int) qw_printout_get_n_pages (printout),
           (laid_out - start) / 1e6, (written - laid_out) / 1e6, (written - start) / 1e6,
           (written - start) / 1e3 / MAX (1, n), st.st_size / 1048576.0, path);
}

int
main (int    argc,
      char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  gboolean keep = argc > 2;
  g_autofree char *dir = keep ? g_strdup (argv[2]) : g_dir_make_tmp ("qiwang-bench-print-XXXXXX", NULL);
  g_autofree char *champions_pdf = g_build_filename (dir, "certificates.pdf", NULL);
  g_autofree char *awards_pdf = g_build_filename (dir, "awards.pdf", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20210703);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  g_autoptr(GPtrArray) champion_groups = g_ptr_array_new ();
  g_autoptr(GPtrArray) award_groups = g_ptr_array_new ();
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", NULL);
  g_autoptr(QwEvent) event = event_new ();
  QwPrintRequest request = { 0 };
  Group *field;

  if (n < 1 || ruleset == NULL || dir == NULL)
    g_error ("usage: bench-print [N] [OUT-DIR]");
  g_mkdir_with_parents (dir, 0755);
  g_print ("Fonts: %s; certificates: %s\n", qw_print_body_family (), qw_print_kai_family ());
  for (int i = 0; i < n; i++)
    {
      g_autofree char *code = g_strdup_printf ("local-%d", i + 1);
      g_autofree char *name = g_strdup_printf ("第%d组", i + 1);
      Group *g = group_new (i + 1, code, name, 1, rand);

      g_ptr_array_add (groups, g);
      g_ptr_array_add (champion_groups, &g->group);
    }
  field = group_new (0, "open-m", "公开组男子", n, rand);
  g_ptr_array_add (groups, field);
  g_ptr_array_add (award_groups, &field->group);

  request.event = event;
  request.ruleset = ruleset;
  request.groups = champion_groups;
  run (QW_PRINT_CERTIFICATES, &request, champions_pdf, n);
  request.groups = award_groups;
  request.max_place = n;
  run (QW_PRINT_AWARDS, &request, awards_pdf, n);
  g_print ("Goal: %d certificates in under 3 s, PDF under 5 MB\n", n);
  if (!keep)
    {
      g_remove (champions_pdf);
      g_remove (awards_pdf);
      g_rmdir (dir);
    }
  return 0;
}
