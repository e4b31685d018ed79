/* qw-new-stop-dialog.c: set up a stop with a correctly formed name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-new-stop-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-file-chooser.h"
#include "qw-tooltip.h"
#include "qw-document.h"
#include "qw-event-check.h"
#include "qw-event-name.h"
#include "qw-new-stop-dialog.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"
#include "qw-text-wrap.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-event.h"

/* 赛区: the provinces, and the cities with separate planning status that the
 * scheme also lets host a region. */
static const char *regions[] = {
  "北京", "天津", "河北", "山西", "内蒙古", "辽宁", "吉林", "黑龙江", "上海", "江苏", "浙江",
  "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "广西", "海南", "重庆", "四川",
  "贵州", "云南", "西藏", "陕西", "甘肃", "青海", "宁夏", "新疆", "大连", "青岛", "宁波", "厦门",
  "深圳", NULL
};

struct _QwNewStopDialog
{
  AdwWindow       parent_instance;

  GtkWidget      *create_button;
  AdwComboRow    *ruleset_row;
  AdwComboRow    *level_row;
  AdwComboRow    *region_row;
  AdwEntryRow    *start_row;
  AdwEntryRow    *end_row;
  AdwPreferencesGroup *place_group;
  AdwEntryRow    *city_row;
  AdwEntryRow    *county_row;
  AdwEntryRow    *town_row;
  AdwPreferencesGroup *name_group;
  AdwEntryRow    *custom_name_row;
  AdwActionRow   *name_check_row;
  GtkImage       *name_check_icon;
  AdwEntryRow    *host_row;
  AdwComboRow    *host_level_row;
  AdwEntryRow    *prefecture_row;
  AdwEntryRow    *county_city_row;
  GtkCheckButton *hometown_check;
  GtkCheckButton *base_check;
  GtkCheckButton *school_check;
  AdwEntryRow    *arbiter_row;
  AdwComboRow    *arbiter_grade_row;
  GtkSpinButton  *rounds_spin;
  GtkSpinButton  *minutes_spin;
  GtkSpinButton  *increment_spin;
  AdwActionRow   *advice_row;

  GStrv           ruleset_ids;
  QwRuleset      *ruleset;
  GtkCheckButton *form_group;   /* the first form's radio: the group leader */
  GPtrArray      *form_names;   /* the names offered */
  GPtrArray      *form_rows;    /* their rows in name_group */
  GPtrArray      *form_checks;  /* and their radio buttons */
  QwDocument     *target;       /* a region document the event is added to, or NULL: a new file */
  QwEventFields   touched;      /* host level and cities the user set: they no longer follow the place */
  guint           updating;     /* fields set by the dialog, not the user */
};

G_DEFINE_FINAL_TYPE (QwNewStopDialog, qw_new_stop_dialog, ADW_TYPE_WINDOW)

enum {
  CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

static const char *
selected_string (AdwComboRow *row)
{
  GObject *item = adw_combo_row_get_selected_item (row);

  return GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

static char *
honours_text (QwNewStopDialog *self)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  if (gtk_check_button_get_active (self->hometown_check))
    g_ptr_array_add (parts, (gpointer) "象棋之乡");
  if (gtk_check_button_get_active (self->base_check))
    g_ptr_array_add (parts, (gpointer) "象棋基地");
  if (gtk_check_button_get_active (self->school_check))
    g_ptr_array_add (parts, (gpointer) "象棋特色学校");
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("、", (char **) parts->pdata);
}

/* The chosen name: a checked form, else the typed one. */
static char *
chosen_name (QwNewStopDialog *self)
{
  for (guint i = 0; i < self->form_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->form_checks, i)))
      return g_strdup (g_ptr_array_index (self->form_names, i));
  return stripped (self->custom_name_row);
}

/**
 * qw_new_stop_dialog_get_event:
 *
 * Returns: (transfer full): the event the fields describe
 */
