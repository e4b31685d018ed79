/* qw-entry-item.c: one row of the entries page (an entry and its check)
 *
 * Model code: no widgets. The strings a row shows are computed once, when the
 * item is made, so that binding rows while scrolling 20,000 entries costs
 * nothing but setting labels. They are read-only properties: the table binds
 * its labels and sorts its columns with expressions on them (a sorter
 * computes its collation keys once per sort).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry-item"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-entry-item.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-cancelled-finalists.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-idcard.h"

struct _QwEntryItem
{
  GObject       parent_instance;
  QwEntry      *entry;
  QwEntryCheck  check;
  const QwGroupRule *group;       /* check.group, or the group a pair plays in (the ruleset's) */
  char         *masked_id;
  char         *problems_text;
  char         *search_key;
  char         *birth_text;
  gboolean      present;          /* checked in (签到): set by the page after loading */
};

G_DEFINE_FINAL_TYPE (QwEntryItem, qw_entry_item, G_TYPE_OBJECT)

/* Read-only: the table binds and sorts by them. */
enum {
  PROP_0,
  PROP_ID,
  PROP_NO,
  PROP_NAME,
  PROP_SEX,
  PROP_SEX_TEXT,
  PROP_BIRTH_TEXT,
  PROP_BIRTH_KEY,
  PROP_MASKED_ID,
  PROP_UNIT,
  PROP_GRADE,
  PROP_GROUP_NAME,
  PROP_STATUS_TEXT,
  PROP_PROBLEMS_TEXT,
  PROP_N_PROBLEMS,
  PROP_PRESENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* 退赛, 不具备参赛资格, a late entry waiting to be admitted; "" for an active one. */
static const char *
status_text (QwEntryStatus status)
{
  switch (status)
    {
    case QW_STATUS_WITHDRAWN:
      return _("Withdrawn");
    case QW_STATUS_EXCLUDED:
      return _("Not eligible");
    case QW_STATUS_LATE:
      return _("Late, waiting");
    case QW_STATUS_ACTIVE:
    default:
      return "";
    }
}

static const char *
sex_text (QwSex sex)
{
  switch (sex)
    {
    case QW_SEX_MALE:
      return _("M");
    case QW_SEX_FEMALE:
      return _("F");
    case QW_SEX_UNKNOWN:
    default:
      return "";
    }
}

/* Dates as numbers that sort as dates: 20210703; 0 when unknown. */
static int
date_key (QwDate date)
{
  return qw_date_is_set (date) ? date.year * 10000 + date.month * 100 + date.day : 0;
}

static void
qw_entry_item_finalize (GObject *object)
{
  QwEntryItem *self = QW_ENTRY_ITEM (object);

  g_clear_pointer (&self->entry, qw_entry_free);
  g_free (self->masked_id);
  g_free (self->problems_text);
  g_free (self->search_key);
  g_free (self->birth_text);
  G_OBJECT_CLASS (qw_entry_item_parent_class)->finalize (object);
}

static void
qw_entry_item_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  QwEntryItem *self = QW_ENTRY_ITEM (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->entry->id);
      break;
    case PROP_NO:
      g_value_set_int (value, self->entry->no);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->entry->name);
      break;
    case PROP_SEX:
      g_value_set_int (value, (int) self->check.sex);
      break;
    case PROP_SEX_TEXT:
      g_value_set_static_string (value, sex_text (self->check.sex));
      break;
    case PROP_BIRTH_TEXT:
      g_value_set_string (value, self->birth_text);
      break;
    case PROP_BIRTH_KEY:
      g_value_set_int (value, date_key (self->check.birth));
      break;
    case PROP_MASKED_ID:
      g_value_set_string (value, self->masked_id);
      break;
    case PROP_UNIT:
      g_value_set_string (value, self->entry->unit);
      break;
    case PROP_GRADE:
      g_value_set_string (value, self->entry->grade);
      break;
    case PROP_GROUP_NAME:
      g_value_set_string (value, qw_entry_item_get_group_name (self));
      break;
    case PROP_STATUS_TEXT:
      g_value_set_static_string (value, status_text (self->entry->status));
      break;
    case PROP_PROBLEMS_TEXT:
      g_value_set_string (value, self->problems_text);
      break;
    case PROP_N_PROBLEMS:
      g_value_set_uint (value, qw_problem_count (self->check.problems));
      break;
    case PROP_PRESENT:
      g_value_set_int (value, self->present ? 1 : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_entry_item_class_init (QwEntryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_entry_item_finalize;
  object_class->get_property = qw_entry_item_get_property;

  /* The entry's row: what a reload selects again. */
  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_NO] = g_param_spec_int ("no", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_SEX] = g_param_spec_int ("sex", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_SEX_TEXT] = g_param_spec_string ("sex-text", NULL, NULL, NULL, flags);
  properties[PROP_BIRTH_TEXT] = g_param_spec_string ("birth-text", NULL, NULL, NULL, flags);
  properties[PROP_BIRTH_KEY] = g_param_spec_int ("birth-key", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_MASKED_ID] = g_param_spec_string ("masked-id", NULL, NULL, NULL, flags);
  properties[PROP_UNIT] = g_param_spec_string ("unit", NULL, NULL, NULL, flags);
  properties[PROP_GRADE] = g_param_spec_string ("grade", NULL, NULL, NULL, flags);
  properties[PROP_GROUP_NAME] = g_param_spec_string ("group-name", NULL, NULL, NULL, flags);
  properties[PROP_STATUS_TEXT] = g_param_spec_string ("status-text", NULL, NULL, NULL, flags);
  properties[PROP_PROBLEMS_TEXT] = g_param_spec_string ("problems-text", NULL, NULL, NULL, flags);
  properties[PROP_N_PROBLEMS] = g_param_spec_uint ("n-problems", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* 1 when checked in: sorts the checked-in players together. */
  properties[PROP_PRESENT] = g_param_spec_int ("present", NULL, NULL, 0, 1, 0, flags | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
qw_entry_item_init (QwEntryItem *self)
{
}

static char *
join_problems (guint problems)
{
  GString *text = g_string_new (NULL);

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      {
        if (text->len > 0)
          g_string_append (text, _("; "));
        g_string_append (text, qw_problem_message ((QwProblem) p));
      }
  return g_string_free (text, FALSE);
}

/**
 * qw_entry_item_new:
 * @entry: (transfer full): the entry
 */
QwEntryItem *
qw_entry_item_new (QwEntry            *entry,
                   const QwEntryCheck *check)
{
  QwEntryItem *self = g_object_new (QW_TYPE_ENTRY_ITEM, NULL);
  QwDate birth;

  self->entry = entry;
  self->check = *check;
  self->group = check->group;
  self->masked_id = qw_idcard_display (entry->id_number);
  self->problems_text = join_problems (check->problems);
  /* The search matches name, unit, number and the masked ID's visible digits. */
  {
    g_autofree char *key = g_strdup_printf ("%d %s %s %s", entry->no, entry->name != NULL ? entry->name : "",
                                            entry->unit != NULL ? entry->unit : "", self->masked_id);

    /* Case-folded once here, so a search compares bytes only. */
    self->search_key = g_utf8_casefold (key, -1);
  }
  if (qw_date_is_set (check->birth))
    self->birth_text = qw_date_to_iso_dup (check->birth);
  else if (qw_date_parse (entry->birth, &birth))
    self->birth_text = qw_date_to_iso_dup (birth);
  else
    self->birth_text = g_strdup (entry->birth != NULL ? entry->birth : "");
  return self;
}

const QwEntry *
qw_entry_item_get_entry (QwEntryItem *self)
{
  g_return_val_if_fail (QW_IS_ENTRY_ITEM (self), NULL);
  return self->entry;
}

const QwEntryCheck *
qw_entry_item_get_check (QwEntryItem *self)
{
  g_return_val_if_fail (QW_IS_ENTRY_ITEM (self), NULL);
  return &self->check;
}

const char *
qw_entry_item_get_masked_id (QwEntryItem *self)
{
  return self->masked_id;
}

const char *
qw_entry_item_get_group_name (QwEntryItem *self)
{
  return self->group != NULL ? self->group->name : "";
}

/**
 * qw_entry_item_get_group:
 *
 * The entry's group: the one its age and sex give (QwEntryCheck.group), or
 * for a pair (双人), which has none of its own, the pair event it plays in.
 *
 * Returns: (nullable): the group, or %NULL for none
 */
const QwGroupRule *
qw_entry_item_get_group (QwEntryItem *self)
{
  return self->group;
}

const char *
qw_entry_item_get_problems_text (QwEntryItem *self)
{
  return self->problems_text;
}

const char *
qw_entry_item_get_search_key (QwEntryItem *self)
{
  return self->search_key;
}

const char *
qw_entry_item_get_birth_text (QwEntryItem *self)
{
  return self->birth_text;
}

gboolean
qw_entry_item_has_errors (QwEntryItem *self)
{
  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if ((self->check.problems & QW_PROBLEM_BIT (p)) && qw_problem_is_error ((QwProblem) p))
      return TRUE;
  return FALSE;
}

/**
 * qw_entry_items_load:
 *
 * Reads the event's entries and checks them all (duplicates need the whole
 * list). Returns: (transfer full): a store of #QwEntryItem in 序号 order
 */
GListStore *
qw_entry_items_load (QwDocument       *doc,
                     const QwRuleset  *ruleset,
                     const QwEvent    *event,
                     GError          **error)
{
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, error);
  g_autofree QwEntryCheck *checks = NULL;
  g_autoptr(GPtrArray) items = NULL;
  QwCheckOptions options = { event->start_date, TRUE };
  GListStore *store;

  if (entries == NULL)
    return NULL;
  if (!qw_date_is_set (options.event_date))
    options.event_date = qw_date_today ();
  checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  qw_entry_check_all (ruleset, entries, &options, checks);
  qw_registration_mark_cancelled (doc, entries, checks);
  items = g_ptr_array_new_full (entries->len, g_object_unref);
  /* Steal the entries: the items own them from here on. */
  g_ptr_array_set_free_func (entries, NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *entry = g_ptr_array_index (entries, i);
      QwEntryItem *item = qw_entry_item_new (entry, &checks[i]);

      if (item->group == NULL && qw_entry_is_pair (entry))
        {
          g_autofree char *code = qw_entry_playing_group (ruleset, entry, &checks[i]);

          item->group = qw_ruleset_find_group (ruleset, code);
        }
      g_ptr_array_add (items, item);
    }
  store = g_list_store_new (QW_TYPE_ENTRY_ITEM);
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return store;
}

/* Checked in (签到): the entries page marks its items after loading them. */
void
qw_entry_item_set_present (QwEntryItem *self,
                           gboolean     present)
{
  g_return_if_fail (QW_IS_ENTRY_ITEM (self));

  if (self->present == !!present)
    return;
  self->present = !!present;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENT]);
}

gboolean
qw_entry_item_get_present (QwEntryItem *self)
{
  g_return_val_if_fail (QW_IS_ENTRY_ITEM (self), FALSE);
  return self->present;
}
