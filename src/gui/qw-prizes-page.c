/* qw-prizes-page.c: the 2022 final's prize list and teams (十四)
 *
 * What `qiwang-cli prizes` and `teams` print, from the same
 * qw_final_results_compute(): every award with its place, name, team or
 * unit and amount in yuan before tax (十四(二)), the totals per event and
 * overall, the players with prizes of more than one table (a woman's
 * overall and women's prizes), and the teams by province or unit with the
 * places awarded (十四(一)2). The page reads and never writes: it follows
 * the games, entries and sections, prints through the print dialog (kind
 * "prizes") and exports with qw_final_prizes_write().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-prizes-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-column-view.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-print-dialog.h"
#include "qw-prizes-page.h"
#include "qw-parts.h"
#include "qw-ruleset-championship.h"
#include "qw-text-row.h"
#include "qw-tooltip.h"

struct _QwPrizesPage
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkLabel          *total_label;
  GtkLabel          *notes_label;
  GtkStack          *content_stack;
  AdwViewStack      *view_stack;
  GtkColumnView     *awards_view;
  GtkColumnView     *totals_view;
  GtkColumnView     *teams_view;
  GtkColumnView     *accumulated_view;

  GListStore        *awards;
  GListStore        *totals;
  GListStore        *teams;
  GListStore        *accumulated;

  QwFinalResults    *results;
};

G_DEFINE_FINAL_TYPE (QwPrizesPage, qw_prizes_page, QW_TYPE_PAGE)

static const QwTextColumn award_columns[] = {
  { N_("Event"), 100, QW_COLUMN_HEADING },
  { N_("Place"), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("No."), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Name"), 200, 0 },
  { N_("Team or unit"), 0, QW_COLUMN_EXPAND | QW_COLUMN_TOOLTIP },
  { N_("Amount (yuan)"), 110, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
};

static const QwTextColumn total_columns[] = {
  { N_("Event"), 160, QW_COLUMN_HEADING },
  { N_("Prizes"), 80, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Amount (yuan)"), 120, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { "", 0, QW_COLUMN_EXPAND | QW_COLUMN_TOOLTIP },
};

static const QwTextColumn team_columns[] = {
  { N_("Event"), 100, QW_COLUMN_HEADING },
  { N_("Rank"), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Team"), 110, 0 },
  { N_("Sum of places"), 90, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Members"), 0, QW_COLUMN_EXPAND | QW_COLUMN_TOOLTIP },
  { N_("Complete"), 64, 0 },
  { N_("Awarded"), 64, 0 },
};

static const QwTextColumn accumulated_columns[] = {
  { N_("No."), 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Name"), 110, 0 },
  { N_("Team or unit"), 110, 0 },
  { N_("Prizes"), 0, QW_COLUMN_EXPAND | QW_COLUMN_TOOLTIP },
  { N_("Amount (yuan)"), 110, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
};

static char *
count_text (gint64 n)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, n);
}

static void
splice (GListStore *store,
        GPtrArray  *items)
{
  g_list_store_remove_all (store);
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
}

static void
fill (QwPrizesPage *self)
{
  const QwFinalResults *r = self->results;
  g_autoptr(GPtrArray) awards = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) totals = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) teams = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) accumulated = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autofree char *total = NULL;
  g_autofree char *amount = NULL;

  for (guint i = 0; i < r->awards->len; i++)
    {
      const QwPrizeAward *a = g_ptr_array_index (r->awards, i);

      g_ptr_array_add (awards, qw_text_row_new (g_strdup (a->event_name), count_text (a->place),
                                                a->no > 0 ? count_text (a->no) : g_strdup (""), g_strdup (a->name),
                                                g_strdup (a->team), count_text (a->amount), NULL));
    }
  for (guint i = 0; i < r->totals->len; i++)
    {
      const QwPrizeTotal *t = g_ptr_array_index (r->totals, i);

      g_ptr_array_add (totals, qw_text_row_new (g_strdup (t->name), count_text (t->awards), count_text (t->amount),
                                                g_strdup (""), NULL));
    }
  g_ptr_array_add (totals, qw_text_row_new (g_strdup (_("Total")), g_strdup (""), count_text (r->total),
                                            g_strdup (""), NULL));
  for (guint i = 0; i < r->teams->len; i++)
    {
      const QwFinalTeamRanking *ranking = g_ptr_array_index (r->teams, i);

      for (guint k = 0; k < ranking->teams->len; k++)
        {
          const QwFinalTeam *t = g_ptr_array_index (ranking->teams, k);
          g_autoptr(GString) members = g_string_new (NULL);

          for (guint m = 0; m < t->members->len; m++)
            {
              const QwFinalTeamMember *member = g_ptr_array_index (t->members, m);

              g_string_append_printf (members, "%s%s (%d)", m > 0 ? "、" : "", member->name, member->place);
            }
          g_ptr_array_add (teams, qw_text_row_new (g_strdup (ranking->name),
                                                   t->rank > 0 ? count_text (t->rank) : g_strdup ("—"),
                                                   g_strdup (t->team), count_text (t->sum),
                                                   g_string_free (g_steal_pointer (&members), FALSE),
                                                   g_strdup (t->complete ? _("yes") : _("no")),
                                                   g_strdup (t->awarded ? _("yes") : ""), NULL));
        }
    }
  for (guint i = 0; i < r->accumulated->len; i++)
    {
      const QwPrizeAccumulated *acc = g_ptr_array_index (r->accumulated, i);
      g_autoptr(GString) parts = g_string_new (NULL);

      for (guint k = 0; k < acc->awards->len; k++)
        {
          const QwPrizeAward *a = g_ptr_array_index (acc->awards, k);

          g_string_append_printf (parts, "%s%s %d: %d", k > 0 ? " + " : "", a->event_name, a->place, a->amount);
        }
      g_ptr_array_add (accumulated, qw_text_row_new (count_text (acc->no), g_strdup (acc->name), g_strdup (acc->team),
                                                     g_string_free (g_steal_pointer (&parts), FALSE),
                                                     count_text (acc->amount), NULL));
    }
  splice (self->awards, awards);
  splice (self->totals, totals);
  splice (self->teams, teams);
  splice (self->accumulated, accumulated);

  amount = count_text (r->total);
  /* Translators: "25 prizes, 154000 yuan in all, before tax" */
  total = g_strdup_printf (r->before_tax ? _("%u prizes, %s yuan in all, before tax") : _("%u prizes, %s yuan in all"),
                           r->awards->len, amount);
  gtk_label_set_text (self->total_label, total);
  for (guint i = 0; i < r->notes->len; i++)
    g_string_append_printf (notes, "%s%s", i > 0 ? "\n" : "", (char *) g_ptr_array_index (r->notes, i));
  gtk_label_set_text (self->notes_label, notes->str);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), notes->len > 0);
  gtk_stack_set_visible_child_name (self->content_stack, r->awards->len > 0 || r->teams->len > 0 ? "list" : "empty");
}

