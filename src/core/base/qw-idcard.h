/* qw-idcard.h: PRC resident identity numbers (GB 11643-1999)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"
#include "qw-types.h"

G_BEGIN_DECLS

typedef enum
{
  QW_ID_OK = 0,
  QW_ID_ERROR_FORMAT,    /* not 15 or 18 characters of the right kind */
  QW_ID_ERROR_REGION,    /* the province code is not in the table */
  QW_ID_ERROR_DATE,      /* the birth date is not a real date, or lies in the future */
  QW_ID_ERROR_CHECKSUM,  /* the 18th character does not match */
} QwIdError;

typedef struct
{
  gboolean  valid;
  QwIdError error;
  char      normalized[19]; /* the 18-digit form, upper-case X; empty unless the format was right */
  QwDate    birth;          /* set when valid */
  QwSex     sex;            /* set when valid */
  char      province[3];    /* "44"; set when valid */
} QwIdInfo;

void        qw_idcard_parse            (const char *text,
                                        QwIdInfo   *info);
gboolean    qw_idcard_is_valid         (const char *text);
char        qw_idcard_check_digit      (const char *first17);
const char *qw_idcard_error_code       (QwIdError   error);
const char *qw_idcard_error_message    (QwIdError   error);
const char *qw_idcard_province_name    (const char *code);
/* The mask itself: for the core's exports and messages. */
char       *qw_idcard_mask             (const char *text);
/* How an ID number is shown outside an editing field, by every face. */
char       *qw_idcard_display          (const char *id_number);
/* A cell of a list to import, as its preview shows it. */
char       *qw_idcard_display_cell     (const char *text);

G_END_DECLS
