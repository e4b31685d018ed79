/* qw-gate-dialog.c: the entries that keep a round from being paired, and the arbiter's answers
 *
 * Pairing a round whose group has entries with a blocking problem (a
 * 运动健将 too strong for the stop, the later of two entries with one ID
 * number, a row without a name, a document the ruleset does not accept, a
 * late entry not yet admitted) shows them here first, with each problem in
 * words, and the group's other problems as warnings. For each blocked entry
 * the arbiter fixes it (the entry dialog), excludes it (不具备参赛资格: not
 * paired, shown in the entries and the standings), lets it play anyway, or
 * admits the late entry with the points of the rounds it missed. Every
 * answer is a step of the document's history: its toast offers to undo it,
 * and Ctrl+Z here (or the window's Undo) takes it back; the list follows
 * the document. Once nothing blocks, the round is paired from here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-gate-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-admit-dialog.h"
#include "qw-document-watch.h"
#include "qw-entry-dialog.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-gate-dialog.h"
#include "qw-tooltip.h"
#include "qw-pair-gate.h"
#include "qw-registration.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"

struct _QwGateDialog
{
  AdwWindow            parent_instance;

  QwNoticeOverlay     *toast_overlay;
  AdwWindowTitle      *title;
  GtkWidget           *pair_button;
  AdwPreferencesGroup *blocked_group;
  AdwPreferencesGroup *warnings_group;

  QwDocumentContext   *context;
  QwDocumentWatch     *watch;         /* the document's entries, sections and games */
  char                *group;
  int                  round;
  GPtrArray           *items;         /* QwGateItem, as last read */
  GPtrArray           *rows;          /* the rows of both groups */
  guint                n_blocked;
  char                *pair_label;     /* "_Pair Round 3" */
};

G_DEFINE_FINAL_TYPE (QwGateDialog, qw_gate_dialog, ADW_TYPE_WINDOW)

enum {
  PAIR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static QwDocument *
doc_of (QwGateDialog *self)
{
  return qw_document_context_get_document (self->context);
}

static QwSection *
section_of (QwGateDialog  *self,
            GError       **error)
{
  return qw_document_context_find_section (self->context, self->group, error);
}

static const QwGateItem *
find_item (QwGateDialog *self,
           gint64        entry_id)
{
  for (guint i = 0; self->items != NULL && i < self->items->len; i++)
    {
      const QwGateItem *item = g_ptr_array_index (self->items, i);

      if (item->entry->id == entry_id)
        return item;
    }
  return NULL;
}

/* Rows */

static GtkWidget *
answer_button (const char *label,
               const char *tooltip,
               const char *action,
               gint64      entry_id,
               const char *css_class)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  qw_tooltip_set_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "x", entry_id);
  if (css_class != NULL)
    gtk_widget_add_css_class (button, css_class);
  return button;
}

/* The problems in words: what blocks, then the warnings, then what the
 * arbiter let the entry play with. */
static char *
problems_text (const QwGateItem *item)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (item->blocking != 0)
    {
      g_autofree char *why = qw_problems_join (item->blocking, TRUE, _("; "));

      g_string_append (text, why);
    }
  if (item->warnings != 0)
    {
      g_autofree char *why = qw_problems_join (item->warnings, TRUE, _("; "));

      if (text->len > 0)
        {
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("Also: %s"), why);
        }
      else
        g_string_append (text, why);
    }
  if (item->allowed != 0)
    {
      g_autofree char *why = qw_problems_join (item->allowed, TRUE, _("; "));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Let play anyway: %s"), why);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkWidget *
item_row (const QwGateItem *item)
{
  const QwEntry *e = item->entry;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (item->blocking != 0 ? "dialog-error-symbolic"
                                                                      : "dialog-warning-symbolic");
  const char *who = e->name != NULL && *e->name != '\0' ? e->name : _("(no name)");
  g_autofree char *name = e->unit != NULL && *e->unit != '\0' ? g_strdup_printf ("%d %s · %s", e->no, who, e->unit)
                                                             : g_strdup_printf ("%d %s", e->no, who);
  g_autofree char *title = g_markup_escape_text (name, -1);
  g_autofree char *problems = problems_text (item);
  g_autofree char *subtitle = g_markup_escape_text (problems, -1);

  gtk_widget_add_css_class (icon, item->blocking != 0 ? "error" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             answer_button (_("Fix…"), _("Open the entry to correct it"), "gate.fix", e->id, NULL));
  /* 2022 十一(五)4: the unit's stamped form, marked received here. */
  if ((item->blocking | item->warnings) & QW_PROBLEM_BIT (QW_PROBLEM_FORM_NOT_STAMPED))
    adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                               answer_button (_("Form Received"), _("The entry form stamped by the unit "
                                                                    "(报名表经单位盖章) has been received"),
                                              "gate.stamped", e->id, NULL));
  if (item->blocking == 0)
    return row;
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             answer_button (_("Exclude"), _("Not eligible (不具备参赛资格): not paired, shown so in "
                                                            "the entries and the standings"),
                                            "gate.exclude", e->id, NULL));
  if (item->blocking & QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY))
    adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                               answer_button (_("Admit…"), _("Admit the late entry, with the points of the rounds "
                                                             "it missed"), "gate.admit", e->id, NULL));
  if (qw_gate_item_can_allow (item))
    adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                               answer_button (_("Pair Anyway"), _("Pair the entry with these problems; it is logged, "
                                                                  "and not asked about again"),
                                              "gate.allow", e->id, NULL));
  return row;
}

