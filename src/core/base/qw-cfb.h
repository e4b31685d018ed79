/* qw-cfb.h: the compound file (OLE2, [MS-CFB]) that holds an .xls workbook
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  QW_CFB_OK = 0,
  QW_CFB_NOT_CFB,      /* no compound file signature: not an Office 97–2003 file */
  QW_CFB_DAMAGED,      /* the container breaks [MS-CFB] (see the detail) */
  QW_CFB_NO_STREAM,    /* a sound container without any of the streams asked for */
} QwCfbResult;

QwCfbResult  qw_cfb_read_stream  (const guint8       *data,
                                  gsize               length,
                                  const char * const *names,
                                  guint              *which,
                                  GBytes            **stream,
                                  const char        **detail);
GBytes      *qw_cfb_write_stream (const char         *name,
                                  GBytes             *stream);

G_END_DECLS
