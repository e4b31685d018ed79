/* qw-quota-card.c: a region's national-final places, with every reason
 *
 * The card shows what qw_quota_compute() says, in the order a provincial
 * association reads it: the tier and why, the places per group and the team
 * leader, the extra places with the host that earned each, the total, and
 * what the region still lacks for the next tier. When no tier is reached the
 * association decides the number, and the card records it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-quota-card"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-quota-card.h"
#include "qw-tooltip.h"

struct _QwQuotaCard
{
  GtkWidget            parent_instance;

  GtkWidget           *box;
  GtkLabel            *tier_badge;
  GtkLabel            *reason_label;
  AdwPreferencesGroup *places_group;
  AdwPreferencesGroup *bonus_group;
  AdwPreferencesGroup *decide_group;
  AdwActionRow        *decide_row;
  GtkSpinButton       *decide_spin;
  AdwPreferencesGroup *total_group;
  AdwActionRow        *total_row;
  GtkLabel            *total_label;
  AdwPreferencesGroup *next_group;

  GPtrArray           *rows;        /* rows added per quota, removed on the next */
  guint                n_lines;
};

G_DEFINE_FINAL_TYPE (QwQuotaCard, qw_quota_card, GTK_TYPE_WIDGET)

enum {
  DECIDE_PLACES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  AdwPreferencesGroup *group;
  GtkWidget           *row;
} AddedRow;

static void
clear_rows (QwQuotaCard *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      AddedRow *added = g_ptr_array_index (self->rows, i);

      adw_preferences_group_remove (added->group, added->row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static GtkWidget *
add_row (QwQuotaCard         *self,
         AdwPreferencesGroup *group,
         const char          *title,
         const char          *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  AddedRow *added = g_new0 (AddedRow, 1);
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_title);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL && subtitle[0] != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (subtitle, -1);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  adw_preferences_group_add (group, row);
  added->group = group;
  added->row = row;
  g_ptr_array_add (self->rows, added);
  return row;
}

static GtkWidget *
suffix_label (GtkWidget  *row,
              const char *text,
              const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "numeric");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return label;
}

static char *
places_text (int min,
             int max)
{
  if (min == max)
    return g_strdup_printf (ngettext ("%d place", "%d places", min), min);
  /* Translators: a range of places, "1–2 places" */
  return g_strdup_printf (_("%d–%d places"), min, max);
}

static void
fill_places (QwQuotaCard   *self,
             const QwQuota *quota)
{
  self->n_lines = quota->places->len;
  for (guint i = 0; i < quota->places->len; i++)
    {
      const QwQuotaPlace *p = g_ptr_array_index (quota->places, i);
      g_autofree char *count = places_text (p->min, p->max);
      GtkWidget *row = add_row (self, self->places_group, p->label, NULL);

      qw_tooltip_set_text (row, p->reason);
      suffix_label (row, count, "quota-count");
    }
  if (quota->leader > 0)
    {
      g_autofree char *count = places_text (quota->leader, quota->leader);
      GtkWidget *row = add_row (self, self->places_group, _("Team Leader"), NULL);

      suffix_label (row, count, "quota-count");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->places_group), quota->tier != NULL);
}

static const char *
groups_text (const char *groups)
{
  if (g_strcmp0 (groups, "junior-or-child") == 0)
    return _("for the junior or child groups");
  return _("for any group");
}

static void
fill_bonuses (QwQuotaCard   *self,
              const QwQuota *quota)
{
  for (guint i = 0; i < quota->bonuses->len; i++)
    {
      const QwQuotaBonus *b = g_ptr_array_index (quota->bonuses, i);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", b->host, groups_text (b->groups));
      g_autofree char *count = g_strdup_printf ("+%d", b->places);
      GtkWidget *row = add_row (self, self->bonus_group, b->label, subtitle);

      qw_tooltip_set_text (row, b->explanation);
      suffix_label (row, count, "bonus-count");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->bonus_group), quota->bonuses->len > 0);
}

static int
max_total (const QwQuota *quota)
{
  int total = quota->leader + quota->bonus_places;

  for (guint i = 0; i < quota->places->len; i++)
    total += ((QwQuotaPlace *) g_ptr_array_index (quota->places, i))->max;
  return total;
}

static void
fill_total (QwQuotaCard   *self,
            const QwQuota *quota,
            int            decided)
{
  g_autofree char *count = NULL;
  g_autofree char *subtitle = NULL;

  if (quota->tier != NULL)
    {
      int min = qw_quota_total_places (quota), max = max_total (quota);

      count = places_text (min, max);
      subtitle = g_strdup_printf (_("The team leader (%d), the places per group and the extra places (%d)"),
                                  quota->leader, quota->bonus_places);
    }
  else if (decided >= 0)
    {
      count = places_text (decided + quota->bonus_places, decided + quota->bonus_places);
      subtitle = g_strdup_printf (_("Decided by the association (%d) and the extra places (%d)"),
                                  decided, quota->bonus_places);
    }
  else
    {
      count = g_strdup (_("Not recorded"));
      subtitle = g_strdup (_("Record the number the association decided"));
    }
  gtk_label_set_text (self->total_label, count);
  adw_action_row_set_subtitle (self->total_row, subtitle);
}

static const QwQuotaTier *
find_tier (const QwRuleset *ruleset,
           const char      *id)
{
  for (guint i = 0; ruleset != NULL && i < ruleset->tiers->len; i++)
    if (g_strcmp0 (((QwQuotaTier *) g_ptr_array_index (ruleset->tiers, i))->id, id) == 0)
      return g_ptr_array_index (ruleset->tiers, i);
  return NULL;
}