static void
clear_rows (QwGateDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      if (group != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static void
add_row (QwGateDialog        *self,
         AdwPreferencesGroup *group,
         GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
}

static GtkWidget *
nothing_blocks_row (QwGateDialog *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
  g_autofree char *title = g_strdup_printf (_("Every entry can be paired: pair round %d"), self->round);

  gtk_widget_add_css_class (icon, "success");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  return row;
}

/* Reads the group's problems again: after each answer, an undo, an edit. */
static void
reload (GtkWidget *widget)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = section_of (self, &error);
  g_autofree char *heading = NULL;
  guint n_warnings = 0;

  clear_rows (self);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  if (section != NULL)
    self->items = qw_pair_gate_list (doc_of (self), section, &error);
  if (self->items == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), _("The entries could not be checked"), error);
      return;
    }
  self->n_blocked = qw_pair_gate_count_blocked (self->items);
  for (guint i = 0; i < self->items->len; i++)
    {
      const QwGateItem *item = g_ptr_array_index (self->items, i);

      if (item->blocking != 0)
        add_row (self, self->blocked_group, item_row (item));
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      const QwGateItem *item = g_ptr_array_index (self->items, i);

      if (item->blocking == 0)
        {
          add_row (self, self->warnings_group, item_row (item));
          n_warnings++;
        }
    }
  if (self->n_blocked == 0)
    add_row (self, self->blocked_group, nothing_blocks_row (self));
  heading = self->n_blocked > 0
            ? g_strdup_printf (ngettext ("%u entry keeps the round from being paired",
                                         "%u entries keep the round from being paired", self->n_blocked),
                               self->n_blocked)
            : g_strdup (_("Nothing keeps the round from being paired"));
  adw_preferences_group_set_title (self->blocked_group, heading);
  /* Only reminders: no answers are asked for. */
  adw_preferences_group_set_description (self->blocked_group, self->n_blocked > 0
                                         ? _("These entries are not paired until each is fixed, excluded "
                                             "(不具备参赛资格) or let play anyway. Each answer is a step you can "
                                             "undo (Ctrl+Z).")
                                         : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_group), n_warnings > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "gate.pair", self->n_blocked == 0);
  /* Only reminders: a plain go-ahead (issue 19 point 9). */
  if (self->pair_label != NULL)
    gtk_button_set_label (GTK_BUTTON (self->pair_button), self->n_blocked == 0 && n_warnings > 0
                                                          ? _("_Continue Pairing") : self->pair_label);
}

/* Answers */

/* Applies one answer to the entry; returns its name (for the toast), or
 * %NULL when it failed (and says why). */
static char *
answer (QwGateDialog *self,
        gint64        entry_id,
        gboolean    (*apply) (QwDocument *, const QwSection *, gint64, GError **),
        const char   *failed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = section_of (self, &error);
  const QwGateItem *item = find_item (self, entry_id);
  g_autofree char *name = item != NULL ? g_strdup (item->entry->name) : NULL;

  if (item == NULL)
    return NULL;
  if (section == NULL || !apply (doc_of (self), section, entry_id, &error))
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), failed, error);
      return NULL;
    }
  return g_steal_pointer (&name);
}

