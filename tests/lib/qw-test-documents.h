/* qw-test-documents.h: the documents a test starts from
 *
 * Each is made at @dir/@name, over whatever was there, and its path
 * returned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-event.h"

G_BEGIN_DECLS

/* The demo stop (qw_demo_create()): about 80 players in 白花镇; @dir is made
 * when it does not exist. */
char       *qw_test_demo_document     (const char *dir,
                                       const char *name);
/* A stop of @event (which gets its id), without entries. */
char       *qw_test_stop_document     (const char *dir,
                                       const char *name,
                                       QwEvent    *event);
/* A stop of 平山街道 (2021-07-10, five rounds) with @n generated entries
 * placed in their groups (none when 0). */
char       *qw_test_new_stop          (const char *dir,
                                       const char *name,
                                       guint       n);

/* Every row of the document at @path, table by table, as text: two dumps
 * are equal when the documents hold the same. */
char       *qw_test_dump_document     (const char *path);
/* Fails the test unless the document at @path dumps as @expected. */
void        qw_test_assert_dump       (const char *path,
                                       const char *expected);

G_END_DECLS
