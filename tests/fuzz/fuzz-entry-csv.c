/* fuzz-entry-csv.c: a registration list (CSV) as the entries page imports it
 *
 * Decoding, records, the entry importer, group placement and checks, the
 * masked and full exports; what is exported reads back to the same names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-entry-check.h"
#include "qw-entry-import.h"
#include "qw-idcard.h"

static void
check_text (const char *text,
            const char *what)
{
  if (text != NULL && !g_utf8_validate (text, -1, NULL))
    {
      g_printerr ("%s is not UTF-8 after import\n", what);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static QwRuleset *ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree QwEntryCheck *checks = NULL;
  g_autofree char *full = NULL;
  g_autofree char *masked = NULL;
  g_autoptr(QwCsv) again = NULL;
  g_autoptr(QwEntryImport) reimport = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };

  qw_fuzz_begin (data, size);
  if (ruleset == NULL)
    ruleset = qw_ruleset_lookup ("qiwang-2021", NULL);
  csv = qw_csv_parse_data ((const char *) data, size, &error);
  if (csv == NULL)
    {
      qw_fuzz_assert_error (error, "qw_csv_parse_data");
      return 0;
    }
  import = qw_entry_import_csv (csv, &error);
  if (import == NULL)
    {
      qw_fuzz_assert_error (error, "qw_entry_import_csv");
      return 0;
    }
  for (guint i = 0; i < import->entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (import->entries, i);
      g_autofree char *mask = qw_idcard_mask (e->id_number);

      check_text (e->name, "a name");
      check_text (e->unit, "a unit");
      check_text (e->id_number, "an ID number");
      check_text (mask, "a masked ID number");
    }
  options.event_date = qw_date_make (2021, 7, 3);
  qw_entries_place (ruleset, import->entries, options.event_date);
  checks = g_new0 (QwEntryCheck, MAX (import->entries->len, 1));
  qw_entry_check_all (ruleset, import->entries, &options, checks);

  full = qw_entries_to_csv (import->entries, FALSE);
  masked = qw_entries_to_csv (import->entries, TRUE);
  again = qw_csv_parse_data (full, strlen (full), &error);
  if (again == NULL || (reimport = qw_entry_import_csv (again, &error)) == NULL)
    {
      g_printerr ("an exported list does not read back: %s\n", error != NULL ? error->message : "?");
      abort ();
    }
  if (reimport->entries->len != import->entries->len)
    {
      g_printerr ("an exported list reads back with %u entries, not %u\n", reimport->entries->len,
                  import->entries->len);
      abort ();
    }
  for (guint i = 0; i < import->entries->len; i++)
    if (g_strcmp0 (((QwEntry *) g_ptr_array_index (import->entries, i))->name,
                   ((QwEntry *) g_ptr_array_index (reimport->entries, i))->name) != 0)
      {
        g_printerr ("entry %u reads back with another name\n", i);
        abort ();
      }
  return 0;
}
