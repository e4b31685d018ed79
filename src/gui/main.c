/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "qw-application.h"
#include "qw-data.h"
#include "qw-fd-limit.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(QwApplication) app = NULL;

  /* Run from a development build folder: its schema and MIME database. */
  qw_data_use_build_tree ();
  /* 发布到场馆网络 serves the phones from this process (qw-fd-limit.h). */
  qw_fd_limit_raise ();
  /* With the cairo renderer (no GPU, a remote display) nothing is drawn with
   * GL, yet GDK would load EGL, Mesa and LLVM at start-up to choose its X
   * visual: about 30 ms before the first window. Unless GDK_DEBUG is set. */
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") == 0 && g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = qw_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
