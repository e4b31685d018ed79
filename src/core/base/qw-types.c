/* qw-types.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-types.h"

#include <string.h>

const char *
qw_sex_to_code (QwSex sex)
{
  switch (sex)
    {
    case QW_SEX_MALE:
      return "M";
    case QW_SEX_FEMALE:
      return "F";
    case QW_SEX_UNKNOWN:
    default:
      return NULL;
    }
}

const char *
qw_sex_to_chinese (QwSex sex)
{
  switch (sex)
    {
    case QW_SEX_MALE:
      return "男";
    case QW_SEX_FEMALE:
      return "女";
    case QW_SEX_UNKNOWN:
    default:
      return "";
    }
}

QwSex
qw_sex_parse (const char *text)
{
  static const char *male[] = { "男", "M", "m", "male", "Male", "MALE", "1", "男性", NULL };
  static const char *female[] = { "女", "F", "f", "female", "Female", "FEMALE", "2", "女性", NULL };
  g_autofree char *s = NULL;

  if (text == NULL)
    return QW_SEX_UNKNOWN;
  s = g_strstrip (g_strdup (text));
  if (g_strv_contains (male, s))
    return QW_SEX_MALE;
  if (g_strv_contains (female, s))
    return QW_SEX_FEMALE;
  return QW_SEX_UNKNOWN;
}
