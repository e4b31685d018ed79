/* qw-test-people.h: the people the tests register, and their ID numbers
 *
 * The numbers pass GB 11643-1999's check digit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-entry.h"

G_BEGIN_DECLS

/* @area (six digits, "441323"), @birth (eight, "19900101") and @seq (three,
 * "011"), with the check digit. */
char       *qw_test_id_number         (const char *area,
                                       const char *birth,
                                       const char *seq);
/* A number of @province ("33") for someone born on @birth ("1990-01-01") of
 * @sex: the sequence digits differ from one call to the next (in a cycle of
 * 500), their last one odd for men, even for women. */
char       *qw_test_person_id_number  (const char *province,
                                       const char *birth,
                                       QwSex       sex);

/* The @i-th man of a generated field, in @group: his name and ID number
 * drawn from @rand, born from 1980 on, rated 2400 − 10 i, of the @units in
 * turn (NULL-terminated; by default 第N象棋队). */
QwEntry    *qw_test_new_player        (GRand              *rand,
                                       int                 i,
                                       const char         *group,
                                       const char * const *units);

G_END_DECLS
