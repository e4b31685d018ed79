/* qw-xml-seal.h: XML files whose <content> carries a SHA-256 digest
 *
 * Results files and nominee files travel by e-mail and USB stick. Each is
 *   <root …><content>…</content><digest algorithm="sha256">…</digest></root>
 * where the digest is taken over the exclusive canonical form (C14N 1.0) of
 * the content element, so that damage or a later edit is detected however
 * the file was re-encoded or re-indented outside the content.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Appends text escaped for XML, dropping characters XML 1.0 cannot hold. */
void      qw_xml_append_escaped   (GString     *out,
                                   const char  *text);
/* Appends ` name="value"` (nothing when @value is %NULL). */
void      qw_xml_append_attr      (GString     *out,
                                   const char  *name,
                                   const char  *value);
void      qw_xml_append_attr_int  (GString     *out,
                                   const char  *name,
                                   gint64       value);
/* Appends `<name attrs>text</name>`; nothing when @text is empty and @skip_empty. */
void      qw_xml_append_element   (GString     *out,
                                   const char  *indent,
                                   const char  *name,
                                   const char  *text,
                                   gboolean     skip_empty);

char     *qw_xml_seal             (const char  *root_name,
                                   const char  *root_attrs,
                                   const char  *content,
                                   char       **digest,
                                   GError     **error);
xmlDoc   *qw_xml_read_sealed      (const char  *data,
                                   gsize        length,
                                   const char  *display_name,
                                   const char  *schema_path,
                                   xmlNode    **content,
                                   char       **digest,
                                   GError     **error);
xmlDoc   *qw_xml_read_sealed_file (const char  *path,
                                   gsize        max_bytes,
                                   const char  *schema_path,
                                   xmlNode    **content,
                                   char       **digest,
                                   GError     **error);

G_END_DECLS
