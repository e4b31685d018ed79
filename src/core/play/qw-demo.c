/* qw-demo.c: the demo document, a realistic preliminary
 *
 * 白花镇 in 惠东县, 惠州市 (the seed's own example), about 80 players across the
 * formal groups, generated from a fixed seed so the demo is always the same.
 * A few entries carry the problems a registration desk meets: a wrong check
 * digit, a typed birth date that disagrees with the card, a player of 70 or
 * more, a declared group that does not fit, a master who may not enter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-demo"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-idcard.h"
#include "qw-message.h"
#include "qw-play.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"

static const char *surnames[] = {
  "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡",
  "郭", "何", "林", "罗", "高", "梁", "郑", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹",
  "彭", "曾", "肖", "田", "董", "潘", "袁", "蔡", "蒋", "余", "叶", "杜", "钟", "卢", "温",
};
static const char *male_given[] = {
  "伟", "强", "磊", "军", "勇", "杰", "涛", "斌", "超", "明", "刚", "平", "辉", "鹏", "华",
  "建国", "志强", "国庆", "海涛", "晓东", "子轩", "浩然", "宇航", "俊杰", "家豪", "文博",
  "振华", "德明", "永康", "卫东", "伟雄", "锦成", "少波", "嘉俊", "梓豪",
};
static const char *female_given[] = {
  "芳", "娜", "敏", "静", "丽", "艳", "娟", "霞", "婷", "雪", "玲", "慧", "洁", "琳", "颖",
  "秀英", "桂兰", "玉梅", "丽华", "晓红", "欣怡", "梓涵", "诗琪", "雨桐", "佳怡",
};
static const char *units[] = {
  "白花镇象棋协会", "惠东县象棋协会", "惠东县少年宫", "白花镇中心小学", "惠东县实验学校",
  "惠东中学", "惠州市棋院", "稔山镇文化站", "平山街道棋友会", "惠东县老年人协会",
  "大岭街道文体中心", "白花镇第二中学", "多祝镇象棋队", "吉隆镇棋社",
};
static const char *grades[] = {
  "", "", "", "", "三级棋士", "二级棋士", "一级棋士", "一级棋士", "棋协大师", "地方大师",
};

typedef struct
{
  const char *code;
  QwSex       sex;
  int         year_from;
  int         year_to;
  guint       share;     /* out of 80 */
} DemoGroup;

static const DemoGroup demo_groups[] = {
  { "open-m",   QW_SEX_MALE,   1961, 2004, 30 },
  { "open-f",   QW_SEX_FEMALE, 1961, 2004, 8 },
  { "senior-m", QW_SEX_MALE,   1952, 1960, 12 },
  { "senior-f", QW_SEX_FEMALE, 1953, 1960, 3 },
  { "junior-m", QW_SEX_MALE,   2005, 2009, 12 },
  { "junior-f", QW_SEX_FEMALE, 2005, 2009, 4 },
  { "child-m",  QW_SEX_MALE,   2010, 2014, 8 },
  { "child-f",  QW_SEX_FEMALE, 2010, 2014, 3 },
};

static const char *
pick (GRand       *rand,
      const char **list,
      guint        n)
{
  return list[g_rand_int_range (rand, 0, (gint32) n)];
}

char *
qw_demo_make_name (GRand *rand,
                   QwSex  sex)
{
  const char *given = sex == QW_SEX_FEMALE ? pick (rand, female_given, G_N_ELEMENTS (female_given))
                                            : pick (rand, male_given, G_N_ELEMENTS (male_given));

  return g_strconcat (pick (rand, surnames, G_N_ELEMENTS (surnames)), given, NULL);
}

/* A well-formed number: area code, birth date, a sequence whose last digit
 * carries the sex, and the check digit. */
char *
qw_demo_make_id_number (GRand      *rand,
                        const char *area,
                        QwDate      birth,
                        QwSex       sex)
{
  char id[19];
  int seq = g_rand_int_range (rand, 0, 500) * 2 + (sex == QW_SEX_MALE ? 1 : 0);

  g_snprintf (id, sizeof id, "%.6s%04d%02d%02d%03d", area, birth.year, birth.month, birth.day, seq);
  id[17] = qw_idcard_check_digit (id);
  id[18] = '\0';
  return g_strdup (id);
}

static QwDate
random_birth (GRand *rand,
              int    year_from,
              int    year_to)
{
  int year = g_rand_int_range (rand, year_from, year_to + 1);
  int month = g_rand_int_range (rand, 1, 13);
  int day = g_rand_int_range (rand, 1, g_date_get_days_in_month ((GDateMonth) month, (GDateYear) year) + 1);

  return qw_date_make (year, month, day);
}

