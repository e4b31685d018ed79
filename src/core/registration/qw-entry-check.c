/* qw-entry-check.c: what is wrong with a registration, and where it plays
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-entry-check.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-excel-id.h"
#include "qw-idcard.h"

static gboolean
is_blank (const char *s)
{
  if (s == NULL)
    return TRUE;
  for (; *s != '\0'; s = g_utf8_next_char (s))
    if (!g_unichar_isspace (g_utf8_get_char (s)))
      return FALSE;
  return TRUE;
}

static gboolean
is_old_form (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return strlen (stripped) == 15;
}

/* 七(三)3 of the 2021 scheme: a resident ID number or household register
 * (the same 18-digit number); the ruleset says which kinds it accepts and
 * whether one is required. */
static void
check_document (const QwRuleset      *ruleset,
                const QwEntry        *entry,
                const QwCheckOptions *options,
                QwEntryCheck         *out)
{
  static const QwProblem id_problem[] = {
    [QW_ID_ERROR_FORMAT] = QW_PROBLEM_ID_FORMAT,
    [QW_ID_ERROR_REGION] = QW_PROBLEM_ID_REGION,
    [QW_ID_ERROR_DATE] = QW_PROBLEM_ID_DATE,
    [QW_ID_ERROR_CHECKSUM] = QW_PROBLEM_ID_CHECKSUM,
  };

  memset (&out->id, 0, sizeof out->id);
  if (is_blank (entry->id_number))
    {
      if (options->require_document || ruleset->document_required)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_MISSING_DOCUMENT);
      return;
    }
  if (!qw_ruleset_accepts_document (ruleset, qw_doc_kind_to_code (entry->doc_kind)))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED);
  if (entry->doc_kind == QW_DOC_OTHER)
    return;
  /* 4.41381E+17: what is wrong is the sheet, not the number; say so. */
  if (qw_excel_id_is_number (entry->id_number, NULL))
    {
      out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_ID_EXCEL_NUMBER);
      return;
    }
  qw_idcard_parse (entry->id_number, &out->id);
  if (!out->id.valid)
    out->problems |= QW_PROBLEM_BIT (id_problem[out->id.error]);
  else if (is_old_form (entry->id_number))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_ID_OLD_FORM);
}

/* The effective birth date and sex: the ID number's when it is valid (it is what
 * the arbiter checks on the card), otherwise what was typed. */
static void
check_birth_and_sex (const QwEntry *entry,
                     QwEntryCheck  *out)
{
  QwDate typed = QW_DATE_NONE;
  gboolean typed_ok = FALSE;

  if (!is_blank (entry->birth))
    {
      typed_ok = qw_date_parse (entry->birth, &typed)
                 && qw_date_compare (typed, qw_date_today ()) <= 0;
      if (!typed_ok)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_BAD_BIRTH_DATE);
    }

  if (out->id.valid)
    {
      out->birth = out->id.birth;
      out->sex = out->id.sex;
      if (typed_ok && qw_date_compare (typed, out->id.birth) != 0)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_ID_BIRTH_MISMATCH);
      if (entry->sex != QW_SEX_UNKNOWN && entry->sex != out->id.sex)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_ID_SEX_MISMATCH);
      return;
    }
  out->birth = typed_ok ? typed : QW_DATE_NONE;
  out->sex = entry->sex;
  if (!typed_ok)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_MISSING_BIRTH);
  if (entry->sex == QW_SEX_UNKNOWN)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_MISSING_SEX);
}

/* A declared group is a mismatch only when the ruleset knows it and it is a
 * formal group other than the derived one: display and local groups (行业组,
 * 新人组, …) are the player's choice. */
static void
check_declared_group (const QwRuleset *ruleset,
                      const QwEntry   *entry,
                      QwEntryCheck    *out)
{
  out->declared = qw_ruleset_match_group_name (ruleset, entry->declared_group, out->sex);
  if (out->declared == NULL || out->declared->kind != QW_GROUP_FORMAL || out->group == NULL)
    return;
  if (out->declared != out->group)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH);
}

/**
 * qw_entry_check:
 * @options: the event's first day (for ages) and what to require
 * @out: (out): the derived group and every problem of the entry
 *
 * Checks one entry on its own; duplicates need the whole list
 * (qw_entry_check_all).
 */
