/* test-venue.c: the venue's core, both ways (issue 20)
 *
 * Devices and their rights, the join token kept as a hash and usable once,
 * revocation seen at once by another connection, results from devices with
 * every status of the contract (a stale board after a re-pairing, a double
 * entry from two devices, the same result again), who entered a result,
 * check-in and the pairing of the players present, and the window hearing
 * a device's result through the store's one notification.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include <glib/gstdio.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-test.h"
#include "qw-test-play.h"
#include "qw-test-people.h"
#include "qw-tournament.h"
#include "qw-venue.h"

typedef struct
{
  char       *dir;
  char       *path;
  QwDocument *doc;        /* the window's connection */
  QwEvent    *event;
  QwSection  *section;
  GPtrArray  *topics;     /* what the window's connection heard */
} Fixture;

static void
changed_cb (QwDocument *doc,
            const char *what,
            Fixture    *f)
{
  g_ptr_array_add (f->topics, g_strdup (what));
}

static guint
heard (Fixture    *f,
       const char *topic)
{
  guint n = 0;

  for (guint i = 0; i < f->topics->len; i++)
    n += g_str_equal (g_ptr_array_index (f->topics, i), topic);
  return n;
}

static const char *const units[] = { "单位0", "单位1", "单位2", "单位3", NULL };

/* A stop with 12 players in open-m, not paired; its steps kept as the window's. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  f->dir = qw_test_make_tmp_dir ("qiwang-venue-XXXXXX");
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
  f->doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  f->event = qw_event_new ();
  f->event->name = g_strdup ("2021年白花（镇）预选赛");
  f->event->region = g_strdup ("广东");
  f->event->start_date = qw_date_make (2021, 7, 3);
  f->event->rounds = 5;
  g_assert_true (qw_document_add_event (f->doc, f->event, &error));
  for (int i = 0; i < 12; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, i, "open-m", units));
  g_assert_true (qw_document_add_entries (f->doc, f->event->id, entries, &error));
  f->section = qw_tournament_find_section (f->doc, "open-m", TRUE, &error);
  g_assert_no_error (error);
  qw_document_enable_history (f->doc);
  f->topics = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->doc, "changed", G_CALLBACK (changed_cb), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_pointer (&f->topics, g_ptr_array_unref);
  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->event, qw_event_free);
  g_clear_object (&f->doc);
  qw_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static QwDevice *
add_device (QwDocument         *doc,
            const char         *name,
            QwDeviceRole        role,
            const char * const *groups,
            int                 from,
            int                 to,
            char              **token)
{
  g_autoptr(GError) error = NULL;
  QwDevice *device = qw_venue_add_device (doc, name, role, groups, from, to, token, &error);

  g_assert_no_error (error);
  g_assert_nonnull (device);
  return device;
}

/* A server's connection: another one on the same file. */
static QwDocument *
open_other (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  QwDocument *other = qw_document_open (f->path, &error);

  g_assert_no_error (error);
  return other;
}

static QwVenueStatus
enter_shown (QwDocument     *doc,
             const QwDevice *device,
             int             round,
             int             board,
             const char     *result,
             const QwGame   *shown,
             const char    **outcome)
{
  QwVenueResultRequest request = { "open-m", round, board, result, -1, -1, shown->id, shown->red, shown->black };
  g_autoptr(GError) error = NULL;
  QwVenueStatus status = qw_venue_device_result (doc, device, &request, "192.0.2.7", NULL, outcome, &error);

  g_assert_true ((status == QW_VENUE_OK) == (error == NULL));
  return status;
}

static QwVenueStatus
enter (QwDocument     *doc,
       const QwDevice *device,
       int             round,
       int             board,
       const char     *result,
       gint64          game_id,
       const char    **outcome)
{
  QwVenueResultRequest request = { "open-m", round, board, result, -1, -1, game_id, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  QwVenueStatus status = qw_venue_device_result (doc, device, &request, "192.0.2.7", &game, outcome, &error);

  g_assert_true ((status == QW_VENUE_OK) == (error == NULL));
  return status;
}

static gboolean
file_contains (const char *path,
               const char *text)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return memmem (contents, length, text, strlen (text)) != NULL;
}

