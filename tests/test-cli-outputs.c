/* test-cli-outputs.c: issue 17 through qiwang-cli: outputs that never
 * replace inputs, are written whole or not at all, keep private data
 * private; group codes that are names, not paths; a static site that stays
 * in its folder; reading commands that never write
 *
 * Runs the built CLI ($QIWANG_CLI) as a user would. A failure part way is
 * made real with RLIMIT_FSIZE: a file may not grow past 40,000 bytes, so
 * the write of a larger output fails with EFBIG (SIGXFSZ ignored: a full
 * disk, as the program sees it) or kills the program (SIGXFSZ's default:
 * a kill in the middle of the write). The document's own -shm (32,768
 * bytes) stays within the limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-region.h"

#define FILE_LIMIT 40000

/* The policy the venue server sends with every page. */
#define SERVED_CSP "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; " \
                   "connect-src 'self'; img-src 'self' data:; form-action 'self'"

typedef enum
{
  RUN_PLAIN = 0,
  RUN_DISK_FULL,   /* files stop at FILE_LIMIT bytes: writes fail with EFBIG */
  RUN_KILLED,      /* files stop at FILE_LIMIT bytes: SIGXFSZ kills the program */
  RUN_NOBODY,      /* as user nobody (when the tests run as root) */
} RunMode;

static char *dir;
static gboolean can_be_nobody;

static void
child_setup (gpointer data)
{
  RunMode mode = GPOINTER_TO_INT (data);
  struct rlimit limit = { FILE_LIMIT, FILE_LIMIT };
  struct rlimit no_core = { 0, 0 };

  setrlimit (RLIMIT_CORE, &no_core);
  if (mode == RUN_DISK_FULL || mode == RUN_KILLED)
    {
      signal (SIGXFSZ, mode == RUN_DISK_FULL ? SIG_IGN : SIG_DFL);
      setrlimit (RLIMIT_FSIZE, &limit);
    }
  if (mode == RUN_NOBODY && geteuid () == 0)
    {
      if (setgid (65534) != 0 || setuid (65534) != 0)
        _exit (125);
    }
}

static void
cli_as (QwTestRun  *r,
        RunMode     mode,
        const char *first,
        ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *cache = g_build_filename (dir, "cache", NULL);
  QwTestCliOptions options = { .dir = dir, .child_setup = child_setup, .child_data = GINT_TO_POINTER (mode),
                               .may_die = TRUE };
  va_list ap;

  /* Fontconfig's cache, somewhere nobody may write too. */
  env = g_environ_setenv (env, "XDG_CACHE_HOME", cache, TRUE);
  options.env = env;
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  qw_test_cli_with (r, &options, (const char * const *) args->pdata);
  g_test_message ("%s: exit %d, signal %d: %s", first, r->status, r->signal, r->err);
}

#define cli(r, ...) cli_as (r, RUN_PLAIN, __VA_ARGS__)

/* Every entry under @path (without following links): its path, its kind,
 * its mode and its bytes' checksum, one a line, sorted. Two equal
 * snapshots: nothing was added, removed or changed there. */
static void
snapshot_into (const char *root,
               const char *relative,
               GPtrArray  *lines)
{
  g_autofree char *path = relative != NULL ? g_build_filename (root, relative, NULL) : g_strdup (root);
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = relative != NULL ? g_build_filename (relative, name, NULL) : g_strdup (name);
      g_autofree char *child_path = g_build_filename (root, child, NULL);
      GStatBuf st;

      g_assert_cmpint (g_lstat (child_path, &st), ==, 0);
      if (S_ISDIR (st.st_mode))
        {
          g_ptr_array_add (lines, g_strdup_printf ("%s/ %o", child, st.st_mode & 07777));
          snapshot_into (root, child, lines);
        }
      else if (S_ISLNK (st.st_mode))
        {
          g_autofree char *target = g_file_read_link (child_path, NULL);

          g_ptr_array_add (lines, g_strdup_printf ("%s -> %s", child, target));
        }
      else
        {
          g_autofree char *sum = qw_test_checksum_file (child_path);

          g_ptr_array_add (lines, g_strdup_printf ("%s %o %s", child, st.st_mode & 07777, sum));
        }
    }
}

