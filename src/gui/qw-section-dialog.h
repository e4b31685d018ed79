/* qw-section-dialog.h: a group's play settings and tie-break chain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-play.h"
#include "qw-game.h"

G_BEGIN_DECLS

#define QW_TYPE_SECTION_DIALOG (qw_section_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwSectionDialog, qw_section_dialog, QW, SECTION_DIALOG, AdwWindow)

QwSectionDialog *qw_section_dialog_new      (GtkWindow       *parent,
                                             QwDocument      *doc,
                                             QwRuleset       *ruleset,
                                             const QwSection *section,
                                             gboolean         started);
char            *qw_section_dialog_get_chain (QwSectionDialog *self);
const char      *qw_section_dialog_get_field_warning (QwSectionDialog *self);
void             qw_section_dialog_set_chain (QwSectionDialog *self,
                                              const char      *chain);
gboolean         qw_section_dialog_save      (QwSectionDialog *self,
                                              GError         **error);
const QwSection *qw_section_dialog_get_section (QwSectionDialog *self);

G_END_DECLS
