/* qw-event-dialog.c: the stop's details (赛事信息), checked as they are typed
 *
 * Every change of a field reads the fields into an event, lets the fields
 * that follow the place follow it (qw_event_follow_place(): the name in its
 * form, the host level, the prefecture and the county-level city, unless the
 * user set them here), and checks it (qw_event_check()). Errors mark their
 * rows and block saving; warnings are listed and marked too. Saving is one
 * step of the document's history (qw_registration_update_event()), with an
 * undo toast in the window that opened the dialog.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-event-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-error.h"
#include "qw-event-check.h"
#include "qw-event-dialog.h"
#include "qw-event-name.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-import-report.h"
#include "qw-new-stop-dialog.h"
#include "qw-registration.h"

/* The levels a stop document's event may have, in the combo's order. */
static const QwLevel levels[] = { QW_LEVEL_PRELIMINARY, QW_LEVEL_PROVINCIAL_FINAL };

struct _QwEventDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *window_title;
  GtkWidget           *save_button;
  AdwComboRow         *level_row;
  AdwComboRow         *region_row;
  AdwEntryRow         *start_row;
  AdwEntryRow         *end_row;
  AdwPreferencesGroup *place_group;
  AdwEntryRow         *city_row;
  AdwEntryRow         *county_row;
  AdwEntryRow         *town_row;
  AdwPreferencesGroup *name_group;
  AdwEntryRow         *custom_name_row;
  AdwEntryRow         *host_row;
  AdwComboRow         *host_level_row;
  AdwEntryRow         *prefecture_row;
  AdwEntryRow         *county_city_row;
  AdwActionRow        *honours_row;
  GtkBox              *honours_box;
  AdwEntryRow         *organiser_row;
  AdwEntryRow         *venue_row;
  AdwEntryRow         *arbiter_row;
  AdwComboRow         *arbiter_grade_row;
  GtkSpinButton       *rounds_spin;
  GtkSpinButton       *minutes_spin;
  GtkSpinButton       *increment_spin;
  AdwPreferencesGroup *checks_group;

  QwDocumentContext   *context;
  QwRuleset           *ruleset;
  QwEvent             *original;      /* as stored when the dialog opened */
  QwEvent             *current;       /* as it would be saved */
  QwEventCheck        *check;
  GPtrArray           *local_errors;  /* QwEventProblem: dates that do not read */
  GStrv                honours;       /* the honours offered, one check each */
  GPtrArray           *honour_checks;
  GStrv                regions;       /* the region combo's */
  GStrv                grades;        /* the grade combo's: "" first */
  GPtrArray           *form_names;    /* the name forms offered */
  GPtrArray           *form_rows;     /* their rows in name_group */
  GPtrArray           *form_checks;   /* and their radios */
  GPtrArray           *check_rows;    /* the rows of checks_group */
  QwEventFields        touched;       /* set by the user in this dialog: they no longer follow */
  gboolean             name_typed;    /* the typed name was typed here */
  guint                updating;      /* fields set by the dialog, not the user */
};

G_DEFINE_FINAL_TYPE (QwEventDialog, qw_event_dialog, ADW_TYPE_WINDOW)

static void refresh (QwEventDialog *self);

static const char *
text_of (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

static char *
stripped (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (text_of (row)));
}

static void
set_text (AdwEntryRow *row,
          const char  *text)
{
  if (g_strcmp0 (text_of (row), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
}

static guint
index_in (const char * const *list,
          const char         *value)
{
  for (guint i = 0; list[i] != NULL; i++)
    if (g_strcmp0 (list[i], value) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/* A list with @extra appended when it is not in it already. */
static GStrv
strv_with (const char * const *list,
           const char         *first,
           const char         *extra)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (first != NULL)
    g_strv_builder_add (builder, first);
  g_strv_builder_addv (builder, (const char **) list);
  if (extra != NULL && extra[0] != '\0' && index_in (list, extra) == GTK_INVALID_LIST_POSITION
      && g_strcmp0 (first, extra) != 0)
    g_strv_builder_add (builder, extra);
  return g_strv_builder_end (builder);
}

/* Reading the fields */

static void
problem_free (gpointer data)
{
  QwEventProblem *p = data;

  g_free (p->message);
  g_free (p);
}

static void
read_day (QwEventDialog *self,
          AdwEntryRow   *row,
          const char    *field,
          QwDate        *out)
{
  g_autofree char *text = stripped (row);
  QwEventProblem *p;

  *out = QW_DATE_NONE;
  if (text[0] == '\0' || qw_date_parse (text, out))
    return;
  p = g_new0 (QwEventProblem, 1);
  p->code = "date-unreadable";
  p->field = field;
  p->message = g_strdup_printf (_("“%s” is not a date: write it as 2021-07-03"), text);
  g_ptr_array_add (self->local_errors, p);
}

static char *
honours_text (QwEventDialog *self)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; i < self->honour_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->honour_checks, i)))
      g_ptr_array_add (parts, self->honours[i]);
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("、", (char **) parts->pdata);
}

