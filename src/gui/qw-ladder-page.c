/* qw-ladder-page.c: the 2022 online ladder (网络海选赛, 网络入围赛)
 *
 * The page shows what region/qw-ladder-store.h keeps in a final's document
 * and computes from it with qw_ladder_compute(), the function `qiwang-cli
 * ladder` calls: every period's selection (海选) and qualifying (入围)
 * standings, the season's counted games with the grade certificates, the
 * finalists (online and wild cards), the public list (名单公示, documents
 * masked, as qw_ladder_public_list_csv() writes it) and the warnings. The
 * game log, the players list and the wild cards are imported from here, each
 * as one undoable step; the page follows the document's settings and kept
 * tables ("meta"), where the ladder's are.
 *
 * A finalist reported during the public list or found cheating (seed 000
 * §九3, §十一(三)3) is cancelled from the finalists tab (取消资格…, one
 * undoable step through qw_ladder_store_cancel(), as `qiwang-cli
 * ladder-cancel`); the arbiter's page lists the cancelled players with the
 * kind and the reason, while the public list shows only 已取消资格（名额空缺）.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-cancel-finalist-dialog.h"
#include "qw-column-view.h"
#include "qw-csv.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-ladder-page.h"
#include "qw-ladder.h"
#include "qw-parts.h"
#include "qw-ruleset-championship.h"
#include "qw-text-row.h"
#include "qw-tooltip.h"
#include "qw-wildcard-dialog.h"

struct _QwLadderPage
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkLabel          *summary_label;
  GtkLabel          *files_label;
  GtkStack          *content_stack;
  AdwViewStack      *view_stack;
  GtkDropDown       *period_dropdown;
  GtkLabel          *selection_label;
  GtkLabel          *qualifying_label;
  GtkLabel          *season_label;
  GtkLabel          *finalists_label;
  GtkLabel          *public_label;
  GtkColumnView     *selection_view;
  GtkColumnView     *qualifying_view;
  GtkColumnView     *season_view;
  GtkColumnView     *finalists_view;
  GtkColumnView     *public_view;
  GtkColumnView     *warnings_view;
  GtkColumnView     *cancelled_view;
  GtkWidget         *cancelled_box;
  GtkLabel          *cancelled_label;
  GtkSingleSelection *finalist_selection;

  GListStore        *selection;
  GListStore        *qualifying;
  GListStore        *season;
  GListStore        *finalists;
  GListStore        *public_list;
  GListStore        *warnings;
  GListStore        *cancelled;

  QwLadderStored    *stored;
  char              *public_csv;   /* 名单公示, as written */
};

G_DEFINE_FINAL_TYPE (QwLadderPage, qw_ladder_page, QW_TYPE_PAGE)

static void period_changed_cb (QwLadderPage *self);

static char *
points_text (double value)
{
  return g_strdup_printf ("%g", value);
}

static char *
count_text (int n)
{
  return g_strdup_printf ("%d", n);
}

static const QwLadder *
ladder_of (QwLadderPage *self)
{
  return self->stored != NULL ? self->stored->ladder : NULL;
}

static const char *
name_of (QwLadderPage *self,
         const char   *account)
{
  const QwLadderPlayer *p = self->stored != NULL && self->stored->players != NULL
                            ? qw_ladder_players_find (self->stored->players, account) : NULL;

  return p != NULL ? p->name : "";
}

/* Columns: each shows the cell "cN" of the rows. */

/* The public list's columns are its header's (already Chinese). */
static void
set_header_columns (GtkColumnView *view,
                    char         **header)
{
  qw_column_view_clear (view);
  for (guint i = 0; header != NULL && header[i] != NULL && i < QW_TEXT_ROW_MAX_CELLS; i++)
    {
      g_autofree char *property = g_strdup_printf ("c%u", i);
      QwColumn column = { header[i], property, NULL, i == 0 ? 60 : 0,
                          i == 0 ? QW_COLUMN_NUMERIC | QW_COLUMN_END : QW_COLUMN_EXPAND };

      qw_column_view_add_column (view, QW_TYPE_TEXT_ROW, &column, NULL);
    }
}

