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
#include "qw-ruleset-championship.h"

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

/* The problems of a member that are the pair's: those of the person. */
#define MEMBER_PROBLEMS \
  (QW_PROBLEM_BIT (QW_PROBLEM_ID_FORMAT) | QW_PROBLEM_BIT (QW_PROBLEM_ID_REGION) \
   | QW_PROBLEM_BIT (QW_PROBLEM_ID_DATE) | QW_PROBLEM_BIT (QW_PROBLEM_ID_CHECKSUM) \
   | QW_PROBLEM_BIT (QW_PROBLEM_ID_EXCEL_NUMBER) | QW_PROBLEM_BIT (QW_PROBLEM_ID_OLD_FORM) \
   | QW_PROBLEM_BIT (QW_PROBLEM_ID_BIRTH_MISMATCH) | QW_PROBLEM_BIT (QW_PROBLEM_ID_SEX_MISMATCH) \
   | QW_PROBLEM_BIT (QW_PROBLEM_MISSING_NAME) | QW_PROBLEM_BIT (QW_PROBLEM_MISSING_BIRTH) \
   | QW_PROBLEM_BIT (QW_PROBLEM_BAD_BIRTH_DATE) | QW_PROBLEM_BIT (QW_PROBLEM_MISSING_SEX) \
   | QW_PROBLEM_BIT (QW_PROBLEM_MISSING_DOCUMENT) | QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED) \
   | QW_PROBLEM_BIT (QW_PROBLEM_TOO_STRONG) | QW_PROBLEM_BIT (QW_PROBLEM_NEEDS_ESCORT))

char *
qw_entry_playing_group (const QwRuleset    *ruleset,
                        const QwEntry      *entry,
                        const QwEntryCheck *check)
{
  if (!is_blank (entry->group_code))
    return g_strstrip (g_strdup (entry->group_code));
  return qw_entry_placement (ruleset, entry, check);
}

/* 十一(五)2–3 of the 2022 rules, 五(二)1 of the 2021 scheme: the make-up,
 * relationship, ages and online play of a pair in its event. */
static void
check_pair_rule (const QwPairRule   *rule,
                 const QwEntry      *entry,
                 const QwEntryCheck *members,
                 QwEntryCheck       *out)
{
  const QwEntryCheck *a = &members[0], *b = &members[1];
  int online = 0;

  if (entry->members->len != 2)
    {
      out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_INCOMPLETE);
      return;
    }
  if (a->sex != QW_SEX_UNKNOWN && b->sex != QW_SEX_UNKNOWN)
    {
      gboolean ok = TRUE;

      switch (rule->make_up)
        {
        case QW_PAIR_MEN:
          ok = a->sex == QW_SEX_MALE && b->sex == QW_SEX_MALE;
          break;
        case QW_PAIR_WOMEN:
          ok = a->sex == QW_SEX_FEMALE && b->sex == QW_SEX_FEMALE;
          break;
        case QW_PAIR_MIXED:
          ok = a->sex != b->sex;
          break;
        case QW_PAIR_RELATIVES:
        default:
          break;
        }
      if (!ok)
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_MAKE_UP);
    }
  if (rule->make_up == QW_PAIR_RELATIVES && qw_pair_rule_match_relation (rule, entry->relation) == NULL)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_RELATION);
  for (guint i = 0; i < 2; i++)
    if (members[i].age >= 0 && !qw_pair_rule_age_ok (rule, members[i].age))
      out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_AGE);
  if (rule->adult_age >= 0 && a->age >= 0 && b->age >= 0)
    {
      gboolean a_adult = a->age >= rule->adult_age, b_adult = b->age >= rule->adult_age;
      gboolean a_child = rule->child_max_age < 0 || a->age <= rule->child_max_age;
      gboolean b_child = rule->child_max_age < 0 || b->age <= rule->child_max_age;

      if (!((a_adult && b_child) || (b_adult && a_child)))
        out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_AGE);
    }
  for (guint i = 0; i < 2; i++)
    online += is_blank (((QwEntry *) g_ptr_array_index (entry->members, i))->account) ? 0 : 1;
  if (online < rule->min_online)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_ONLINE);
}