static int
selected_form (QwEventDialog *self)
{
  for (guint i = 0; i < self->form_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->form_checks, i)))
      return (int) i;
  return -1;
}

#define REPLACE(field, value) G_STMT_START { g_free (e->field); e->field = (value); } G_STMT_END

/* The event the fields describe, before the place is followed; the name
 * is left for fill_forms(). */
static QwEvent *
read_fields (QwEventDialog *self)
{
  QwEvent *e = qw_event_copy (self->original);
  guint level = adw_combo_row_get_selected (self->level_row);
  guint region = adw_combo_row_get_selected (self->region_row);
  guint grade = adw_combo_row_get_selected (self->arbiter_grade_row);

  g_ptr_array_set_size (self->local_errors, 0);
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->level_row)) && level < G_N_ELEMENTS (levels))
    e->level = levels[level];
  if (region < g_strv_length (self->regions))
    REPLACE (region, g_strdup (self->regions[region]));
  read_day (self, self->start_row, "start", &e->start_date);
  read_day (self, self->end_row, "end", &e->end_date);
  REPLACE (place_city, stripped (self->city_row));
  REPLACE (place_county, stripped (self->county_row));
  REPLACE (place_town, stripped (self->town_row));
  REPLACE (host, stripped (self->host_row));
  e->host_level = (QwHostLevel) MIN (adw_combo_row_get_selected (self->host_level_row), QW_HOST_TOWNSHIP);
  REPLACE (prefecture, stripped (self->prefecture_row));
  REPLACE (county_city, stripped (self->county_city_row));
  REPLACE (honours, honours_text (self));
  REPLACE (organiser, stripped (self->organiser_row));
  REPLACE (venue, stripped (self->venue_row));
  REPLACE (chief_arbiter, stripped (self->arbiter_row));
  REPLACE (chief_arbiter_grade, g_strdup (grade < g_strv_length (self->grades) ? self->grades[grade] : ""));
  e->rounds = gtk_spin_button_get_value_as_int (self->rounds_spin);
  e->minutes = gtk_spin_button_get_value_as_int (self->minutes_spin);
  e->increment = gtk_spin_button_get_value_as_int (self->increment_spin);
  return e;
}

#undef REPLACE

/* The name forms */

static void
form_toggled_cb (QwEventDialog *self)
{
  if (self->updating == 0)
    refresh (self);
}

static gboolean
same_forms (QwEventDialog *self,
            GStrv          forms)
{
  if (g_strv_length (forms) != self->form_names->len)
    return FALSE;
  for (guint i = 0; forms[i] != NULL; i++)
    if (!g_str_equal (forms[i], g_ptr_array_index (self->form_names, i)))
      return FALSE;
  return TRUE;
}

/* Rebuilds the radios of the name forms when the place changed them; the
 * form chosen stays chosen (the first one when it is gone). They go before
 * the typed-name row. */
