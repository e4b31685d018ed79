/* qw-test-json.c: reading the JSON that qiwang-cli --json prints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-test-json.h"

JsonNode *
qw_test_json_parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

void
qw_test_json_assert_keys (JsonObject         *obj,
                          const char * const *keys)
{
  g_autoptr(GList) members = json_object_get_members (obj);

  g_assert_cmpuint (g_list_length (members), ==, g_strv_length ((char **) keys));
  for (guint i = 0; keys[i] != NULL; i++)
    g_assert_true (json_object_has_member (obj, keys[i]));
}

gboolean
qw_test_json_lists (JsonObject *obj,
                    const char *member,
                    const char *value)
{
  JsonArray *a = json_object_get_array_member (obj, member);

  for (guint i = 0; i < json_array_get_length (a); i++)
    if (g_str_equal (json_array_get_string_element (a, i), value))
      return TRUE;
  return FALSE;
}
