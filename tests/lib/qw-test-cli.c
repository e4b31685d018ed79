/* qw-test-cli.c: running the built qiwang-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "qw-test-cli.h"

static QwTestCliOptions configured;

void
qw_test_run_clear (QwTestRun *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

void
qw_test_cli_init (int    *argc,
                  char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (g_getenv ("QIWANG_CLI") == NULL)
    {
      g_printerr ("QIWANG_CLI is not set: skipped\n");
      exit (77);
    }
}

void
qw_test_cli_configure (const QwTestCliOptions *options)
{
  configured = *options;
}

void
qw_test_cli_with (QwTestRun              *r,
                  const QwTestCliOptions *options,
                  const char * const     *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  const char *cli = g_getenv ("QIWANG_CLI");
  gint64 start = g_get_monotonic_time ();
  int wait = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  env = options->env != NULL ? g_strdupv (options->env) : g_get_environ ();
  if (options->no_leak_check)
    env = g_environ_setenv (env, "ASAN_OPTIONS", "detect_leaks=0", TRUE);
  qw_test_run_clear (r);
  g_spawn_sync (options->dir, (char **) argv->pdata, env, G_SPAWN_DEFAULT, options->child_setup,
                options->child_data, &r->out, &r->err, &wait, &error);
  g_assert_no_error (error);
  r->seconds = (g_get_monotonic_time () - start) / 1e6;
  if (!options->may_die && !WIFEXITED (wait))
    g_error ("qiwang-cli %s was ended by signal %d: %s", args[0], WTERMSIG (wait), r->err);
  r->status = WIFEXITED (wait) ? WEXITSTATUS (wait) : -1;
  r->signal = WIFSIGNALED (wait) ? WTERMSIG (wait) : 0;
}

void
qw_test_cli_argv (QwTestRun          *r,
                  const char * const *args)
{
  qw_test_cli_with (r, &configured, args);
}

static GPtrArray *
collect_args (const char *first,
              va_list     ap)
{
  GPtrArray *args = g_ptr_array_new ();

  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  g_ptr_array_add (args, NULL);
  return args;
}

void
qw_test_cli (QwTestRun  *r,
             const char *first,
             ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, first);
  args = collect_args (first, ap);
  va_end (ap);
  qw_test_cli_argv (r, (const char * const *) args->pdata);
}

void
qw_test_run_assert_ok (const QwTestRun *r)
{
  if (r->status != 0)
    g_error ("qiwang-cli failed: exit %d (signal %d): %s%s", r->status, r->signal, r->out, r->err);
}

void
qw_test_run_assert_refused (const QwTestRun *r,
                            int              status,
                            const char      *needle)
{
  if (r->status != status || strstr (r->err, needle) == NULL)
    g_error ("expected exit %d and “%s”, got %d (signal %d): %s%s", status, needle, r->status, r->signal,
             r->out, r->err);
}

/* Runs the arguments from @first on into @r; fails the test unless it exited with 0. */
static void
run_ok (QwTestRun  *r,
        const char *first,
        va_list     ap)
{
  g_autoptr(GPtrArray) args = collect_args (first, ap);

  qw_test_cli_argv (r, (const char * const *) args->pdata);
  if (r->status != 0)
    g_error ("qiwang-cli %s: exit %d (signal %d): %s%s", first, r->status, r->signal, r->out, r->err);
}

void
qw_test_cli_ok (QwTestRun  *r,
                const char *first,
                ...)
{
  va_list ap;

  va_start (ap, first);
  run_ok (r, first, ap);
  va_end (ap);
}

char *
qw_test_cli_out (const char *first,
                 ...)
{
  g_auto(QwTestRun) r = { 0 };
  va_list ap;

  va_start (ap, first);
  run_ok (&r, first, ap);
  va_end (ap);
  return g_steal_pointer (&r.out);
}
