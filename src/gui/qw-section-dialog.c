/* qw-section-dialog.c: a group's play settings and tie-break chain
 *
 * Every choice the rules leave open is a setting of the group, with the
 * ruleset's default: the system, seeding and the lottery seed, the first
 * round's pairing mode, same-unit avoidance, the forfeit limit, and the
 * tie-break chain (a preset of 《规则》第14条, or an ordered custom list).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-section-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-error.h"
#include "qw-labels.h"
#include "qw-section-dialog.h"
#include "qw-text-wrap.h"
#include "qw-tooltip.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"
#include "qw-tournament.h"
#include "qw-document-play.h"
#include "qw-game.h"
#include "qw-play.h"

static const char *systems[] = { "swiss", "round-robin", "knockout" };
static const char *seedings[] = { "rating", "grade", "order", "lottery" };
static const char *first_rounds[] = { "lanyao", "shouwei", "linjin", "random" };
static const char *unit_modes[] = { "off", "first-round", "always" };

struct _QwSectionDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *title;
  AdwComboRow         *system_row;
  AdwActionRow        *rounds_row;
  GtkSpinButton       *rounds_spin;
  AdwActionRow        *field_row;
  AdwActionRow        *double_row;
  GtkSwitch           *double_switch;
  AdwActionRow        *armageddon_row;
  GtkSwitch           *armageddon_switch;
  AdwActionRow        *third_place_row;
  GtkSwitch           *third_place_switch;
  AdwComboRow         *seeding_row;
  AdwEntryRow         *lottery_row;
  AdwComboRow         *first_round_row;
  AdwComboRow         *unit_row;
  GtkSpinButton       *forfeit_spin;
  GtkSwitch           *met_switch;
  AdwPreferencesGroup *chain_group;
  AdwComboRow         *preset_row;
  AdwComboRow         *add_row;

  QwDocument          *doc;
  QwRuleset           *ruleset;
  QwSection           *section;
  GArray              *chain;       /* QwTiebreak, in order */
  GPtrArray           *chain_rows;  /* the rows showing it */
  guint                system;      /* the system row's choice the chain follows */
  gboolean             filling;     /* fill() sets the rows: nothing follows */
};

G_DEFINE_FINAL_TYPE (QwSectionDialog, qw_section_dialog, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
index_of (const char  *value,
          const char **list,
          guint        n)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (value, list[i]) == 0)
      return i;
  return 0;
}

static void rebuild_chain_rows     (QwSectionDialog *self);
static void select_preset_of_chain (QwSectionDialog *self);
static void preset_changed_cb      (QwSectionDialog *self);
static void update_field_warning   (QwSectionDialog *self);

/* section.move-criterion (index, delta): -1 earlier, +1 later, 0 removes it. */
static void
move_criterion_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  QwSectionDialog *self = QW_SECTION_DIALOG (widget);
  guint i;
  int delta;
  QwTiebreak tmp;

  g_variant_get (parameter, "(ui)", &i, &delta);
  if (i >= self->chain->len || (delta != 0 && (i + delta >= self->chain->len || (int) i + delta < 0)))
    return;
  if (delta == 0)
    g_array_remove_index (self->chain, i);
  else
    {
      tmp = g_array_index (self->chain, QwTiebreak, i);
      g_array_index (self->chain, QwTiebreak, i) = g_array_index (self->chain, QwTiebreak, i + delta);
      g_array_index (self->chain, QwTiebreak, i + delta) = tmp;
    }
  rebuild_chain_rows (self);
  select_preset_of_chain (self);
}

static GtkWidget *
chain_button (const char *icon,
              const char *tooltip,
              guint       index,
              int         delta,
              gboolean    sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  qw_tooltip_set_text (button, tooltip);
  gtk_widget_set_sensitive (button, sensitive);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "section.move-criterion");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(ui)", index, delta);
  return button;
}