static const QwTextColumn selection_columns[] = {
  { N_("Rank"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Name"), 110, 0 },
  { N_("Games"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Wins"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Draws"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Losses"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Left"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Points"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("Selected"), 0, QW_COLUMN_EXPAND },
};

static const QwTextColumn qualifying_columns[] = {
  { N_("Rank"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Name"), 110, 0 },
  { N_("Games"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Wins"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Points"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("Qualified"), 0, QW_COLUMN_EXPAND },
};

static const QwTextColumn season_columns[] = {
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Name"), 110, 0 },
  { N_("Games"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Wins"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Draws"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Losses"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Left"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Points"), 60, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("Grade certificate"), 0, QW_COLUMN_EXPAND },
};

static const QwTextColumn finalist_columns[] = {
  { N_("No."), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Name"), 110, 0 },
  { N_("Qualified by"), 0, QW_COLUMN_EXPAND },
};

/* The arbiter's view of a cancellation: kind and reason (never in the public list). */
static const QwTextColumn cancelled_columns[] = {
  { N_("No."), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Name"), 110, 0 },
  { N_("Qualified by"), 150, 0 },
  { N_("Kind"), 190, 0 },
  { N_("Reason"), 0, QW_COLUMN_EXPAND | QW_COLUMN_TOOLTIP },
  /* Translators: what became of the cancelled finalist's place in the final (名额) */
  { N_("Final place"), 80, 0 },
};

static const QwTextColumn warning_columns[] = {
  { N_("Period"), 56, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Account"), 130, QW_COLUMN_NUMERIC },
  { N_("Warning"), 0, QW_COLUMN_EXPAND },
};

static void
splice (GListStore *store,
        GPtrArray  *items)
{
  g_list_store_remove_all (store);
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
}

/* One period's two tables, as `qiwang-cli ladder` prints them. */
static void
show_period (QwLadderPage *self,
             int           number)
{
  const QwLadder *ladder = ladder_of (self);
  const QwLadderPeriod *p = ladder != NULL ? qw_ladder_get_period (ladder, number) : NULL;
  g_autoptr(GPtrArray) selection = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) qualifying = g_ptr_array_new_with_free_func (g_object_unref);
  char from[QW_DATE_ISO_LEN], to[QW_DATE_ISO_LEN];
  g_autofree char *text = NULL;
  g_autofree char *threshold = NULL;

  if (p == NULL)
    {
      g_list_store_remove_all (self->selection);
      g_list_store_remove_all (self->qualifying);
      gtk_label_set_text (self->selection_label, "");
      gtk_label_set_text (self->qualifying_label, "");
      return;
    }
  threshold = points_text (ladder->ruleset->ladder->selection_threshold);
  qw_date_to_iso (p->rule->selection_from, from);
  qw_date_to_iso (p->rule->selection_to, to);
  /* Translators: "Selection (海选), 2022-07-01 to 2022-07-10: 12 of 40 players reached 7 points" */
  text = g_strdup_printf (_("Selection, %s to %s: %d of %u players reached %s points"), from, to, p->n_selected,
                          p->selection->len, threshold);
  gtk_label_set_text (self->selection_label, text);
  g_clear_pointer (&text, g_free);
  qw_date_to_iso (p->rule->qualifying_from, from);
  qw_date_to_iso (p->rule->qualifying_to, to);
  text = g_strdup_printf (_("Qualifying, %s to %s: %d of %u players qualified (top %d)"), from, to, p->n_qualified,
                          p->qualifying->len, ladder->ruleset->ladder->qualifying_places);
  gtk_label_set_text (self->qualifying_label, text);

  for (guint i = 0; i < p->selection->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->selection, i);

      g_ptr_array_add (selection, qw_text_row_new (count_text (r->rank), g_strdup (r->player),
                                                   g_strdup (name_of (self, r->player)), count_text (r->games),
                                                   count_text (r->wins), count_text (r->draws),
                                                   count_text (r->losses), count_text (r->left),
                                                   points_text (r->points),
                                                   g_strdup (r->qualified ? _("yes") : ""), NULL));
    }
  for (guint i = 0; i < p->qualifying->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->qualifying, i);

      g_ptr_array_add (qualifying, qw_text_row_new (count_text (r->rank), g_strdup (r->player),
                                                    g_strdup (name_of (self, r->player)), count_text (r->games),
                                                    count_text (r->wins), points_text (r->points),
                                                    g_strdup (r->qualified ? _("yes") : ""), NULL));
    }
  splice (self->selection, selection);
  splice (self->qualifying, qualifying);
}

static void
fill_periods (QwLadderPage *self)
{
  const QwLadder *ladder = ladder_of (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = gtk_drop_down_get_selected (self->period_dropdown);

  for (guint k = 0; ladder != NULL && k < ladder->periods->len; k++)
    {
      const QwLadderPeriod *p = g_ptr_array_index (ladder->periods, k);
      /* Translators: a period of the online ladder, "第3期" */
      g_autofree char *name = g_strdup_printf (_("Period %d"), p->number);

      gtk_string_list_append (names, name);
    }
  g_signal_handlers_block_by_func (self->period_dropdown, period_changed_cb, self);
  gtk_drop_down_set_model (self->period_dropdown, G_LIST_MODEL (names));
  if (selected != GTK_INVALID_LIST_POSITION && ladder != NULL && selected < ladder->periods->len)
    gtk_drop_down_set_selected (self->period_dropdown, selected);
  g_signal_handlers_unblock_by_func (self->period_dropdown, period_changed_cb, self);
  period_changed_cb (self);
}

static void
fill_season (QwLadderPage *self)
{
  const QwLadder *ladder = ladder_of (self);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *text = NULL;

  for (guint i = 0; i < ladder->season->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (ladder->season, i);

      g_ptr_array_add (rows, qw_text_row_new (g_strdup (r->player), g_strdup (name_of (self, r->player)),
                                              count_text (r->games), count_text (r->wins), count_text (r->draws),
                                              count_text (r->losses), count_text (r->left),
                                              points_text (r->points),
                                              g_strdup (r->qualified ? _("eligible") : ""), NULL));
    }
  splice (self->season, rows);
  text = g_strdup_printf (_("Eligible for a grade certificate (%d counted games or more): %u of %u players"),
                          ladder->ruleset->ladder->certificate_games, ladder->certificate_eligible->len,
                          ladder->season->len);
  gtk_label_set_text (self->season_label, text);
}

/* 九3, 十一(三)3: who was cancelled, how and why; their places stay empty. */
static void
fill_cancelled (QwLadderPage *self)
{
  const QwLadder *ladder = ladder_of (self);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *text = NULL;

  for (guint i = 0; i < ladder->cancelled->len; i++)
    {
      const QwLadderCancelled *c = g_ptr_array_index (ladder->cancelled, i);
      const QwLadderFinalist *f = c->finalist;

      g_ptr_array_add (rows, qw_text_row_new (count_text (c->number), g_strdup (f->account),
                                              g_strdup (f->name != NULL ? f->name : ""), qw_ladder_finalist_qualified_text (f),
                                              g_strdup (qw_ladder_cancel_kind_to_chinese (c->kind)),
                                              g_strdup (c->reason), g_strdup (qw_ladder_cancelled_place_text ()),
                                              NULL));
    }
  splice (self->cancelled, rows);
  text = g_strdup_printf (_("Qualifications cancelled: %u (their places stay empty; undo takes one back)"),
                          ladder->cancelled->len);
  gtk_label_set_text (self->cancelled_label, text);
  gtk_widget_set_visible (self->cancelled_box, ladder->cancelled->len > 0);
}

static void
fill_finalists (QwLadderPage *self)
{
  const QwLadder *ladder = ladder_of (self);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *text = NULL;

  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);

      g_ptr_array_add (rows, qw_text_row_new (count_text ((int) i + 1), g_strdup (f->account),
                                              g_strdup (f->name != NULL ? f->name : ""), qw_ladder_finalist_qualified_text (f),
                                              NULL));
    }
  splice (self->finalists, rows);
  text = g_strdup_printf (_("Finalists: %u (%d online, %d wild cards) of %d individual places"),
                          ladder->finalists->len, ladder->n_online, ladder->n_wildcards,
                          ladder->ruleset->ladder->places);
  gtk_label_set_text (self->finalists_label, text);
  gtk_single_selection_set_selected (self->finalist_selection, GTK_INVALID_LIST_POSITION);
  fill_cancelled (self);
}

/* 名单公示: the rows of the CSV the core writes, as they are written. */
static void
fill_public (QwLadderPage *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(GError) error = NULL;
  char from[QW_DATE_ISO_LEN], to[QW_DATE_ISO_LEN];
  const QwLadderRules *rules = ladder_of (self)->ruleset->ladder;
  g_autofree char *text = NULL;

  g_clear_pointer (&self->public_csv, g_free);
  self->public_csv = qw_ladder_public_list_csv (ladder_of (self));
  csv = qw_csv_parse_data (self->public_csv, strlen (self->public_csv), &error);
  if (csv == NULL || csv->rows->len == 0)
    {
      g_list_store_remove_all (self->public_list);
      if (error != NULL)
        g_warning ("The public list could not be read back: %s", error->message);
      return;
    }
  set_header_columns (self->public_view, g_ptr_array_index (csv->rows, 0));
  for (guint i = 1; i < csv->rows->len; i++)
    g_ptr_array_add (rows, qw_text_row_new_take (g_strdupv (g_ptr_array_index (csv->rows, i))));
  splice (self->public_list, rows);
  qw_date_to_iso (rules->public_from, from);
  qw_date_to_iso (rules->public_to, to);
  text = qw_date_is_set (rules->public_from)
         ? g_strdup_printf (_("The public list of the %u finalists, shown from %s to %s; documents are masked"),
                            csv->rows->len - 1, from, to)
         : g_strdup_printf (_("The public list of the %u finalists; documents are masked"), csv->rows->len - 1);
  gtk_label_set_text (self->public_label, text);
}

static void
fill_warnings (QwLadderPage *self)
{
  const QwLadder *ladder = ladder_of (self);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  AdwViewStackPage *page = adw_view_stack_get_page (self->view_stack,
                                                    adw_view_stack_get_child_by_name (self->view_stack, "warnings"));

  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      g_ptr_array_add (rows, qw_text_row_new (w->period > 0 ? count_text (w->period) : g_strdup (""),
                                              g_strdup (w->player), g_strdup (w->message), NULL));
    }
  splice (self->warnings, rows);
  adw_view_stack_page_set_badge_number (page, ladder->warnings->len);
  adw_view_stack_page_set_needs_attention (page, ladder->warnings->len > 0);
}

static void
update_files (QwLadderPage *self)
{
  const char *none = _("none");
  g_autofree char *text = NULL;

  text = g_strdup_printf (_("Game log: %s · Players list: %s · Wild cards: %s"),
                          self->stored->names[QW_LADDER_FILE_GAMES] != NULL
                          ? self->stored->names[QW_LADDER_FILE_GAMES] : none,
                          self->stored->names[QW_LADDER_FILE_PLAYERS] != NULL
                          ? self->stored->names[QW_LADDER_FILE_PLAYERS] : none,
                          self->stored->names[QW_LADDER_FILE_WILDCARDS] != NULL
                          ? self->stored->names[QW_LADDER_FILE_WILDCARDS] : none);
  gtk_label_set_text (self->files_label, text);
  qw_tooltip_set_text (GTK_WIDGET (self->files_label), text);
}

static void
reload (QwPage *page)
{
  QwLadderPage *self = QW_LADDER_PAGE (page);
  g_autoptr(GError) error = NULL;
  QwRuleset *ruleset = qw_page_get_ruleset (page);
  g_autofree char *summary = NULL;
  const QwLadder *ladder;

  g_clear_pointer (&self->stored, qw_ladder_stored_free);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ladder.export-public", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ladder.cancel-finalist", FALSE);
  if (ruleset == NULL || !qw_part_offered (qw_document_get_kind (qw_page_get_document (page)), ruleset,
                                           qw_page_get_event (page) != NULL, QW_PART_LADDER))
    {
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  self->stored = qw_ladder_store_load (qw_page_get_document (page), ruleset, &error);
  if (self->stored == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The ladder could not be computed"), error);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  update_files (self);
  ladder = ladder_of (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ladder.export-public", ladder != NULL);
  if (ladder == NULL)
    {
      gtk_label_set_text (self->summary_label, _("No game log imported"));
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  summary = g_strdup_printf (_("%d games: %d counted, %d void, %d outside their period’s dates"), ladder->n_games,
                             ladder->n_counted, ladder->n_void, ladder->n_outside);
  gtk_label_set_text (self->summary_label, summary);
  fill_periods (self);
  fill_season (self);
  fill_finalists (self);
  fill_public (self);
  fill_warnings (self);
  gtk_stack_set_visible_child_name (self->content_stack, "ladder");
}

/* 取消资格… acts on the selected finalist of a document that can be changed. */
static void
update_cancel_action (QwLadderPage *self)
{
  QwDocument *doc = qw_page_get_document (QW_PAGE (self));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ladder.cancel-finalist",
                                 doc != NULL && !qw_document_is_read_only (doc) && ladder_of (self) != NULL
                                 && gtk_single_selection_get_selected (self->finalist_selection)
                                    != GTK_INVALID_LIST_POSITION);
}

/* A document read-only where it is shows its ladder; nothing is imported into it. */
static void
context_changed (QwPage *page)
{
  static const char *changes[] = { "ladder.import-games", "ladder.import-players", "ladder.import-wildcards",
                                   "ladder.forget", "ladder.add-wildcard" };
  QwDocument *doc = qw_page_get_document (page);
  gboolean editable = doc == NULL || !qw_document_is_read_only (doc);

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (page), changes[i], editable);
  update_cancel_action (QW_LADDER_PAGE (page));
}

static void
period_changed_cb (QwLadderPage *self)
{
  guint i = gtk_drop_down_get_selected (self->period_dropdown);

  show_period (self, i == GTK_INVALID_LIST_POSITION ? 0 : (int) i + 1);
}

/* Importing */

static const char *
imported_message (QwLadderFile file)
{
  switch (file)
    {
    case QW_LADDER_FILE_PLAYERS:
      return _("Players list imported");
    case QW_LADDER_FILE_WILDCARDS:
      return _("Wild cards imported");
    case QW_LADDER_FILE_GAMES:
    case QW_N_LADDER_FILES:
    default:
      return _("Game log imported");
    }
}

gboolean
qw_ladder_page_import (QwLadderPage *self,
                       QwLadderFile  file,
                       const char   *path)
{
  g_autoptr(GError) error = NULL;
  QwDocument *doc;

  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), FALSE);
  g_return_val_if_fail (qw_page_get_context (QW_PAGE (self)) != NULL, FALSE);

  doc = qw_page_get_document (QW_PAGE (self));
  if (!qw_ladder_store_import (doc, qw_page_get_ruleset (QW_PAGE (self)), file, path, NULL, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The file was not imported"), error);
      return FALSE;
    }
  /* Shown or not, the page holds what was imported when this returns. */
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc, imported_message (file));
  return TRUE;
}

/* @data: the QwLadderFile asked for */
static void
import_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  QwLadderPage *self = QW_LADDER_PAGE (owner);
  g_autofree char *path = g_file_get_path (g_ptr_array_index (files, 0));

  if (qw_page_get_context (QW_PAGE (self)) != NULL && path != NULL)
    qw_ladder_page_import (self, (QwLadderFile) GPOINTER_TO_INT (data), path);
}

static void
choose_file (QwLadderPage *self,
             QwLadderFile  file)
{
  static const char *patterns[] = { "*.csv", "*.CSV", "*.xlsx", "*.XLSX", "*.xls", "*.XLS", "*.txt", NULL };
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN,
                              .title = file == QW_LADDER_FILE_PLAYERS ? _("Import the Ladder’s Players List")
                                       : file == QW_LADDER_FILE_WILDCARDS ? _("Import the Wild Cards")
                                       : _("Import the Ladder’s Game Log"),
                              .accept = _("_Import"), .filters = { filter } };

  if (qw_page_get_context (QW_PAGE (self)) == NULL)
    return;
  gtk_file_filter_set_name (filter, _("Spreadsheets (.csv, .xlsx, .xls)"));
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  qw_file_chooser_ask (GTK_WIDGET (self), &question, import_chosen_cb, GINT_TO_POINTER (file), NULL);
}

static void
import_games_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  choose_file (QW_LADDER_PAGE (widget), QW_LADDER_FILE_GAMES);
}

static void
import_players_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  choose_file (QW_LADDER_PAGE (widget), QW_LADDER_FILE_PLAYERS);
}

static void
import_wildcards_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  choose_file (QW_LADDER_PAGE (widget), QW_LADDER_FILE_WILDCARDS);
}

static gboolean
file_from_code (const char   *code,
                QwLadderFile *file)
{
  static const char *codes[QW_N_LADDER_FILES] = { "games", "players", "wildcards" };

  for (int i = 0; i < QW_N_LADDER_FILES; i++)
    if (g_strcmp0 (code, codes[i]) == 0)
      {
        *file = (QwLadderFile) i;
        return TRUE;
      }
  return FALSE;
}

static const char *
removed_message (QwLadderFile file)
{
  switch (file)
    {
    case QW_LADDER_FILE_PLAYERS:
      return _("Players list removed");
    case QW_LADDER_FILE_WILDCARDS:
      return _("Wild cards removed");
    case QW_LADDER_FILE_GAMES:
    case QW_N_LADDER_FILES:
    default:
      return _("Game log removed");
    }
}

/**
 * qw_ladder_page_forget:
 *
 * Takes an imported table out of the document, as one undoable step (the
 * page's menu). Returns FALSE (an error shown) when it could not.
 */
gboolean
qw_ladder_page_forget (QwLadderPage *self,
                       QwLadderFile  file)
{
  g_autoptr(GError) error = NULL;
  QwDocument *doc;

  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), FALSE);
  g_return_val_if_fail (qw_page_get_context (QW_PAGE (self)) != NULL, FALSE);

  doc = qw_page_get_document (QW_PAGE (self));
  if (!qw_ladder_store_has (doc, file))
    return TRUE;
  if (!qw_ladder_store_forget (doc, file, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The table was not removed"), error);
      return FALSE;
    }
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc, removed_message (file));
  return TRUE;
}