static void
fill_forms (QwEventDialog *self,
            const QwEvent *e)
{
  g_auto(GStrv) forms = qw_event_name_forms (self->ruleset, e);
  int chosen = selected_form (self);
  GtkCheckButton *leader = NULL;

  if (same_forms (self, forms))
    return;
  for (guint i = 0; i < self->form_rows->len; i++)
    adw_preferences_group_remove (self->name_group, g_ptr_array_index (self->form_rows, i));
  g_ptr_array_set_size (self->form_rows, 0);
  g_ptr_array_set_size (self->form_checks, 0);
  g_ptr_array_set_size (self->form_names, 0);
  g_object_ref (self->custom_name_row);
  adw_preferences_group_remove (self->name_group, GTK_WIDGET (self->custom_name_row));
  if (chosen >= (int) g_strv_length (forms))
    chosen = 0;
  for (guint i = 0; forms[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *escaped = g_markup_escape_text (forms[i], -1);

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (leader != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), leader);
      else
        leader = GTK_CHECK_BUTTON (check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), (int) i == chosen);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (form_toggled_cb), self);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->name_group, row);
      g_ptr_array_add (self->form_rows, row);
      g_ptr_array_add (self->form_checks, check);
      g_ptr_array_add (self->form_names, g_strdup (forms[i]));
    }
  adw_preferences_group_add (self->name_group, GTK_WIDGET (self->custom_name_row));
  g_object_unref (self->custom_name_row);
}

static void
choose_form (QwEventDialog *self,
             int            form)
{
  for (guint i = 0; i < self->form_checks->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->form_checks, i), (int) i == form);
}

/* The name as chosen: a form, else the typed one. */
static char *
chosen_name (QwEventDialog *self)
{
  int form = selected_form (self);

  return form >= 0 ? g_strdup (g_ptr_array_index (self->form_names, form)) : stripped (self->custom_name_row);
}

/* Showing the checks */

static GtkWidget *
row_of_field (QwEventDialog *self,
              const char    *field)
{
  static const struct { const char *field; gsize offset; } rows[] = {
    { "name", G_STRUCT_OFFSET (QwEventDialog, custom_name_row) },
    { "start", G_STRUCT_OFFSET (QwEventDialog, start_row) },
    { "end", G_STRUCT_OFFSET (QwEventDialog, end_row) },
    { "host", G_STRUCT_OFFSET (QwEventDialog, host_row) },
    { "host_level", G_STRUCT_OFFSET (QwEventDialog, host_level_row) },
    { "prefecture", G_STRUCT_OFFSET (QwEventDialog, prefecture_row) },
    { "county_city", G_STRUCT_OFFSET (QwEventDialog, county_city_row) },
    { "honours", G_STRUCT_OFFSET (QwEventDialog, honours_row) },
    { "arbiter", G_STRUCT_OFFSET (QwEventDialog, arbiter_row) },
    { "arbiter_grade", G_STRUCT_OFFSET (QwEventDialog, arbiter_grade_row) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_str_equal (rows[i].field, field))
      return G_STRUCT_MEMBER (GtkWidget *, self, rows[i].offset);
  return NULL;
}

static void
clear_marks (QwEventDialog *self)
{
  const char *fields[] = { "name", "start", "end", "host", "host_level", "prefecture", "county_city",
                           "honours", "arbiter", "arbiter_grade" };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *row = row_of_field (self, fields[i]);

      gtk_widget_remove_css_class (row, "error");
      gtk_widget_remove_css_class (row, "warning");
      gtk_widget_set_tooltip_text (row, NULL);
    }
}

static void
mark (QwEventDialog        *self,
      const QwEventProblem *p,
      gboolean              error)
{
  GtkWidget *row = row_of_field (self, p->field);

  if (row == NULL)
    return;
  if (error)
    {
      gtk_widget_remove_css_class (row, "warning");
      gtk_widget_add_css_class (row, "error");
    }
  else if (!gtk_widget_has_css_class (row, "error"))
    gtk_widget_add_css_class (row, "warning");
  if (gtk_widget_get_tooltip_text (row) == NULL)
    gtk_widget_set_tooltip_text (row, p->message);
}

static void
add_check_row (QwEventDialog *self,
               GtkWidget     *row)
{
  adw_preferences_group_add (self->checks_group, row);
  g_ptr_array_add (self->check_rows, row);
}

static void
show_problems (QwEventDialog *self,
               GPtrArray     *problems,
               gboolean       error)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const QwEventProblem *p = g_ptr_array_index (problems, i);

      add_check_row (self, qw_message_row_new (p->message, NULL,
                                               error ? "dialog-error-symbolic" : "dialog-warning-symbolic",
                                               error ? "error" : "warning"));
      mark (self, p, error);
    }
}

