/* qw-collate.h: ordering names by pinyin or by surname strokes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  QW_COLLATION_PINYIN = 0,  /* 按拼音: ICU zh@collation=pinyin */
  QW_COLLATION_STROKE,      /* 按姓氏笔画: ICU zh@collation=stroke */
} QwCollation;

typedef struct _QwCollator QwCollator;

QwCollator  *qw_collator_new        (QwCollation   collation,
                                     GError      **error);
void         qw_collator_free       (QwCollator   *collator);
int          qw_collator_compare    (QwCollator   *collator,
                                     const char   *a,
                                     const char   *b);
char        *qw_collator_sort_key   (QwCollator   *collator,
                                     const char   *text);
void         qw_collator_sort       (QwCollator   *collator,
                                     GPtrArray    *items,
                                     const char *(*name_of) (gconstpointer item));

int          qw_collate             (QwCollation   collation,
                                     const char   *a,
                                     const char   *b);
const char  *qw_collation_to_code   (QwCollation   collation);
gboolean     qw_collation_from_code (const char   *code,
                                     QwCollation  *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCollator, qw_collator_free)

G_END_DECLS
