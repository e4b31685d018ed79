/* qw-xml-seal.h: XML files sealed with a SHA-256 digest
 *
 * Results files and nominee files travel by e-mail and USB stick. Each is
 *   <root …><content>…</content><digest algorithm="sha256">…</digest></root>
 * where the digest is taken over the exclusive canonical form (C14N 1.0,
 * without comments) of the root element with its attributes and the content
 * element (not the digest, not the white space between them), so that damage
 * or a later edit of the content or of the root's attributes (form="public")
 * is detected however the file was re-encoded or re-indented outside the
 * content.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "qw-file.h"

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

/* Reading a sealed file as a stream (qw-xml-seal.c) */
typedef struct _QwSealedReader QwSealedReader;

QwSealedReader *qw_sealed_reader_new       (const char      *data,
                                            gsize            length,
                                            const char      *display_name,
                                            QwFileKind       kind,
                                            const char      *schema_path,
                                            GError         **error);
gboolean        qw_sealed_reader_next      (QwSealedReader  *self,
                                            int             *depth,
                                            GError         **error);
const char     *qw_sealed_reader_name      (QwSealedReader  *self);
xmlNode        *qw_sealed_reader_node      (QwSealedReader  *self);
xmlNode        *qw_sealed_reader_expand    (QwSealedReader  *self);
const char     *qw_sealed_reader_root_prop (QwSealedReader  *self,
                                            const char      *name);
gboolean        qw_sealed_reader_finish    (QwSealedReader  *self,
                                            char           **digest,
                                            GError         **error);
void            qw_sealed_reader_free      (QwSealedReader  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSealedReader, qw_sealed_reader_free)

G_END_DECLS