static void
add_wildcard_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwDocumentContext *context = qw_page_get_context (QW_PAGE (widget));

  if (context != NULL)
    gtk_window_present (GTK_WINDOW (qw_wildcard_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), widget,
                                                            context)));
}

/**
 * qw_ladder_page_cancel_finalist:
 * @number: the finalist's 序号 (from 1)
 *
 * Opens the 取消资格… dialog for that finalist (what the button does for the
 * selected row). Returns: (transfer none) (nullable): the dialog, or %NULL
 * when there is no such finalist
 */
QwCancelFinalistDialog *
qw_ladder_page_cancel_finalist (QwLadderPage *self,
                                int           number)
{
  QwDocumentContext *context = qw_page_get_context (QW_PAGE (self));
  const QwLadder *ladder = ladder_of (self);
  QwCancelFinalistDialog *dialog;

  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), NULL);

  if (context == NULL || ladder == NULL || number < 1 || (guint) number > ladder->finalists->len)
    return NULL;
  dialog = qw_cancel_finalist_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), GTK_WIDGET (self),
                                          context, g_ptr_array_index (ladder->finalists, (guint) number - 1),
                                          number);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
qw_ladder_page_select_finalist (QwLadderPage *self,
                                int           number)
{
  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), FALSE);

  if (number < 1 || (guint) number > g_list_model_get_n_items (G_LIST_MODEL (self->finalists)))
    return FALSE;
  gtk_single_selection_set_selected (self->finalist_selection, (guint) number - 1);
  return TRUE;
}