static void
show_checks (QwEventDialog *self)
{
  guint n_errors = qw_event_dialog_get_n_errors (self);
  guint n_warnings = self->check->warnings->len;
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < self->check_rows->len; i++)
    adw_preferences_group_remove (self->checks_group, g_ptr_array_index (self->check_rows, i));
  g_ptr_array_set_size (self->check_rows, 0);
  clear_marks (self);
  show_problems (self, self->local_errors, TRUE);
  show_problems (self, self->check->errors, TRUE);
  show_problems (self, self->check->warnings, FALSE);
  if (n_errors + n_warnings == 0)
    add_check_row (self, qw_message_row_new (_("The details are complete and follow the scheme"), NULL,
                                             "emblem-ok-symbolic", "success"));
  if (n_errors > 0)
    subtitle = g_strdup_printf (ngettext ("%u error to put right before saving",
                                          "%u errors to put right before saving", n_errors), n_errors);
  else if (n_warnings > 0)
    subtitle = g_strdup_printf (ngettext ("%u warning", "%u warnings", n_warnings), n_warnings);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
  gtk_widget_set_sensitive (self->save_button, n_errors == 0);
  gtk_widget_set_tooltip_text (self->save_button,
                               n_errors > 0 ? _("Put the errors right first (see Checks at the bottom)") : NULL);
}

/* Follows the place into the fields the user has not set, then checks. */
static void
refresh (QwEventDialog *self)
{
  g_autoptr(QwEvent) e = read_fields (self);
  QwEventFields set = self->touched;
  int form;

  self->updating++;
  fill_forms (self, e);
  if (selected_form (self) < 0 && text_of (self->custom_name_row)[0] == '\0')
    choose_form (self, 0);
  g_free (e->name);
  e->name = chosen_name (self);
  if (selected_form (self) >= 0 || self->name_typed)
    set |= QW_EVENT_FIELD_NAME;
  qw_event_follow_place (self->ruleset, self->original, e, set);
  if (!(set & QW_EVENT_FIELD_NAME) && (form = qw_event_name_form_of (self->ruleset, e, e->name)) >= 0)
    {
      set_text (self->custom_name_row, "");
      choose_form (self, form);
    }
  else if (!(set & QW_EVENT_FIELD_NAME))
    set_text (self->custom_name_row, e->name);
  if (!(set & QW_EVENT_FIELD_HOST_LEVEL))
    adw_combo_row_set_selected (self->host_level_row, e->host_level);
  if (!(set & QW_EVENT_FIELD_PREFECTURE))
    set_text (self->prefecture_row, e->prefecture);
  if (!(set & QW_EVENT_FIELD_COUNTY_CITY))
    set_text (self->county_city_row, e->county_city);
  gtk_widget_set_visible (GTK_WIDGET (self->place_group), e->level == QW_LEVEL_PRELIMINARY);
  g_clear_pointer (&self->current, qw_event_free);
  self->current = g_steal_pointer (&e);
  g_clear_pointer (&self->check, qw_event_check_free);
  self->check = qw_event_check (self->ruleset, self->current);
  show_checks (self);
  self->updating--;
}

/* Callbacks */

static void
field_changed_cb (QwEventDialog *self)
{
  if (self->updating == 0 && self->ruleset != NULL)
    refresh (self);
}

static void
touched (QwEventDialog *self,
         QwEventFields  field)
{
  if (self->updating > 0 || self->ruleset == NULL)
    return;
  self->touched |= field;
  refresh (self);
}

static void
host_level_changed_cb (QwEventDialog *self)
{
  touched (self, QW_EVENT_FIELD_HOST_LEVEL);
}

static void
prefecture_changed_cb (QwEventDialog *self)
{
  touched (self, QW_EVENT_FIELD_PREFECTURE);
}

static void
county_city_changed_cb (QwEventDialog *self)
{
  touched (self, QW_EVENT_FIELD_COUNTY_CITY);
}

static void
custom_name_changed_cb (QwEventDialog *self)
{
  gboolean typed = text_of (self->custom_name_row)[0] != '\0';

  if (self->updating > 0 || self->ruleset == NULL)
    return;
  /* Typing a name takes over from the forms; an empty one gives them back. */
  self->name_typed = typed;
  self->updating++;
  choose_form (self, typed ? -1 : 0);
  self->updating--;
  refresh (self);
}

