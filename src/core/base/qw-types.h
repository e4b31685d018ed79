/* qw-types.h: small value types shared across the core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  QW_SEX_UNKNOWN = 0,
  QW_SEX_MALE,
  QW_SEX_FEMALE,
} QwSex;

const char *qw_sex_to_code    (QwSex       sex);   /* "M", "F" or NULL */
const char *qw_sex_to_chinese (QwSex       sex);   /* "男", "女" or "" */
QwSex       qw_sex_parse      (const char *text);  /* 男/女/M/F/male/female/1/2 */

G_END_DECLS
