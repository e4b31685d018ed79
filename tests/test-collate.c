/* test-collate.c: names in pinyin and in surname-stroke order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-collate.h"

static const char *
identity (gconstpointer item)
{
  return item;
}

static char *
sorted (QwCollation  collation,
        const char  *names)
{
  g_autoptr(QwCollator) collator = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) list = g_strsplit (names, " ", -1);
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  collator = qw_collator_new (collation, &error);
  g_assert_no_error (error);
  for (int i = 0; list[i] != NULL; i++)
    g_ptr_array_add (items, list[i]);
  qw_collator_sort (collator, items, identity);
  g_ptr_array_add (items, NULL);
  return g_strjoinv (" ", (char **) items->pdata);
}

static void
test_stroke (void)
{
  g_autofree char *surnames = sorted (QW_COLLATION_STROKE, "赵 陈 王 李 张 丁 乙 一 马 刘 黄");
  g_autofree char *names = sorted (QW_COLLATION_STROKE, "王五 王二 丁一 王 Li 王二小");

  /* Strokes: 一 乙 1, 丁 2, 马 3, 王 4, 刘 6, 张 李 陈 7, 赵 9, 黄 11. Among
   * the 7-stroke names CLDR orders by radical (弓 木 阜), not by the first
   * stroke (横竖撇点折) as an official list would (李 张 陈). */
  g_assert_cmpstr (surnames, ==, "一 乙 丁 马 王 刘 张 李 陈 赵 黄");
  /* Whole names: a surname alone first, then the given names by strokes;
   * Latin after Chinese. */
  g_assert_cmpstr (names, ==, "丁一 王 王二 王二小 王五 Li");
  g_assert_cmpint (qw_collate (QW_COLLATION_STROKE, "丁", "王"), <, 0);
  g_assert_cmpint (qw_collate (QW_COLLATION_STROKE, "赵", "陈"), >, 0);
  g_assert_cmpint (qw_collate (QW_COLLATION_STROKE, "王五", "王五"), ==, 0);
}

static void
test_pinyin (void)
{
  g_autofree char *surnames = sorted (QW_COLLATION_PINYIN, "赵 陈 王 李 张 丁 白 吕 刘 罗");

  /* bái chén dīng lǐ liú lǚ luó wáng zhāng zhào (ü sorts as u) */
  g_assert_cmpstr (surnames, ==, "白 陈 丁 李 刘 吕 罗 王 张 赵");
  g_assert_cmpint (qw_collate (QW_COLLATION_PINYIN, "张三", "张四"), <, 0);
  g_assert_cmpint (qw_collate (QW_COLLATION_PINYIN, "陈", "白"), >, 0);
}

static void
test_sort_keys (void)
{
  g_autoptr(QwCollator) collator = qw_collator_new (QW_COLLATION_STROKE, NULL);
  const char *names[] = { "赵", "陈", "王", "丁", "一", "" };

  /* Keys compare with strcmp as the names compare. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    for (guint j = 0; j < G_N_ELEMENTS (names); j++)
      {
        g_autofree char *a = qw_collator_sort_key (collator, names[i]);
        g_autofree char *b = qw_collator_sort_key (collator, names[j]);
        int by_key = strcmp (a, b);
        int by_name = qw_collator_compare (collator, names[i], names[j]);

        g_assert_cmpint ((by_key > 0) - (by_key < 0), ==, by_name);
      }
}

static void
test_codes (void)
{
  QwCollation c;

  g_assert_true (qw_collation_from_code ("stroke", &c));
  g_assert_cmpint (c, ==, QW_COLLATION_STROKE);
  g_assert_true (qw_collation_from_code ("pinyin", &c));
  g_assert_cmpint (c, ==, QW_COLLATION_PINYIN);
  g_assert_false (qw_collation_from_code ("number", &c));
  g_assert_cmpstr (qw_collation_to_code (QW_COLLATION_STROKE), ==, "stroke");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/collate/stroke", test_stroke);
  g_test_add_func ("/collate/pinyin", test_pinyin);
  g_test_add_func ("/collate/sort-keys", test_sort_keys);
  g_test_add_func ("/collate/codes", test_codes);
  return g_test_run ();
}