QwEvent *
qw_new_stop_dialog_get_event (QwNewStopDialog *self)
{
  QwEvent *e = qw_event_new ();
  const char *region = selected_string (self->region_row);
  const char *grade = selected_string (self->arbiter_grade_row);

  g_free (e->ruleset);
  e->ruleset = g_strdup (self->ruleset != NULL ? self->ruleset->id : "qiwang-2021");
  e->level = adw_combo_row_get_selected (self->level_row) == 1 ? QW_LEVEL_PROVINCIAL_FINAL : QW_LEVEL_PRELIMINARY;
  /* A final of a ruleset without regions has none. */
  e->region = g_strdup (region != NULL && (self->ruleset == NULL || qw_ruleset_offers (self->ruleset, QW_RULESET_REGIONS))
                        ? region : "");
  e->place_city = stripped (self->city_row);
  e->place_county = stripped (self->county_row);
  e->place_town = stripped (self->town_row);
  qw_date_parse (text_of (self->start_row), &e->start_date);
  qw_date_parse (text_of (self->end_row), &e->end_date);
  e->host = stripped (self->host_row);
  e->host_level = (QwHostLevel) (adw_combo_row_get_selected (self->host_level_row) + 1);
  e->prefecture = stripped (self->prefecture_row);
  e->county_city = stripped (self->county_city_row);
  e->honours = honours_text (self);
  e->chief_arbiter = stripped (self->arbiter_row);
  e->chief_arbiter_grade = g_strdup (grade != NULL ? grade : "");
  e->rounds = gtk_spin_button_get_value_as_int (self->rounds_spin);
  e->minutes = gtk_spin_button_get_value_as_int (self->minutes_spin);
  e->increment = gtk_spin_button_get_value_as_int (self->increment_spin);
  e->name = chosen_name (self);
  /* A ruleset with a final makes the final, as `qiwang-cli new` does. */
  if (self->ruleset != NULL)
    qw_ruleset_event_defaults (self->ruleset, e, TRUE);
  return e;
}

/* Row subtitles are markup: names with & or < must not break them. */
static void
joined_markup_escape (QwNewStopDialog *self,
                      const char      *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_action_row_set_subtitle (self->name_check_row, escaped);
}

static void
name_check (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) e = qw_new_stop_dialog_get_event (self);
  g_autoptr(GPtrArray) problems = NULL;
  g_autofree char *joined = NULL;

  if (self->ruleset == NULL)
    return;
  problems = qw_event_name_check (self->ruleset, e, e->name);
  gtk_widget_remove_css_class (GTK_WIDGET (self->name_check_icon), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->name_check_icon), "success");
  if (problems->len == 0)
    {
      adw_action_row_set_subtitle (self->name_check_row, _("The name follows the scheme’s pattern."));
      gtk_image_set_from_icon_name (self->name_check_icon, "emblem-ok-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->name_check_icon), "success");
      return;
    }
  g_ptr_array_add (problems, NULL);
  joined = g_strjoinv ("\n", (char **) problems->pdata);
  joined_markup_escape (self, joined);
  gtk_image_set_from_icon_name (self->name_check_icon, "dialog-warning-symbolic");
  gtk_widget_add_css_class (GTK_WIDGET (self->name_check_icon), "warning");
}

static void
form_toggled_cb (QwNewStopDialog *self)
{
  name_check (self);
}

/* Rebuilds the radio rows of the name forms from the place chain. They go
 * first in the group, before the typed-name and check rows. A radio is
 * connected once its state is set: the rebuild is not a user's choice. */
static void
fill_forms (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) e = qw_new_stop_dialog_get_event (self);
  g_auto(GStrv) forms = NULL;
  gboolean typed = text_of (self->custom_name_row)[0] != '\0';

  if (self->ruleset == NULL)
    return;
  forms = qw_event_name_forms (self->ruleset, e);
  for (guint i = 0; i < self->form_rows->len; i++)
    adw_preferences_group_remove (self->name_group, g_ptr_array_index (self->form_rows, i));
  g_ptr_array_set_size (self->form_rows, 0);
  g_ptr_array_set_size (self->form_checks, 0);
  g_ptr_array_set_size (self->form_names, 0);
  g_object_ref (self->custom_name_row);
  g_object_ref (self->name_check_row);
  adw_preferences_group_remove (self->name_group, GTK_WIDGET (self->custom_name_row));
  adw_preferences_group_remove (self->name_group, GTK_WIDGET (self->name_check_row));
  self->form_group = NULL;
  for (guint i = 0; forms[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *escaped = g_markup_escape_text (forms[i], -1);

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (self->form_group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), self->form_group);
      else
        self->form_group = GTK_CHECK_BUTTON (check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), i == 0 && !typed);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (form_toggled_cb), self);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->name_group, row);
      g_ptr_array_add (self->form_rows, row);
      g_ptr_array_add (self->form_checks, check);
      g_ptr_array_add (self->form_names, g_strdup (forms[i]));
    }
  adw_preferences_group_add (self->name_group, GTK_WIDGET (self->custom_name_row));
  adw_preferences_group_add (self->name_group, GTK_WIDGET (self->name_check_row));
  g_object_unref (self->custom_name_row);
  g_object_unref (self->name_check_row);
}