/* 十一(五)4 of the 2022 rules: the junior event's birth dates and grade certificate. */
static void
check_junior (const QwRuleset *ruleset,
              const QwEntry   *entry,
              QwEntryCheck    *out)
{
  const QwFinalRules *final = ruleset->final;

  if (qw_date_is_set (out->birth) && qw_date_is_set (final->junior_born_from)
      && qw_date_compare (out->birth, final->junior_born_from) < 0)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_JUNIOR_TOO_OLD);
  if (final->junior_certificate_required && is_blank (entry->grade))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_NO_CERTIFICATE);
  /* 十一(五)4: 报名表经单位盖章. A problem until the arbiter marks the form
   * received (qiwang-cli entry --stamped yes); the gate shows it. */
  if (final->junior_unit_stamp && !entry->form_stamped)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_FORM_NOT_STAMPED);
}

/* 十三(一) of the 2022 rules: the pair and junior events are entered within
 * their periods (9月1日-30日, the ruleset's entries-from/entries-to); an
 * entry whose 报名日期 lies outside is flagged. No date: not checked. */
static void
check_entry_window (const QwRuleset  *ruleset,
                    const QwEntry    *entry,
                    const char       *group,
                    const QwPairRule *pair_rule,
                    QwEntryCheck     *out)
{
  QwDate registered, from = QW_DATE_NONE, to = QW_DATE_NONE;

  if (is_blank (entry->registered) || !qw_date_parse (entry->registered, &registered))
    return;
  if (pair_rule != NULL)
    {
      from = pair_rule->entries_from;
      to = pair_rule->entries_to;
    }
  else if (qw_final_rules_is_junior_field (ruleset->final, group))
    {
      from = ruleset->final->junior_entries_from;
      to = ruleset->final->junior_entries_to;
    }
  if ((qw_date_is_set (from) && qw_date_compare (registered, from) < 0)
      || (qw_date_is_set (to) && qw_date_compare (registered, to) > 0))
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_OUTSIDE_ENTRY_WINDOW);
}

gboolean
qw_ruleset_asks_registered (const QwRuleset *ruleset)
{
  if (ruleset->final != NULL
      && (qw_date_is_set (ruleset->final->junior_entries_from) || qw_date_is_set (ruleset->final->junior_entries_to)))
    return TRUE;
  for (guint i = 0; ruleset->pair_rules != NULL && i < ruleset->pair_rules->len; i++)
    {
      const QwPairRule *rule = g_ptr_array_index (ruleset->pair_rules, i);

      if (qw_date_is_set (rule->entries_from) || qw_date_is_set (rule->entries_to))
        return TRUE;
    }
  return FALSE;
}

gboolean
qw_ruleset_asks_stamp (const QwRuleset *ruleset)
{
  return ruleset->final != NULL && ruleset->final->junior_unit_stamp;
}

/* A pair: each member as a player; the pair's sex is the one both share. */
static void
check_members (const QwRuleset      *ruleset,
               const QwEntry        *entry,
               const QwCheckOptions *options,
               QwEntryCheck         *members,
               QwEntryCheck         *out)
{
  for (guint i = 0; i < entry->members->len; i++)
    {
      QwEntryCheck c;

      qw_entry_check (ruleset, g_ptr_array_index (entry->members, i), options, &c);
      out->problems |= c.problems & MEMBER_PROBLEMS;
      if (i < 2)
        members[i] = c;
      out->sex = i == 0 || out->sex == c.sex ? c.sex : QW_SEX_UNKNOWN;
    }
  out->birth = QW_DATE_NONE;
}

/**
 * qw_entry_check:
 * @options: the event's first day (for ages) and what to require
 * @out: (out): the derived group and every problem of the entry
 *
 * Checks one entry on its own; duplicates and the number of pairs in a pair
 * event need the whole list (qw_entry_check_all).
 */
