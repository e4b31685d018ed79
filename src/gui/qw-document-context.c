/* qw-document-context.c: an open document with its main event and ruleset
 *
 * Model code, no widgets: what every page of a window needs, handed to the
 * pages as one object through their "context" property (as Calendar's
 * GcalContext). A stop document is about its event; a region or national
 * document holds its region's (or the regions') data, and may run an event
 * of its own, such as the provincial final.
 *
 * Reading never writes: the groups to play are found without storing a
 * section for them. A group without a stored section is shown with its
 * defaults; the core stores it when the arbiter first does something that
 * writes (pairing, changing its settings).
 *
 * Another program (the CLI, a second window, another Qiwang, the venue
 * server) may write the same file through its own connection. The context
 * has the document look every POLL_MS whether anyone else has committed
 * (qw_document_check_outside()): the document then announces their steps
 * as it does its own, with the topics they touched, and each page reads
 * again what it shows and keeps its selection where it still exists.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document-context"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-document-context.h"
#include "qw-error.h"
#include "qw-region.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"

/* How often another program's changes are looked for: shown within a second. */
#define POLL_MS 500

struct _QwDocumentContext
{
  GObject     parent_instance;

  QwDocument *doc;
  QwEvent    *event;     /* the locally run event; NULL in a region without one */
  QwRuleset  *ruleset;
  guint       poll_id;
};

G_DEFINE_FINAL_TYPE (QwDocumentContext, qw_document_context, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_EVENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The event's details (its name, its dates) changed: read it again. */
static void
events_changed_cb (QwDocumentContext *self)
{
  g_autoptr(QwEvent) event = NULL;

  if (self->event == NULL)
    return;
  event = qw_document_get_event (self->doc, self->event->id, NULL);
  if (event == NULL)
    return;
  g_clear_pointer (&self->event, qw_event_free);
  self->event = g_steal_pointer (&event);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENT]);
}

/**
 * qw_document_context_check_outside:
 *
 * Looks whether another connection (another program, another window) has
 * committed a change to the document since the last look, and if so has
 * the document announce it as it does its own steps, with the topics they
 * touched (qw_document_check_outside()). Called every POLL_MS; a caller
 * that knows a change was made may call it sooner.
 *
 * Returns: whether there was such a change
 */
gboolean
qw_document_context_check_outside (QwDocumentContext *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), FALSE);
  return qw_document_check_outside (self->doc);
}

static gboolean
poll_cb (gpointer data)
{
  qw_document_context_check_outside (data);
  return G_SOURCE_CONTINUE;
}

static void
qw_document_context_dispose (GObject *object)
{
  QwDocumentContext *self = QW_DOCUMENT_CONTEXT (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  G_OBJECT_CLASS (qw_document_context_parent_class)->dispose (object);
}

static void
qw_document_context_finalize (GObject *object)
{
  QwDocumentContext *self = QW_DOCUMENT_CONTEXT (object);

  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  G_OBJECT_CLASS (qw_document_context_parent_class)->finalize (object);
}

static void
qw_document_context_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  QwDocumentContext *self = QW_DOCUMENT_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->doc);
      break;
    case PROP_EVENT:
      g_value_set_boxed (value, self->event);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_document_context_class_init (QwDocumentContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = qw_document_context_dispose;
  object_class->finalize = qw_document_context_finalize;
  object_class->get_property = qw_document_context_get_property;

  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, QW_TYPE_DOCUMENT,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* Read again whenever the document's events change. */
  properties[PROP_EVENT] = g_param_spec_boxed ("event", NULL, NULL, QW_TYPE_EVENT,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
qw_document_context_init (QwDocumentContext *self)
{
}

static gboolean
load (QwDocumentContext  *self,
      GError            **error)
{
  g_autoptr(GError) local_error = NULL;

  if (qw_document_get_kind (self->doc) == QW_DOCUMENT_STOP)
    {
      self->event = qw_document_get_main_event (self->doc, error);
      if (self->event != NULL)
        self->ruleset = qw_ruleset_lookup (self->event->ruleset, error);
      return self->ruleset != NULL;
    }
  self->ruleset = qw_region_ruleset (self->doc, error);
  if (self->ruleset == NULL)
    return FALSE;
  self->event = qw_document_get_main_event (self->doc, &local_error);
  if (self->event == NULL && !g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_document_context_open:
 *
 * Opens a document and finds its main event and ruleset. Errors (a damaged
 * file, a newer version, an unknown ruleset) are returned in Chinese.
 *
 * Returns: (transfer full) (nullable): the context
 */
QwDocumentContext *
qw_document_context_open (const char  *path,
                          GError     **error)
{
  g_autoptr(QwDocumentContext) self = NULL;
  g_autoptr(QwDocument) doc = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  doc = qw_document_open (path, error);
  if (doc == NULL)
    return NULL;
  self = g_object_new (QW_TYPE_DOCUMENT_CONTEXT, NULL);
  self->doc = g_steal_pointer (&doc);
  if (!load (self, error))
    return NULL;
  g_signal_connect_object (self->doc, "changed::events", G_CALLBACK (events_changed_cb), self,
                           G_CONNECT_SWAPPED);
  qw_document_check_outside (self->doc);
  self->poll_id = g_timeout_add (POLL_MS, poll_cb, self);
  return g_steal_pointer (&self);
}

QwDocument *
qw_document_context_get_document (QwDocumentContext *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), NULL);
  return self->doc;
}

QwDocumentKind
qw_document_context_get_kind (QwDocumentContext *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), QW_DOCUMENT_STOP);
  return qw_document_get_kind (self->doc);
}