/* Saving, and its undo toast in the window that opened the dialog */

typedef struct
{
  QwDocument *doc;
  GWeakRef    overlay;
  char       *label;     /* the step's */
  gint64      step;      /* to undo only that one (qw_document_undo()) */
} UndoData;

static void
undo_data_free (gpointer data,
                GClosure *closure)
{
  UndoData *u = data;

  g_object_unref (u->doc);
  g_weak_ref_clear (&u->overlay);
  g_free (u->label);
  g_free (u);
}

static void
undo_clicked_cb (QwNotice *toast,
                 UndoData *u)
{
  g_autoptr(GtkWidget) overlay = g_weak_ref_get (&u->overlay);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (qw_document_undo (u->doc, u->step, NULL, &error))
    message = g_strdup_printf (_("Undone: %s"), u->label);
  else if (g_error_matches (error, QW_ERROR, QW_ERROR_STALE))
    message = g_strdup (_("The stop’s details were not the last change: nothing was undone"));
  else
    message = g_strdup_printf (_("The change could not be undone: %s"), error->message);
  if (overlay != NULL)
    qw_feedback_add_notice (overlay, qw_notice_new (message));
}

static GtkWidget *
find_overlay (GtkWidget *widget)
{
  if (QW_IS_NOTICE_OVERLAY (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_overlay (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
undo_toast (QwEventDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  GtkWidget *overlay = parent != NULL ? find_overlay (GTK_WIDGET (parent)) : NULL;
  QwDocument *doc = qw_document_context_get_document (self->context);
  QwHistory *history = qw_document_get_history (doc);
  const char *label = qw_history_get_undo_label (history);
  g_autofree char *message = NULL;
  UndoData *u;
  QwNotice *toast;

  if (overlay == NULL)
    return;
  message = g_strdup_printf (_("Saved: %s"), label != NULL ? label : _("Stop details"));
  toast = qw_notice_new (message);
  if (label != NULL)
    {
      u = g_new0 (UndoData, 1);
      u->doc = g_object_ref (doc);
      g_weak_ref_init (&u->overlay, overlay);
      u->label = g_strdup (label);
      u->step = qw_history_get_undo_step (history);
      qw_notice_set_button_label (toast, _("_Undo"));
      qw_notice_set_priority (toast, QW_NOTICE_PRIORITY_HIGH);
      g_signal_connect_data (toast, "button-clicked", G_CALLBACK (undo_clicked_cb), u, undo_data_free, 0);
    }
  qw_feedback_add_notice (overlay, toast);
}

/**
 * qw_event_dialog_save:
 *
 * Stores the details as one step of the history; refused (with the
 * reasons) while there are errors.
 */
gboolean
qw_event_dialog_save (QwEventDialog  *self,
                      GError        **error)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), FALSE);

  refresh (self);
  if (self->local_errors->len > 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID,
                           ((QwEventProblem *) g_ptr_array_index (self->local_errors, 0))->message);
      return FALSE;
    }
  return qw_registration_update_event (qw_document_context_get_document (self->context), self->ruleset,
                                       self->current, error);
}