static void
answered (QwGateDialog *self,
          const char   *message)
{
  qw_document_watch_reload (self->watch);
  qw_feedback_undo_toast (GTK_WIDGET (self->toast_overlay), doc_of (self), message);
}

static void
exclude_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  g_autofree char *name = answer (self, g_variant_get_int64 (parameter), qw_pair_gate_exclude,
                                  _("The entry could not be excluded"));
  g_autofree char *message = name != NULL ? g_strdup_printf (_("%s excluded (不具备参赛资格)"), name) : NULL;

  if (message != NULL)
    answered (self, message);
}

static void
allow_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  g_autofree char *name = answer (self, g_variant_get_int64 (parameter), qw_pair_gate_allow,
                                  _("The entry could not be let play"));
  g_autofree char *message = name != NULL ? g_strdup_printf (_("%s is paired anyway"), name) : NULL;

  if (message != NULL)
    answered (self, message);
}

static void
admit_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  const QwGateItem *item = find_item (self, g_variant_get_int64 (parameter));
  g_autoptr(GPtrArray) late = NULL;
  QwAdmitDialog *dialog;

  if (item == NULL)
    return;
  late = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_ptr_array_add (late, qw_entry_copy (item->entry));
  dialog = qw_admit_dialog_new (GTK_WINDOW (self), GTK_WIDGET (self->toast_overlay), self->context, late);
  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
entry_saved_cb (QwGateDialog  *self,
                QwEntry       *entry,
                QwEntryDialog *dialog)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) edited = qw_entry_copy (entry);
  g_autofree char *message = NULL;

  if (!qw_registration_update_entry (doc_of (self), qw_document_context_get_ruleset (self->context),
                                     qw_document_context_get_event (self->context), edited, &error))
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), _("The entry could not be saved"), error);
      return FALSE;
    }
  message = g_strdup_printf (_("Edited %s"), edited->name);
  qw_document_watch_reload (self->watch);
  qw_feedback_undo_toast (GTK_WIDGET (self->toast_overlay), doc_of (self), message);
  return TRUE;
}

static void
fix_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  const QwGateItem *item = find_item (self, g_variant_get_int64 (parameter));
  QwEntryDialog *dialog;

  if (item == NULL)
    return;
  dialog = qw_entry_dialog_new (GTK_WINDOW (self), qw_document_context_get_ruleset (self->context),
                                qw_document_context_get_event (self->context), item->entry);
  qw_entry_dialog_set_document (dialog, qw_document_context_get_document (self->context));
  g_signal_connect_object (dialog, "save", G_CALLBACK (entry_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The stamped form received: an edit of the entry, one undoable step. */
static void
stamped_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);
  const QwGateItem *item = find_item (self, g_variant_get_int64 (parameter));
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) edited = NULL;
  g_autofree char *message = NULL;

  if (item == NULL)
    return;
  edited = qw_entry_copy (item->entry);
  edited->form_stamped = TRUE;
  if (!qw_registration_update_entry (doc_of (self), qw_document_context_get_ruleset (self->context),
                                     qw_document_context_get_event (self->context), edited, &error))
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), _("The entry could not be saved"), error);
      return;
    }
  message = g_strdup_printf (_("Stamped form of %s received"), edited->name);
  answered (self, message);
}

static void
pair_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwGateDialog *self = QW_GATE_DIALOG (widget);

  if (self->n_blocked == 0)
    g_signal_emit (self, signals[PAIR], 0);
}

/* Undo and Redo from the dialog's toasts and keys (its "win" group): the
 * document's history moves, the list follows, and the toast saying so is
 * here, over the list, where its button can be reached. */
static void
history_activate_cb (GSimpleAction *action,
                     GVariant      *parameter,
                     QwGateDialog  *self)
{
  QwHistory *history = qw_document_get_history (doc_of (self));
  gboolean undo = g_str_equal (g_action_get_name (G_ACTION (action)), "undo");
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *message = NULL;

  if (history == NULL || !(undo ? qw_history_get_can_undo (history) : qw_history_get_can_redo (history)))
    return;
  if (!(undo ? qw_document_undo (doc_of (self), qw_history_get_undo_step (history), &label, &error)
              : qw_document_redo (doc_of (self), qw_history_get_redo_step (history), &label, &error)))
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), undo ? _("The change could not be undone")
                                                                : _("The change could not be redone"), error);
      return;
    }
  message = g_strdup_printf (undo ? _("Undone: %s") : _("Redone: %s"), label);
  qw_feedback_step_toast (GTK_WIDGET (self->toast_overlay), history, message, undo ? QW_OFFER_REDO : QW_OFFER_UNDO);
}

