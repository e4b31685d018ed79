/* qw-region-page-sidebar.c: what follows from a region's stops, beside them
 *
 * The region page's sidebar: the totals, the quota card, the checks on
 * arbiters, dates and the provincial final's players (with the day the
 * region published its rules, recorded here), and the nominees, exported
 * for the national organiser or for posting. Rebuilt on every reload of the
 * page (qw-region-page.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-date.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-import-report.h"
#include "qw-output.h"
#include "qw-region-page-private.h"
#include "qw-tooltip.h"
#include "qw-document-entries.h"
#include "qw-event.h"

static char *
escaped (const char *text)
{
  return g_markup_escape_text (text != NULL ? text : "", -1);
}

/* Rows of the sidebar's groups, rebuilt on every reload */

static GtkWidget *
group_add_row (AdwPreferencesGroup *group,
               GPtrArray           *rows,
               GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
  return row;
}

static void
group_clear (AdwPreferencesGroup *group,
             GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_check (QwRegionPage *self,
           const char   *title,
           const char   *subtitle,
           const char   *icon_name,
           const char   *css_class)
{
  group_add_row (self->checks_group, self->check_rows,
                 qw_message_row_new (title, subtitle, icon_name, css_class));
}

static void
add_nominee_note (QwRegionPage *self,
                  const char   *title,
                  const char   *subtitle,
                  const char   *icon_name,
                  const char   *css_class)
{
  group_add_row (self->nominees_group, self->nominee_rows,
                 qw_message_row_new (title, subtitle, icon_name, css_class));
}

/* Totals */

static void
update_totals (QwRegionPage *self)
{
  const QwRegionSummary *s = self->summary;
  g_autofree char *preliminaries = g_strdup_printf ("%d", s->n_preliminaries);
  g_autofree char *valid = g_strdup_printf ("%d", s->n_valid);
  g_autofree char *participants = g_strdup_printf ("%'d", s->participants);
  g_autofree char *valid_caption = g_strdup_printf (ngettext ("Valid Stops (%d or more player)",
                                                              "Valid Stops (%d or more players)",
                                                              ruleset_of (self)->valid_stop_min_players),
                                                    ruleset_of (self)->valid_stop_min_players);

  gtk_label_set_text (self->preliminaries_value, preliminaries);
  gtk_label_set_text (self->valid_value, valid);
  gtk_label_set_text (self->valid_caption, valid_caption);
  gtk_label_set_text (self->final_value, s->final ? _("Listed") : _("None Yet"));
  gtk_label_set_text (self->participants_value, participants);
  gtk_label_set_text (self->participants_caption, ruleset_of (self)->participants_include_final
                                                  ? _("Participants, the Final Included")
                                                  : _("Participants in Preliminaries"));
}

/* Checks: arbiters, dates, and the provincial final's players */

/* The final's players who played no preliminary, one per line when opened. */
static GtkWidget *
unplayed_row (GPtrArray *problems,
              guint      n_players)
{
  GtkWidget *expander = adw_expander_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  g_autofree char *title = g_strdup_printf (ngettext ("%u of the provincial final’s %u players played no "
                                                      "preliminary of this region",
                                                      "%u of the provincial final’s %u players played no "
                                                      "preliminary of this region", n_players),
                                            problems->len, n_players);
  g_autofree char *markup = escaped (title);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), markup);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                 _("Only players of a preliminary may enter the provincial final"));
  gtk_widget_add_css_class (icon, "warning");
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (expander), icon);
  for (guint i = 0; i < problems->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (expander),
                              qw_message_row_new (((QwFinalEntryCheck *) problems->pdata[i])->message, NULL,
                                                  "avatar-default-symbolic", NULL));
  return expander;
}

