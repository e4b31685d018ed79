/* qw-fuzz.h: what every libFuzzer harness of tests/fuzz/ shares
 *
 * A harness feeds the bytes to one reader as a file from outside would, and
 * then uses what was accepted the way the program does; anything a reader
 * accepts must be usable without a crash, a leak, undefined behaviour, a
 * critical or a warning (all fatal here), and what it refuses must come with
 * an error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

G_BEGIN_DECLS

int   LLVMFuzzerInitialize   (int            *argc,
                              char         ***argv);
int   LLVMFuzzerTestOneInput (const uint8_t  *data,
                              size_t          size);

/* Once a process: the data folder, fatal criticals and warnings. */
void  qw_fuzz_init           (void);
/* At the start of every input (calls qw_fuzz_init()). */
void  qw_fuzz_begin          (const uint8_t  *data,
                              size_t          size);
/* Aborts with @what and the error's message unless @error is set. */
void  qw_fuzz_assert_error   (const GError   *error,
                              const char     *what);
/* The same, and libxml2's advice to programmers never reaches the user. */
void  qw_fuzz_assert_xml_error (const GError *error,
                                const char   *what);
/* The bytes sealed again (root attributes and <content> kept, a fresh
 * digest), so that mutations reach the checks behind the digest; NULL when
 * the text has no root or no content element. */
char *qw_fuzz_reseal         (const uint8_t  *data,
                              size_t          size,
                              gsize          *length);

G_END_DECLS