static char *
snapshot (const char *path)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  snapshot_into (path, NULL, lines);
  g_ptr_array_sort (lines, qw_test_compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_same_snapshot (const char *before,
                      const char *after)
{
  if (g_strcmp0 (before, after) != 0)
    g_error ("the folder changed:\n--- before\n%s--- after\n%s", before, after);
}

static int
file_mode (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  return st.st_mode & 0777;
}

static char *
demo_in (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_auto(QwTestRun) r = { 0 };

  cli (&r, "demo", path, "--force", NULL);
  qw_test_run_assert_ok (&r);
  return g_steal_pointer (&path);
}

/* A Swiss group of @players players, played through. */
static char *
simulated (const char *name,
           int         players,
           int         seed)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *n = g_strdup_printf ("%d", players);
  g_autofree char *s = g_strdup_printf ("%d", seed);
  g_auto(QwTestRun) r = { 0 };

  cli (&r, "simulate", path, "--system", "swiss", "--players", n, "--rounds", "7", "--seed", s, "--force", NULL);
  qw_test_run_assert_ok (&r);
  return g_steal_pointer (&path);
}

/* 3. An output never replaces an input, --force or not: the document, a
 * link to it, a hard link of it, any other document. */

static void
test_3_output_never_replaces_input (void)
{
  g_autofree char *doc = demo_in ("in.qiwang");
  g_autofree char *other = demo_in ("other.qiwang");
  g_autofree char *soft = g_build_filename (dir, "soft.qiwang", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.qiwang", NULL);
  g_autofree char *hard_csv = g_build_filename (dir, "hard.csv", NULL);
  g_autofree char *soft_xlsx = g_build_filename (dir, "soft.xlsx", NULL);
  g_autofree char *other_csv = g_build_filename (dir, "other.csv", NULL);
  g_autofree char *doc_before = NULL;
  g_autofree char *other_before = NULL;
  const char *targets[] = { doc, soft, hard, other };

  g_assert_cmpint (symlink ("in.qiwang", soft), ==, 0);
  g_assert_cmpint (link (doc, hard), ==, 0);
  g_assert_cmpint (link (doc, hard_csv), ==, 0);
  g_assert_cmpint (symlink ("in.qiwang", soft_xlsx), ==, 0);
  g_assert_cmpint (link (other, other_csv), ==, 0);
  doc_before = qw_test_checksum_file (doc);
  other_before = qw_test_checksum_file (other);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      const char *t = targets[i];
      const char *why = t == other ? "is a Qiwang document; writing there would replace it"
                                   : "is the document being read; writing there would replace it";
      g_auto(QwTestRun) e = { 0 };
      g_auto(QwTestRun) pub = { 0 };
      g_auto(QwTestRun) p = { 0 };
      g_auto(QwTestRun) s = { 0 };
      g_auto(QwTestRun) trf = { 0 };

      cli (&e, "export", doc, "--out", t, "--force", NULL);
      qw_test_run_assert_refused (&e, 2, why);
      cli (&pub, "export", doc, "--out", t, "--public", "--force", NULL);
      qw_test_run_assert_refused (&pub, 2, why);
      cli (&p, "print", doc, "standings", "--out", t, "--force", NULL);
      qw_test_run_assert_refused (&p, 2, why);
      cli (&s, "share", doc, "open-m", "standings", "--out", t, "--force", NULL);
      qw_test_run_assert_refused (&s, 2, why);
      cli (&trf, "export-trf", doc, "open-m", "--out", t, "--force", NULL);
      qw_test_run_assert_refused (&trf, 2, why);
      qw_test_assert_checksum (doc, doc_before);
      qw_test_assert_checksum (other, other_before);
    }
  {
    g_auto(QwTestRun) h = { 0 };
    g_auto(QwTestRun) l = { 0 };
    g_auto(QwTestRun) o = { 0 };
    g_auto(QwTestRun) site = { 0 };

    cli (&h, "export-entries", doc, "--out", hard_csv, "--private", "--force", NULL);
    qw_test_run_assert_refused (&h, 2, "is the document being read");
    cli (&l, "export-entries", doc, "--out", soft_xlsx, "--force", NULL);
    qw_test_run_assert_refused (&l, 2, "is the document being read");
    cli (&o, "export-entries", doc, "--out", other_csv, "--force", NULL);
    qw_test_run_assert_refused (&o, 2, "is a Qiwang document");
    /* Its journal files: SQLite would take an output there for its changes. */
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *journal = g_strconcat (doc, (const char *[]) { "-wal", "-shm", "-journal" }[i], NULL);
        g_auto(QwTestRun) j = { 0 };

        cli (&j, "export", doc, "--out", journal, "--public", "--force", NULL);
        qw_test_run_assert_refused (&j, 2, "belongs to a Qiwang document");
        g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
      }
    /* The site's folder given as the document: not a folder. */
    cli (&site, "export-site", doc, "--out", doc, "--force", NULL);
    g_assert_cmpint (site.status, !=, 0);
  }
  qw_test_assert_checksum (doc, doc_before);
  qw_test_assert_checksum (other, other_before);
  /* The document still reads, whole. */
  {
    g_auto(QwTestRun) entries = { 0 };
    g_auto(QwTestRun) ok = { 0 };
    g_autofree char *xml = g_build_filename (dir, "in.xml", NULL);

    cli (&entries, "entries", doc, NULL);
    qw_test_run_assert_ok (&entries);
    cli (&ok, "export", doc, "--out", xml, "--force", NULL);
    qw_test_run_assert_ok (&ok);
  }
}

