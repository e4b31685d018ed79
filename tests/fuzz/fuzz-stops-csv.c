/* fuzz-stops-csv.c: a region's stops list (CSV)
 *
 * The stops importer, its all-or-nothing check, the quota it gives, and the
 * export that must read back to the same stops.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-quota.h"
#include "qw-stops-csv.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static QwRuleset *ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwStopsImport) import = NULL;
  g_autoptr(QwQuota) quota = NULL;
  g_autofree char *out = NULL;
  g_autoptr(QwCsv) again = NULL;
  g_autoptr(QwStopsImport) reimport = NULL;

  qw_fuzz_begin (data, size);
  if (ruleset == NULL)
    ruleset = qw_ruleset_lookup ("qiwang-2021", NULL);
  csv = qw_csv_parse_data ((const char *) data, size, &error);
  if (csv == NULL)
    {
      qw_fuzz_assert_error (error, "qw_csv_parse_data");
      return 0;
    }
  import = qw_stops_csv_parse (ruleset, csv, &error);
  if (import == NULL)
    {
      qw_fuzz_assert_error (error, "qw_stops_csv_parse");
      return 0;
    }
  if (!qw_stops_import_check (import, "stops.csv", &error))
    {
      qw_fuzz_assert_error (error, "qw_stops_import_check");
      return 0;
    }
  quota = qw_quota_compute (ruleset, import->stops);
  out = qw_stops_to_csv (import->stops);
  again = qw_csv_parse_data (out, strlen (out), &error);
  reimport = again != NULL ? qw_stops_csv_parse (ruleset, again, &error) : NULL;
  if (reimport == NULL || reimport->stops->len != import->stops->len || reimport->rejected->len != 0)
    {
      g_printerr ("exported stops do not read back: %s\n", error != NULL ? error->message : "rows differ");
      abort ();
    }
  return 0;
}
