/* qw-test-json.h: reading the JSON that qiwang-cli --json prints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The root of @text, which must be JSON (a copy: json_node_unref() it). */
JsonNode   *qw_test_json_parse        (const char          *text);
/* @obj has the members @keys (NULL-terminated) and no others, in any order. */
void        qw_test_json_assert_keys  (JsonObject          *obj,
                                       const char * const  *keys);

/* Whether the array of strings @member of @obj holds @value. */
gboolean    qw_test_json_lists        (JsonObject          *obj,
                                       const char          *member,
                                       const char          *value);

G_END_DECLS