/* 3 and 4. A write that fails part way (a full disk, a kill) leaves the old
 * output whole and nothing beside it: results files, PDFs, the WeChat image
 * (share --force), TRF files. */

typedef struct
{
  const char *name;      /* the output, in the folder "out" */
  const char *args[8];   /* "@doc" and "@out" stand for the paths */
} OutputCase;

static const OutputCase output_cases[] = {
  { "results.xml", { "export", "@doc", "--out", "@out", "--force" } },
  { "standings.pdf", { "print", "@doc", "standings", "--out", "@out", "--force" } },
  { "standings.png", { "share", "@doc", "open-m", "standings", "--out", "@out", "--force" } },
  { "open-m.trf", { "export-trf", "@doc", "open-m", "--out", "@out", "--force" } },
};

static void
run_case (QwTestRun        *r,
          RunMode           mode,
          const OutputCase *c,
          const char       *doc,
          const char       *out)
{
  const char *a[8] = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (c->args) && c->args[i] != NULL; i++)
    a[i] = g_str_equal (c->args[i], "@doc") ? doc : g_str_equal (c->args[i], "@out") ? out : c->args[i];
  cli_as (r, mode, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], NULL);
}

static void
check_failed_writes (RunMode mode)
{
  g_autofree char *doc = simulated ("big.qiwang", 400, 2);
  g_autofree char *out = g_build_filename (dir, mode == RUN_KILLED ? "out-killed" : "out-full", NULL);
  g_autofree char *doc_before = qw_test_checksum_file (doc);

  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (output_cases); i++)
    {
      const OutputCase *c = &output_cases[i];
      g_autofree char *file = g_build_filename (out, c->name, NULL);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_auto(QwTestRun) r = { 0 };
      g_auto(QwTestRun) ok = { 0 };

      /* The output of an earlier run, to be kept whole. */
      g_assert_true (g_file_set_contents (file, "the output of the last time\n", -1, NULL));
      before = snapshot (out);
      run_case (&r, mode, c, doc, file);
      if (mode == RUN_KILLED)
        g_assert_cmpint (r.signal, ==, SIGXFSZ);
      else
        {
          g_assert_cmpint (r.status, ==, 1);
          g_assert_nonnull (strstr (r.err, "written"));
        }
      after = snapshot (out);
      assert_same_snapshot (before, after);
      /* Without the limit, the same command replaces it. */
      run_case (&ok, RUN_PLAIN, c, doc, file);
      qw_test_run_assert_ok (&ok);
      {
        g_autofree char *text = NULL;
        gsize length = 0;

        g_assert_true (g_file_get_contents (file, &text, &length, NULL));
        g_assert_cmpuint (length, >, FILE_LIMIT);
      }
      g_assert_cmpint (g_remove (file), ==, 0);
    }
  qw_test_assert_checksum (doc, doc_before);
}