static void
cancel_finalist_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwLadderPage *self = QW_LADDER_PAGE (widget);
  guint i = gtk_single_selection_get_selected (self->finalist_selection);

  if (i != GTK_INVALID_LIST_POSITION)
    qw_ladder_page_cancel_finalist (self, (int) i + 1);
}

static void
forget_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwLadderPage *self = QW_LADDER_PAGE (widget);
  QwLadderFile file;

  if (qw_page_get_context (QW_PAGE (self)) != NULL && file_from_code (g_variant_get_string (parameter, NULL), &file))
    qw_ladder_page_forget (self, file);
}

/* 名单公示 as the CLI's --public-list writes it. */
static void
export_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  QwLadderPage *self = QW_LADDER_PAGE (owner);
  g_autofree char *path = g_file_get_path (g_ptr_array_index (files, 0));
  g_autoptr(GError) error = NULL;

  if (ladder_of (self) == NULL || path == NULL)
    return;
  if (qw_ladder_write_public_list (ladder_of (self), path, &error))
    qw_feedback_file_toast (GTK_WIDGET (self), _("Public list written"), path, TRUE);
  else
    qw_feedback_error (GTK_WIDGET (self), _("The public list was not written"), error);
}

static void
export_public_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  QwLadderPage *self = QW_LADDER_PAGE (widget);
  const QwEvent *event;
  g_autofree char *name = NULL;

  if (ladder_of (self) == NULL)
    return;
  event = qw_page_get_event (QW_PAGE (self));
  /* Translators: a file name, "…总决赛-名单公示.csv" */
  name = g_strdup_printf (_("%s-public-list.csv"), event != NULL && event->name != NULL ? event->name : "");
  g_strdelimit (name, "/\\:", '-');
  {
    QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Export the Public List"),
                                .accept = _("_Export"), .name = name };

    qw_file_chooser_ask (widget, &question, export_chosen_cb, NULL, NULL);
  }
}