/* A date typed that does not read: an error, as in the stop-details dialog. */
static void
add_unreadable (GString     *errors,
                AdwEntryRow *row)
{
  g_autofree char *text = stripped (row);
  QwDate day;

  if (text[0] != '\0' && !qw_date_parse (text, &day))
    {
      g_string_append_printf (errors, _("“%s” is not a date: write it as 2021-07-03"), text);
      g_string_append_c (errors, '\n');
    }
}

/* The core's checks of the event (qw_event_check()): errors block Create,
 * warnings (the scheme's recommendations, the chief arbiter's grade) advise. */
static void
update_advice (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) e = qw_new_stop_dialog_get_event (self);
  g_autoptr(GString) advice = g_string_new (NULL);
  g_autoptr(GString) errors = g_string_new (NULL);
  g_autoptr(QwEventCheck) check = NULL;
  g_autofree char *escaped = NULL;

  if (self->ruleset == NULL)
    return;
  check = qw_event_check (self->ruleset, e);
  add_unreadable (errors, self->start_row);
  add_unreadable (errors, self->end_row);
  for (guint i = 0; i < check->errors->len; i++)
    g_string_append_printf (errors, "%s\n", ((QwEventProblem *) g_ptr_array_index (check->errors, i))->message);
  /* The name has its own check row. */
  for (guint i = 0; i < check->warnings->len; i++)
    {
      const QwEventProblem *p = g_ptr_array_index (check->warnings, i);

      if (!g_str_equal (p->field, "name"))
        g_string_append_printf (advice, "%s\n", p->message);
    }
  g_string_prepend (advice, errors->str);
  if (advice->len > 0)
    g_string_truncate (advice, advice->len - 1);
  escaped = g_markup_escape_text (advice->str, -1);
  adw_action_row_set_subtitle (self->advice_row, escaped);
  gtk_widget_set_visible (GTK_WIDGET (self->advice_row), advice->len > 0);
  gtk_widget_set_sensitive (self->create_button,
                            errors->len == 0 && qw_date_is_set (e->start_date) && e->name[0] != '\0');
}

/* The host level, the prefecture and the county-level city follow the place
 * (qw_event_follow_place()) until the user sets them: a 镇 makes 乡级. */
static void
follow_place (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) e = qw_new_stop_dialog_get_event (self);

  if (self->ruleset == NULL)
    return;
  e->host_level = QW_HOST_UNKNOWN;
  g_clear_pointer (&e->prefecture, g_free);
  g_clear_pointer (&e->county_city, g_free);
  qw_event_follow_place (self->ruleset, NULL, e, QW_EVENT_FIELD_NAME);
  self->updating++;
  if (!(self->touched & QW_EVENT_FIELD_HOST_LEVEL) && e->host_level != QW_HOST_UNKNOWN)
    adw_combo_row_set_selected (self->host_level_row, e->host_level - 1);
  if (!(self->touched & QW_EVENT_FIELD_PREFECTURE))
    gtk_editable_set_text (GTK_EDITABLE (self->prefecture_row), e->prefecture);
  if (!(self->touched & QW_EVENT_FIELD_COUNTY_CITY))
    gtk_editable_set_text (GTK_EDITABLE (self->county_city_row), e->county_city);
  self->updating--;
}

static void
host_field_set (QwNewStopDialog *self,
                QwEventFields    field)
{
  if (self->updating > 0)
    return;
  self->touched |= field;
  update_advice (self);
}

static void
host_level_changed_cb (QwNewStopDialog *self)
{
  host_field_set (self, QW_EVENT_FIELD_HOST_LEVEL);
}