static void
reload (QwPage *page)
{
  QwPrizesPage *self = QW_PRIZES_PAGE (page);
  g_autoptr(GError) error = NULL;
  QwRuleset *ruleset = qw_page_get_ruleset (page);

  g_clear_pointer (&self->results, qw_final_results_free);
  if (ruleset == NULL || !qw_part_offered (qw_document_get_kind (qw_page_get_document (page)), ruleset,
                                           qw_page_get_event (page) != NULL, QW_PART_PRIZES))
    {
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  self->results = qw_final_results_compute (qw_page_get_document (page), &error);
  if (self->results == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The prize list could not be computed"), error);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  fill (self);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwDocument *doc = qw_page_get_document (QW_PAGE (widget));
  QwPrintDialog *dialog;

  if (doc == NULL)
    return;
  dialog = qw_print_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), doc, QW_PRINT_PRIZES, NULL, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
export_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  QwPrizesPage *self = QW_PRIZES_PAGE (owner);
  g_autofree char *path = g_file_get_path (g_ptr_array_index (files, 0));
  g_autoptr(GError) error = NULL;

  if (self->results == NULL || path == NULL)
    return;
  if (!g_str_has_suffix (path, ".xlsx") && !g_str_has_suffix (path, ".csv"))
    {
      g_autofree char *with = g_strconcat (path, ".xlsx", NULL);

      g_free (path);
      path = g_steal_pointer (&with);
    }
  if (qw_final_prizes_write (self->results, qw_page_get_event (QW_PAGE (self)), path, &error))
    qw_feedback_file_toast (GTK_WIDGET (self), _("Prize list written"), path, TRUE);
  else
    qw_feedback_error (GTK_WIDGET (self), _("The prize list was not written"), error);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwPrizesPage *self = QW_PRIZES_PAGE (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Export the Prize List"),
                              .accept = _("_Export"), .filters = { filter } };
  const QwEvent *event;
  g_autofree char *name = NULL;

  if (self->results == NULL)
    return;
  event = qw_page_get_event (QW_PAGE (self));
  /* Translators: a file name, "…总决赛-奖金名单.xlsx" */
  name = g_strdup_printf (_("%s-prize-list.xlsx"), event != NULL && event->name != NULL ? event->name : "");
  g_strdelimit (name, "/\\:", '-');
  gtk_file_filter_set_name (filter, _("Spreadsheets (.xlsx, .csv)"));
  gtk_file_filter_add_pattern (filter, "*.xlsx");
  gtk_file_filter_add_pattern (filter, "*.csv");
  question.name = name;
  qw_file_chooser_ask (widget, &question, export_chosen_cb, NULL, NULL);
}

void
qw_prizes_page_show_view (QwPrizesPage *self,
                          const char   *name)
{
  g_return_if_fail (QW_IS_PRIZES_PAGE (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

const QwFinalResults *
qw_prizes_page_get_results (QwPrizesPage *self)
{
  g_return_val_if_fail (QW_IS_PRIZES_PAGE (self), NULL);
  return self->results;
}

GListModel *
qw_prizes_page_get_rows (QwPrizesPage *self,
                         const char   *table)
{
  g_return_val_if_fail (QW_IS_PRIZES_PAGE (self), NULL);

  if (g_strcmp0 (table, "awards") == 0)
    return G_LIST_MODEL (self->awards);
  if (g_strcmp0 (table, "totals") == 0)
    return G_LIST_MODEL (self->totals);
  if (g_strcmp0 (table, "teams") == 0)
    return G_LIST_MODEL (self->teams);
  if (g_strcmp0 (table, "accumulated") == 0)
    return G_LIST_MODEL (self->accumulated);
  return NULL;
}

static void
qw_prizes_page_dispose (GObject *object)
{
  QwPrizesPage *self = QW_PRIZES_PAGE (object);

  g_clear_pointer (&self->results, qw_final_results_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_PRIZES_PAGE);
  g_clear_object (&self->awards);
  g_clear_object (&self->totals);
  g_clear_object (&self->teams);
  g_clear_object (&self->accumulated);
  G_OBJECT_CLASS (qw_prizes_page_parent_class)->dispose (object);
}

static void
qw_prizes_page_class_init (QwPrizesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_prizes_page_dispose;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* The awards follow the games, the players and the groups' settings. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "games", "sections", "entries", NULL);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-prizes-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, total_label);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, notes_label);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, awards_view);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, totals_view);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, teams_view);
  gtk_widget_class_bind_template_child (widget_class, QwPrizesPage, accumulated_view);
  gtk_widget_class_install_action (widget_class, "prizes.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "prizes.export", NULL, export_action);
}

static void
qw_prizes_page_init (QwPrizesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->awards = qw_column_view_text_table (self->awards_view, award_columns, G_N_ELEMENTS (award_columns));
  self->totals = qw_column_view_text_table (self->totals_view, total_columns, G_N_ELEMENTS (total_columns));
  self->teams = qw_column_view_text_table (self->teams_view, team_columns, G_N_ELEMENTS (team_columns));
  self->accumulated = qw_column_view_text_table (self->accumulated_view, accumulated_columns, G_N_ELEMENTS (accumulated_columns));
}