/* One row per criterion, numbered, with up, down and remove buttons. */
static void
rebuild_chain_rows (QwSectionDialog *self)
{
  for (guint i = 0; i < self->chain_rows->len; i++)
    adw_preferences_group_remove (self->chain_group, g_ptr_array_index (self->chain_rows, i));
  g_ptr_array_set_size (self->chain_rows, 0);
  for (guint i = 0; i < self->chain->len; i++)
    {
      QwTiebreak tb = g_array_index (self->chain, QwTiebreak, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, qw_tiebreak_label (tb));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), qw_tiebreak_description (tb));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), chain_button ("go-up-symbolic", _("Earlier"), i, -1, i > 0));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), chain_button ("go-down-symbolic", _("Later"), i, 1,
                                                                     i + 1 < self->chain->len));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), chain_button ("list-remove-symbolic", _("Remove"), i, 0,
                                                                     TRUE));
      adw_preferences_group_add (self->chain_group, row);
      g_ptr_array_add (self->chain_rows, row);
    }
}

/**
 * qw_section_dialog_set_chain:
 * @chain: a comma-separated list of tie-break codes
 */
void
qw_section_dialog_set_chain (QwSectionDialog *self,
                             const char      *chain)
{
  g_auto(GStrv) codes = g_strsplit (chain != NULL ? chain : "", ",", -1);

  g_array_set_size (self->chain, 0);
  for (guint i = 0; codes[i] != NULL; i++)
    {
      QwTiebreak tb;

      if (qw_tiebreak_from_code (g_strstrip (codes[i]), &tb))
        g_array_append_val (self->chain, tb);
    }
  rebuild_chain_rows (self);
  select_preset_of_chain (self);
}

char *
qw_section_dialog_get_chain (QwSectionDialog *self)
{
  g_autoptr(GPtrArray) codes = g_ptr_array_new ();

  for (guint i = 0; i < self->chain->len; i++)
    g_ptr_array_add (codes, (gpointer) qw_tiebreak_to_code (g_array_index (self->chain, QwTiebreak, i)));
  g_ptr_array_add (codes, NULL);
  return g_strjoinv (",", (char **) codes->pdata);
}

static guint
n_presets (void)
{
  return g_strv_length ((char **) qw_tiebreak_preset_ids ());
}

/* The preset row follows the chain: its preset, or "Custom". */
static void
select_preset_of_chain (QwSectionDialog *self)
{
  g_autofree char *chain = qw_section_dialog_get_chain (self);
  const char *id = qw_tiebreak_preset_for_chain (chain);
  const char * const *ids = qw_tiebreak_preset_ids ();
  guint position = n_presets ();

  for (guint i = 0; id != NULL && ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      position = i;
  g_signal_handlers_block_by_func (self->preset_row, preset_changed_cb, self);
  adw_combo_row_set_selected (self->preset_row, position);
  g_signal_handlers_unblock_by_func (self->preset_row, preset_changed_cb, self);
}

static void
preset_changed_cb (QwSectionDialog *self)
{
  guint i = adw_combo_row_get_selected (self->preset_row);
  g_autofree char *chain = NULL;

  /* "Custom" keeps the chain as it is. */
  if (i >= n_presets ())
    return;
  chain = qw_tiebreak_preset (qw_tiebreak_preset_ids ()[i]);
  qw_section_dialog_set_chain (self, chain);
}

static void
add_criterion_cb (QwSectionDialog *self)
{
  guint i = adw_combo_row_get_selected (self->add_row);
  QwTiebreak tb = (QwTiebreak) (i - 1);

  /* "Choose…", where the row goes back after each choice. */
  if (i == 0 || i > QW_N_TIEBREAKS)
    return;
  for (guint k = 0; k < self->chain->len; k++)
    if (g_array_index (self->chain, QwTiebreak, k) == tb)
      goto reset;
  g_array_append_val (self->chain, tb);
  rebuild_chain_rows (self);
  select_preset_of_chain (self);
reset:
  adw_combo_row_set_selected (self->add_row, 0);
}

static void
system_changed_cb (QwSectionDialog *self)
{
  guint system = adw_combo_row_get_selected (self->system_row);
  g_autofree char *chain = qw_section_dialog_get_chain (self);

  /* A chain that is a preset follows the system (round robin ranks by 小分);
   * one the arbiter made stays. */
  if (!self->filling && system != self->system && qw_tiebreak_preset_for_chain (chain) != NULL)
    {
      QwSectionSettings defaults;

      qw_section_settings_init (&defaults, self->ruleset, (QwSystem) system);
      qw_section_dialog_set_chain (self, defaults.tiebreaks);
      qw_section_settings_clear (&defaults);
    }
  self->system = system;

  gtk_widget_set_visible (GTK_WIDGET (self->rounds_row), system == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->double_row), system == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->armageddon_row), system == 2);
  gtk_widget_set_visible (GTK_WIDGET (self->third_place_row), system == 2);
  gtk_widget_set_visible (GTK_WIDGET (self->first_round_row), system == 0);
  if (self->doc != NULL)
    update_field_warning (self);
}

