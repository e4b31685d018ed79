/* qw-admit-dialog.c: admit late entries, with the points of the rounds they missed
 *
 * An entry added to a group whose round 1 is paired waits as a late entry
 * (迟到报名) until the arbiter admits it. The entries page asks at once, as
 * the entry is typed in or imported, and the list before pairing asks again:
 * one row per late entry, to admit or not, with the points of each round it
 * missed (0 unless the arbiter gives more, up to a win's). Each admission is
 * one step of the document's history (qw_pair_gate_admit()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-admit-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "qw-admit-dialog.h"
#include "qw-dialog-list.h"
#include "qw-text-wrap.h"
#include "qw-feedback.h"
#include "qw-pair-gate.h"
#include "qw-tournament.h"
#include "qw-entry.h"
#include "qw-game.h"

typedef struct
{
  QwEntry        *entry;
  QwSection      *section;
  int             missed;     /* the rounds paired before it joins */
  gboolean        can_join;   /* a Swiss, or nothing paired yet */
  GtkCheckButton *check;
  GPtrArray      *spins;      /* GtkSpinButton, one per missed round */
} Row;

struct _QwAdmitDialog
{
  AdwMessageDialog   parent_instance;

  GtkWidget         *feedback;   /* toasts go over it (weak) */
  QwDocumentContext *context;
  GPtrArray         *rows;       /* Row */
};

G_DEFINE_FINAL_TYPE (QwAdmitDialog, qw_admit_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
row_free (Row *row)
{
  qw_entry_free (row->entry);
  qw_section_free (row->section);
  g_ptr_array_unref (row->spins);
  g_free (row);
}

/**
 * qw_admit_dialog_late_only:
 * @entries: (element-type QwEntry): entries as stored
 *
 * Returns: (transfer full) (nullable) (element-type QwEntry): copies of those
 *   that wait as late entries, or %NULL when there are none
 */
GPtrArray *
qw_admit_dialog_late_only (GPtrArray *entries)
{
  GPtrArray *late = NULL;

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (e->status != QW_STATUS_LATE)
        continue;
      if (late == NULL)
        late = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
      g_ptr_array_add (late, qw_entry_copy (e));
    }
  return late;
}

static double
win_points (QwAdmitDialog *self)
{
  return qw_document_context_get_ruleset (self->context)->scores[QW_SCORE_RED_WIN];
}

static GtkWidget *
points_spin (QwAdmitDialog *self)
{
  double win = win_points (self);
  double draw = qw_document_context_get_ruleset (self->context)->scores[QW_SCORE_RED_DRAW];
  double step = draw > 0 ? draw : 1;
  GtkWidget *spin = gtk_spin_button_new_with_range (0, win, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), step == floor (step) && win == floor (win) ? 0 : 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  return spin;
}

static GtkWidget *
caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

/* One line per entry: admit it (a check), its group, the points of each
 * missed round. */
static GtkWidget *
build_grid (QwAdmitDialog *self)
{
  GtkWidget *grid = gtk_grid_new ();
  int most = 0;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  for (guint i = 0; i < self->rows->len; i++)
    most = MAX (most, ((Row *) g_ptr_array_index (self->rows, i))->missed);
  gtk_grid_attach (GTK_GRID (grid), caption (_("Admit")), 0, 0, 1, 1);
  if (most > 0)
    {
      GtkWidget *points = caption (_("Points for the rounds missed"));

      gtk_label_set_xalign (GTK_LABEL (points), 0.5);
      gtk_grid_attach (GTK_GRID (grid), points, 2, -1, most, 1);
    }
  gtk_grid_attach (GTK_GRID (grid), caption (_("Group")), 1, 0, 1, 1);
  for (int r = 0; r < most; r++)
    {
      g_autofree char *title = g_strdup_printf (_("Round %d"), r + 1);

      gtk_grid_attach (GTK_GRID (grid), caption (title), 2 + r, 0, 1, 1);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      g_autofree char *who = g_strdup_printf ("%d %s", row->entry->no, row->entry->name);
      GtkWidget *group = gtk_label_new (row->section->name);

      row->check = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (who));
      gtk_check_button_set_active (row->check, row->can_join);
      gtk_widget_set_sensitive (GTK_WIDGET (row->check), row->can_join);
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (row->check), 0, (int) i + 1, 1, 1);
      gtk_label_set_xalign (GTK_LABEL (group), 0);
      gtk_grid_attach (GTK_GRID (grid), group, 1, (int) i + 1, 1, 1);
      if (!row->can_join)
        {
          GtkWidget *why = gtk_label_new (_("The draw of a round robin or knockout is fixed: exclude the entry, "
                                            "or unpair round 1"));

          gtk_label_set_wrap (GTK_LABEL (why), TRUE);
          gtk_label_set_xalign (GTK_LABEL (why), 0);
          gtk_widget_add_css_class (why, "dim-label");
          gtk_grid_attach (GTK_GRID (grid), why, 2, (int) i + 1, MAX (most, 1), 1);
          continue;
        }
      for (int r = 0; r < row->missed; r++)
        {
          GtkWidget *spin = points_spin (self);
          g_autofree char *tip = g_strdup_printf (_("Points of %s for round %d, which the entry missed"),
                                                  row->entry->name, r + 1);

          gtk_widget_set_tooltip_text (spin, tip);
          g_object_bind_property (row->check, "active", spin, "sensitive", G_BINDING_SYNC_CREATE);
          gtk_grid_attach (GTK_GRID (grid), spin, 2 + r, (int) i + 1, 1, 1);
          g_ptr_array_add (row->spins, spin);
        }
    }
  return grid;
}