/* The public API */

void
qw_ladder_page_show_view (QwLadderPage *self,
                          const char   *name)
{
  g_return_if_fail (QW_IS_LADDER_PAGE (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

gboolean
qw_ladder_page_select_period (QwLadderPage *self,
                              int           number)
{
  GListModel *model = gtk_drop_down_get_model (self->period_dropdown);

  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), FALSE);

  if (model == NULL || number < 1 || (guint) number > g_list_model_get_n_items (model))
    return FALSE;
  gtk_drop_down_set_selected (self->period_dropdown, (guint) number - 1);
  return TRUE;
}

const QwLadder *
qw_ladder_page_get_ladder (QwLadderPage *self)
{
  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), NULL);
  return ladder_of (self);
}

GListModel *
qw_ladder_page_get_rows (QwLadderPage *self,
                         const char   *table)
{
  g_return_val_if_fail (QW_IS_LADDER_PAGE (self), NULL);

  if (g_strcmp0 (table, "selection") == 0)
    return G_LIST_MODEL (self->selection);
  if (g_strcmp0 (table, "qualifying") == 0)
    return G_LIST_MODEL (self->qualifying);
  if (g_strcmp0 (table, "season") == 0)
    return G_LIST_MODEL (self->season);
  if (g_strcmp0 (table, "finalists") == 0)
    return G_LIST_MODEL (self->finalists);
  if (g_strcmp0 (table, "public") == 0)
    return G_LIST_MODEL (self->public_list);
  if (g_strcmp0 (table, "warnings") == 0)
    return G_LIST_MODEL (self->warnings);
  if (g_strcmp0 (table, "cancelled") == 0)
    return G_LIST_MODEL (self->cancelled);
  return NULL;
}