void
qw_entry_check (const QwRuleset      *ruleset,
                const QwEntry        *entry,
                const QwCheckOptions *options,
                QwEntryCheck         *out)
{
  QwEntryCheck members[2];
  g_autofree char *group = NULL;
  const QwPairRule *pair_rule;
  gboolean pair = qw_entry_is_pair (entry);

  memset (out, 0, sizeof *out);
  memset (members, 0, sizeof members);
  out->age = -1;
  if (pair)
    check_members (ruleset, entry, options, members, out);
  else
    {
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
    }
  check_declared_group (ruleset, entry, out);
  if (entry->status == QW_STATUS_LATE)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY);

  group = qw_entry_playing_group (ruleset, entry, out);
  pair_rule = qw_ruleset_pair_rule (ruleset, group);
  if (pair && pair_rule != NULL)
    check_pair_rule (pair_rule, entry, members, out);
  else if (pair && *group != '\0')
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_WRONG_EVENT);
  else if (!pair && pair_rule != NULL)
    out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIR_INCOMPLETE);
  if (!pair && qw_final_rules_is_junior_field (ruleset->final, group))
    check_junior (ruleset, entry, out);
  check_entry_window (ruleset, entry, group, pair_rule, out);
}

static gboolean
is_han (gunichar c)
{
  return g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
}

static gboolean
is_name_separator (gunichar c)
{
  return c == 0x00B7 || c == 0x2022 || c == 0x30FB || c == 0x2027 || c == 0xFF65 || c == 0x22C5
         || c == 0x2219 || c == 0xFF0E || c == '.';
}

/* A Chinese name as a list types it: "欧阳 娜娜", "司马　光" (a space the
 * typist put between the characters) and "买买提•艾力", "阿依古丽 . 吐尔逊"
 * (the separator of a name of a minority people typed as a bullet, a
 * katakana dot or a full stop). The ID card and the Ministry of Public
 * Security's rules write them "欧阳娜娜", "买买提·艾力": no space between two
 * Chinese characters, and U+00B7 as the separator. A name in letters (a
 * passport's "John Smith") keeps its spaces. Returns NULL when nothing
 * changes. */
static char *
tidy_name (const char *name)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = name;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      /* After a Chinese character: a run of spaces and at most one
       * separator, then a Chinese character. */
      if (out->len > 0 && is_han (g_utf8_get_char (g_utf8_find_prev_char (out->str, out->str + out->len)))
          && (g_unichar_isspace (c) || is_name_separator (c)))
        {
          const char *q = p;
          gboolean separator = FALSE, ok = TRUE;

          while (*q != '\0' && ok)
            {
              gunichar d = g_utf8_get_char (q);

              if (g_unichar_isspace (d))
                q = g_utf8_next_char (q);
              else if (is_name_separator (d) && !separator)
                {
                  separator = TRUE;
                  q = g_utf8_next_char (q);
                }
              else
                ok = FALSE;
            }
          if (*q != '\0' && is_han (g_utf8_get_char (q)))
            {
              if (separator)
                g_string_append_unichar (out, 0x00B7);
              p = q;
              continue;
            }
        }
      g_string_append_len (out, p, next - p);
      p = next;
    }
  if (strcmp (out->str, name) == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
qw_entry_fill_from_id (QwEntry *entry)
{
  QwIdInfo info;
  gboolean changed = FALSE;

  if (qw_entry_is_pair (entry))
    {
      g_autoptr(QwEntry) before = qw_entry_copy (entry);

      for (guint i = 0; i < entry->members->len; i++)
        qw_entry_fill_from_id (g_ptr_array_index (entry->members, i));
      qw_entry_pair_sync (entry);
      return !qw_entry_equal (before, entry);
    }
  if (entry->name != NULL)
    {
      char *tidy = tidy_name (entry->name);

      if (tidy != NULL)
        {
          g_free (entry->name);
          entry->name = tidy;
          changed = TRUE;
        }
    }
  /* An input method's full-width forms (３２０５…１Ｘ) are the ASCII ones
   * (NFKC), for every face and every document kind. */
  if (entry->id_number != NULL)
    {
      g_autofree char *folded = g_utf8_normalize (entry->id_number, -1, G_NORMALIZE_ALL_COMPOSE);

      if (folded != NULL && strcmp (folded, entry->id_number) != 0)
        {
          g_free (entry->id_number);
          entry->id_number = g_strstrip (g_steal_pointer (&folded));
          changed = TRUE;
        }
    }
  if (entry->doc_kind != QW_DOC_RESIDENT_ID || is_blank (entry->id_number))
    return changed;
  qw_idcard_parse (entry->id_number, &info);
  if (!info.valid)
    return changed;
  /* GB 11643's check character is a capital X: a typed x is stored as X,
   * so that the results file and every comparison carry one form. */
  if (strlen (entry->id_number) == 18 && entry->id_number[17] == 'x')
    {
      entry->id_number[17] = 'X';
      changed = TRUE;
    }
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

/* Marks @out duplicate-id when @key (a player's or a member's identity key,
 * taken; NULL for none) was seen in @scope. */
static void
check_duplicate (GHashTable    *seen,
                 const char    *scope,
                 char          *key,
                 QwEntryCheck  *out)
{
  g_autofree char *owned = key;
  char *scoped;

  if (key == NULL)
    return;
  scoped = g_strconcat (scope, "\x1f", key, NULL);
  if (g_hash_table_contains (seen, scoped))
    {
      out->problems |= QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID);
      g_free (scoped);
    }
  else
    g_hash_table_add (seen, scoped);
}

/* The problems of @ruleset's <pairing-gate> (without the pair events' own
 * counts, which this count decides). */
static guint
gate_mask (const QwRuleset *ruleset)
{
  guint mask = 0;

  for (guint i = 0; ruleset->pairing_blocks != NULL && ruleset->pairing_blocks[i] != NULL; i++)
    {
      int p = qw_problem_from_code (ruleset->pairing_blocks[i]);

      if (p >= 0)
        mask |= QW_PROBLEM_BIT (p);
    }
  return mask & ~(QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW) | QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_MANY));
}

