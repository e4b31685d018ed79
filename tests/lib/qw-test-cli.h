/* qw-test-cli.h: running the built qiwang-cli as a script would
 *
 * The program is $QIWANG_CLI (tests/meson.build sets it for the CLI
 * suite). A run collects the exit status, both outputs and the time it
 * took; a run that could not start fails the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int     status;    /* the exit status, or -1 when a signal ended it */
  int     signal;    /* the signal that ended it, or 0 */
  char   *out;
  char   *err;
  double  seconds;   /* how long it ran (wall clock) */
} QwTestRun;

void        qw_test_run_clear        (QwTestRun *r);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwTestRun, qw_test_run_clear)

/* GTest's start (g_test_init()) for a program that runs the CLI: it exits
 * with 77 (skipped) when $QIWANG_CLI is not set. */
void        qw_test_cli_init         (int    *argc,
                                      char ***argv);

/* How the CLI runs. All zero: in this process's folder, with its
 * environment, and a CLI that a signal ends fails the test. */
typedef struct
{
  const char           *dir;          /* the folder it runs in */
  char                **env;          /* its whole environment */
  GSpawnChildSetupFunc  child_setup;  /* called in the child before it starts */
  gpointer              child_data;
  gboolean              may_die;      /* a signal is a status of -1 (the test looks at it) */
  /* Under AddressSanitizer, no leak report at its exit: like any program it
   * leaves the font caches (fontconfig, Pango, cairo) to the end of the
   * process (the core's own leaks are the unit tests'). */
  gboolean              no_leak_check;
} QwTestCliOptions;

/* The options of every later qw_test_cli*() call of this process; the
 * strings they point to must outlive those calls. */
void        qw_test_cli_configure    (const QwTestCliOptions *options);

/* Runs qiwang-cli with the NULL-terminated arguments into @r (what @r
 * held before is freed). */
void        qw_test_cli              (QwTestRun           *r,
                                      const char          *first,
                                      ...) G_GNUC_NULL_TERMINATED;
void        qw_test_cli_argv         (QwTestRun           *r,
                                      const char * const  *args);
/* The same with @options instead of the configured ones. */
void        qw_test_cli_with         (QwTestRun              *r,
                                      const QwTestCliOptions *options,
                                      const char * const     *args);

/* Fails the test, with what the CLI said, unless @r exited with 0. */
void        qw_test_run_assert_ok    (const QwTestRun *r);

/* Runs that must succeed (exit 0): into @r, or returning the standard output. */
void        qw_test_cli_ok           (QwTestRun  *r,
                                      const char *first,
                                      ...) G_GNUC_NULL_TERMINATED;
char       *qw_test_cli_out          (const char *first,
                                      ...) G_GNUC_NULL_TERMINATED G_GNUC_WARN_UNUSED_RESULT;

/* Fails the test unless @r exited with @status and said @needle on its
 * standard error. */
void        qw_test_run_assert_refused (const QwTestRun *r,
                                        int              status,
                                        const char      *needle);

G_END_DECLS