/* The class */

static void
qw_ladder_page_dispose (GObject *object)
{
  QwLadderPage *self = QW_LADDER_PAGE (object);

  g_clear_pointer (&self->stored, qw_ladder_stored_free);
  g_clear_pointer (&self->public_csv, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_LADDER_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->qualifying);
  g_clear_object (&self->season);
  g_clear_object (&self->finalists);
  g_clear_object (&self->public_list);
  g_clear_object (&self->warnings);
  g_clear_object (&self->cancelled);
  g_clear_object (&self->finalist_selection);
  G_OBJECT_CLASS (qw_ladder_page_parent_class)->dispose (object);
}

static void
qw_ladder_page_class_init (QwLadderPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_ladder_page_dispose;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* The ladder's tables are kept with the document's settings. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "meta", NULL);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-ladder-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, files_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, period_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, selection_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, qualifying_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, season_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, finalists_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, public_label);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, selection_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, qualifying_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, season_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, finalists_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, public_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, warnings_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, cancelled_view);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, cancelled_box);
  gtk_widget_class_bind_template_child (widget_class, QwLadderPage, cancelled_label);
  gtk_widget_class_bind_template_callback (widget_class, period_changed_cb);

  gtk_widget_class_install_action (widget_class, "ladder.import-games", NULL, import_games_action);
  gtk_widget_class_install_action (widget_class, "ladder.import-players", NULL, import_players_action);
  gtk_widget_class_install_action (widget_class, "ladder.import-wildcards", NULL, import_wildcards_action);
  gtk_widget_class_install_action (widget_class, "ladder.export-public", NULL, export_public_action);
  gtk_widget_class_install_action (widget_class, "ladder.forget", "s", forget_action);
  gtk_widget_class_install_action (widget_class, "ladder.add-wildcard", NULL, add_wildcard_action);
  gtk_widget_class_install_action (widget_class, "ladder.cancel-finalist", NULL, cancel_finalist_action);
}

