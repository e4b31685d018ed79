/* qw-rounds-page-private.h: shared by qw-rounds-page.c and qw-rounds-page-actions.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-board-item.h"
#include "qw-page.h"
#include "qw-rounds-page.h"
#include "qw-event.h"
#include "qw-game.h"

G_BEGIN_DECLS

struct _QwRoundsPage
{
  QwPage              parent_instance;

  GtkWidget          *box;
  GtkDropDown        *group_dropdown;
  GtkDropDown        *round_dropdown;
  GtkLabel           *status_label;
  AdwSqueezer        *status_squeezer;
  GtkLabel           *status_line;      /* the status when the row has no room for it */
  guint               status_idle;
  GtkWidget          *entry_button;
  AdwButtonContent   *entry_button_content;
  GtkStack           *content_stack;
  GtkColumnView      *column_view;
  AdwStatusPage      *unpaired_status;
  GtkLabel           *seeding_label;
  GtkLabel           *field_warning_label;
  GtkStack           *seeding_stack;
  GtkColumnView      *seed_view;

  GListStore         *boards;
  GtkSingleSelection *selection;
  GListStore         *seeds;          /* QwSeedItem: the starting-rank list before round 1 */
  gboolean            seeds_drawn;    /* the list is final (the lots are drawn, or none are needed) */

  QwSection          *section;        /* the selected group's: stored, or its defaults (id 0) */
  int                 round;          /* the round shown, 0 when none is paired */
  int                 last_round;
  guint               focus_idle;     /* gives the selected board's row the focus once it exists */
  gboolean            entry_closed;   /* the round shown: result entry from devices closed */
  char               *clock_start;    /* the round shown: its clock for the hall's screens, or NULL */
  char               *clock_end;
  GHashTable         *reminded;       /* group code → the gate's reminders last shown before pairing it */
};

/* The page's context's document and ruleset. */
static inline QwDocument *
doc_of (QwRoundsPage *self)
{
  return qw_page_get_document (QW_PAGE (self));
}

static inline QwRuleset *
ruleset_of (QwRoundsPage *self)
{
  return qw_page_get_ruleset (QW_PAGE (self));
}

GtkWindow   *_qw_rounds_page_parent_window      (QwRoundsPage *self);
void         _qw_rounds_page_reload_boards      (QwRoundsPage *self);
void         _qw_rounds_page_show_round         (QwRoundsPage *self,
                                                 int           round);
void         _qw_rounds_page_load_section       (QwRoundsPage *self,
                                                 const char   *code);
QwBoardItem *_qw_rounds_page_board_at           (QwRoundsPage *self,
                                                 guint         position);
void         _qw_rounds_page_open_fouls_dialog  (QwRoundsPage *self);
void         _qw_rounds_page_open_playoff_dialog (QwRoundsPage *self,
                                                 QwBoardItem  *board);
void         _qw_rounds_page_select_next_open   (QwRoundsPage *self,
                                                 guint         after);
void         _qw_rounds_page_open_gate_dialog   (QwRoundsPage *self);
void         _qw_rounds_page_class_actions_init (GtkWidgetClass *widget_class);
void         _qw_rounds_page_class_venue_init   (GtkWidgetClass *widget_class);
gboolean     _qw_rounds_page_pair               (QwRoundsPage *self,
                                                 gboolean      present_only,
                                                 GError      **error);
gboolean     _qw_rounds_page_ask_present_only   (QwRoundsPage *self);

G_END_DECLS