void
qw_entry_check (const QwRuleset      *ruleset,
                const QwEntry        *entry,
                const QwCheckOptions *options,
                QwEntryCheck         *out)
{
  memset (out, 0, sizeof *out);
  out->age = -1;
  if (is_blank (entry->name))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_MISSING_NAME);
  check_document (ruleset, entry, options, out);
  check_birth_and_sex (entry, out);
  out->group = qw_ruleset_group_for (ruleset, out->birth, out->sex);
  if (qw_date_is_set (out->birth) && qw_date_is_set (options->event_date))
    {
      out->age = qw_date_age_on (out->birth, options->event_date);
      if (out->age >= ruleset->escort_age)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_NEEDS_ESCORT);
    }
  if (qw_ruleset_is_barred_title (ruleset, entry->grade))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_TOO_STRONG);
  check_declared_group (ruleset, entry, out);
  if (entry->status == QW_STATUS_LATE)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY);
}

gboolean
qw_entry_fill_from_id (QwEntry *entry)
{
  QwIdInfo info;
  gboolean changed = FALSE;

  if (entry->doc_kind != QW_DOC_RESIDENT_ID || is_blank (entry->id_number))
    return FALSE;
  qw_idcard_parse (entry->id_number, &info);
  if (!info.valid)
    return FALSE;
  if (entry->sex == QW_SEX_UNKNOWN)
    {
      entry->sex = info.sex;
      changed = TRUE;
    }
  if (is_blank (entry->birth))
    {
      g_free (entry->birth);
      entry->birth = qw_date_to_iso_dup (info.birth);
      changed = TRUE;
    }
  return changed;
}

/* The identity that makes two rows the same person: the 18-digit form of a
 * resident ID number (so that the 15- and 18-digit forms of one card match), or
 * the other document's number in upper case. NULL when there is none, or when
 * Excel has made the number a number (4.41381E+17 is many people's). */
char *
qw_entry_identity_key (const QwEntry *entry)
{
  QwIdInfo info;

  if (is_blank (entry->id_number))
    return NULL;
  if (entry->doc_kind == QW_DOC_RESIDENT_ID && qw_excel_id_is_number (entry->id_number, NULL))
    return NULL;
  if (entry->doc_kind == QW_DOC_RESIDENT_ID)
    {
      qw_idcard_parse (entry->id_number, &info);
      if (info.normalized[0] != '\0')
        return g_strdup (info.normalized);
    }
  return g_ascii_strup (g_strstrip (g_strdup (entry->id_number)), -1);
}

/**
 * qw_entry_check_all:
 * @entries: (element-type QwEntry): the rows, in order
 * @out: (array): one result per entry
 *
 * Checks every entry, and marks as duplicate-id each entry whose number
 * already appeared on an earlier one.
 */
void
qw_entry_check_all (const QwRuleset      *ruleset,
                    GPtrArray            *entries,
                    const QwCheckOptions *options,
                    QwEntryCheck         *out)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *entry = g_ptr_array_index (entries, i);
      char *key = qw_entry_identity_key (entry);

      qw_entry_check (ruleset, entry, options, &out[i]);
      if (key == NULL)
        continue;
      if (g_hash_table_contains (seen, key))
        {
          out[i].problems |= QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID);
          g_free (key);
        }
      else
        g_hash_table_add (seen, key);
    }
}

/**
 * qw_entry_placement:
 *
 * The group an entry plays in: a declared display group (行业组) or local
 * group (新人组, kept as typed) is the player's choice; otherwise the formal
 * group of the birth date and sex. Empty when none can be derived yet.
 */
char *
qw_entry_placement (const QwRuleset    *ruleset,
                    const QwEntry      *entry,
                    const QwEntryCheck *check)
{
  if (check->declared != NULL && check->declared->kind != QW_GROUP_FORMAL)
    return g_strdup (check->declared->code);
  if (check->declared == NULL && !is_blank (entry->declared_group))
    return g_strstrip (g_strdup (entry->declared_group));
  return g_strdup (check->group != NULL ? check->group->code : "");
}

/* Places every entry that has no group yet (a fresh registration or import). */
void
qw_entries_place (const QwRuleset *ruleset,
                  GPtrArray       *entries,
                  QwDate           event_date)
{
  QwCheckOptions options = { event_date, FALSE };

  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *entry = g_ptr_array_index (entries, i);
      QwEntryCheck check;

      if (!is_blank (entry->group_code))
        continue;
      qw_entry_check (ruleset, entry, &options, &check);
      g_free (entry->group_code);
      entry->group_code = qw_entry_placement (ruleset, entry, &check);
    }
}

static const char *const problem_codes[QW_N_PROBLEMS] = {
  "id-format", "id-region", "id-date", "id-checksum", QW_EXCEL_ID_PROBLEM, "id-old-form", "id-birth-mismatch",
  "id-sex-mismatch", "missing-name", "missing-birth", "bad-birth-date", "missing-sex",
  "missing-document", "document-not-accepted", "too-strong", "needs-escort", "duplicate-id",
  "group-mismatch", "late-entry",
};

