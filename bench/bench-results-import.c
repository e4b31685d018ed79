/* bench-results-import.c: a 26 MB results file, read and imported
 *
 * Writes a stop's results file of about 26 MB (six groups of 5,000 players,
 * nine rounds), then runs the built qiwang-cli on it as a user would and
 * prints each run's wall time, processor time (user and system, of all its
 * threads: the wall time of a machine with cores to spare is close to the
 * longest thread's, see below) and peak memory (the child's maximum resident
 * set size): `team-result` reads the file alone (size limit, schema, digest,
 * consistency), `import-results` also stores it in a region document. Goal
 * (issue 10): the import in under 1 s and under 200 MB. Not a test: figures
 * for people.
 *
 * The file is written by a child of its own (this program run again with
 * --write FILE): a child started while this process held the 30,000
 * players would count their memory as its own (posix_spawn() shares the
 * memory until exec, and the peak is kept across it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-demo.h"
#include "qw-results-file.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"

extern char **environ;

#define ROUNDS 9
#define GROUPS 6
#define PLAYERS_PER_GROUP 5000

static const char *const group_codes[GROUPS] = { "open-m", "open-f", "senior-m", "senior-f", "junior-m", "junior-f" };

static QwResultsGroup *
make_group (const char *code,
            GPtrArray  *entries,
            int         first_no)
{
  QwResultsGroup *group = qw_results_group_new (code);
  guint n;

  g_free (group->name);
  group->name = g_strdup (code);
  g_strfreev (group->tiebreak_codes);
  group->tiebreak_codes = g_strsplit ("opponents,progressive,wins", ",", -1);
  g_strfreev (group->tiebreak_names);
  group->tiebreak_names = g_strsplit ("对手分,累进分,胜局", ",", -1);
  group->rounds = ROUNDS;
  for (guint i = 0; i < PLAYERS_PER_GROUP; i++)
    {
      QwEntry *e = qw_entry_copy (g_ptr_array_index (entries, (guint) first_no - 1 + i));

      e->no = first_no + (int) i;
      g_free (e->group_code);
      e->group_code = g_strdup (code);
      g_ptr_array_add (group->players, e);
    }
  n = group->players->len & ~1u;
  /* A circle: everyone meets a different neighbour each round, never twice. */
  for (int round = 1; round <= ROUNDS; round++)
    for (guint b = 0; b < n / 2; b++)
      {
        QwResultsGame *g = qw_results_game_new ();

        g->round = round;
        g->board = (int) b + 1;
        g->red = first_no + (int) ((b * 2 + (guint) round) % n);
        g->black = first_no + (int) ((b * 2 + 1 + (guint) round) % n);
        g_free (g->result);
        g->result = g_strdup (b % 3 == 0 ? "1:1" : "2:0");
        g_ptr_array_add (group->games, g);
      }
  for (guint i = 0; i < group->players->len; i++)
    {
      QwResultsStanding *s = qw_results_standing_new ();
      double values[] = { 100.0 - i * 0.01, 50.0, 4 };

      s->rank = (int) i + 1;
      s->no = first_no + (int) i;
      s->points = 18.0 - i * (18.0 / group->players->len);
      g_array_append_vals (s->tiebreaks, values, G_N_ELEMENTS (values));
      g_ptr_array_add (group->standings, s);
    }
  return group;
}

/* Demo players drawn at random may share an ID number; a results file
 * never does (the reader refuses it), so draw again for those. */
static void
make_ids_unique (GPtrArray *entries)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GRand) rand = g_rand_new_with_seed (26);

  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);
      QwDate birth;

      while (!g_hash_table_add (seen, e->id_number))
        {
          qw_date_parse_iso (e->birth, &birth);
          g_free (e->id_number);
          e->id_number = qw_demo_make_id_number (rand, "441323", birth, e->sex);
        }
    }
}