/* Whether the pair would be paired: not excluded, and nothing of the gate
 * keeps it out (or the arbiter let it play with it). */
static gboolean
pair_is_eligible (const QwEntry      *e,
                  const QwEntryCheck *check,
                  guint               mask)
{
  if (e->status == QW_STATUS_EXCLUDED)
    return FALSE;
  return (check->problems & mask & ~qw_problems_parse (e->allowed)) == 0;
}

/* The pair events' sizes. Seed 000 §十一(五)2–3 "8对开赛": with fewer
 * ELIGIBLE pairs than the event opens with (the pairs the gate would pair:
 * a pair blocked by another problem, and an excluded one, do not count),
 * every entry is pairs-too-few, which the gate refuses even when asked to
 * exclude the blocked pairs (qw-pairing.c). The entries after the last
 * place (in the list's order, 序号) are pairs-too-many. A withdrawn entry
 * counts (it entered). */
static void
check_pair_counts (const QwRuleset *ruleset,
                   GPtrArray       *entries,
                   GStrv            groups,
                   QwEntryCheck    *out)
{
  guint mask = gate_mask (ruleset);

  for (guint r = 0; ruleset->pair_rules != NULL && r < ruleset->pair_rules->len; r++)
    {
      const QwPairRule *rule = g_ptr_array_index (ruleset->pair_rules, r);
      int n = 0, eligible = 0;

      for (guint i = 0; i < entries->len; i++)
        {
          const QwEntry *e = g_ptr_array_index (entries, i);

          if (!g_str_equal (groups[i], rule->field) || e->status == QW_STATUS_EXCLUDED)
            continue;
          if (rule->max_pairs > 0 && n >= rule->max_pairs)
            out[i].problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_MANY);
          n++;
          eligible += pair_is_eligible (e, &out[i], mask) ? 1 : 0;
        }
      if (n == 0 || eligible >= rule->min_pairs)
        continue;
      for (guint i = 0; i < entries->len; i++)
        if (g_str_equal (groups[i], rule->field)
            && ((QwEntry *) g_ptr_array_index (entries, i))->status != QW_STATUS_EXCLUDED)
          out[i].problems |= QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW);
    }
}

/**
 * qw_entry_check_all:
 * @entries: (element-type QwEntry): the rows, in order
 * @out: (array): one result per entry
 *
 * Checks every entry, and marks as duplicate-id each entry whose number
 * (or a member's) already appeared on an earlier one: in the whole list,
 * or within its group when the ruleset lets one person enter several
 * groups (QwRuleset.duplicates_per_group). Counts the pairs of each pair
 * event.
 */