static void
save_clicked_cb (QwEventDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (!qw_event_dialog_save (self, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The details could not be saved"),
                                                   error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  undo_toast (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Filling the fields */

static void
set_model (AdwComboRow        *row,
           const char * const *items)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (items);

  adw_combo_row_set_model (row, G_LIST_MODEL (list));
}

static void
fill_combos (QwEventDialog *self)
{
  const QwEvent *e = self->original;
  const char *level_names[G_N_ELEMENTS (levels) + 1] = { NULL };
  const char *host_levels[] = { _("Not Given"), qw_host_level_to_chinese (QW_HOST_PROVINCE),
                                qw_host_level_to_chinese (QW_HOST_CITY), qw_host_level_to_chinese (QW_HOST_COUNTY),
                                qw_host_level_to_chinese (QW_HOST_TOWNSHIP), NULL };
  g_auto(GStrv) grade_labels = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    level_names[i] = qw_level_to_chinese (levels[i]);
  set_model (self->level_row, level_names);
  self->regions = strv_with (qw_regions (), NULL, e->region);
  set_model (self->region_row, (const char * const *) self->regions);
  set_model (self->host_level_row, host_levels);
  /* A grade the ruleset does not know is offered as it was stored, and refused. */
  self->grades = strv_with ((const char * const *) self->ruleset->arbiter_grades, "", e->chief_arbiter_grade);
  grade_labels = g_strdupv (self->grades);
  g_free (grade_labels[0]);
  grade_labels[0] = g_strdup (_("Not Given"));
  set_model (self->arbiter_grade_row, (const char * const *) grade_labels);
}

static void
fill_honours (QwEventDialog *self)
{
  g_auto(GStrv) stored = qw_honours_split (self->original->honours);

  self->honours = qw_event_honours_offered (self->ruleset);
  for (guint i = 0; self->honours[i] != NULL; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (self->honours[i]);
      gboolean on = FALSE;

      for (guint k = 0; stored[k] != NULL; k++)
        on = on || g_str_has_suffix (stored[k], self->honours[i]);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), on);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (field_changed_cb), self);
      gtk_box_append (self->honours_box, check);
      g_ptr_array_add (self->honour_checks, check);
    }
}

static void
fill_fields (QwEventDialog *self)
{
  const QwEvent *e = self->original;
  char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];
  guint level = GTK_INVALID_LIST_POSITION;
  guint grade = index_in ((const char * const *) self->grades, e->chief_arbiter_grade);

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    if (levels[i] == e->level)
      level = i;
  /* Another level (a national final) is kept as it is. */
  adw_combo_row_set_selected (self->level_row, level != GTK_INVALID_LIST_POSITION ? level : 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), level != GTK_INVALID_LIST_POSITION);
  adw_combo_row_set_selected (self->region_row, index_in ((const char * const *) self->regions, e->region));
  qw_date_to_iso (e->start_date, start);
  qw_date_to_iso (e->end_date, end);
  set_text (self->start_row, start);
  set_text (self->end_row, end);
  set_text (self->city_row, e->place_city);
  set_text (self->county_row, e->place_county);
  set_text (self->town_row, e->place_town);
  set_text (self->host_row, e->host);
  adw_combo_row_set_selected (self->host_level_row, e->host_level);
  set_text (self->prefecture_row, e->prefecture);
  set_text (self->county_city_row, e->county_city);
  set_text (self->organiser_row, e->organiser);
  set_text (self->venue_row, e->venue);
  set_text (self->arbiter_row, e->chief_arbiter);
  adw_combo_row_set_selected (self->arbiter_grade_row, grade != GTK_INVALID_LIST_POSITION ? grade : 0);
  gtk_spin_button_set_value (self->rounds_spin, e->rounds);
  gtk_spin_button_set_value (self->minutes_spin, e->minutes);
  gtk_spin_button_set_value (self->increment_spin, e->increment);
}

/* The stored name: its form's radio, or typed when it is none of them. */
static void
fill_name (QwEventDialog *self)
{
  int form = qw_event_name_form_of (self->ruleset, self->original, self->original->name);

  fill_forms (self, self->original);
  if (form >= 0)
    {
      set_text (self->custom_name_row, "");
      choose_form (self, form);
    }
  else
    {
      choose_form (self, -1);
      set_text (self->custom_name_row, self->original->name);
    }
}

static void
set_context (QwEventDialog     *self,
             QwDocumentContext *context)
{
  const QwEvent *event = qw_document_context_get_event (context);

  g_return_if_fail (event != NULL);

  self->context = g_object_ref (context);
  self->ruleset = qw_ruleset_ref (qw_document_context_get_ruleset (context));
  self->original = qw_event_copy (event);
  self->updating++;
  fill_combos (self);
  fill_honours (self);
  fill_fields (self);
  fill_name (self);
  self->updating--;
  refresh (self);
}