static void
test_3_disk_full_keeps_old_output (void)
{
  check_failed_writes (RUN_DISK_FULL);
}

static void
test_3_killed_keeps_old_output (void)
{
  check_failed_writes (RUN_KILLED);
}

/* 3 and 4. export-site that fails part way leaves the last site whole: a
 * full disk leaves nothing else; a kill leaves its new folder, which the
 * next export removes. */

static void
check_failed_site (RunMode mode)
{
  g_autofree char *first = simulated ("site-first.qiwang", 60, 1);
  g_autofree char *second = simulated ("site-second.qiwang", 400, 3);
  g_autofree char *out = g_build_filename (dir, mode == RUN_KILLED ? "site-killed" : "site-full", NULL);
  g_autofree char *site = g_build_filename (out, "site", NULL);
  g_autofree char *before = NULL;
  g_autofree char *site_before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *site_after = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) again = { 0 };
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint entries = 0;

  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  cli (&made, "export-site", first, "--out", site, NULL);
  qw_test_run_assert_ok (&made);
  before = snapshot (out);
  site_before = snapshot (site);
  cli_as (&r, mode, "export-site", second, "--out", site, NULL);
  if (mode == RUN_KILLED)
    g_assert_cmpint (r.signal, ==, SIGXFSZ);
  else
    g_assert_cmpint (r.status, ==, 1);
  after = snapshot (out);
  site_after = snapshot (site);
  assert_same_snapshot (site_before, site_after);
  if (mode == RUN_DISK_FULL)
    assert_same_snapshot (before, after);
  /* The next export puts the new site in place, and nothing else stays. */
  cli (&again, "export-site", second, "--out", site, NULL);
  qw_test_run_assert_ok (&again);
  d = g_dir_open (out, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (name, ==, "site");
      entries++;
    }
  g_assert_cmpuint (entries, ==, 1);
  {
    g_autofree char *player = g_build_filename (site, "group", "open-m", "player", "400", "index.html", NULL);

    g_assert_true (g_file_test (player, G_FILE_TEST_IS_REGULAR));
  }
}

static void
test_3_site_disk_full (void)
{
  check_failed_site (RUN_DISK_FULL);
}

static void
test_3_site_killed (void)
{
  check_failed_site (RUN_KILLED);
}

/* 3. An export over the last one: the folder stays the same folder (a web
 * server may hold it), the pages that are gone go, nothing is left beside. */

