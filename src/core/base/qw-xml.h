/* qw-xml.h: reading untrusted XML safely, and small DOM helpers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "qw-file.h"

G_BEGIN_DECLS

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

xmlDoc   *qw_xml_read_file       (const char *path,
                                  QwFileKind  kind,
                                  const char *schema_path,
                                  GError    **error);
xmlDoc   *qw_xml_read_memory     (const char *data,
                                  gsize       length,
                                  const char *display_name,
                                  const char *schema_path,
                                  GError    **error);

gboolean  qw_xml_check_no_dtd    (const char *data,
                                  gsize       length,
                                  const char *display_name,
                                  GError    **error);
char     *qw_xml_describe_error  (const xmlError *err);

xmlNode  *qw_xml_first_child     (xmlNode    *parent,
                                  const char *name);
xmlNode  *qw_xml_next_sibling    (xmlNode    *node,
                                  const char *name);
char     *qw_xml_get_prop        (xmlNode    *node,
                                  const char *name);
int       qw_xml_get_prop_int    (xmlNode    *node,
                                  const char *name,
                                  int         fallback);
double    qw_xml_get_prop_double (xmlNode    *node,
                                  const char *name,
                                  double      fallback);
gboolean  qw_xml_get_prop_bool   (xmlNode    *node,
                                  const char *name,
                                  gboolean    fallback);
char     *qw_xml_get_text        (xmlNode    *node);
char     *qw_xml_child_text      (xmlNode    *parent,
                                  const char *name);

#define qw_xml_foreach_child(parent, name, var) \
  for (xmlNode *var = qw_xml_first_child ((parent), (name)); var != NULL; \
       var = qw_xml_next_sibling (var, (name)))

G_END_DECLS