/* A Swiss too small for its rounds, as the rows say now: warned about at
 * once, with the round robin one click away. */
static void
update_field_warning (QwSectionDialog *self)
{
  g_autoptr(QwSection) planned = qw_section_copy (self->section);
  g_autofree char *warning = NULL;
  g_autofree char *escaped = NULL;

  planned->system = (QwSystem) adw_combo_row_get_selected (self->system_row);
  planned->rounds = gtk_spin_button_get_value_as_int (self->rounds_spin);
  warning = qw_tournament_field_warning (self->doc, planned);
  if (warning != NULL)
    {
      escaped = g_markup_escape_text (warning, -1);
      adw_action_row_set_subtitle (self->field_row, escaped);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->field_row), warning != NULL);
}

static void
rounds_changed_cb (QwSectionDialog *self)
{
  if (self->doc != NULL)
    update_field_warning (self);
}

static void
use_round_robin_cb (QwSectionDialog *self)
{
  adw_combo_row_set_selected (self->system_row, QW_SYSTEM_ROUND_ROBIN);
}

/* The warning of qw_tournament_field_warning(), or %NULL: what the dialog shows. */
const char *
qw_section_dialog_get_field_warning (QwSectionDialog *self)
{
  g_return_val_if_fail (QW_IS_SECTION_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->field_row)) ? adw_action_row_get_subtitle (self->field_row)
                                                                : NULL;
}

static gboolean
set_key (QwSectionSettings  *settings,
         const char         *key,
         const char         *value,
         GError            **error)
{
  return qw_section_settings_set (settings, key, value, error);
}

/**
 * qw_section_dialog_save:
 *
 * Checks every field, then writes the section in one transaction (a group
 * shown with its defaults is stored then). A bad value (a lottery seed that
 * is not a number, an empty chain) changes nothing.
 */