static void
test_3_site_replaced (void)
{
  g_autofree char *big = simulated ("replace-big.qiwang", 80, 7);
  g_autofree char *small = simulated ("replace-small.qiwang", 30, 8);
  g_autofree char *out = g_build_filename (dir, "replace", NULL);
  g_autofree char *site = g_build_filename (out, "site", NULL);
  g_autofree char *gone = g_build_filename (site, "group", "open-m", "player", "31", "index.html", NULL);
  g_autofree char *kept = g_build_filename (site, "group", "open-m", "player", "30", "index.html", NULL);
  g_auto(QwTestRun) first = { 0 };
  g_auto(QwTestRun) second = { 0 };
  g_autoptr(GDir) d = NULL;
  GStatBuf before, after;

  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  cli (&first, "export-site", big, "--out", site, NULL);
  qw_test_run_assert_ok (&first);
  g_assert_true (g_file_test (gone, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_stat (site, &before), ==, 0);
  cli (&second, "export-site", small, "--out", site, NULL);
  qw_test_run_assert_ok (&second);
  g_assert_cmpint (g_stat (site, &after), ==, 0);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
  g_assert_false (g_file_test (gone, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
  d = g_dir_open (out, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (d), ==, "site");
  g_assert_null (g_dir_read_name (d));
}

/* 6. export-site refuses a folder that holds files it did not write,
 * unless --force, and then keeps them. */

static void
test_6_site_foreign_files (void)
{
  g_autofree char *doc = demo_in ("site.qiwang");
  g_autofree char *out = g_build_filename (dir, "www", NULL);
  g_autofree char *notes = g_build_filename (out, "notes.txt", NULL);
  g_autofree char *index = g_build_filename (out, "index.html", NULL);
  g_autofree char *elsewhere = g_build_filename (dir, "elsewhere", NULL);
  g_autofree char *link_out = g_build_filename (dir, "www-link", NULL);
  g_autofree char *group_link = NULL;
  g_autofree char *before = NULL;
  g_autofree char *elsewhere_before = NULL;
  g_autofree char *doc_before = qw_test_checksum_file (doc);
  g_auto(QwTestRun) refused = { 0 };
  g_auto(QwTestRun) forced = { 0 };
  g_auto(QwTestRun) again = { 0 };
  g_auto(QwTestRun) linked = { 0 };
  g_auto(QwTestRun) linked_forced = { 0 };

  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  g_assert_true (g_file_set_contents (notes, "the association's own page\n", -1, NULL));
  before = snapshot (out);
  cli (&refused, "export-site", doc, "--out", out, NULL);
  qw_test_run_assert_refused (&refused, 1, "notes.txt");
  g_assert_nonnull (strstr (refused.err, "--force"));
  assert_same_snapshot (before, snapshot (out));
  cli (&forced, "export-site", doc, "--out", out, "--force", NULL);
  qw_test_run_assert_ok (&forced);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (notes, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "the association's own page\n");
  }
  /* From then on, the folder is the site's: no --force needed, the file kept. */
  cli (&again, "export-site", doc, "--out", out, NULL);
  qw_test_run_assert_ok (&again);
  g_assert_true (g_file_test (notes, G_FILE_TEST_IS_REGULAR));

  /* A link inside the folder is never followed, --force or not. */
  g_assert_cmpint (g_mkdir (elsewhere, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (link_out, 0755), ==, 0);
  group_link = g_build_filename (link_out, "group", NULL);
  g_assert_cmpint (symlink (elsewhere, group_link), ==, 0);
  elsewhere_before = snapshot (elsewhere);
  g_free (before);
  before = snapshot (link_out);
  cli (&linked, "export-site", doc, "--out", link_out, NULL);
  g_assert_cmpint (linked.status, ==, 1);
  cli (&linked_forced, "export-site", doc, "--out", link_out, "--force", NULL);
  qw_test_run_assert_refused (&linked_forced, 1, "group");
  assert_same_snapshot (elsewhere_before, snapshot (elsewhere));
  assert_same_snapshot (before, snapshot (link_out));
  qw_test_assert_checksum (doc, doc_before);
}

/* 6. Group codes are names: a path or a URL scheme is refused as a code;
 * one stored by an older version writes nothing outside --out and links
 * nowhere; the static pages carry the served pages' CSP. */

static void
test_6_traversal_codes_refused (void)
{
  g_autofree char *doc = demo_in ("codes.qiwang");
  g_autofree char *trf = g_build_filename (dir, "codes.trf", NULL);
  g_autofree char *before = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) ok = { 0 };
  const char *codes[] = { "../../ESCAPED", "javascript:alert(1)//", "a/b", "..", "open m", "",
                          "0123456789012345678901234567890123" };

  cli (&made, "export-trf", doc, "open-m", "--out", trf, NULL);
  qw_test_run_assert_ok (&made);
  before = qw_test_checksum_file (doc);
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_auto(QwTestRun) r = { 0 };
      gint64 start = g_get_monotonic_time ();

      cli (&r, "import-trf", doc, trf, "--group", codes[i], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_true (strstr (r.err, "group code") != NULL || strstr (r.err, "give the new group") != NULL);
      g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, qw_test_seconds (2.0));
      qw_test_assert_checksum (doc, before);
    }
  cli (&ok, "import-trf", doc, trf, "--group", "krt_2023-B", NULL);
  qw_test_run_assert_ok (&ok);
}

/* A document whose group code is @code, as an older version let in. */
static char *
document_with_code (const char *name,
                    const char *code)
{
  g_autofree char *doc = simulated (name, 12, 5);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (doc, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE section SET code = ?1 WHERE code = 'open-m'", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, code, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE entry SET group_code = ?1 WHERE group_code = 'open-m'", -1,
                                       &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, code, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  return g_steal_pointer (&doc);
}

static void
collect_files (const char *root,
               GPtrArray  *files)
{
  g_autoptr(GDir) d = g_dir_open (root, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static void
test_6_stored_codes_stay_inside (void)
{
  const char *codes[] = { "../../ESCAPED", "javascript:alert(1)//" };

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_autofree char *name = g_strdup_printf ("stored-%u.qiwang", i);
      g_autofree char *doc = document_with_code (name, codes[i]);
      g_autofree char *root = g_strdup_printf ("%s/trav-%u", dir, i);
      g_autofree char *site = g_build_filename (root, "a", "b", "site", NULL);
      g_autofree char *site_prefix = g_strconcat (site, G_DIR_SEPARATOR_S, NULL);
      g_autofree char *index_path = g_build_filename (site, "index.html", NULL);
      g_autofree char *index = NULL;
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      g_auto(QwTestRun) r = { 0 };

      cli (&r, "export-site", doc, "--out", site, NULL);
      qw_test_run_assert_ok (&r);
      collect_files (root, files);
      g_assert_cmpuint (files->len, >, 10);
      for (guint f = 0; f < files->len; f++)
        if (!g_str_has_prefix (g_ptr_array_index (files, f), site_prefix))
          g_error ("written outside --out: %s", (char *) g_ptr_array_index (files, f));
      g_assert_true (g_file_get_contents (index_path, &index, NULL, NULL));
      g_assert_null (strstr (index, "href=\"javascript:"));
      g_assert_null (strstr (index, "../../ESCAPED"));
      /* The same policy as the served pages, as the page's own. */
      g_assert_nonnull (strstr (index, "<meta http-equiv=\"Content-Security-Policy\" content=\"" SERVED_CSP "\">"));
      for (guint f = 0; f < files->len; f++)
        if (g_str_has_suffix (g_ptr_array_index (files, f), ".html"))
          {
            g_autofree char *text = NULL;

            g_assert_true (g_file_get_contents (g_ptr_array_index (files, f), &text, NULL, NULL));
            if (strstr (text, "http-equiv=\"Content-Security-Policy\"") == NULL)
              g_error ("%s has no Content-Security-Policy", (char *) g_ptr_array_index (files, f));
          }
    }
}

/* 9. Private outputs (full ID numbers, dates of birth) are created 0600,
 * public ones 0644 (umask 022), whether the file is new or replaced. */

static void
test_9_private_outputs_0600 (void)
{
  g_autofree char *doc = demo_in ("modes.qiwang");
  g_autofree char *region = fixture_region_with_nominees (dir);
  g_autofree char *out = g_build_filename (dir, "modes", NULL);
  struct
  {
    const char *file;
    int         mode;
    const char *args[8];
  } cases[] = {
    { "private.xml", 0600, { "export", "@doc", "--out", "@out" } },
    { "public.xml", 0644, { "export", "@doc", "--out", "@out", "--public" } },
    { "standings.csv", 0644, { "export", "@doc", "--out", "@out" } },
    { "standings.xlsx", 0644, { "export", "@doc", "--out", "@out" } },
    { "entries-private.csv", 0600, { "export-entries", "@doc", "--out", "@out", "--private" } },
    { "entries-private.xlsx", 0600, { "export-entries", "@doc", "--out", "@out", "--private" } },
    { "entries.csv", 0644, { "export-entries", "@doc", "--out", "@out" } },
    { "entries.xlsx", 0644, { "export-entries", "@doc", "--out", "@out" } },
    { "nominees-private.xml", 0600, { "nominees", "@region", "--out", "@out", "--private" } },
    { "nominees-private.csv", 0600, { "nominees", "@region", "--out", "@out", "--private" } },
    { "nominees-private.xlsx", 0600, { "nominees", "@region", "--out", "@out", "--private" } },
    { "nominees.xml", 0644, { "nominees", "@region", "--out", "@out" } },
    { "nominees.xlsx", 0644, { "nominees", "@region", "--out", "@out" } },
    { "standings.pdf", 0644, { "print", "@doc", "standings", "--out", "@out" } },
    { "share.png", 0644, { "share", "@doc", "open-m", "standings", "--out", "@out" } },
    { "open-m.trf", 0644, { "export-trf", "@doc", "open-m", "--out", "@out" } },
  };

  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int replace = 0; replace < 2; replace++)
      {
        g_autofree char *file = g_build_filename (out, cases[i].file, NULL);
        const char *a[8] = { NULL };
        g_auto(QwTestRun) r = { 0 };

        /* The second time over a file of the other mode. */
        if (replace)
          {
            g_assert_true (g_file_set_contents (file, "old\n", -1, NULL));
            g_assert_cmpint (g_chmod (file, cases[i].mode == 0600 ? 0644 : 0600), ==, 0);
          }
        for (guint k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
          a[k] = g_str_equal (cases[i].args[k], "@doc") ? doc
                 : g_str_equal (cases[i].args[k], "@region") ? region
                 : g_str_equal (cases[i].args[k], "@out") ? file : cases[i].args[k];
        cli (&r, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], NULL);
        qw_test_run_assert_ok (&r);
        if (file_mode (file) != cases[i].mode)
          g_error ("%s is %o, not %o", cases[i].file, file_mode (file), cases[i].mode);
        g_assert_cmpint (g_remove (file), ==, 0);
      }
  /* The public pages: files 0644, folders 0755. */
  {
    g_autofree char *site = g_build_filename (out, "site", NULL);
    g_autofree char *index = g_build_filename (site, "index.html", NULL);
    g_autofree char *group = g_build_filename (site, "group", NULL);
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "export-site", doc, "--out", site, NULL);
    qw_test_run_assert_ok (&r);
    g_assert_cmpint (file_mode (index), ==, 0644);
    g_assert_cmpint (file_mode (group), ==, 0755);
    g_assert_cmpint (file_mode (site), ==, 0755);
  }
}

/* 9. Reading commands never write to the document: run on a document that
 * cannot be written (0444; as user nobody when the tests run as root, so
 * that the file really is read-only to them), in a folder left as it was,
 * they work and the document's bytes stay the same. */

static void
test_9_reading_never_writes (void)
{
  g_autofree char *folder = g_build_filename (dir, "readonly", NULL);
  g_autofree char *doc = g_build_filename (folder, "stop.qiwang", NULL);
  g_autofree char *before = NULL;
  g_auto(QwTestRun) made = { 0 };
  RunMode mode = can_be_nobody ? RUN_NOBODY : RUN_PLAIN;
  const char *commands[][8] = {
    /* --force: the demo's groups have not finished (issue 19). */
    { "print", "@doc", "certificates", "--out", "@folder/certificates.pdf", "--force" },
    { "print", "@doc", "awards", "--out", "@folder/awards.pdf", "--force" },
    { "print", "@doc", "standings", "--out", "@folder/standings.pdf" },
    { "export-site", "@doc", "--out", "@folder/site" },
    { "export-site", "@doc", "--out", "@folder/site" },
    { "export", "@doc", "--out", "@folder/results.xml" },
    { "export", "@doc", "--out", "@folder/public.xml", "--public" },
    { "share", "@doc", "open-m", "standings", "--out", "@folder/share.png" },
    { "verify-certificate", "@doc", "ABCDE-FGHJK" },
    { "standings", "@doc", "open-m" },
  };

  g_test_message ("%s", can_be_nobody ? "as nobody" : "as this user");
  g_assert_cmpint (g_mkdir (folder, 0777), ==, 0);
  g_assert_cmpint (g_chmod (folder, 0777), ==, 0);
  cli (&made, "demo", doc, NULL);
  qw_test_run_assert_ok (&made);
  g_assert_cmpint (g_chmod (doc, 0444), ==, 0);
  before = qw_test_checksum_file (doc);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *a[8] = { NULL };
      g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
      g_auto(QwTestRun) r = { 0 };

      for (guint k = 0; k < 8 && commands[i][k] != NULL; k++)
        {
          const char *arg = commands[i][k];

          if (g_str_equal (arg, "@doc"))
            a[k] = doc;
          else if (g_str_has_prefix (arg, "@folder/"))
            {
              char *path = g_build_filename (folder, arg + strlen ("@folder/"), NULL);

              g_ptr_array_add (owned, path);
              a[k] = path;
            }
          else
            a[k] = arg;
        }
      cli_as (&r, mode, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], NULL);
      /* verify-certificate says "not valid" with status 1 for a code never issued. */
      if (g_str_equal (a[0], "verify-certificate"))
        g_assert_cmpint (r.status, ==, 1);
      else
        qw_test_run_assert_ok (&r);
      qw_test_assert_checksum (doc, before);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  umask (022);
  dir = qw_test_make_tmp_dir ("qiwang-cli-outputs-XXXXXX");
  /* The tests' folder must be open to nobody, who runs the read-only test. */
  g_chmod (dir, 0755);
  if (geteuid () == 0)
    {
      g_auto(QwTestRun) probe = { 0 };

      cli_as (&probe, RUN_NOBODY, "idcard", "11010519491231002X", NULL);
      can_be_nobody = probe.status == 0;
    }

  g_test_add_func ("/cli-outputs/3/output-never-replaces-input", test_3_output_never_replaces_input);
  g_test_add_func ("/cli-outputs/3/disk-full-keeps-old-output", test_3_disk_full_keeps_old_output);
  g_test_add_func ("/cli-outputs/3/killed-keeps-old-output", test_3_killed_keeps_old_output);
  g_test_add_func ("/cli-outputs/3/site-disk-full", test_3_site_disk_full);
  g_test_add_func ("/cli-outputs/3/site-killed", test_3_site_killed);
  g_test_add_func ("/cli-outputs/3/site-replaced", test_3_site_replaced);
  g_test_add_func ("/cli-outputs/6/site-foreign-files", test_6_site_foreign_files);
  g_test_add_func ("/cli-outputs/6/traversal-codes-refused", test_6_traversal_codes_refused);
  g_test_add_func ("/cli-outputs/6/stored-codes-stay-inside", test_6_stored_codes_stay_inside);
  g_test_add_func ("/cli-outputs/9/private-outputs-0600", test_9_private_outputs_0600);
  g_test_add_func ("/cli-outputs/9/reading-never-writes", test_9_reading_never_writes);

  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