static void
qw_event_dialog_dispose (GObject *object)
{
  QwEventDialog *self = QW_EVENT_DIALOG (object);

  g_clear_object (&self->context);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->original, qw_event_free);
  g_clear_pointer (&self->current, qw_event_free);
  g_clear_pointer (&self->check, qw_event_check_free);
  g_clear_pointer (&self->local_errors, g_ptr_array_unref);
  g_clear_pointer (&self->honours, g_strfreev);
  g_clear_pointer (&self->honour_checks, g_ptr_array_unref);
  g_clear_pointer (&self->regions, g_strfreev);
  g_clear_pointer (&self->grades, g_strfreev);
  g_clear_pointer (&self->form_names, g_ptr_array_unref);
  g_clear_pointer (&self->form_rows, g_ptr_array_unref);
  g_clear_pointer (&self->form_checks, g_ptr_array_unref);
  g_clear_pointer (&self->check_rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_EVENT_DIALOG);
  G_OBJECT_CLASS (qw_event_dialog_parent_class)->dispose (object);
}

static void
qw_event_dialog_class_init (QwEventDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_event_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-event-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwEventDialog, name)
  BIND (window_title);
  BIND (save_button);
  BIND (level_row);
  BIND (region_row);
  BIND (start_row);
  BIND (end_row);
  BIND (place_group);
  BIND (city_row);
  BIND (county_row);
  BIND (town_row);
  BIND (name_group);
  BIND (custom_name_row);
  BIND (host_row);
  BIND (host_level_row);
  BIND (prefecture_row);
  BIND (county_city_row);
  BIND (honours_row);
  BIND (honours_box);
  BIND (organiser_row);
  BIND (venue_row);
  BIND (arbiter_row);
  BIND (arbiter_grade_row);
  BIND (rounds_spin);
  BIND (minutes_spin);
  BIND (increment_spin);
  BIND (checks_group);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, host_level_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, prefecture_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, county_city_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, custom_name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_event_dialog_init (QwEventDialog *self)
{
  /* Until the context is set, the template's signals find no ruleset and
   * do nothing. */
  self->updating = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->updating = 0;
  self->local_errors = g_ptr_array_new_with_free_func (problem_free);
  self->honour_checks = g_ptr_array_new ();
  self->form_names = g_ptr_array_new_with_free_func (g_free);
  self->form_rows = g_ptr_array_new ();
  self->form_checks = g_ptr_array_new ();
  self->check_rows = g_ptr_array_new ();
}

/**
 * qw_event_dialog_new:
 * @context: a document that runs an event
 *
 * Returns: (transfer none): the dialog, filled from the context's event
 */
QwEventDialog *
qw_event_dialog_new (GtkWindow         *parent,
                     QwDocumentContext *context)
{
  QwEventDialog *self;

  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (context), NULL);

  self = g_object_new (QW_TYPE_EVENT_DIALOG, "transient-for", parent, NULL);
  set_context (self, context);
  return self;
}

/**
 * qw_event_dialog_get_event:
 *
 * Returns: (transfer full): the event as saving would store it
 */
QwEvent *
qw_event_dialog_get_event (QwEventDialog *self)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), NULL);
  return qw_event_copy (self->current);
}

/* Errors, the dates that do not read included. */
guint
qw_event_dialog_get_n_errors (QwEventDialog *self)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), 0);
  return self->local_errors->len + self->check->errors->len;
}

guint
qw_event_dialog_get_n_warnings (QwEventDialog *self)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), 0);
  return self->check->warnings->len;
}

gboolean
qw_event_dialog_has_problem (QwEventDialog *self,
                             const char    *code)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), FALSE);

  for (guint i = 0; i < self->local_errors->len; i++)
    if (g_str_equal (((QwEventProblem *) g_ptr_array_index (self->local_errors, i))->code, code))
      return TRUE;
  return qw_event_check_has_code (self->check, code);
}

/**
 * qw_event_dialog_get_name_forms:
 *
 * Returns: (transfer full): the name forms offered
 */
GStrv
qw_event_dialog_get_name_forms (QwEventDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), NULL);

  for (guint i = 0; i < self->form_names->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->form_names, i));
  return g_strv_builder_end (builder);
}

gboolean
qw_event_dialog_get_can_save (QwEventDialog *self)
{
  g_return_val_if_fail (QW_IS_EVENT_DIALOG (self), FALSE);
  return gtk_widget_get_sensitive (self->save_button);
}
