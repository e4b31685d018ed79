/* qw-entry-dialog.h: add or edit one entry, with the checks shown as you type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-entry.h"
#include "qw-document.h"
#include "qw-event.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

#define QW_TYPE_ENTRY_DIALOG (qw_entry_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwEntryDialog, qw_entry_dialog, QW, ENTRY_DIALOG, AdwWindow)

QwEntryDialog *qw_entry_dialog_new       (GtkWindow       *parent,
                                          QwRuleset       *ruleset,
                                          const QwEvent   *event,
                                          const QwEntry   *entry);
QwEntry       *qw_entry_dialog_get_entry (QwEntryDialog   *self);
void           qw_entry_dialog_fill      (QwEntryDialog   *self,
                                          const QwEntry   *entry);
void           qw_entry_dialog_set_document (QwEntryDialog *self,
                                          QwDocument      *doc);

G_END_DECLS
