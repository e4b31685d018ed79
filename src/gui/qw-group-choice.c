/* qw-group-choice.c: the drop-down of the groups to play
 *
 * The rounds and standings pages choose their group in a GtkDropDown of
 * the groups' names, as the document context lists them
 * (qw_document_context_list_sections()); the groups' codes are kept on the
 * drop-down. The page sets it here without reacting to it: its own
 * "notify::selected" handler runs only when the user chooses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-group-choice"

#include "config.h"

#include "qw-group-choice.h"

#define CODES_KEY "qw-group-codes"

static const char * const *
codes_of (GtkDropDown *dropdown)
{
  return g_object_get_data (G_OBJECT (dropdown), CODES_KEY);
}

/* Changes the drop-down without its "notify::selected" handlers. */
static void
quietly (GtkDropDown *dropdown,
         gboolean     quiet)
{
  guint signal_id = g_signal_lookup ("notify", G_TYPE_OBJECT);
  GQuark detail = g_quark_from_static_string ("selected");

  if (quiet)
    g_signal_handlers_block_matched (dropdown, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL, signal_id, detail,
                                     NULL, NULL, NULL);
  else
    g_signal_handlers_unblock_matched (dropdown, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL, signal_id, detail,
                                       NULL, NULL, NULL);
}

/**
 * qw_group_choice_fill:
 * @context: (nullable): the open document, or %NULL for no groups
 *
 * Lists the groups of @context in @dropdown, by name, the first selected.
 * Returns FALSE (the list empty) when they could not be read.
 */
gboolean
qw_group_choice_fill (GtkDropDown        *dropdown,
                      QwDocumentContext  *context,
                      GError            **error)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) codes = g_strv_builder_new ();
  g_autoptr(GPtrArray) sections = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), FALSE);

  if (context != NULL)
    ok = (sections = qw_document_context_list_sections (context, error)) != NULL;
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);

      gtk_string_list_append (names, s->name != NULL && s->name[0] != '\0' ? s->name : s->code);
      g_strv_builder_add (codes, s->code);
    }
  g_object_set_data_full (G_OBJECT (dropdown), CODES_KEY, g_strv_builder_end (codes), (GDestroyNotify) g_strfreev);
  quietly (dropdown, TRUE);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (names));
  quietly (dropdown, FALSE);
  return ok;
}

/* (nullable): the code of the group selected */
const char *
qw_group_choice_get (GtkDropDown *dropdown)
{
  const char * const *codes = codes_of (dropdown);
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (codes == NULL || selected == GTK_INVALID_LIST_POSITION || selected >= g_strv_length ((char **) codes))
    return NULL;
  return codes[selected];
}

/* (nullable): the code of the first group listed */
const char *
qw_group_choice_first (GtkDropDown *dropdown)
{
  const char * const *codes = codes_of (dropdown);

  return codes != NULL ? codes[0] : NULL;
}

/**
 * qw_group_choice_select:
 *
 * Selects the group @code, when it is listed. Returns whether it is.
 */
gboolean
qw_group_choice_select (GtkDropDown *dropdown,
                        const char  *code)
{
  const char * const *codes = codes_of (dropdown);

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), FALSE);

  for (guint i = 0; code != NULL && codes != NULL && codes[i] != NULL; i++)
    if (g_str_equal (codes[i], code))
      {
        quietly (dropdown, TRUE);
        gtk_drop_down_set_selected (dropdown, i);
        quietly (dropdown, FALSE);
        return TRUE;
      }
  return FALSE;
}