/**
 * qw_document_context_get_event:
 *
 * Returns: (nullable): the event run in the document; %NULL in a region or
 *   national document that runs none
 */
const QwEvent *
qw_document_context_get_event (QwDocumentContext *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), NULL);
  return self->event;
}

QwRuleset *
qw_document_context_get_ruleset (QwDocumentContext *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), NULL);
  return self->ruleset;
}

static int
compare_codes (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static QwSection *
find_in (GPtrArray  *sections,
         const char *code)
{
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    if (g_str_equal (((QwSection *) g_ptr_array_index (sections, i))->code, code))
      return g_ptr_array_index (sections, i);
  return NULL;
}

static QwSection *
section_or_defaults (QwDocumentContext  *self,
                     GPtrArray          *stored,
                     const char         *code,
                     GError            **error)
{
  QwSection *section = find_in (stored, code);

  if (section != NULL)
    return qw_section_copy (section);
  return qw_tournament_new_section (self->doc, self->event, code, error);
}

/**
 * qw_document_context_list_sections:
 *
 * The groups to play: every group with a stored section and every group
 * entries are placed in, in the ruleset's order, then the event's own
 * groups by code. A group without a stored section comes with its defaults
 * (id 0); nothing is written.
 *
 * Returns: (transfer full) (element-type QwSection) (nullable): the sections
 */
GPtrArray *
qw_document_context_list_sections (QwDocumentContext  *self,
                                   GError            **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) local = g_ptr_array_new ();
  g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_section_free);

  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), NULL);

  if (self->event == NULL)
    return g_steal_pointer (&sections);
  if ((entries = qw_document_list_entries (self->doc, self->event->id, error)) == NULL
      || (stored = qw_document_list_sections (self->doc, self->event->id, error)) == NULL)
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->group_code != NULL && e->group_code[0] != '\0')
        g_hash_table_add (codes, e->group_code);
    }
  for (guint i = 0; i < stored->len; i++)
    g_hash_table_add (codes, ((QwSection *) g_ptr_array_index (stored, i))->code);
  for (guint g = 0; g < self->ruleset->groups->len; g++)
    {
      QwGroupRule *rule = g_ptr_array_index (self->ruleset->groups, g);
      QwSection *section;

      if (!g_hash_table_remove (codes, rule->code))
        continue;
      if ((section = section_or_defaults (self, stored, rule->code, error)) == NULL)
        return NULL;
      g_ptr_array_add (sections, section);
    }
  {
    GHashTableIter iter;
    gpointer code;

    g_hash_table_iter_init (&iter, codes);
    while (g_hash_table_iter_next (&iter, &code, NULL))
      g_ptr_array_add (local, code);
  }
  g_ptr_array_sort (local, compare_codes);
  for (guint i = 0; i < local->len; i++)
    {
      QwSection *section = section_or_defaults (self, stored, g_ptr_array_index (local, i), error);

      if (section == NULL)
        return NULL;
      g_ptr_array_add (sections, section);
    }
  return g_steal_pointer (&sections);
}

/**
 * qw_document_context_find_section:
 * @code: a group of the ruleset, or one entries are placed in
 *
 * The stored section of @code, or, when none is stored yet, one with its
 * defaults (id 0). Nothing is written.
 *
 * Returns: (transfer full) (nullable): the section
 */
QwSection *
qw_document_context_find_section (QwDocumentContext  *self,
                                  const char         *code,
                                  GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  QwSection *section;

  g_return_val_if_fail (QW_IS_DOCUMENT_CONTEXT (self), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  if (self->event == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The document runs no event"));
      return NULL;
    }
  section = qw_document_get_section (self->doc, self->event->id, code, &local_error);
  if (section != NULL)
    return section;
  if (!g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return qw_tournament_new_section (self->doc, self->event, code, error);
}