gboolean
qw_section_dialog_save (QwSectionDialog  *self,
                        GError          **error)
{
  g_autoptr(QwSection) section = qw_section_copy (self->section);
  QwSection *stored = NULL;
  g_autofree char *chain = qw_section_dialog_get_chain (self);
  g_autofree char *forfeits = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (self->forfeit_spin));
  g_autofree char *lottery = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->lottery_row))));

  if (chain[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Keep at least one tie-break"));
      return FALSE;
    }
  qw_system_from_code (systems[adw_combo_row_get_selected (self->system_row)], &section->system);
  section->rounds = gtk_spin_button_get_value_as_int (self->rounds_spin);
  if (!set_key (&section->settings, "seeding", seedings[adw_combo_row_get_selected (self->seeding_row)], error)
      || !set_key (&section->settings, "lottery_seed", lottery, error)
      || !set_key (&section->settings, "first_round", first_rounds[adw_combo_row_get_selected (self->first_round_row)], error)
      || !set_key (&section->settings, "unit_avoid", unit_modes[adw_combo_row_get_selected (self->unit_row)], error)
      || !set_key (&section->settings, "forfeit_limit", forfeits, error)
      || !set_key (&section->settings, "forfeit_counts_as_met",
                   gtk_switch_get_active (self->met_switch) ? "true" : "false", error)
      || !set_key (&section->settings, "double_round_robin",
                   gtk_switch_get_active (self->double_switch) ? "true" : "false", error)
      || !set_key (&section->settings, "armageddon",
                   gtk_switch_get_active (self->armageddon_switch) ? "true" : "false", error)
      || !set_key (&section->settings, "third_place",
                   gtk_switch_get_active (self->third_place_switch) ? "true" : "false", error)
      || !set_key (&section->settings, "tiebreaks", chain, error))
    return FALSE;
  if (!qw_tournament_update_section (self->doc, section, &stored, error))
    return FALSE;
  qw_section_free (self->section);
  self->section = stored;
  g_signal_emit (self, signals[SAVED], 0);
  return TRUE;
}