static void
add_final_entry_checks (QwRegionPage       *self,
                        const QwRegionStop *final)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc_of (self), final->event->id, &error);
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();
  g_autofree char *title = NULL;
  int n_unchecked = 0;

  if (entries != NULL)
    checks = qw_region_check_final_entries (doc_of (self), entries, &n_unchecked, &error);
  if (checks == NULL)
    {
      add_check (self, _("The provincial final’s players could not be checked"), error->message,
                 "dialog-error-symbolic", "error");
      self->n_warnings++;
      return;
    }
  for (guint i = 0; i < checks->len; i++)
    {
      QwFinalEntryCheck *check = g_ptr_array_index (checks, i);

      if (check->message != NULL)
        g_ptr_array_add (problems, check);
    }
  if (problems->len == 0)
    {
      title = g_strdup_printf (ngettext ("The provincial final’s %u player played a preliminary of this region",
                                         "All %u players of the provincial final played a preliminary of this region",
                                         checks->len), checks->len);
      add_check (self, title, NULL, "emblem-ok-symbolic", "success");
    }
  else
    {
      group_add_row (self->checks_group, self->check_rows, unplayed_row (problems, checks->len));
      self->n_warnings += problems->len;
    }
  if (n_unchecked > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d preliminary was typed in without its players, so "
                                                         "they cannot be checked against it",
                                                         "%d preliminaries were typed in without their players, "
                                                         "so they cannot be checked against them", n_unchecked),
                                               n_unchecked);

      add_check (self, text, NULL, "dialog-information-symbolic", NULL);
    }
}

/* No final yet: it is imported once held elsewhere, or run here. */
static GtkWidget *
no_final_row (void)
{
  GtkWidget *row = qw_message_row_new (_("No provincial final yet"),
                                       _("Import its results file once it is held, or run it in this "
                                         "document"),
                                       "dialog-information-symbolic", NULL);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Run It Here…"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "region.run-final");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

/* The day the region published its competition rules (seed 002 §七(二)1: by
 * 05-15): its warning, or the day recorded, with a button to record it. */
static GtkWidget *
rules_row (const char *title,
           const char *icon_name,
           const char *css_class,
           const char *button_label)
{
  GtkWidget *row = qw_message_row_new (title, NULL, icon_name, css_class);
  GtkWidget *button = gtk_button_new_with_mnemonic (button_label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "region.rules-published");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static void
add_rules_check (QwRegionPage *self,
                 const char   *warning)
{
  QwDate day = self->summary->rules_published;
  char iso[QW_DATE_ISO_LEN];
  g_autofree char *title = NULL;

  if (warning != NULL)
    {
      group_add_row (self->checks_group, self->check_rows,
                     rules_row (warning, "dialog-warning-symbolic", "warning",
                                qw_date_is_set (day) ? _("Change the _Day…") : _("Record the _Day…")));
      return;
    }
  if (!qw_date_is_set (day))
    return;
  qw_date_to_iso (day, iso);
  title = g_strdup_printf (_("The region’s competition rules were published on %s"), iso);
  group_add_row (self->checks_group, self->check_rows,
                 rules_row (title, "emblem-ok-symbolic", "success", _("Change the _Day…")));
}

static void
update_checks (QwRegionPage *self)
{
  const QwRegionStop *final = qw_region_summary_final (self->summary);
  g_autofree char *rules = qw_region_check_rules_published (ruleset_of (self), self->summary->rules_published);

  group_clear (self->checks_group, self->check_rows);
  self->n_warnings = self->summary->warnings->len;
  add_rules_check (self, rules);
  for (guint i = 0; i < self->summary->warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->summary->warnings, i), rules) != 0)
      add_check (self, g_ptr_array_index (self->summary->warnings, i), NULL, "dialog-warning-symbolic", "warning");
  if (final == NULL)
    group_add_row (self->checks_group, self->check_rows, no_final_row ());
  else if (final->event->source == QW_SOURCE_MANUAL)
    add_check (self, _("The provincial final was typed in"),
               _("Import its results file to check its players and to name the nominees"),
               "dialog-information-symbolic", NULL);
  else
    add_final_entry_checks (self, final);
  if (self->summary->warnings->len == 0 && final != NULL && final->event->source != QW_SOURCE_MANUAL)
    add_check (self, _("Chief arbiters’ grades and the final’s dates are in order"), NULL,
               "emblem-ok-symbolic", "success");
}

