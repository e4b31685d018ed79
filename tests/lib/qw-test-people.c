/* qw-test-people.c: the people the tests register, and their ID numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-date.h"
#include "qw-demo.h"
#include "qw-idcard.h"
#include "qw-test-people.h"

char *
qw_test_id_number (const char *area,
                   const char *birth,
                   const char *seq)
{
  char id[19];

  g_snprintf (id, sizeof id, "%s%s%s", area, birth, seq);
  id[17] = qw_idcard_check_digit (id);
  id[18] = '\0';
  return g_strdup (id);
}

char *
qw_test_person_id_number (const char *province,
                          const char *birth,
                          QwSex       sex)
{
  static int serial = 100;
  char first17[18];
  int seq = (serial++ % 500) * 2 + (sex == QW_SEX_FEMALE ? 0 : 1);

  g_snprintf (first17, sizeof first17, "%s0102%.4s%.2s%.2s%03d", province, birth, birth + 5, birth + 8, seq % 1000);
  return g_strdup_printf ("%s%c", first17, qw_idcard_check_digit (first17));
}

QwEntry *
qw_test_new_player (GRand              *rand,
                    int                 i,
                    const char         *group,
                    const char * const *units)
{
  QwEntry *e = qw_entry_new ();
  QwDate birth = qw_date_make (1980 + i % 20, 1 + i % 12, 1 + i % 28);

  e->name = qw_demo_make_name (rand, QW_SEX_MALE);
  e->sex = QW_SEX_MALE;
  e->birth = qw_date_to_iso_dup (birth);
  e->id_number = qw_demo_make_id_number (rand, "441323", birth, QW_SEX_MALE);
  e->unit = units != NULL ? g_strdup (units[i % g_strv_length ((char **) units)])
                          : g_strdup_printf ("第%d象棋队", i + 1);
  e->group_code = g_strdup (group);
  e->rating = 2400 - 10 * i;
  return e;
}
