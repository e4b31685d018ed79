/* qw-test.h: helpers shared by the test programs (libqiwang-test)
 *
 * Every test program links tests/lib/ (tests/meson.build). Helpers assert on
 * failure, so a test reads as what it checks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "qw-ruleset.h"

G_BEGIN_DECLS

/* The ruleset every test plays by: qiwang-2021 from $QIWANG_DATA_DIR. */
QwRuleset  *qw_test_ruleset            (void);

/* qiwang-2021 with the first @find replaced by @replace and its id by @id,
 * written to @dir/@id.xml and loaded; *@path_out (optional) gets the path,
 * which an event can name as its ruleset. */
QwRuleset  *qw_test_ruleset_variant    (const char  *dir,
                                        const char  *id,
                                        const char  *find,
                                        const char  *replace,
                                        char       **path_out);

/* A new directory under the system's temporary one, from a g_dir_make_tmp()
 * template such as "qiwang-print-XXXXXX". */
char       *qw_test_make_tmp_dir       (const char *tmpl);
/* Removes @path and, for a directory, everything in it. */
void        qw_test_remove_tree        (const char *path);
/* Writes @text to @dir/@name: a test's input file. */
void        qw_test_write_text         (const char *dir,
                                        const char *name,
                                        const char *text);

/* Comparing a rendered page with a reference image, with a tolerance for
 * anti-aliasing and for text that moved by a pixel or two: a pixel counts as
 * different only when its grey level is off by more than @threshold from
 * every pixel within @radius of it in the other image, both ways. */
typedef struct
{
  int     width;
  int     height;
  guint   different;        /* pixels that differ beyond the tolerance */
  double  fraction;         /* different / (width × height) */
  int     box[4];           /* x, y, width, height around the different pixels */
} QwTestImageDiff;

gboolean    qw_test_compare_images     (cairo_surface_t *reference,
                                        cairo_surface_t *image,
                                        int              threshold,
                                        int              radius,
                                        QwTestImageDiff *diff,
                                        cairo_surface_t **marked);

/* Sealed files (qw-xml-seal.h): the digest through libxml2's own C14N of the
 * same subset (the root with its attributes, and <content>), to check the
 * streaming one against; a file's text sealed again after an edit, so that
 * the edit reaches the checks behind the digest. */
char       *qw_test_reference_digest   (const char *text,
                                        gsize       length);
char       *qw_test_reseal             (const char *text);

/* The SHA-256 of a file's bytes, or "(absent)": files compared before and
 * after a refused input must not have changed. */
char       *qw_test_checksum_file      (const char *path);
/* Fails the test unless the file at @path still has @checksum. */
void        qw_test_assert_checksum    (const char *path,
                                        const char *checksum);

/* The deadline for a behaviour promised to take @seconds ("refused in under
 * a second"): 30 times that and at least 30 s, longer under
 * AddressSanitizer and times $QIWANG_TEST_TIME_FACTOR when it is set, so
 * that a loaded machine never fails a test while a hang or a runaway still
 * does. The promise itself is measured by the benchmarks
 * (bench/bench-promises prints the figures). */
double      qw_test_seconds            (double      seconds);
/* Seconds since @start (a g_get_monotonic_time()). */
double      qw_test_seconds_since      (gint64      start);
/* GET @url ("http://127.0.0.1:PORT/path", loopback only), blocking, as
 * HTTP/1.0 without compression. Returns the status (0: no answer); @body
 * (optional) gets the body. */
guint       qw_test_http_get           (const char  *url,
                                        char       **body);

/* The 2022 ruleset (qiwang-2022), from $QIWANG_DATA_DIR. */
QwRuleset  *qw_test_ruleset_2022       (void);
/* For sorting an array of strings (g_ptr_array_sort()): their byte order. */
int         qw_test_compare_strings    (gconstpointer a,
                                        gconstpointer b);
/* @text padded with spaces to @width characters, on its left when @right
 * (it must not be wider): a column of a fixed-width file (TRF). */
void        qw_test_append_padded      (GString    *out,
                                        const char *text,
                                        int         width,
                                        gboolean    right);

/* @points (a score, never negative) in tenths, rounded: 2.5 → 25. */
int         qw_test_tenths             (double      points);

G_END_DECLS