static char *
body_text (QwAdmitDialog *self)
{
  Row *first = g_ptr_array_index (self->rows, 0);

  if (self->rows->len == 1 && first->can_join)
    return g_strdup_printf (ngettext ("Group %s has paired %d round. %s can be paired from round %d on; the round "
                                      "missed scores the points below (0 unless you give more). Not admitted now, "
                                      "the entry waits as a late entry, and the list before the next pairing "
                                      "offers to admit it.",
                                      "Group %s has paired %d rounds. %s can be paired from round %d on; each "
                                      "round missed scores the points below (0 unless you give more). Not admitted "
                                      "now, the entry waits as a late entry, and the list before the next pairing "
                                      "offers to admit it.", first->missed),
                            first->section->name, first->missed, first->entry->name, first->missed + 1);
  return g_strdup (_("These entries came after round 1 of their group was paired. Admitted, each is paired from "
                     "the next round on, and each round it missed scores the points below (0 unless you give "
                     "more). Those not admitted now wait as late entries; the list before the next pairing offers "
                     "to admit them."));
}

guint
qw_admit_dialog_get_n_rows (QwAdmitDialog *self)
{
  g_return_val_if_fail (QW_IS_ADMIT_DIALOG (self), 0);
  return self->rows->len;
}

void
qw_admit_dialog_set_points (QwAdmitDialog *self,
                            guint          row,
                            int            round,
                            double         points)
{
  Row *r;

  g_return_if_fail (QW_IS_ADMIT_DIALOG (self));
  g_return_if_fail (row < self->rows->len);
  r = g_ptr_array_index (self->rows, row);
  g_return_if_fail (round >= 1 && (guint) round <= r->spins->len);
  gtk_spin_button_set_value (g_ptr_array_index (r->spins, round - 1), points);
}

void
qw_admit_dialog_set_admit (QwAdmitDialog *self,
                           guint          row,
                           gboolean       admit)
{
  g_return_if_fail (QW_IS_ADMIT_DIALOG (self));
  g_return_if_fail (row < self->rows->len);
  gtk_check_button_set_active (((Row *) g_ptr_array_index (self->rows, row))->check, admit);
}

static gboolean
admit_row (QwAdmitDialog  *self,
           Row            *row,
           GError        **error)
{
  QwDocument *doc = qw_document_context_get_document (self->context);
  g_autofree double *points = g_new0 (double, MAX (row->spins->len, 1));

  for (guint r = 0; r < row->spins->len; r++)
    {
      GtkSpinButton *spin = g_ptr_array_index (row->spins, r);

      gtk_spin_button_update (spin);
      points[r] = gtk_spin_button_get_value (spin);
    }
  return qw_pair_gate_admit (doc, row->section, row->entry->id, points, row->spins->len, error);
}

/**
 * qw_admit_dialog_admit:
 *
 * Admits the entries checked, each as one step, and says so in a toast.
 *
 * Returns: how many were admitted; on an error, those before it are
 *   admitted and @error says why the next was not
 */