static QwEntry *
make_entry (GRand           *rand,
            const DemoGroup *group)
{
  static const char *areas[] = { "441323", "441323", "441323", "441302", "441303", "441322" };
  QwEntry *e = qw_entry_new ();
  QwDate birth = random_birth (rand, group->year_from, group->year_to);

  e->name = qw_demo_make_name (rand, group->sex);
  e->sex = group->sex;
  e->birth = qw_date_to_iso_dup (birth);
  e->id_number = qw_demo_make_id_number (rand, pick (rand, areas, G_N_ELEMENTS (areas)), birth, group->sex);
  e->unit = g_strdup (pick (rand, units, G_N_ELEMENTS (units)));
  e->grade = g_strdup (birth.year >= 2010 ? "" : pick (rand, grades, G_N_ELEMENTS (grades)));
  e->phone = g_strdup_printf ("13%d%08d", g_rand_int_range (rand, 0, 10), g_rand_int_range (rand, 0, 100000000));
  e->group_code = g_strdup (group->code);
  e->rating = g_rand_int_range (rand, 1200, 2200);
  return e;
}

/* Gives a few entries the problems the desk should catch. */
static void
plant_problems (GPtrArray *entries)
{
  QwEntry *e;

  /* A wrong check digit, as when a digit is mistyped. */
  e = g_ptr_array_index (entries, 3);
  e->id_number[17] = e->id_number[17] == '0' ? '1' : '0';
  if (qw_idcard_is_valid (e->id_number))
    e->id_number[17] = e->id_number[17] == '2' ? '3' : '2';

  /* A typed birth date one month off the card's. */
  e = g_ptr_array_index (entries, 11);
  g_free (e->birth);
  e->birth = g_strdup_printf ("%.4s-%s-%.2s", e->id_number + 6,
                              e->id_number[10] == '1' ? "03" : "11", e->id_number + 12);

  /* A national master, who may not enter. */
  e = g_ptr_array_index (entries, 20);
  g_free (e->grade);
  e->grade = g_strdup ("国家大师");

  /* A 2004-born player who declares the junior group. */
  e = g_ptr_array_index (entries, 25);
  g_free (e->declared_group);
  e->declared_group = g_strdup ("少年组");
}

static void
make_senior_over_70 (QwEntry *e,
                     GRand   *rand)
{
  QwDate birth = qw_date_make (1949, 6, 18);

  g_free (e->birth);
  g_free (e->id_number);
  e->birth = qw_date_to_iso_dup (birth);
  e->id_number = qw_demo_make_id_number (rand, "441323", birth, e->sex);
}

/**
 * qw_demo_make_entries:
 *
 * The demo's registrations, the same for the same seed: @count players spread
 * over the formal groups in the demo's proportions.
 */
GPtrArray *
qw_demo_make_entries (guint32 seed,
                      guint   count,
                      QwDate  event_date)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (guint g = 0; g < G_N_ELEMENTS (demo_groups); g++)
    {
      guint n = MAX (1, demo_groups[g].share * count / 80);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (entries, make_entry (rand, &demo_groups[g]));
    }
  /* Registration order is not group order: shuffle as a desk receives them. */
  for (guint i = entries->len - 1; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      gpointer tmp = entries->pdata[i];

      entries->pdata[i] = entries->pdata[j];
      entries->pdata[j] = tmp;
    }
  if (entries->len > 30)
    {
      plant_problems (entries);
      for (guint i = 0; i < entries->len; i++)
        {
          QwEntry *e = g_ptr_array_index (entries, i);

          if (g_str_equal (e->group_code, "senior-m"))
            {
              make_senior_over_70 (e, rand);
              break;
            }
        }
    }
  (void) event_date;
  return entries;
}

static QwEvent *
demo_event (void)
{
  QwEvent *event = qw_event_new ();

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县白花镇预选赛");
  event->level = QW_LEVEL_PRELIMINARY;
  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->place_town = g_strdup ("白花镇");
  event->host = g_strdup ("白花镇象棋协会");
  event->host_level = QW_HOST_TOWNSHIP;
  event->prefecture = g_strdup ("惠州市");
  event->start_date = qw_date_make (2021, 7, 3);
  event->end_date = qw_date_make (2021, 7, 4);
  event->venue = g_strdup ("白花镇文化活动中心");
  event->organiser = g_strdup ("惠东县象棋协会");
  event->chief_arbiter = g_strdup ("陈国华");
  event->chief_arbiter_grade = g_strdup ("一级");
  event->rounds = 7;
  event->minutes = 30;
  event->increment = 10;
  return event;
}

