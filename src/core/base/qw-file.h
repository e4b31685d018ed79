/* qw-file.h: reading the files that come from outside, and the limits
 *
 * Every file Qiwang reads from outside (registration lists, stops lists, the
 * ladder's game logs and players lists, workbooks, results files, nominee
 * files, rulesets, certificate layouts, tournament reports) is read here:
 * only a regular file (never a device, a FIFO, a socket or a folder), and
 * never more than the limit of its kind. The limits are stated once, in the
 * table below; nothing else in the core sets a size limit of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  QW_FILE_CSV,        /* a registration list or a stops list */
  QW_FILE_RESULTS,    /* a stop's results file (成绩表) */
  QW_FILE_NOMINEES,   /* a region's nominees */
  QW_FILE_RULESET,    /* data/rulesets/<id>.xml */
  QW_FILE_TEMPLATE,   /* a certificate layout */
  QW_FILE_WORKBOOK,   /* an .xlsx or .xls workbook (a list saved in Excel or WPS) */
  QW_FILE_TRF,        /* a FIDE tournament report (TRF) */
  QW_N_FILE_KINDS
} QwFileKind;

/* The limits, in bytes (the table lives in qw-file.c). */
#define QW_CSV_MAX_BYTES      (64 * 1024 * 1024)
#define QW_RESULTS_MAX_BYTES  (32 * 1024 * 1024)
#define QW_NOMINEES_MAX_BYTES (4 * 1024 * 1024)
#define QW_RULESET_MAX_BYTES  (4 * 1024 * 1024)
#define QW_TEMPLATE_MAX_BYTES (256 * 1024)
#define QW_WORKBOOK_MAX_BYTES (64 * 1024 * 1024)
#define QW_TRF_MAX_BYTES      (16 * 1024 * 1024)

/* Inside a workbook (a zip): its parts are inflated only up to these sizes,
 * whatever the zip says about them (zip bombs, damaged files). */
#define QW_XLSX_MAX_PART_BYTES  (32 * 1024 * 1024)
#define QW_XLSX_MAX_TOTAL_BYTES (96 * 1024 * 1024)

/* An .xls workbook is read by a process of its own (qw-xls.c): its answer,
 * the names and the cells of one sheet, is read only up to this size. */
#define QW_XLS_MAX_REPLY_BYTES  (128 * 1024 * 1024)

/* A text field (a name, a unit, a place) holds at most this many characters:
 * the results file's schema (data/schemas/results.xsd, type "text") allows no
 * more, so a longer field could never be sent on. */
#define QW_TEXT_MAX_CHARS 500

gsize     qw_file_max_bytes      (QwFileKind   kind);
gboolean  qw_file_check_regular  (const char  *path,
                                  GError     **error);
gboolean  qw_file_check          (const char  *path,
                                  QwFileKind   kind,
                                  GError     **error);
gboolean  qw_file_read           (const char  *path,
                                  QwFileKind   kind,
                                  char       **contents,
                                  gsize       *length,
                                  GError     **error);
gboolean  qw_file_check_size     (gsize        length,
                                  QwFileKind   kind,
                                  const char  *display_name,
                                  GError     **error);

G_END_DECLS