static void
qw_ladder_page_init (QwLadderPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->selection = qw_column_view_text_table (self->selection_view, selection_columns,
                                               G_N_ELEMENTS (selection_columns));
  self->qualifying = qw_column_view_text_table (self->qualifying_view, qualifying_columns,
                                                G_N_ELEMENTS (qualifying_columns));
  self->season = qw_column_view_text_table (self->season_view, season_columns, G_N_ELEMENTS (season_columns));
  self->finalists = qw_column_view_text_table (self->finalists_view, finalist_columns,
                                               G_N_ELEMENTS (finalist_columns));
  /* A finalist is chosen for 取消资格…: the table gets a selection. */
  self->finalist_selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->finalists)));
  gtk_single_selection_set_autoselect (self->finalist_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->finalist_selection, TRUE);
  gtk_single_selection_set_selected (self->finalist_selection, GTK_INVALID_LIST_POSITION);
  gtk_column_view_set_model (self->finalists_view, GTK_SELECTION_MODEL (self->finalist_selection));
  g_signal_connect_object (self->finalist_selection, "notify::selected", G_CALLBACK (update_cancel_action), self,
                           G_CONNECT_SWAPPED);
  self->cancelled = qw_column_view_text_table (self->cancelled_view, cancelled_columns,
                                               G_N_ELEMENTS (cancelled_columns));
  /* Its columns are its header's, read with it. */
  self->public_list = qw_column_view_text_table (self->public_view, NULL, 0);
  self->warnings = qw_column_view_text_table (self->warnings_view, warning_columns, G_N_ELEMENTS (warning_columns));
}