/* A result as a strong field plays it: Elo's expectation decides, with
 * draws and the odd foul. */
static void
demo_result (GRand         *rand,
             const QwEntry *red,
             const QwEntry *black,
             QwResultInput *input)
{
  double u = g_rand_double (rand);
  double expect = 1.0 / (1.0 + pow (10.0, (black->rating - red->rating) / 400.0));

  input->result = u < 0.25 ? QW_RESULT_DRAW
                : g_rand_double (rand) < expect ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
  input->red_fouls = g_rand_int_range (rand, 0, 20) == 0 ? 1 : 0;
  input->black_fouls = g_rand_int_range (rand, 0, 20) == 0 ? 1 : 0;
  input->playoff = QW_PLAYOFF_NONE;
  input->armageddon = FALSE;
}

static const QwEntry *
find_entry (GPtrArray *entries,
            gint64     id)
{
  for (guint i = 0; i < entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (entries, i))->id == id)
      return g_ptr_array_index (entries, i);
  return NULL;
}

/* @section: replaced by the section as stored after the pairing */
static gboolean
demo_play_round (QwDocument  *doc,
                 QwSection  **section,
                 GPtrArray   *entries,
                 GRand       *rand,
                 gboolean     results,
                 GError     **error)
{
  /* The demo's arbiter let the national master planted in open-m play
   * (the round log says so); a real one would exclude him. */
  const QwPairRequest request = { QW_PAIR_GATE_FORCE, NULL };
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *section, &request, &outcome, error);

  if (round == 0)
    return FALSE;
  qw_section_free (*section);
  *section = g_steal_pointer (&outcome.section);
  for (guint i = 0; results && i < outcome.games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (outcome.games, i);
      QwResultInput input;

      if (g->black == 0)
        continue;
      demo_result (rand, find_entry (entries, g->red), find_entry (entries, g->black), &input);
      /* One player does not turn up in round 2. */
      if (round == 2 && g->board == 5)
        input = (QwResultInput) { QW_RESULT_RED_BY_FORFEIT, 0, 0, QW_PLAYOFF_NONE, FALSE };
      if (!qw_tournament_record_result (doc, *section, round, g->board, &input, error))
        return FALSE;
    }
  return TRUE;
}

/* Every formal group with players gets its section; open-m has played
 * three rounds and has round 4 paired, waiting for results. */
static gboolean
demo_play (QwDocument  *doc,
           QwEvent     *event,
           GPtrArray   *entries,
           GError     **error)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20210704);
  g_autoptr(QwSection) open_m = NULL;

  for (guint g = 0; g < G_N_ELEMENTS (demo_groups); g++)
    {
      QwSection *section = qw_tournament_ensure_section (doc, event, demo_groups[g].code, error);

      if (section == NULL)
        return FALSE;
      if (g_str_equal (section->code, "open-m"))
        open_m = section;
      else
        qw_section_free (section);
    }
  /* A fixed lottery seed, so the demo is the same every time. */
  open_m->settings.lottery_seed = 20210703;
  if (!qw_document_update_section (doc, open_m, error))
    return FALSE;
  for (int round = 1; round <= 4; round++)
    if (!demo_play_round (doc, &open_m, entries, rand, round <= 3, error))
      return FALSE;
  return TRUE;
}

/**
 * qw_demo_create:
 * @path: where to write the demo (replaced if it exists)
 */
typedef struct
{
  QwEvent   *event;
  GPtrArray *entries;
} DemoJob;

static gboolean
demo_step (QwDocument  *doc,
           gpointer     data,
           GError     **error)
{
  DemoJob *job = data;

  return qw_document_add_event (doc, job->event, error)
         && qw_document_add_entries (doc, job->event->id, job->entries, error)
         && demo_play (doc, job->event, job->entries, error);
}

QwDocument *
qw_demo_create (const char  *path,
                GError     **error)
{
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, error);
  g_autoptr(QwEvent) event = demo_event ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *label = qw_message (N_("Writing the demo document"), NULL);
  DemoJob job;

  if (doc == NULL)
    return NULL;
  entries = qw_demo_make_entries (20210703, 80, event->start_date);
  job = (DemoJob) { event, entries };
  /* One step, named for what it is: unnamed, the first pairing inside named
   * it, and the log said "Pairing of round 1" for rounds 2–4 (issue 19). */
  if (!qw_document_run_step (doc, label, demo_step, &job, error))
    return NULL;
  return g_steal_pointer (&doc);
}