static void
prefecture_changed_cb (QwNewStopDialog *self)
{
  host_field_set (self, QW_EVENT_FIELD_PREFECTURE);
}

static void
county_city_changed_cb (QwNewStopDialog *self)
{
  host_field_set (self, QW_EVENT_FIELD_COUNTY_CITY);
}

/* Every field feeds the name forms, the name check and the advice; filling
 * several fields at once recomputes them as each is set, which is cheap. */
static void
field_changed_cb (QwNewStopDialog *self)
{
  if (self->updating > 0)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->place_group), adw_combo_row_get_selected (self->level_row) == 0);
  follow_place (self);
  fill_forms (self);
  name_check (self);
  update_advice (self);
}

static void
custom_name_changed_cb (QwNewStopDialog *self)
{
  gboolean typed = text_of (self->custom_name_row)[0] != '\0';

  /* Typing a name takes over from the forms (each radio's change checks the name again). */
  for (guint i = 0; typed && i < self->form_checks->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->form_checks, i), FALSE);
  if (!typed && self->form_group != NULL)
    gtk_check_button_set_active (self->form_group, TRUE);
  name_check (self);
  update_advice (self);
}

static void
fill_arbiter_grades (QwNewStopDialog *self)
{
  g_autoptr(GtkStringList) strings = gtk_string_list_new ((const char * const *) self->ruleset->arbiter_grades);

  adw_combo_row_set_model (self->arbiter_grade_row, G_LIST_MODEL (strings));
  /* 一级 is the lowest grade a preliminary may have. */
  for (guint i = 0; self->ruleset->arbiter_grades[i] != NULL; i++)
    if (g_strcmp0 (self->ruleset->arbiter_grades[i], qw_ruleset_min_arbiter_grade (self->ruleset, "preliminary")) == 0)
      adw_combo_row_set_selected (self->arbiter_grade_row, i);
}

/* A ruleset with a final (qiwang-2022) has one level and no regions: the
 * level and region rows give way, and its days are offered. */
static void
show_ruleset_defaults (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) e = qw_event_new ();
  gboolean final = qw_ruleset_offers (self->ruleset, QW_RULESET_FINAL);
  char day[QW_DATE_ISO_LEN];

  gtk_widget_set_visible (GTK_WIDGET (self->level_row), !final);
  gtk_widget_set_visible (GTK_WIDGET (self->region_row), qw_ruleset_offers (self->ruleset, QW_RULESET_REGIONS));
  if (!final)
    return;
  qw_ruleset_event_defaults (self->ruleset, e, FALSE);
  self->updating++;
  qw_date_to_iso (e->start_date, day);
  gtk_editable_set_text (GTK_EDITABLE (self->start_row), day);
  qw_date_to_iso (e->end_date, day);
  gtk_editable_set_text (GTK_EDITABLE (self->end_row), day);
  self->updating--;
}

static void
ruleset_changed_cb (QwNewStopDialog *self)
{
  guint i = adw_combo_row_get_selected (self->ruleset_row);
  g_autoptr(GError) error = NULL;
  QwRuleset *ruleset;

  if (self->ruleset_ids == NULL || i >= g_strv_length (self->ruleset_ids))
    return;
  ruleset = qw_ruleset_lookup (self->ruleset_ids[i], &error);
  if (ruleset == NULL)
    {
      adw_action_row_set_subtitle (self->name_check_row, error->message);
      return;
    }
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  self->ruleset = ruleset;
  fill_arbiter_grades (self);
  show_ruleset_defaults (self);
  field_changed_cb (self);
}

/**
 * qw_new_stop_dialog_create_at:
 *
 * Writes a new stop document holding the event. An existing file there is
 * replaced (the file chooser has asked).
 */
gboolean
qw_new_stop_dialog_create_at (QwNewStopDialog  *self,
                              GFile            *file,
                              GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(QwEvent) event = qw_new_stop_dialog_get_event (self);
  g_autoptr(QwDocument) doc = NULL;

  doc = qw_document_create (path, QW_DOCUMENT_STOP, error);
  if (doc == NULL)
    return FALSE;
  return qw_document_add_event (doc, event, error);
}