/* One row per condition of the next tier: met, or how far off. */
static void
add_condition (QwQuotaCard *self,
               const char  *title,
               const char  *subtitle,
               const char  *missing)
{
  GtkWidget *row = add_row (self, self->next_group, title, subtitle);
  GtkWidget *icon = gtk_image_new_from_icon_name (missing != NULL ? "dialog-warning-symbolic"
                                                                  : "emblem-ok-symbolic");

  gtk_widget_add_css_class (icon, missing != NULL ? "warning" : "success");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  suffix_label (row, missing != NULL ? missing : _("Met"), missing != NULL ? "warning" : "success");
}

static void
fill_next (QwQuotaCard     *self,
           const QwRuleset *ruleset,
           const QwQuota   *quota)
{
  const QwQuotaTier *next = find_tier (ruleset, quota->next_tier);
  g_autofree char *title = NULL;
  g_autofree char *have = NULL;
  g_autofree char *missing = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->next_group), next != NULL);
  if (next == NULL)
    return;
  title = g_strdup_printf (_("For Tier %s"), next->id);
  adw_preferences_group_set_title (self->next_group, title);
  adw_preferences_group_set_description (self->next_group, quota->next_reason);

  have = g_strdup_printf (_("%d of %d"), quota->valid_stops, next->valid_stops);
  if (quota->stops_missing > 0)
    missing = g_strdup_printf (ngettext ("%d stop short", "%d stops short", quota->stops_missing),
                               quota->stops_missing);
  add_condition (self, _("Valid Stops"), have, missing);
  g_clear_pointer (&have, g_free);
  g_clear_pointer (&missing, g_free);

  have = g_strdup_printf (_("%d of %d"), quota->participants, next->participants);
  if (quota->participants_missing > 0)
    missing = g_strdup_printf (ngettext ("%d participant short", "%d participants short",
                                         quota->participants_missing),
                               quota->participants_missing);
  add_condition (self, _("Participants"), have, missing);

  if (next->needs_final)
    add_condition (self, _("Provincial Final"), quota->final ? _("Listed") : _("Not listed yet"),
                   quota->final_missing ? _("Missing") : NULL);
}

static void
fill_header (QwQuotaCard   *self,
             const QwQuota *quota)
{
  static const char *tier_classes[] = { "tier-a", "tier-b", "tier-none" };
  g_autofree char *badge = NULL;
  const char *tier_class = "tier-none";

  for (guint i = 0; i < G_N_ELEMENTS (tier_classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->tier_badge), tier_classes[i]);
  if (quota->tier != NULL)
    {
      /* Translators: the tier badge, "Tier A"; keep it short */
      badge = g_strdup_printf (_("Tier %s"), quota->tier);
      tier_class = g_str_equal (quota->tier, "A") ? "tier-a" : "tier-b";
    }
  else
    badge = g_strdup (_("No Tier"));
  gtk_label_set_text (self->tier_badge, badge);
  gtk_widget_add_css_class (GTK_WIDGET (self->tier_badge), tier_class);
  gtk_label_set_text (self->reason_label, quota->tier_reason);
}

/**
 * qw_quota_card_set_quota:
 * @decided_places: the places the association decided (-1: not recorded);
 *   shown only when no tier is reached
 */
void
qw_quota_card_set_quota (QwQuotaCard     *self,
                         const QwRuleset *ruleset,
                         const QwQuota   *quota,
                         int              decided_places)
{
  g_return_if_fail (QW_IS_QUOTA_CARD (self));
  g_return_if_fail (quota != NULL);

  clear_rows (self);
  fill_header (self, quota);
  fill_places (self, quota);
  fill_bonuses (self, quota);
  fill_total (self, quota, decided_places);
  fill_next (self, ruleset, quota);
  gtk_widget_set_visible (GTK_WIDGET (self->decide_group), quota->tier == NULL);
  if (quota->tier == NULL)
    {
      g_autofree char *recorded = decided_places >= 0
                                  ? g_strdup_printf (_("Recorded: %d"), decided_places)
                                  : g_strdup (_("Not recorded yet"));

      adw_action_row_set_subtitle (self->decide_row, recorded);
      gtk_spin_button_set_value (self->decide_spin, MAX (decided_places, 0));
    }
}

const char *
qw_quota_card_get_tier_text (QwQuotaCard *self)
{
  g_return_val_if_fail (QW_IS_QUOTA_CARD (self), NULL);
  return gtk_label_get_text (self->tier_badge);
}

guint
qw_quota_card_get_n_lines (QwQuotaCard *self)
{
  g_return_val_if_fail (QW_IS_QUOTA_CARD (self), 0);
  return self->n_lines;
}

static void
decide_clicked_cb (QwQuotaCard *self)
{
  int places = gtk_spin_button_get_value_as_int (self->decide_spin);

  g_signal_emit (self, signals[DECIDE_PLACES], 0, places);
}

static void
qw_quota_card_dispose (GObject *object)
{
  QwQuotaCard *self = QW_QUOTA_CARD (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_QUOTA_CARD);
  G_OBJECT_CLASS (qw_quota_card_parent_class)->dispose (object);
}

static void
qw_quota_card_class_init (QwQuotaCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_quota_card_dispose;

  /**
   * QwQuotaCard::decide-places:
   * @places: the number the association decided
   */
  signals[DECIDE_PLACES] = g_signal_new ("decide-places", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "quotacard");
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-quota-card.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwQuotaCard, name)
  BIND (box);
  BIND (tier_badge);
  BIND (reason_label);
  BIND (places_group);
  BIND (bonus_group);
  BIND (decide_group);
  BIND (decide_row);
  BIND (decide_spin);
  BIND (total_group);
  BIND (total_row);
  BIND (total_label);
  BIND (next_group);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, decide_clicked_cb);
}

static void
qw_quota_card_init (QwQuotaCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func (g_free);
}
