/* qw-file-chooser.h: asking the user for a file to open or to write
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the user chose: @files (element-type GFile), one unless several were
 * asked for. */
typedef void (*QwFilesChosenFunc) (GtkWidget *owner,
                                   GPtrArray *files,
                                   gpointer   data);

typedef struct
{
  GtkFileChooserAction  action;     /* GTK_FILE_CHOOSER_ACTION_OPEN or _SAVE */
  const char           *title;
  const char           *accept;     /* the button, with its mnemonic: "_Import" */
  const char           *name;       /* to save: the name offered; NULL: none */
  GtkFileFilter        *filters[3]; /* offered, the first chosen; none: any file */
  gboolean              multiple;   /* to open: several files at once */
} QwFileQuestion;

void qw_file_chooser_ask (GtkWidget            *owner,
                          const QwFileQuestion *question,
                          QwFilesChosenFunc     chosen,
                          gpointer              data,
                          GDestroyNotify        destroy);

G_END_DECLS