static void
save_chosen_cb (GtkWidget *owner,
                GPtrArray *files,
                gpointer   data)
{
  QwNewStopDialog *self = QW_NEW_STOP_DIALOG (owner);
  GFile *file = g_ptr_array_index (files, 0);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (qw_new_stop_dialog_create_at (self, file, &error))
    {
      g_signal_emit (self, signals[CREATED], 0, file);
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The document could not be created"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A region document runs its provincial final itself: the event goes into
 * that document rather than a new file. */
static void
add_to_target (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) event = qw_new_stop_dialog_get_event (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (qw_document_get_path (self->target));

  if (!qw_document_add_event (self->target, event, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The event could not be added"),
                                                   error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  g_signal_emit (self, signals[CREATED], 0, file);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
create_clicked_cb (QwNewStopDialog *self)
{
  g_autoptr(QwEvent) event = qw_new_stop_dialog_get_event (self);
  g_autofree char *name = g_strconcat (event->name, QW_DOCUMENT_SUFFIX, NULL);

  if (self->target != NULL)
    {
      add_to_target (self);
      return;
    }
  {
    QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Save the New Event"),
                                .accept = _("C_reate"), .name = name };

    qw_file_chooser_ask (GTK_WIDGET (self), &question, save_chosen_cb, NULL, NULL);
  }
}

static void
set_combo_to (AdwComboRow *row,
              const char  *value)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; value != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) s = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (s), value))
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
}

/**
 * qw_new_stop_dialog_set_ruleset:
 * @id: a ruleset the dialog offers ("qiwang-2022")
 *
 * Chooses the ruleset as its row does, with its defaults. Returns whether
 * the dialog offers it.
 */