guint
qw_admit_dialog_admit (QwAdmitDialog  *self,
                       GError        **error)
{
  QwDocument *doc = qw_document_context_get_document (self->context);
  g_autofree char *message = NULL;
  const Row *last = NULL;
  guint n = 0;

  g_return_val_if_fail (QW_IS_ADMIT_DIALOG (self), 0);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (!row->can_join || !gtk_check_button_get_active (row->check))
        continue;
      if (!admit_row (self, row, error))
        break;
      last = row;
      n++;
    }
  if (self->feedback == NULL || n == 0)
    return n;
  if (n == 1)
    {
      message = g_strdup_printf (_("%s admitted: paired from round %d on"), last->entry->name, last->missed + 1);
      qw_feedback_undo_toast (self->feedback, doc, message);
    }
  else
    {
      message = g_strdup_printf (ngettext ("%u late entry admitted", "%u late entries admitted, each a step of its own",
                                           n), n);
      qw_feedback_toast (self->feedback, message);
    }
  return n;
}

static void
response_cb (QwAdmitDialog *self,
             const char    *response)
{
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "admit"))
    {
      qw_admit_dialog_admit (self, &error);
      if (error != NULL && self->feedback != NULL)
        qw_feedback_error (self->feedback, _("The late entry could not be admitted"), error);
    }
  else if (self->feedback != NULL)
    qw_feedback_toast (self->feedback, self->rows->len == 1
                                       ? _("The late entry waits: admit it before the next pairing")
                                       : _("The late entries wait: admit them before the next pairing"));
}

static void
qw_admit_dialog_dispose (GObject *object)
{
  QwAdmitDialog *self = QW_ADMIT_DIALOG (object);

  g_clear_weak_pointer (&self->feedback);
  g_clear_object (&self->context);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (qw_admit_dialog_parent_class)->dispose (object);
}

static void
qw_admit_dialog_class_init (QwAdmitDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = qw_admit_dialog_dispose;
}

static void
qw_admit_dialog_init (QwAdmitDialog *self)
{
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self), "later", _("_Not Now"), "admit", _("_Admit"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "admit", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "admit");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "later");
  g_signal_connect (self, "response", G_CALLBACK (response_cb), NULL);
}

/**
 * qw_admit_dialog_new:
 * @feedback: (nullable): a widget in a window with a toast overlay: the
 *   toasts saying what was done go over it
 * @entries: (element-type QwEntry): late entries as stored
 *
 * Asks whether to admit @entries, and with which points for each round they
 * missed; present it. Entries whose group cannot be read are left out.
 *
 * Returns: (transfer none) (nullable): the dialog, or %NULL when no entry's
 *   group could be read
 */
QwAdmitDialog *
qw_admit_dialog_new (GtkWindow         *parent,
                     GtkWidget         *feedback,
                     QwDocumentContext *context,
                     GPtrArray         *entries)
{
  QwAdmitDialog *self;
  QwDocument *doc;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *list;

  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (context), NULL);
  g_return_val_if_fail (entries != NULL && entries->len > 0, NULL);

  self = g_object_new (QW_TYPE_ADMIT_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  self->context = g_object_ref (context);
  g_set_weak_pointer (&self->feedback, feedback);
  doc = qw_document_context_get_document (context);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwSection *section = e->group_code != NULL && *e->group_code != '\0'
                           ? qw_document_context_find_section (context, e->group_code, NULL) : NULL;
      Row *row;

      if (section == NULL)
        continue;
      row = g_new0 (Row, 1);
      row->entry = qw_entry_copy (e);
      row->section = section;
      row->missed = qw_pair_gate_missed_rounds (doc, section);
      row->can_join = section->system == QW_SYSTEM_SWISS || row->missed == 0;
      row->spins = g_ptr_array_new ();
      g_ptr_array_add (self->rows, row);
    }
  if (self->rows->len == 0)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  heading = self->rows->len == 1
            ? g_strdup_printf (_("Admit the Late Entry %s?"), ((Row *) self->rows->pdata[0])->entry->name)
            : g_strdup_printf (_("Admit %u Late Entries?"), self->rows->len);
  body = body_text (self);
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  qw_message_dialog_no_orphans (ADW_MESSAGE_DIALOG (self));
  /* 25 late entries: the list scrolls, the buttons stay on the screen; a
   * group that paired many rounds has more points than the dialog is wide. */
  list = qw_dialog_list_new (parent, build_grid (self), 420);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (list), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), list);
  return self;
}
