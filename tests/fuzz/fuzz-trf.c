/* fuzz-trf.c: a FIDE tournament report (TRF)
 *
 * The reader (decoding, the fixed columns, the header lines), then what the
 * program does with a report it accepted: its games, every player's points,
 * and the report written out again, which must read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-trf.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwTrf) trf = NULL;
  g_autoptr(QwTrf) again = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) games = NULL;
  g_autofree char *written = NULL;

  qw_fuzz_begin (data, size);
  trf = qw_trf_parse ((const char *) data, size, &error);
  if (trf == NULL)
    {
      qw_fuzz_assert_error (error, "qw_trf_parse");
      return 0;
    }
  games = qw_trf_games (trf, warnings);
  for (guint i = 0; i < warnings->len; i++)
    if (!g_utf8_validate (g_ptr_array_index (warnings, i), -1, NULL))
      {
        g_printerr ("qw_trf_games: a warning is not UTF-8\n");
        abort ();
      }
  for (guint i = 0; i < trf->players->len; i++)
    (void) qw_trf_player_points (trf, g_ptr_array_index (trf->players, i));
  (void) qw_trf_n_rounds (trf);
  written = qw_trf_write (trf);
  if (!g_utf8_validate (written, -1, NULL))
    {
      g_printerr ("qw_trf_write: the report is not UTF-8\n");
      abort ();
    }
  again = qw_trf_parse (written, strlen (written), &error);
  if (again == NULL || again->players->len != trf->players->len)
    {
      g_printerr ("a written report does not read back: %s\n", error != NULL ? error->message : "players differ");
      abort ();
    }
  return 0;
}