gboolean
qw_new_stop_dialog_set_ruleset (QwNewStopDialog *self,
                                const char      *id)
{
  g_return_val_if_fail (QW_IS_NEW_STOP_DIALOG (self), FALSE);

  for (guint i = 0; self->ruleset_ids != NULL && self->ruleset_ids[i] != NULL; i++)
    if (g_strcmp0 (self->ruleset_ids[i], id) == 0)
      {
        adw_combo_row_set_selected (self->ruleset_row, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * qw_new_stop_dialog_set_event:
 *
 * Fills the fields from an event (used to prefill, and by the UI tests).
 */
void
qw_new_stop_dialog_set_event (QwNewStopDialog *self,
                              const QwEvent   *event)
{
  char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];

  /* What the event gives is set; what it leaves empty follows the place. */
  self->touched = (event->host_level != QW_HOST_UNKNOWN ? QW_EVENT_FIELD_HOST_LEVEL : 0)
                  | (event->prefecture != NULL && event->prefecture[0] != '\0' ? QW_EVENT_FIELD_PREFECTURE : 0)
                  | (event->county_city != NULL && event->county_city[0] != '\0' ? QW_EVENT_FIELD_COUNTY_CITY : 0);
  self->updating++;
  adw_combo_row_set_selected (self->level_row, event->level == QW_LEVEL_PROVINCIAL_FINAL ? 1 : 0);
  set_combo_to (self->region_row, event->region);
  qw_date_to_iso (event->start_date, start);
  qw_date_to_iso (event->end_date, end);
  gtk_editable_set_text (GTK_EDITABLE (self->start_row), start);
  gtk_editable_set_text (GTK_EDITABLE (self->end_row), end);
  gtk_editable_set_text (GTK_EDITABLE (self->city_row), event->place_city != NULL ? event->place_city : "");
  gtk_editable_set_text (GTK_EDITABLE (self->county_row), event->place_county != NULL ? event->place_county : "");
  gtk_editable_set_text (GTK_EDITABLE (self->town_row), event->place_town != NULL ? event->place_town : "");
  gtk_editable_set_text (GTK_EDITABLE (self->host_row), event->host != NULL ? event->host : "");
  if (event->host_level != QW_HOST_UNKNOWN)
    adw_combo_row_set_selected (self->host_level_row, event->host_level - 1);
  gtk_editable_set_text (GTK_EDITABLE (self->prefecture_row), event->prefecture != NULL ? event->prefecture : "");
  gtk_editable_set_text (GTK_EDITABLE (self->county_city_row), event->county_city != NULL ? event->county_city : "");
  gtk_editable_set_text (GTK_EDITABLE (self->arbiter_row), event->chief_arbiter != NULL ? event->chief_arbiter : "");
  set_combo_to (self->arbiter_grade_row, event->chief_arbiter_grade);
  self->updating--;
  field_changed_cb (self);
}

static void
qw_new_stop_dialog_dispose (GObject *object)
{
  QwNewStopDialog *self = QW_NEW_STOP_DIALOG (object);

  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_object (&self->target);
  g_clear_pointer (&self->ruleset_ids, g_strfreev);
  g_clear_pointer (&self->form_names, g_ptr_array_unref);
  g_clear_pointer (&self->form_rows, g_ptr_array_unref);
  g_clear_pointer (&self->form_checks, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_NEW_STOP_DIALOG);
  G_OBJECT_CLASS (qw_new_stop_dialog_parent_class)->dispose (object);
}

static void
qw_new_stop_dialog_class_init (QwNewStopDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_new_stop_dialog_dispose;

  /**
   * QwNewStopDialog::created:
   * @file: the new document
   */
  signals[CREATED] = g_signal_new ("created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-new-stop-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwNewStopDialog, name)
  BIND (create_button);
  BIND (ruleset_row);
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
  BIND (name_check_row);
  BIND (name_check_icon);
  BIND (host_row);
  BIND (host_level_row);
  BIND (prefecture_row);
  BIND (county_city_row);
  BIND (hometown_check);
  BIND (base_check);
  BIND (school_check);
  BIND (arbiter_row);
  BIND (arbiter_grade_row);
  BIND (rounds_spin);
  BIND (minutes_spin);
  BIND (increment_spin);
  BIND (advice_row);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, ruleset_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, custom_name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, create_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, host_level_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, prefecture_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, county_city_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_new_stop_dialog_init (QwNewStopDialog *self)
{
  const char *levels[] = { "预选赛", "省决赛", NULL };
  const char *host_levels[] = { "省级", "市级", "县级", "乡级", NULL };
  g_autoptr(GtkStringList) ruleset_names = gtk_string_list_new (NULL);

  /* The template's and these defaults are not the user's choices. */
  self->updating++;
  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  self->form_names = g_ptr_array_new_with_free_func (g_free);
  self->form_rows = g_ptr_array_new ();
  self->form_checks = g_ptr_array_new ();
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (gtk_string_list_new (levels)));
  adw_combo_row_set_model (self->region_row, G_LIST_MODEL (gtk_string_list_new (regions)));
  adw_combo_row_set_model (self->host_level_row, G_LIST_MODEL (gtk_string_list_new (host_levels)));
  adw_combo_row_set_selected (self->host_level_row, 2);
  set_combo_to (self->region_row, "广东");
  self->updating--;
  self->ruleset_ids = qw_ruleset_list_ids ();
  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    {
      g_autoptr(QwRuleset) r = qw_ruleset_lookup (self->ruleset_ids[i], NULL);

      gtk_string_list_append (ruleset_names, r != NULL ? r->name : self->ruleset_ids[i]);
    }
  adw_combo_row_set_model (self->ruleset_row, G_LIST_MODEL (ruleset_names));
  qw_combo_row_show_whole (self->ruleset_row);
  ruleset_changed_cb (self);
}

/**
 * qw_new_stop_dialog_set_target:
 * @doc: a region document
 *
 * The dialog sets up the region's provincial final in @doc itself, instead
 * of creating a new document; ::created then gives @doc's file.
 */
void
qw_new_stop_dialog_set_target (QwNewStopDialog *self,
                               QwDocument      *doc)
{
  g_autofree char *region = qw_document_get_meta (doc, "region");

  g_return_if_fail (QW_IS_NEW_STOP_DIALOG (self));

  g_set_object (&self->target, doc);
  adw_combo_row_set_selected (self->level_row, 1);
  set_combo_to (self->region_row, region);
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->region_row), FALSE);
  gtk_button_set_label (GTK_BUTTON (self->create_button), _("_Add"));
  field_changed_cb (self);
}

/**
 * qw_regions:
 *
 * Returns: (transfer none): the regions (赛区) a document can belong to
 */
const char * const *
qw_regions (void)
{
  return (const char * const *) regions;
}

QwNewStopDialog *
qw_new_stop_dialog_new (GtkWindow *parent)
{
  return g_object_new (QW_TYPE_NEW_STOP_DIALOG, "transient-for", parent, NULL);
}