static void
forward_history (QwGateDialog *self)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  static const char *names[] = { "undo", "redo" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (names[i], NULL);

      g_signal_connect_object (action, "activate", G_CALLBACK (history_activate_cb), self, 0);
      g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "win", G_ACTION_GROUP (group));
}

/* GObject */

static void
qw_gate_dialog_dispose (GObject *object)
{
  QwGateDialog *self = QW_GATE_DIALOG (object);

  g_clear_object (&self->watch);
  g_clear_object (&self->context);
  g_clear_pointer (&self->group, g_free);
  g_clear_pointer (&self->pair_label, g_free);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_GATE_DIALOG);
  G_OBJECT_CLASS (qw_gate_dialog_parent_class)->dispose (object);
}

static void
qw_gate_dialog_class_init (QwGateDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_gate_dialog_dispose;

  /**
   * QwGateDialog::pair:
   *
   * Nothing blocks any more, and the arbiter asked to pair the round.
   */
  signals[PAIR] = g_signal_new ("pair", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 0);

  g_type_ensure (QW_TYPE_NOTICE_OVERLAY);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-gate-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwGateDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, QwGateDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwGateDialog, pair_button);
  gtk_widget_class_bind_template_child (widget_class, QwGateDialog, blocked_group);
  gtk_widget_class_bind_template_child (widget_class, QwGateDialog, warnings_group);

  gtk_widget_class_install_action (widget_class, "gate.fix", "x", fix_action);
  gtk_widget_class_install_action (widget_class, "gate.exclude", "x", exclude_action);
  gtk_widget_class_install_action (widget_class, "gate.allow", "x", allow_action);
  gtk_widget_class_install_action (widget_class, "gate.admit", "x", admit_action);
  gtk_widget_class_install_action (widget_class, "gate.stamped", "x", stamped_action);
  gtk_widget_class_install_action (widget_class, "gate.pair", NULL, pair_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "gate.pair", NULL);
}

static void
qw_gate_dialog_init (QwGateDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->watch = qw_document_watch_new (GTK_WIDGET (self), (const char *[]) { "entries", "sections", "games", NULL },
                                       reload);
  forward_history (self);
}

/**
 * qw_gate_dialog_new:
 * @group: the group's code
 * @round: the round about to be paired
 *
 * The entries of @group that keep @round from being paired, and the others'
 * warnings; present it, and pair the round on its "pair" signal.
 */
QwGateDialog *
qw_gate_dialog_new (GtkWindow         *parent,
                    QwDocumentContext *context,
                    const char        *group,
                    int                round)
{
  QwGateDialog *self = g_object_new (QW_TYPE_GATE_DIALOG, "transient-for", parent, NULL);
  g_autoptr(QwSection) section = NULL;
  g_autofree char *title = g_strdup_printf (_("Before Round %d"), round);
  g_autofree char *pair = g_strdup_printf (_("_Pair Round %d"), round);

  self->context = g_object_ref (context);
  self->group = g_strdup (group);
  self->round = round;
  section = section_of (self, NULL);
  adw_window_title_set_title (self->title, title);
  adw_window_title_set_subtitle (self->title, section != NULL ? section->name : group);
  self->pair_label = g_strdup (pair);
  gtk_button_set_label (GTK_BUTTON (self->pair_button), pair);
  qw_tooltip_set_text (self->pair_button, _("Pair the round once nothing keeps it (Ctrl+R)"));
  qw_document_watch_set_document (self->watch, qw_document_context_get_document (context));
  return self;
}

const char *
qw_gate_dialog_get_group (QwGateDialog *self)
{
  g_return_val_if_fail (QW_IS_GATE_DIALOG (self), NULL);
  return self->group;
}

/* (element-type QwGateItem) (transfer none): the problems shown. */
GPtrArray *
qw_gate_dialog_get_items (QwGateDialog *self)
{
  g_return_val_if_fail (QW_IS_GATE_DIALOG (self), NULL);
  return self->items;
}

guint
qw_gate_dialog_get_n_blocked (QwGateDialog *self)
{
  g_return_val_if_fail (QW_IS_GATE_DIALOG (self), 0);
  return self->n_blocked;
}
