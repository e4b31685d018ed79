/* qw-region-page-private.h: shared by qw-region-page.c and qw-region-page-sidebar.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-region-page.h"
#include "qw-region.h"

G_BEGIN_DECLS

struct _QwRegionPage
{
  QwPage               parent_instance;

  GtkOverlay          *overlay;
  GtkRevealer         *drop_revealer;
  GtkSearchEntry      *search_entry;
  GtkLabel            *preliminaries_value;
  GtkLabel            *valid_value;
  GtkLabel            *valid_caption;
  GtkLabel            *final_value;
  GtkLabel            *participants_value;
  GtkLabel            *participants_caption;
  GtkStack            *content_stack;
  GtkColumnView       *column_view;
  GtkLabel            *status_label;
  QwQuotaCard         *quota_card;
  AdwPreferencesGroup *checks_group;
  AdwPreferencesGroup *nominees_group;
  GtkWidget           *export_button;

  GListStore          *store;
  GtkFilterListModel  *filter_model;
  GtkCustomFilter     *filter;
  GtkSortListModel    *sort_model;
  GtkMultiSelection   *selection;
  char                *needle;
  GPtrArray           *check_rows;      /* rows of checks_group */
  GPtrArray           *nominee_rows;    /* rows of nominees_group */

  QwRegionSummary     *summary;
  QwQuota             *quota;
  QwNomineeList       *nominees;
  guint                n_warnings;
  GPtrArray           *outcomes;        /* QwFileOutcome of the last import */
};

/* The page's context's document and ruleset. */
static inline QwDocument *
doc_of (QwRegionPage *self)
{
  return qw_page_get_document (QW_PAGE (self));
}

static inline QwRuleset *
ruleset_of (QwRegionPage *self)
{
  return qw_page_get_ruleset (QW_PAGE (self));
}

static inline GtkWindow *
get_parent (QwRegionPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

void _qw_region_page_update_sidebar     (QwRegionPage   *self);
void _qw_region_page_class_sidebar_init (GtkWidgetClass *widget_class);

G_END_DECLS