/* Nominees */

static GtkWidget *
nominee_row (const QwNominee *n)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *badge = gtk_label_new (n->line_label[0] != '\0' ? n->line_label : n->line);
  g_autofree char *title = escaped (n->name);
  /* Translators: a nominee's place: "公开组男子 1st · 惠州市棋院" */
  g_autofree char *subtitle = g_strdup_printf (_("%s, place %d · %s"), n->group_name, n->rank, n->unit);
  g_autofree char *subtitle_markup = escaped (subtitle);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
  qw_tooltip_set_text (row, n->reason);
  gtk_widget_add_css_class (badge, "group-badge");
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
  return row;
}

static void
update_nominees (QwRegionPage *self)
{
  g_autoptr(GError) error = NULL;
  int bonus_places = 0;

  group_clear (self->nominees_group, self->nominee_rows);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  self->nominees = qw_region_nominees (doc_of (self), &error);
  gtk_widget_set_sensitive (self->export_button, self->nominees != NULL);
  if (self->nominees == NULL)
    {
      add_nominee_note (self, _("No nominees yet"), error->message, "dialog-information-symbolic", NULL);
      return;
    }
  for (guint i = 0; i < self->nominees->nominees->len; i++)
    group_add_row (self->nominees_group, self->nominee_rows,
                   nominee_row (g_ptr_array_index (self->nominees->nominees, i)));
  for (guint i = 0; i < self->nominees->notes->len; i++)
    add_nominee_note (self, g_ptr_array_index (self->nominees->notes, i), NULL, "dialog-warning-symbolic",
                      "warning");
  for (guint i = 0; i < self->nominees->bonuses->len; i++)
    bonus_places += ((QwQuotaBonus *) g_ptr_array_index (self->nominees->bonuses, i))->places;
  if (bonus_places > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d extra place goes with the list; its host names "
                                                         "the player",
                                                         "%d extra places go with the list; their hosts name "
                                                         "the players", bonus_places),
                                               bonus_places);

      add_nominee_note (self, text, NULL, "list-add-symbolic", NULL);
    }
}

/* The places the association decided, when no tier is reached */

static void
decide_places_cb (QwRegionPage *self,
                  int           places)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (doc_of (self) == NULL)
    return;
  if (!qw_region_set_decided_places (doc_of (self), places, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The places could not be recorded"), error);
      return;
    }
  message = g_strdup_printf (ngettext ("Recorded %d place decided by the association",
                                       "Recorded %d places decided by the association", places), places);
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

/* Exporting the nominees */

/**
 * qw_region_page_export_nominees:
 * @format: "xml" (the sealed file for the national organiser), "csv" (with
 *   ID numbers) or "public-csv" (ID numbers masked, for posting)
 */
gboolean
qw_region_page_export_nominees (QwRegionPage  *self,
                                const char    *format,
                                GFile         *file,
                                GError       **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);

  if (self->nominees == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The region has no nominees yet"));
      return FALSE;
    }
  if (path == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("Only local files can be written"));
      return FALSE;
    }
  if (g_str_equal (format, "xml"))
    text = qw_nominees_to_xml (self->nominees, NULL, error);
  else
    text = qw_nominees_to_csv (self->nominees, g_str_equal (format, "public-csv"));
  /* Only the public CSV masks ID numbers and leaves out dates of birth. */
  return text != NULL
         && qw_output_replace_contents (path, text, -1, g_str_equal (format, "public-csv") ? QW_OUTPUT_PUBLIC
                                                        : QW_OUTPUT_PRIVATE, error);
}

/* @data: the format chosen */
static void
export_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  g_autoptr(GError) error = NULL;

  if (qw_region_page_export_nominees (QW_REGION_PAGE (owner), data, g_ptr_array_index (files, 0), &error))
    qw_feedback_toast (owner, _("Nominees exported"));
  else
    qw_feedback_error (owner, _("The nominees could not be exported"), error);
}