static QwResults *
make_results (void)
{
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (4242, GROUPS * PLAYERS_PER_GROUP, qw_date_make (2021, 7, 3));
  QwResults *r = qw_results_new ();

  make_ids_unique (entries);

  r->uid = g_strdup ("bench-26mb");
  r->event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  r->event->region = g_strdup ("广东");
  r->event->host = g_strdup ("白花镇象棋协会");
  r->event->host_level = QW_HOST_TOWNSHIP;
  r->event->start_date = qw_date_make (2021, 7, 3);
  r->event->end_date = qw_date_make (2021, 7, 4);
  r->event->rounds = ROUNDS;
  for (int g = 0; g < GROUPS; g++)
    g_ptr_array_add (r->groups, make_group (group_codes[g], entries, 1 + g * PLAYERS_PER_GROUP));
  return r;
}

/* Runs the CLI; returns FALSE when it failed. */
static gboolean
run (const char *const *argv,
     double            *seconds,
     double            *cpu,
     double            *peak_mb)
{
  posix_spawn_file_actions_t actions;
  struct rusage usage;
  gint64 start = g_get_monotonic_time ();
  pid_t pid;
  int status = 0, rc;

  /* The child's output is not the benchmark's. */
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  rc = posix_spawn (&pid, argv[0], &actions, NULL, (char *const *) argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (rc != 0)
    return FALSE;
  if (wait4 (pid, &status, 0, &usage) != pid)
    return FALSE;
  *seconds = (g_get_monotonic_time () - start) / 1e6;
  *cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  *peak_mb = usage.ru_maxrss / 1024.0;
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

static int
write_results (const char *path)
{
  g_autoptr(QwResults) results = make_results ();
  g_autoptr(GError) error = NULL;

  if (!qw_results_write_file (results, path, FALSE, &error))
    {
      g_printerr ("bench-results-import: %s\n", error->message);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  const char *cli = argc > 1 ? argv[1] : g_getenv ("QIWANG_CLI");
  g_autofree char *dir = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *region = NULL;
  g_autofree char *self = NULL;
  double seconds, cpu, peak;
  double loads[3] = { 0 };
  GStatBuf st;
  int failures = 0;

  if (argc == 3 && g_str_equal (argv[1], "--write"))
    return write_results (argv[2]);
  if (cli == NULL)
    {
      g_printerr ("bench-results-import: give the path of qiwang-cli (or set QIWANG_CLI)\n");
      return 1;
    }
  dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  xml = g_build_filename (dir, "stop.xml", NULL);
  region = g_build_filename (dir, "region.qiwang", NULL);
  self = g_file_read_link ("/proc/self/exe", NULL);
  {
    const char *write_argv[] = { self != NULL ? self : argv[0], "--write", xml, NULL };

    if (!run (write_argv, &seconds, &cpu, &peak))
      {
        g_printerr ("bench-results-import: the results file could not be written\n");
        return 1;
      }
  }
  g_stat (xml, &st);
  g_print ("results file: %.1f MB, %d players, %d groups, %d rounds\n", st.st_size / 1e6,
           GROUPS * PLAYERS_PER_GROUP, GROUPS, ROUNDS);
  /* Wall times depend on what else the machine runs: say how loaded it is. */
  if (getloadavg (loads, 3) == 3)
    g_print ("load average: %.2f %.2f %.2f (%ld processors)\n", loads[0], loads[1], loads[2],
             sysconf (_SC_NPROCESSORS_ONLN));
  g_print ("%-16s %10s %10s %12s\n", "run", "seconds", "cpu s", "peak MB");
  for (int i = 0; i < 3; i++)
    {
      const char *read_argv[] = { cli, "team-result", xml, NULL };
      const char *new_argv[] = { cli, "new-region", region, "--region", "广东", NULL };
      const char *import_argv[] = { cli, "import-results", region, xml, NULL };

      if (run (read_argv, &seconds, &cpu, &peak))
        g_print ("%-16s %10.2f %10.2f %12.1f\n", "read", seconds, cpu, peak);
      else
        failures++, g_print ("%-16s failed\n", "read");
      g_unlink (region);
      if (!run (new_argv, &seconds, &cpu, &peak))
        failures++;
      if (run (import_argv, &seconds, &cpu, &peak))
        g_print ("%-16s %10.2f %10.2f %12.1f\n", "import-results", seconds, cpu, peak);
      else
        failures++, g_print ("%-16s failed\n", "import-results");
    }
  g_unlink (region);
  g_unlink (xml);
  g_rmdir (dir);
  return failures > 0 ? 1 : 0;
}