/* The token is shown once and kept only as its hash; it starts one session. */
static void
test_join_once (Fixture       *f,
                gconstpointer  data)
{
  const char *groups[] = { "open-m", NULL };
  g_autofree char *token = NULL, *session = NULL, *again = NULL, *hash = NULL, *wal = NULL;
  g_autoptr(QwDevice) device = NULL, joined = NULL, by_session = NULL, by_bearer = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (qw_venue_has_devices (f->doc));
  device = add_device (f->doc, "裁判1", QW_DEVICE_ARBITER, groups, 1, 5, &token);
  g_assert_true (qw_venue_has_devices (f->doc));
  g_assert_cmpuint (strlen (token), >=, 22);    /* ≥ 128 bits in base64 */
  g_assert_false (device->joined);

  /* Only the hash is in the document (its file and its WAL). */
  hash = qw_venue_hash_token (token);
  wal = g_strconcat (f->path, "-wal", NULL);
  g_assert_false (file_contains (f->path, token) || file_contains (wal, token));
  g_assert_true (file_contains (f->path, hash) || file_contains (wal, hash));

  g_assert_cmpint (qw_venue_join (f->doc, "not-a-token", "192.0.2.7", NULL, NULL, &error), ==, QW_VENUE_FORBIDDEN);
  g_clear_error (&error);
  g_assert_cmpint (qw_venue_join (f->doc, token, "192.0.2.7", &joined, &session, &error), ==, QW_VENUE_OK);
  g_assert_no_error (error);
  g_assert_cmpint (joined->id, ==, device->id);
  g_assert_cmpint (qw_venue_join (f->doc, token, "192.0.2.8", NULL, &again, &error), ==, QW_VENUE_FORBIDDEN);
  g_assert_null (again);
  g_clear_error (&error);

  by_session = qw_venue_authenticate (f->doc, session, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (by_session->id, ==, device->id);
  g_assert_nonnull (by_session->last_seen == NULL ? "contact noted after the read" : by_session->last_seen);
  /* A script's Bearer token works as long as the device is not revoked. */
  by_bearer = qw_venue_authenticate (f->doc, NULL, token, &error);
  g_assert_no_error (error);
  g_assert_cmpint (by_bearer->id, ==, device->id);
  g_assert_null (qw_venue_authenticate (f->doc, "forged", NULL, NULL));
  g_assert_null (qw_venue_authenticate (f->doc, NULL, NULL, NULL));
}

/* Revoking in one connection ends the session and the token another
 * connection (a server's) holds, at its next request. */
static void
test_revoke_at_once (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *token = NULL, *session = NULL;
  g_autoptr(QwDevice) device = add_device (f->doc, "裁判2", QW_DEVICE_ARBITER, NULL, 0, 0, &token);
  g_autoptr(QwDocument) server = open_other (f);
  g_autoptr(QwDevice) before = NULL, after = NULL, after_bearer = NULL;
  g_autoptr(GPtrArray) devices = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (qw_venue_join (server, token, "192.0.2.7", NULL, &session, &error), ==, QW_VENUE_OK);
  before = qw_venue_authenticate (server, session, NULL, &error);
  g_assert_nonnull (before);
  g_assert_true (qw_venue_revoke_device (f->doc, device->id, &error));
  g_assert_no_error (error);
  after = qw_venue_authenticate (server, session, NULL, NULL);
  after_bearer = qw_venue_authenticate (server, NULL, token, NULL);
  g_assert_null (after);
  g_assert_null (after_bearer);
  devices = qw_venue_list_devices (f->doc, &error);
  g_assert_true (((QwDevice *) g_ptr_array_index (devices, 0))->revoked);
  g_assert_false (qw_venue_has_devices (f->doc));
  g_assert_false (qw_venue_revoke_device (f->doc, 99, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

static QwGame *
game_at (Fixture *f,
         int      round,
         int      board)
{
  g_autoptr(GError) error = NULL;
  QwGame *game = qw_document_get_game (f->doc, f->section->id, round, board, &error);

  g_assert_no_error (error);
  return game;
}

/* Every status of POST /api/result, decided in the core. */
static void
test_result_statuses (Fixture       *f,
                      gconstpointer  data)
{
  const char *groups[] = { "open-m", NULL };
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL;
  g_autoptr(QwDevice) arbiter = add_device (f->doc, "裁判<b>甲</b>", QW_DEVICE_ARBITER, groups, 1, 3, &t1);
  g_autoptr(QwDevice) other = add_device (f->doc, "裁判乙", QW_DEVICE_ARBITER, NULL, 0, 0, &t2);
  g_autoptr(QwDevice) door = add_device (f->doc, "门口", QW_DEVICE_CHECKIN, NULL, 0, 0, &t3);
  g_autoptr(QwDocument) server = open_other (f);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  g_autoptr(GHashTable) by = NULL;
  g_autoptr(GPtrArray) log = NULL;
  const char *outcome = NULL;

  /* Nothing paired yet: round 1 is not the current round. */
  g_assert_cmpint (enter (server, arbiter, 1, 1, "2:0", 0, &outcome), ==, QW_VENUE_CONFLICT);
  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  g_assert_no_error (error);

  g_assert_cmpint (enter (server, door, 1, 1, "2:0", 0, &outcome), ==, QW_VENUE_FORBIDDEN);
  g_assert_cmpstr (outcome, ==, "forbidden");
  g_assert_cmpint (enter (server, arbiter, 1, 4, "2:0", 0, &outcome), ==, QW_VENUE_FORBIDDEN);
  g_assert_cmpint (enter (server, arbiter, 1, 1, "3:0", 0, &outcome), ==, QW_VENUE_INVALID);
  g_assert_cmpint (enter (server, arbiter, 1, 1, "bye", 0, &outcome), ==, QW_VENUE_INVALID);
  g_assert_cmpint (enter (server, other, 1, 60, "2:0", 0, &outcome), ==, QW_VENUE_INVALID);
  g_assert_cmpint (enter (server, arbiter, 2, 1, "2:0", 0, &outcome), ==, QW_VENUE_CONFLICT);
  g_assert_cmpstr (outcome, ==, "not-current");

  g_assert_cmpint (enter (server, arbiter, 1, 1, "2:0", 0, &outcome), ==, QW_VENUE_OK);
  g_assert_cmpstr (outcome, ==, "recorded");
  /* The same result again: 200, nothing written; another: 409, kept. */
  g_assert_cmpint (enter (server, other, 1, 1, "2:0", 0, &outcome), ==, QW_VENUE_OK);
  g_assert_cmpstr (outcome, ==, "same");
  g_assert_cmpint (enter (server, other, 1, 1, "0:2", 0, &outcome), ==, QW_VENUE_CONFLICT);
  g_assert_cmpstr (outcome, ==, "conflict");
  game = game_at (f, 1, 1);
  g_assert_cmpint (game->result, ==, QW_RESULT_RED_WIN);
  by = qw_venue_entered_by (f->doc, f->section->id, &error);
  g_assert_cmpstr (g_hash_table_lookup (by, &game->id), ==, "device:裁判<b>甲</b>");

  /* Closed by the chief arbiter: 403, and open again. */
  g_assert_true (qw_venue_set_entry_closed (f->doc, "open-m", 1, TRUE, &error));
  g_assert_cmpint (enter (server, arbiter, 1, 2, "1:1", 0, &outcome), ==, QW_VENUE_FORBIDDEN);
  g_assert_cmpstr (outcome, ==, "closed");
  g_assert_true (qw_venue_set_entry_closed (f->doc, "open-m", 1, FALSE, &error));
  g_assert_cmpint (enter (server, arbiter, 1, 2, "1:1", 0, &outcome), ==, QW_VENUE_OK);

  /* Every write is in the log, with its device, address and outcome. */
  log = qw_venue_list_log (f->doc, &error);
  g_assert_cmpuint (log->len, ==, 12);
  g_assert_cmpstr (((QwDeviceLogLine *) g_ptr_array_index (log, log->len - 1))->outcome, ==, "recorded");
  g_assert_cmpstr (((QwDeviceLogLine *) g_ptr_array_index (log, log->len - 1))->address, ==, "192.0.2.7");
  g_assert_cmpstr (((QwDeviceLogLine *) g_ptr_array_index (log, log->len - 1))->device, ==, "裁判<b>甲</b>");
}

/* A phone that still shows the round before it was paired again never
 * records into the new round's board. */
static void
test_stale_board (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *token = NULL;
  g_autoptr(QwDevice) arbiter = add_device (f->doc, "裁判丙", QW_DEVICE_ARBITER, NULL, 0, 0, &token);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) shown = NULL, now = NULL;
  const char *outcome = NULL;

  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  shown = game_at (f, 1, 1);
  g_assert_true (qw_test_unpair_last (f->doc, &f->section, TRUE, &error));
  /* Paired again without board 1's red player: board 1 is another game
   * (perhaps with the same id, freed by the unpairing). */
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, shown->red, &error), ==, 1);
  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  now = game_at (f, 1, 1);
  g_assert_true (now->red != shown->red);
  g_assert_cmpint (enter_shown (f->doc, arbiter, 1, 1, "2:0", shown, &outcome), ==, QW_VENUE_CONFLICT);
  g_assert_cmpstr (outcome, ==, "stale");
  g_clear_pointer (&now, qw_game_free);
  now = game_at (f, 1, 1);
  g_assert_cmpint (now->result, ==, QW_RESULT_NONE);
  g_assert_cmpint (enter_shown (f->doc, arbiter, 1, 1, "2:0", now, &outcome), ==, QW_VENUE_OK);
}

/* Two devices entering one board from two connections: one result stands,
 * the other is refused (a different one) or answered as the same. */
static void
test_double_entry (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *t1 = NULL, *t2 = NULL;
  g_autoptr(QwDevice) a = add_device (f->doc, "甲", QW_DEVICE_ARBITER, NULL, 0, 0, &t1);
  g_autoptr(QwDevice) b = add_device (f->doc, "乙", QW_DEVICE_ARBITER, NULL, 0, 0, &t2);
  g_autoptr(QwDocument) server_a = open_other (f), server_b = open_other (f);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  g_autoptr(GHashTable) by = NULL;
  g_autoptr(GPtrArray) devices = NULL;
  const char *outcome = NULL;

  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  g_assert_cmpint (enter (server_a, a, 1, 3, "1:1", 0, &outcome), ==, QW_VENUE_OK);
  g_assert_cmpint (enter (server_b, b, 1, 3, "2:0", 0, &outcome), ==, QW_VENUE_CONFLICT);
  g_assert_cmpint (enter (server_b, b, 1, 3, "1:1", 0, &outcome), ==, QW_VENUE_OK);
  g_assert_cmpstr (outcome, ==, "same");
  game = game_at (f, 1, 3);
  g_assert_cmpint (game->result, ==, QW_RESULT_DRAW);
  by = qw_venue_entered_by (f->doc, f->section->id, &error);
  g_assert_cmpstr (g_hash_table_lookup (by, &game->id), ==, "device:甲");
  devices = qw_venue_list_devices (f->doc, &error);
  g_assert_cmpint (((QwDevice *) g_ptr_array_index (devices, 0))->entries, ==, 1);
  g_assert_cmpint (((QwDevice *) g_ptr_array_index (devices, 1))->entries, ==, 0);
}

/* A device's result reaches the window's connection as the topic "games"
 * (one step of the history, labelled with the device's name, undoable
 * there); a device's contact alone only as "devices". */
static void
test_window_hears (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *token = NULL, *session = NULL, *label = NULL;
  g_autoptr(QwDevice) arbiter = add_device (f->doc, "裁判丁", QW_DEVICE_ARBITER, NULL, 0, 0, &token);
  g_autoptr(QwDocument) server = open_other (f);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  const char *outcome = NULL;

  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  qw_document_check_outside (f->doc);
  g_ptr_array_set_size (f->topics, 0);

  g_assert_cmpint (qw_venue_join (server, token, "192.0.2.7", NULL, &session, &error), ==, QW_VENUE_OK);
  g_assert_true (qw_document_check_outside (f->doc));
  g_assert_cmpuint (heard (f, "devices"), ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 0);
  g_assert_cmpuint (heard (f, "entries"), ==, 0);
  g_ptr_array_set_size (f->topics, 0);

  g_assert_cmpint (enter (server, arbiter, 1, 2, "0:2", 0, &outcome), ==, QW_VENUE_OK);
  g_assert_true (qw_document_check_outside (f->doc));
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpuint (heard (f, "entries"), ==, 0);

  /* The window's undo takes it back. */
  g_assert_true (qw_document_undo (f->doc, 0, &label, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (label, "裁判丁"));
  game = game_at (f, 1, 2);
  g_assert_cmpint (game->result, ==, QW_RESULT_NONE);
}

/* Check-in from the window, the CLI or a device; pairing the players present. */
static void
test_present_only (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *t1 = NULL, *t2 = NULL;
  const char *senior[] = { "open-m", NULL };
  g_autoptr(QwDevice) door = add_device (f->doc, "门口", QW_DEVICE_CHECKIN, senior, 0, 0, &t1);
  g_autoptr(QwDevice) screen = add_device (f->doc, "大屏", QW_DEVICE_SCREEN, NULL, 0, 0, &t2);
  g_autoptr(GError) error = NULL;
  g_auto(QwPairOutcome) outcome = { 0 };
  g_autoptr(GPtrArray) absences = NULL, games = NULL;
  QwPairRequest request = { QW_PAIR_GATE_CHECK, NULL, TRUE };
  guint total = 0;

  /* Nobody present: refused. */
  g_assert_cmpint (qw_tournament_pair (f->doc, f->section, &request, &outcome, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);

  for (int no = 1; no <= 8; no++)
    g_assert_true (qw_venue_set_present (f->doc, "open-m", no, TRUE, &error));
  g_assert_cmpint (qw_venue_device_checkin (f->doc, door, "open-m", 9, TRUE, "192.0.2.9", &error), ==, QW_VENUE_OK);
  g_assert_cmpint (qw_venue_device_checkin (f->doc, screen, "open-m", 10, TRUE, "192.0.2.9", &error), ==,
                   QW_VENUE_FORBIDDEN);
  g_clear_error (&error);
  g_assert_cmpint (qw_venue_device_checkin (f->doc, door, "open-m", 99, TRUE, "192.0.2.9", &error), ==,
                   QW_VENUE_INVALID);
  g_clear_error (&error);
  g_assert_true (qw_venue_set_present (f->doc, "open-m", 9, FALSE, &error));
  g_assert_false (qw_venue_set_present (f->doc, "open-m", 40, TRUE, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (qw_venue_count_present (f->doc, "open-m", &total, &error), ==, 8);
  g_assert_cmpuint (total, ==, 12);

  g_assert_cmpint (qw_tournament_pair (f->doc, f->section, &request, &outcome, &error), ==, 1);
  g_assert_no_error (error);
  games = qw_document_list_round_games (f->doc, outcome.section->id, 1, &error);
  g_assert_cmpuint (games->len, ==, 4);
  absences = qw_document_list_absences (f->doc, outcome.section->id, &error);
  g_assert_cmpuint (absences->len, ==, 4);
  /* Round 2 is not round 1: refused. */
  qw_pair_outcome_clear (&outcome);
  g_assert_cmpint (qw_tournament_pair (f->doc, f->section, &request, &outcome, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
}

/* The round's clock for the screens, and the device's name checked. */
static void
test_clock_and_names (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(QwRoundState) state = { 0 };
  g_autofree char *token = NULL;
  const char *unknown[] = { "no-such", NULL };

  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 1);
  g_assert_true (qw_venue_set_round_clock (f->doc, "open-m", 1, "09:00", "11:30", &error));
  g_assert_true (qw_venue_get_round_state (f->doc, "open-m", 1, &state, &error));
  g_assert_cmpstr (state.clock_start, ==, "09:00");
  g_assert_cmpstr (state.clock_end, ==, "11:30");
  g_assert_false (qw_venue_set_round_clock (f->doc, "open-m", 1, "9 o'clock", NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (qw_venue_add_device (f->doc, "", QW_DEVICE_SCREEN, NULL, 0, 0, &token, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (qw_venue_add_device (f->doc, "a\nb", QW_DEVICE_SCREEN, NULL, 0, 0, &token, &error));
  g_clear_error (&error);
  g_assert_null (qw_venue_add_device (f->doc, "x", QW_DEVICE_ARBITER, unknown, 0, 0, &token, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (qw_venue_add_device (f->doc, "x", QW_DEVICE_SCREEN, NULL, 1, 4, &token, &error));
  g_clear_error (&error);
  g_assert_null (token);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/venue/join-once", test_join_once);
  ADD ("/venue/revoke-at-once", test_revoke_at_once);
  ADD ("/venue/result-statuses", test_result_statuses);
  ADD ("/venue/stale-board", test_stale_board);
  ADD ("/venue/double-entry", test_double_entry);
  ADD ("/venue/window-hears", test_window_hears);
  ADD ("/venue/present-only", test_present_only);
  ADD ("/venue/clock-and-names", test_clock_and_names);
  return g_test_run ();
}