static void
export_nominees_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Export the Nominees"),
                              .accept = _("_Export") };
  g_autofree char *name = NULL;

  if (self->nominees == NULL)
    return;
  /* File names stay Chinese: they travel to the organiser as they are. */
  if (g_str_equal (format, "xml"))
    name = g_strdup_printf ("%s赛区-全国总决赛推荐名单.xml", self->nominees->region);
  else if (g_str_equal (format, "csv"))
    name = g_strdup_printf ("%s赛区-推荐名单.csv", self->nominees->region);
  else
    name = g_strdup_printf ("%s赛区-推荐名单-公示.csv", self->nominees->region);
  question.name = name;
  qw_file_chooser_ask (widget, &question, export_chosen_cb, g_strdup (format), g_free);
}

/* Recording the day the rules were published */

/**
 * qw_region_page_set_rules_published:
 * @day: the day, or unset to clear it
 *
 * Records the day the region published its competition rules, as one step
 * with an undo toast; the checks follow.
 */
gboolean
qw_region_page_set_rules_published (QwRegionPage  *self,
                                    QwDate         day,
                                    GError       **error)
{
  g_autofree char *message = NULL;
  char iso[QW_DATE_ISO_LEN];

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);
  g_return_val_if_fail (doc_of (self) != NULL, FALSE);

  if (!qw_region_set_rules_published (doc_of (self), day, error))
    return FALSE;
  if (qw_date_is_set (day))
    {
      qw_date_to_iso (day, iso);
      message = g_strdup_printf (_("Rules published on %s"), iso);
    }
  else
    message = g_strdup (_("Day of the rules’ publication cleared"));
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  return TRUE;
}

static void
rules_day_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       QwRegionPage     *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;
  QwDate day = QW_DATE_NONE;

  if (doc_of (self) == NULL || g_str_equal (response, "cancel"))
    return;
  if (g_str_equal (response, "save") && !qw_date_parse (gtk_editable_get_text (entry), &day))
    {
      g_set_error (&error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a date: write it as 2021-05-10"),
                   gtk_editable_get_text (entry));
      qw_feedback_error (GTK_WIDGET (self), _("The day was not recorded"), error);
      return;
    }
  if (!qw_region_page_set_rules_published (self, day, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The day was not recorded"), error);
}

static void
rules_published_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  QwDate day = self->summary != NULL ? self->summary->rules_published : QW_DATE_NONE;
  QwDate deadline = qw_ruleset_rules_deadline (ruleset_of (self));
  g_autofree char *body = NULL;
  char due[QW_DATE_ISO_LEN] = "", iso[QW_DATE_ISO_LEN] = "";
  GtkWidget *dialog, *entry;

  if (doc_of (self) == NULL)
    return;
  if (qw_date_is_set (deadline))
    qw_date_to_iso (deadline, due);
  if (qw_date_is_set (day))
    qw_date_to_iso (day, iso);
  body = g_strdup_printf (_("The day the region published its competition rules, with how its national-final "
                            "places are decided. They are due by %s."), due);
  dialog = adw_message_dialog_new (get_parent (self), _("Rules Published"), body);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), iso);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "2021-05-10");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), NULL);
  if (qw_date_is_set (day))
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "clear", _("C_lear"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save", _("_Record"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (rules_day_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/**
 * _qw_region_page_update_sidebar:
 *
 * Shows what follows from the stops just read: the totals, the quota, the
 * checks and the nominees.
 */
void
_qw_region_page_update_sidebar (QwRegionPage *self)
{
  update_totals (self);
  qw_quota_card_set_quota (self->quota_card, ruleset_of (self), self->quota,
                           qw_region_get_decided_places (doc_of (self)));
  update_checks (self);
  update_nominees (self);
}

void
_qw_region_page_class_sidebar_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, decide_places_cb);
  gtk_widget_class_install_action (widget_class, "region.export-nominees", "s", export_nominees_action);
  gtk_widget_class_install_action (widget_class, "region.rules-published", NULL, rules_published_action);
}