void
qw_entry_check_all (const QwRuleset      *ruleset,
                    GPtrArray            *entries,
                    const QwCheckOptions *options,
                    QwEntryCheck         *out)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) groups = NULL;

  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *group = NULL;
      const char *scope;

      qw_entry_check (ruleset, entry, options, &out[i]);
      group = qw_entry_playing_group (ruleset, entry, &out[i]);
      scope = ruleset->duplicates_per_group ? group : "";
      /* A player's number was parsed by the check (out[i].id): it is not
       * parsed again. */
      if (!qw_entry_is_pair (entry))
        check_duplicate (seen, scope,
                         qw_person_identity_key (entry->doc_kind, entry->id_number, &out[i].id,
                                                 (out[i].problems & QW_PROBLEM_BIT (QW_PROBLEM_ID_EXCEL_NUMBER))
                                                 != 0),
                         &out[i]);
      for (guint m = 0; qw_entry_is_pair (entry) && m < entry->members->len; m++)
        check_duplicate (seen, scope, qw_entry_identity_key (g_ptr_array_index (entry->members, m)), &out[i]);
      g_strv_builder_add (builder, group);
    }
  groups = g_strv_builder_end (builder);
  check_pair_counts (ruleset, entries, groups, out);
}

/**
 * qw_entry_placement:
 *
 * The group an entry plays in: a declared display group (行业组) or local
 * group (新人组, kept as typed) is the player's choice; otherwise the formal
 * group of the birth date and sex; without a usable birth date, the formal
 * group the entry declared (少年组 with 男: 少年组男子), so that the entry
 * stands in that group's list and its gate, where the missing date is
 * shown, rather than in no group at all, which no pairing ever mentions.
 * Empty when none can be derived yet.
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
  if (check->group == NULL && check->declared != NULL)
    return g_strdup (check->declared->code);
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

/* QwEntryCheck.problems holds one bit per problem. */
G_STATIC_ASSERT (QW_N_PROBLEMS <= 32);

static const char *const problem_codes[QW_N_PROBLEMS] = {
  "id-format", "id-region", "id-date", "id-checksum", QW_EXCEL_ID_PROBLEM, "id-old-form", "id-birth-mismatch",
  "id-sex-mismatch", "missing-name", "missing-birth", "bad-birth-date", "missing-sex",
  "missing-document", "document-not-accepted", "too-strong", "needs-escort", "duplicate-id",
  "group-mismatch", "late-entry", "pair-incomplete", "pair-wrong-event", "pair-make-up", "pair-relation",
  "pair-age", "pair-online", "pairs-too-few", "pairs-too-many", "junior-too-old", "no-certificate",
  "form-not-stamped", "outside-entry-window", "qualification-cancelled",
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
    case QW_PROBLEM_PAIR_INCOMPLETE:
      return _("A pair event takes pairs: give both members");
    case QW_PROBLEM_PAIR_WRONG_EVENT:
      return _("Two members entered in an event for one player");
    case QW_PROBLEM_PAIR_MAKE_UP:
      return _("The members’ sexes do not fit the event (two men, two women, or one of each)");
    case QW_PROBLEM_PAIR_RELATION:
      return _("No relationship the event accepts is declared (direct relatives)");
    case QW_PROBLEM_PAIR_AGE:
      return _("A member’s age does not fit the event");
    case QW_PROBLEM_PAIR_ONLINE:
      return _("Too few members played online (no platform account given)");
    case QW_PROBLEM_PAIRS_TOO_FEW:
      return _("The pair event has fewer eligible pairs than it needs to open");
    case QW_PROBLEM_PAIRS_TOO_MANY:
      return _("Entered after the pair event was full");
    case QW_PROBLEM_JUNIOR_TOO_OLD:
      return _("Born too early for the junior event");
    case QW_PROBLEM_NO_CERTIFICATE:
      return _("No grade certificate (等级) given; the junior event requires one");
    case QW_PROBLEM_FORM_NOT_STAMPED:
      return _("The entry form stamped by the unit (报名表经单位盖章) has not been received");
    case QW_PROBLEM_OUTSIDE_ENTRY_WINDOW:
      return _("Entered (报名日期) outside the event’s entry period");
    case QW_PROBLEM_QUALIFICATION_CANCELLED:
      return _("The player’s qualification for the final was cancelled (reported during the public list, or "
               "cheating found): the player may not play");
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
    N_("Group differs"), N_("Late entry"), N_("Not a pair"), N_("Pair in single event"), N_("Pair make-up"),
    N_("Relationship"), N_("Pair age"), N_("Not online"), N_("Too few pairs"), N_("Event full"),
    N_("Too old"), N_("No certificate"), N_("Form not stamped"), N_("Outside entry period"),
    N_("Qualification cancelled"),
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