static void
save_clicked_cb (QwSectionDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (qw_section_dialog_save (self, &error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  {
    GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The settings could not be saved"),
                                                 error->message);

    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
    gtk_window_present (GTK_WINDOW (dialog));
  }
}

static void
fill (QwSectionDialog *self,
      gboolean         started)
{
  const QwSectionSettings *s = &self->section->settings;
  g_autofree char *lottery = g_strdup_printf ("%" G_GUINT64_FORMAT, s->lottery_seed);
  g_autofree char *title = g_strdup_printf (_("%s: Settings"), self->section->name);

  self->filling = TRUE;
  adw_window_title_set_title (self->title, title);
  self->system = (guint) self->section->system;
  adw_combo_row_set_selected (self->system_row, (guint) self->section->system);
  gtk_spin_button_set_value (self->rounds_spin, self->section->rounds);
  gtk_switch_set_active (self->double_switch, s->double_round_robin);
  gtk_switch_set_active (self->armageddon_switch, s->armageddon);
  gtk_switch_set_active (self->third_place_switch, s->third_place);
  adw_combo_row_set_selected (self->seeding_row, index_of (s->seeding, seedings, G_N_ELEMENTS (seedings)));
  gtk_editable_set_text (GTK_EDITABLE (self->lottery_row), lottery);
  adw_combo_row_set_selected (self->first_round_row, index_of (s->first_round, first_rounds, G_N_ELEMENTS (first_rounds)));
  adw_combo_row_set_selected (self->unit_row, index_of (s->unit_avoid, unit_modes, G_N_ELEMENTS (unit_modes)));
  gtk_spin_button_set_value (self->forfeit_spin, s->forfeit_limit);
  gtk_switch_set_active (self->met_switch, s->forfeit_counts_as_met);
  qw_section_dialog_set_chain (self, s->tiebreaks);
  /* The draw is fixed by round 1: the system and seeding cannot change after it. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->system_row), !started);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seeding_row), !started);
  gtk_widget_set_sensitive (GTK_WIDGET (self->lottery_row), !started);
  gtk_widget_set_sensitive (GTK_WIDGET (self->first_round_row), !started);
  system_changed_cb (self);
  self->filling = FALSE;
}

static void
qw_section_dialog_dispose (GObject *object)
{
  QwSectionDialog *self = QW_SECTION_DIALOG (object);

  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->section, qw_section_free);
  g_clear_pointer (&self->chain, g_array_unref);
  g_clear_pointer (&self->chain_rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_SECTION_DIALOG);
  G_OBJECT_CLASS (qw_section_dialog_parent_class)->dispose (object);
}

static void
qw_section_dialog_class_init (QwSectionDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_section_dialog_dispose;
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-section-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwSectionDialog, name)
  BIND (title);
  BIND (system_row);
  BIND (rounds_row);
  BIND (rounds_spin);
  BIND (field_row);
  BIND (double_row);
  BIND (double_switch);
  BIND (armageddon_row);
  BIND (armageddon_switch);
  BIND (third_place_row);
  BIND (third_place_switch);
  BIND (seeding_row);
  BIND (lottery_row);
  BIND (first_round_row);
  BIND (unit_row);
  BIND (forfeit_spin);
  BIND (met_switch);
  BIND (chain_group);
  BIND (preset_row);
  BIND (add_row);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, system_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, rounds_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, use_round_robin_cb);
  gtk_widget_class_bind_template_callback (widget_class, preset_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "section.move-criterion", "(ui)", move_criterion_action);
}

static void
qw_section_dialog_init (QwSectionDialog *self)
{
  const char *system_names[] = { qw_system_label (QW_SYSTEM_SWISS), qw_system_label (QW_SYSTEM_ROUND_ROBIN),
                                 qw_system_label (QW_SYSTEM_KNOCKOUT), NULL };
  const char *seeding_names[] = { _("By rating (等级分)"), _("By grade (等级)"), _("In registration order"),
                                  _("By lottery (抽签)"), NULL };
  const char *first_names[] = { _("Top half v bottom half (拦腰)"), _("First v last (首尾)"),
                                _("Neighbours (临近)"), _("Random"), NULL };
  const char *unit_names[] = { _("Off"), _("Round 1 only"), _("Every round"), NULL };
  g_autoptr(GtkStringList) criteria = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) preset_names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  self->chain = g_array_new (FALSE, FALSE, sizeof (QwTiebreak));
  self->chain_rows = g_ptr_array_new ();
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (gtk_string_list_new (system_names)));
  adw_combo_row_set_model (self->seeding_row, G_LIST_MODEL (gtk_string_list_new (seeding_names)));
  adw_combo_row_set_model (self->first_round_row, G_LIST_MODEL (gtk_string_list_new (first_names)));
  adw_combo_row_set_model (self->unit_row, G_LIST_MODEL (gtk_string_list_new (unit_names)));
  for (const char * const *id = qw_tiebreak_preset_ids (); *id != NULL; id++)
    gtk_string_list_append (preset_names, qw_tiebreak_preset_label (*id));
  gtk_string_list_append (preset_names, qw_tiebreak_preset_label (NULL));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (preset_names));
  gtk_string_list_append (criteria, _("Choose…"));
  for (int tb = 0; tb < QW_N_TIEBREAKS; tb++)
    gtk_string_list_append (criteria, qw_tiebreak_label ((QwTiebreak) tb));
  adw_combo_row_set_model (self->add_row, G_LIST_MODEL (criteria));
  /* Each choice whole: "拦腰（上半区对下半…" had room to spare. */
  {
    AdwComboRow *rows[] = { self->system_row, self->seeding_row, self->first_round_row, self->unit_row,
                            self->preset_row, self->add_row };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      qw_combo_row_value_whole (rows[i]);
  }
  g_signal_connect_swapped (self->add_row, "notify::selected", G_CALLBACK (add_criterion_cb), self);
}

/* The section as last saved (as given until then). */
const QwSection *
qw_section_dialog_get_section (QwSectionDialog *self)
{
  g_return_val_if_fail (QW_IS_SECTION_DIALOG (self), NULL);
  return self->section;
}

/**
 * qw_section_dialog_new:
 * @started: round 1 has been paired: the draw (system, seeding) is fixed
 */
QwSectionDialog *
qw_section_dialog_new (GtkWindow       *parent,
                       QwDocument      *doc,
                       QwRuleset       *ruleset,
                       const QwSection *section,
                       gboolean         started)
{
  QwSectionDialog *self = g_object_new (QW_TYPE_SECTION_DIALOG, "transient-for", parent, NULL);

  self->doc = g_object_ref (doc);
  self->ruleset = qw_ruleset_ref (ruleset);
  self->section = qw_section_copy (section);
  fill (self, started);
  return self;
}