const char *
qw_problem_code (QwProblem problem)
{
  g_return_val_if_fail (problem < QW_N_PROBLEMS, NULL);
  return problem_codes[problem];
}

int
qw_problem_from_code (const char *code)
{
  for (int p = 0; code != NULL && p < QW_N_PROBLEMS; p++)
    if (g_str_equal (code, problem_codes[p]))
      return p;
  return -1;
}

char *
qw_problems_join (guint       problems,
                  gboolean    messages,
                  const char *separator)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      g_ptr_array_add (parts, (gpointer) (messages ? qw_problem_message ((QwProblem) p)
                                                   : qw_problem_code ((QwProblem) p)));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (separator, (char **) parts->pdata);
}

guint
qw_problems_parse (const char *codes)
{
  g_auto(GStrv) parts = g_strsplit (codes != NULL ? codes : "", ",", -1);
  guint problems = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      int p = qw_problem_from_code (g_strstrip (parts[i]));

      if (p >= 0)
        problems |= QW_PROBLEM_BIT (p);
    }
  return problems;
}

const char *
qw_problem_message (QwProblem problem)
{
  switch (problem)
    {
    case QW_PROBLEM_ID_FORMAT:
      return _("ID number has the wrong length or characters");
    case QW_PROBLEM_ID_REGION:
      return _("ID number has an unknown province code");
    case QW_PROBLEM_ID_DATE:
      return _("ID number holds an impossible birth date");
    case QW_PROBLEM_ID_CHECKSUM:
      return _("ID number check digit is wrong");
    case QW_PROBLEM_ID_EXCEL_NUMBER:
      return qw_excel_id_advice ();
    case QW_PROBLEM_ID_OLD_FORM:
      return _("ID number is in the old 15-digit form; ask for the 18-digit card");
    case QW_PROBLEM_ID_BIRTH_MISMATCH:
      return _("Birth date differs from the ID number");
    case QW_PROBLEM_ID_SEX_MISMATCH:
      return _("Sex differs from the ID number");
    case QW_PROBLEM_MISSING_NAME:
      return _("No name");
    case QW_PROBLEM_MISSING_BIRTH:
      return _("No usable birth date");
    case QW_PROBLEM_BAD_BIRTH_DATE:
      return _("Birth date cannot be read or lies in the future");
    case QW_PROBLEM_MISSING_SEX:
      return _("No sex given");
    case QW_PROBLEM_MISSING_DOCUMENT:
      return _("No ID number");
    case QW_PROBLEM_DOCUMENT_NOT_ACCEPTED:
      return _("Document not accepted: the rules ask for a resident ID card or household register");
    case QW_PROBLEM_TOO_STRONG:
      return _("Title too high (master of sport or above may not enter)");
    case QW_PROBLEM_NEEDS_ESCORT:
      return _("Must come with a family member because of age");
    case QW_PROBLEM_DUPLICATE_ID:
      return _("Same ID number as an earlier entry");
    case QW_PROBLEM_GROUP_MISMATCH:
      return _("Declared group differs from the group by birth date");
    case QW_PROBLEM_LATE_ENTRY:
      return _("Entered after round 1 was paired; waits until the arbiter admits it");
    case QW_N_PROBLEMS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* A few characters for a badge in a table cell; the message is the tooltip. */
const char *
qw_problem_short_label (QwProblem problem)
{
  static const char *labels[QW_N_PROBLEMS] = {
    N_("ID format"), N_("ID region"), N_("ID date"), N_("Check digit"), N_("Excel number"),
    N_("Old ID form"), N_("Birth ≠ ID"),
    N_("Sex ≠ ID"), N_("No name"), N_("No birth date"), N_("Bad birth date"), N_("No sex"),
    N_("No ID"), N_("Document refused"), N_("Title too high"), N_("Escort needed"), N_("Duplicate"),
    N_("Group differs"), N_("Late entry"),
  };

  g_return_val_if_fail (problem < QW_N_PROBLEMS, NULL);
  return _(labels[problem]);
}

/* Errors make an entry unfit to play until fixed; the rest are notices the
 * desk acts on (an escort, a declared group to correct). */
gboolean
qw_problem_is_error (QwProblem problem)
{
  return problem != QW_PROBLEM_NEEDS_ESCORT && problem != QW_PROBLEM_GROUP_MISMATCH
         && problem != QW_PROBLEM_MISSING_DOCUMENT && problem != QW_PROBLEM_ID_OLD_FORM;
}

guint
qw_problem_count (guint problems)
{
  return (guint) __builtin_popcount (problems);
}
