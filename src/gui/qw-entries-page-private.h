/* qw-entries-page-private.h: shared by qw-entries-page.c and qw-entries-page-files.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-entries-page.h"
#include "qw-desk-settings.h"
#include "qw-event.h"

G_BEGIN_DECLS

struct _QwEntriesPage
{
  QwPage             parent_instance;

  GtkWidget         *box;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *filter_dropdown;
  GtkDropDown       *order_dropdown;
  GtkStack          *content_stack;
  GtkColumnView     *column_view;
  GtkSpinner        *busy_spinner;
  GtkLabel          *summary_label;
  GtkLabel          *problems_label;

  GListStore        *store;
  GtkFilterListModel *filter_model;
  GtkCustomFilter   *filter;
  GtkSortListModel  *sort_model;
  GtkMultiSelection *selection;
  GPtrArray         *filter_groups;  /* group codes for the drop-down's group items */
  char              *needle;         /* the search text, case-folded; NULL when empty */

  const char        *busy_text;      /* what the worker does, or NULL */
  QwListOrder        order;          /* the document's list order, as shown */
  GtkSorter         *order_sorter;   /* the rows the columns leave tied: in the list order */
  gboolean           updating_order;
  gboolean           checkin_started; /* some player is checked in (签到): the summary counts them */
  GHashTable        *present_counts;  /* group code → guint[2]: checked in, players; NULL before check-in */
};

/* The page's context's: the event the entries are registered for (kept up
 * to date), the document and its ruleset. */
static inline const QwEvent *
event_of (QwEntriesPage *self)
{
  return qw_page_get_event (QW_PAGE (self));
}

static inline QwDocument *
doc_of (QwEntriesPage *self)
{
  return qw_page_get_document (QW_PAGE (self));
}

static inline QwRuleset *
ruleset_of (QwEntriesPage *self)
{
  return qw_page_get_ruleset (QW_PAGE (self));
}

void _qw_entries_page_set_busy           (QwEntriesPage *self,
                                          const char    *text);
void _qw_entries_page_ask_late           (QwEntriesPage *self,
                                          GtkWindow     *parent,
                                          GPtrArray     *late);
void _qw_entries_page_choose_import_file (QwEntriesPage *self);
void _qw_entries_page_choose_export_file (QwEntriesPage *self);

G_END_DECLS
