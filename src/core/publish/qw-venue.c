/* qw-venue.c: the venue, both ways (see qw-venue.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-venue"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/random.h>

#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-message.h"
#include "qw-venue.h"

#define NAME_MAX_CHARS 40

/* Tokens */

/* @n bytes from the kernel's random source (never GLib's g_random, which
 * is not made for secrets). */
static void
random_bytes (guint8 *out,
              gsize   n)
{
  gsize got = 0;

  while (got < n)
    {
      ssize_t r = getrandom (out + got, n - got, 0);

      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        g_error ("No random bytes from the kernel: %s", g_strerror (errno));
      got += (gsize) r;
    }
}

char *
qw_venue_new_token (void)
{
  guint8 bytes[32];
  g_autofree char *text = NULL;

  random_bytes (bytes, sizeof bytes);
  text = g_base64_encode (bytes, sizeof bytes);
  /* URL-safe, without padding: it goes in a path and a cookie. */
  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  g_strdelimit (text, "=", '\0');
  return g_strdup (text);
}

char *
qw_venue_hash_token (const char *text)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text != NULL ? text : "", -1);
}

char *
qw_venue_join_path (const char *token)
{
  return g_strdup_printf ("/join/%s", token);
}

/* Devices */

static gboolean
name_is_valid (const char *name)
{
  g_autofree char *stripped = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  stripped = g_strstrip (g_strdup (name));
  if (*stripped == '\0')
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return g_utf8_strlen (name, -1) <= NAME_MAX_CHARS;
}

/* A group of the main event: a section stored, or entries placed in it. */
static gboolean
group_exists (QwDocument  *doc,
              const char  *code,
              GError     **error)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  if (!qw_group_code_check (code, error))
    return FALSE;
  event = qw_document_get_main_event (doc, error);
  if (event == NULL)
    return FALSE;
  section = qw_document_get_section (doc, event->id, code, NULL);
  if (section != NULL)
    return TRUE;
  entries = qw_document_list_entries (doc, event->id, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (((QwEntry *) g_ptr_array_index (entries, i))->group_code, code) == 0)
      return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("There is no group “%s”"), code);
  return FALSE;
}

QwDevice *
qw_venue_add_device (QwDocument         *doc,
                     const char         *name,
                     QwDeviceRole        role,
                     const char * const *groups,
                     int                 board_from,
                     int                 board_to,
                     char              **token,
                     GError            **error)
{
  g_autofree char *secret = NULL, *hash = NULL;
  g_autofree char *clean = NULL;
  QwDevice spec = { 0 };
  gint64 id;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (token != NULL, NULL);

  if (!name_is_valid (name))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A device needs a name of 1 to %d characters, without control characters"), NAME_MAX_CHARS);
      return NULL;
    }
  if (board_from < 0 || board_to < board_from || (board_from == 0) != (board_to == 0))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The boards must be a range A-B with 1 ≤ A ≤ B"));
      return NULL;
    }
  if (role != QW_DEVICE_ARBITER && board_from != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Only an arbiter's device has a board range"));
      return NULL;
    }
  for (guint i = 0; groups != NULL && groups[i] != NULL; i++)
    if (!group_exists (doc, groups[i], error))
      return NULL;
  clean = g_strstrip (g_strdup (name));
  spec.name = clean;
  spec.role = role;
  spec.groups = (GStrv) groups;
  spec.board_from = board_from;
  spec.board_to = board_to;
  secret = qw_venue_new_token ();
  hash = qw_venue_hash_token (secret);
  id = qw_document_add_device (doc, &spec, hash, error);
  if (id == 0)
    return NULL;
  *token = g_steal_pointer (&secret);
  return qw_document_get_device (doc, id, error);
}

GPtrArray *
qw_venue_list_devices (QwDocument  *doc,
                       GError     **error)
{
  return qw_document_list_devices (doc, error);
}

gboolean
qw_venue_revoke_device (QwDocument  *doc,
                        gint64       id,
                        GError     **error)
{
  return qw_document_revoke_device (doc, id, error);
}

gboolean
qw_venue_has_devices (QwDocument *doc)
{
  g_autoptr(GPtrArray) devices = qw_document_list_devices (doc, NULL);

  for (guint i = 0; devices != NULL && i < devices->len; i++)
    if (!((QwDevice *) g_ptr_array_index (devices, i))->revoked)
      return TRUE;
  return FALSE;
}

static char *
now_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
}

static void
log_write (QwDocument     *doc,
           const QwDevice *device,
           const char     *address,
           const char     *action,
           const char     *group,
           int             round,
           int             board,
           const char     *result,
           const char     *outcome)
{
  g_autoptr(GError) error = NULL;
  QwDeviceLogLine line = { 0 };

  line.device_id = device != NULL ? device->id : 0;
  line.device = device != NULL ? device->name : NULL;
  line.address = (char *) address;
  line.action = (char *) action;
  line.group = (char *) group;
  line.round = round;
  line.board = board;
  line.result = (char *) result;
  line.outcome = (char *) outcome;
  if (!qw_document_add_device_log (doc, &line, &error))
    g_warning ("The devices' log could not be written: %s", error->message);
}

QwVenueStatus
qw_venue_join (QwDocument  *doc,
               const char  *token,
               const char  *address,
               QwDevice   **device,
               char       **session_id,
               GError     **error)
{
  g_autofree char *hash = qw_venue_hash_token (token);
  g_autofree char *session = NULL, *session_hash = NULL;
  g_autoptr(QwDevice) found = NULL;
  g_autoptr(GError) local_error = NULL;

  found = qw_document_find_device_by_token (doc, hash, NULL);
  if (found == NULL || found->revoked || found->joined)
    {
      /* An unknown token names no device: not logged, so that no one
       * outside can fill the document (the server's rate limit counts it). */
      if (found != NULL)
        log_write (doc, found, address, "join", NULL, 0, 0, NULL, found->revoked ? "revoked" : "used");
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   found == NULL ? _("This join link is not valid") : found->revoked
                   ? _("This device was revoked") : _("This join link was used already"));
      return QW_VENUE_FORBIDDEN;
    }
  session = qw_venue_new_token ();
  session_hash = qw_venue_hash_token (session);
  if (!qw_document_join_device (doc, found->id, session_hash, g_get_real_time () / G_USEC_PER_SEC
                                + QW_VENUE_SESSION_SECONDS, &local_error))
    {
      gboolean lost = g_error_matches (local_error, QW_ERROR, QW_ERROR_CONFLICT);

      log_write (doc, found, address, "join", NULL, 0, 0, NULL, lost ? "used" : "failed");
      g_propagate_error (error, g_steal_pointer (&local_error));
      return lost ? QW_VENUE_FORBIDDEN : QW_VENUE_FAILED;
    }
  log_write (doc, found, address, "join", NULL, 0, 0, NULL, "joined");
  if (device != NULL)
    *device = g_steal_pointer (&found);
  if (session_id != NULL)
    *session_id = g_steal_pointer (&session);
  return QW_VENUE_OK;
}

QwDevice *
qw_venue_authenticate (QwDocument  *doc,
                       const char  *session_id,
                       const char  *bearer,
                       GError     **error)
{
  g_autoptr(QwDevice) device = NULL;
  g_autofree char *now = NULL;

  if (session_id != NULL && *session_id != '\0')
    {
      g_autofree char *hash = qw_venue_hash_token (session_id);

      device = qw_document_find_session_device (doc, hash, g_get_real_time () / G_USEC_PER_SEC, NULL);
    }
  if (device == NULL && bearer != NULL && *bearer != '\0')
    {
      g_autofree char *hash = qw_venue_hash_token (bearer);

      device = qw_document_find_device_by_token (doc, hash, NULL);
      if (device != NULL && device->revoked)
        g_clear_pointer (&device, qw_device_free);
    }
  if (device == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No valid session or token: open the join link again"));
      return NULL;
    }
  now = now_text ();
  if (!qw_document_touch_device (doc, device->id, now, QW_VENUE_TOUCH_SECONDS, NULL))
    g_debug ("The device's contact was not noted");
  return g_steal_pointer (&device);
}

/* Rounds */

static QwSection *
find_section (QwDocument  *doc,
              const char  *group,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  QwSection *section;

  if (group == NULL || !qw_group_code_is_valid (group))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("There is no group “%s”"), group != NULL ? group : "");
      return NULL;
    }
  section = qw_tournament_find_section (doc, group, FALSE, &local_error);
  if (section == NULL)
    {
      if (g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Group %s has not been paired yet"), group);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return section;
}

int
qw_venue_current_round (QwDocument  *doc,
                        const char  *group,
                        GError     **error)
{
  g_autoptr(QwSection) section = find_section (doc, group, error);

  if (section == NULL)
    return -1;
  return qw_document_last_round (doc, section->id);
}

gboolean
qw_venue_get_round_state (QwDocument   *doc,
                          const char   *group,
                          int           round,
                          QwRoundState *state,
                          GError      **error)
{
  g_autoptr(QwSection) section = find_section (doc, group, error);

  memset (state, 0, sizeof *state);
  return section != NULL && qw_document_get_round_state (doc, section->id, round, state, error);
}

typedef struct
{
  const char *group;
  int         round;
  gboolean    set_closed;
  gboolean    closed;
  const char *start;
  const char *end;
} RoundJob;

static gboolean
round_state_step (QwDocument  *doc,
                  gpointer     data,
                  GError     **error)
{
  RoundJob *job = data;
  g_autoptr(QwSection) section = find_section (doc, job->group, error);
  g_auto(QwRoundState) state = { 0 };
  int last;

  if (section == NULL)
    return FALSE;
  last = qw_document_last_round (doc, section->id);
  if (job->round < 1 || job->round > last + (job->set_closed ? 0 : 1))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Group %s has no round %d"), job->group, job->round);
      return FALSE;
    }
  if (!qw_document_get_round_state (doc, section->id, job->round, &state, error))
    return FALSE;
  if (job->set_closed)
    state.entry_closed = job->closed;
  else
    {
      g_free (state.clock_start);
      g_free (state.clock_end);
      state.clock_start = g_strdup (job->start);
      state.clock_end = g_strdup (job->end);
    }
  return qw_document_set_round_state (doc, section->id, job->round, &state, error);
}

gboolean
qw_venue_set_entry_closed (QwDocument  *doc,
                           const char  *group,
                           int          round,
                           gboolean     closed,
                           GError     **error)
{
  RoundJob job = { group, round, TRUE, closed, NULL, NULL };
  g_autofree char *label = closed ? qw_message_printf (N_("Result entry of round %d closed"), round)
                                  : qw_message_printf (N_("Result entry of round %d opened"), round);

  return qw_document_run_step (doc, label, round_state_step, &job, error);
}

/* "HH:MM" or "YYYY-MM-DDTHH:MM" */
static gboolean
clock_is_valid (const char *text)
{
  static const char *const forms[] = { "^[0-2][0-9]:[0-5][0-9]$",
                                       "^[0-9]{4}-[01][0-9]-[0-3][0-9][T ][0-2][0-9]:[0-5][0-9]$" };

  if (text == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    if (g_regex_match_simple (forms[i], text, 0, 0))
      return TRUE;
  return FALSE;
}

gboolean
qw_venue_set_round_clock (QwDocument  *doc,
                          const char  *group,
                          int          round,
                          const char  *start,
                          const char  *end,
                          GError     **error)
{
  RoundJob job = { group, round, FALSE, FALSE, start, end };
  g_autofree char *label = qw_message_printf (N_("Clock of round %d"), round);

  if (!clock_is_valid (start) || !clock_is_valid (end))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("A time is written HH:MM or YYYY-MM-DDTHH:MM"));
      return FALSE;
    }
  return qw_document_run_step (doc, label, round_state_step, &job, error);
}

/* Results from a device */

typedef struct
{
  const QwDevice             *device;
  const QwVenueResultRequest *request;
  QwResultInput               input;
  QwVenueStatus               status;
  const char                 *outcome;
  QwGame                     *game;
} ResultJob;

static gboolean
refuse (ResultJob     *job,
        QwVenueStatus  status,
        const char    *outcome,
        GError       **error,
        const char    *format,
        ...) G_GNUC_PRINTF (5, 6);

static gboolean
refuse (ResultJob     *job,
        QwVenueStatus  status,
        const char    *outcome,
        GError       **error,
        const char    *format,
        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  job->status = status;
  job->outcome = outcome;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, QW_ERROR, status == QW_VENUE_CONFLICT ? QW_ERROR_CONFLICT : QW_ERROR_INVALID, message);
  return FALSE;
}

/* Read and written in one step: two devices entering one board are
 * answered in turn, the second seeing the first's result. */
static gboolean
device_result_step (QwDocument  *doc,
                    gpointer     data,
                    GError     **error)
{
  ResultJob *job = data;
  const QwVenueResultRequest *r = job->request;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwGame) game = NULL;
  g_auto(QwRoundState) state = { 0 };
  g_autoptr(GError) local_error = NULL;
  int current;

  section = find_section (doc, r->group, &local_error);
  if (section == NULL)
    return refuse (job, QW_VENUE_INVALID, "invalid", error, "%s", local_error->message);
  current = qw_document_last_round (doc, section->id);
  if (r->round != current)
    return refuse (job, QW_VENUE_CONFLICT, "not-current", error,
                   _("Round %d is not the current round of group %s (round %d)"), r->round, r->group, current);
  if (!qw_document_get_round_state (doc, section->id, r->round, &state, error))
    return refuse (job, QW_VENUE_FAILED, "failed", NULL, "-");
  if (state.entry_closed)
    return refuse (job, QW_VENUE_FORBIDDEN, "closed", error,
                   _("Result entry for round %d of group %s is closed"), r->round, r->group);
  game = qw_document_get_game (doc, section->id, r->round, r->board, NULL);
  if (game == NULL || game->black == 0)
    return refuse (job, QW_VENUE_INVALID, "invalid", error,
                   game == NULL ? _("Round %d of group %s has no board %d") : _("Round %d of group %s: board %d is a bye"),
                   r->round, r->group, r->board);
  if ((r->game_id != 0 && r->game_id != game->id) || (r->red != 0 && r->red != game->red)
      || (r->black != 0 && r->black != game->black))
    return refuse (job, QW_VENUE_CONFLICT, "stale", error,
                   _("Board %d of round %d was paired again: reload the page"), r->board, r->round);
  if (game->result != QW_RESULT_NONE)
    {
      gboolean same = game->result == job->input.result
                      && (r->red_fouls < 0 || r->red_fouls == game->red_fouls)
                      && (r->black_fouls < 0 || r->black_fouls == game->black_fouls);

      job->game = qw_game_copy (game);
      if (same)
        {
          /* The same result again (a phone that sent twice): answered
           * as recorded, nothing written. */
          job->status = QW_VENUE_OK;
          job->outcome = "same";
          return TRUE;
        }
      return refuse (job, QW_VENUE_CONFLICT, "conflict", error,
                     _("Board %d of round %d already has the result %s; the arbiter at the window decides"),
                     r->board, r->round, qw_result_to_code (game->result));
    }
  if (r->red_fouls < 0)
    job->input.red_fouls = game->red_fouls;
  if (r->black_fouls < 0)
    job->input.black_fouls = game->black_fouls;
  if (!qw_tournament_record_game_result (doc, section, game, &job->input, &local_error))
    {
      if (g_error_matches (local_error, QW_ERROR, QW_ERROR_STALE) || g_error_matches (local_error, QW_ERROR, QW_ERROR_CONFLICT))
        return refuse (job, QW_VENUE_CONFLICT, "conflict", error, "%s", local_error->message);
      if (g_error_matches (local_error, QW_ERROR, QW_ERROR_INVALID))
        return refuse (job, QW_VENUE_INVALID, "invalid", error, "%s", local_error->message);
      job->status = QW_VENUE_FAILED;
      job->outcome = "failed";
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  job->game = qw_document_get_game (doc, section->id, r->round, r->board, error);
  job->status = QW_VENUE_OK;
  job->outcome = "recorded";
  return job->game != NULL;
}

static gboolean
device_result_code (const char *code,
                    QwResult   *result)
{
  return code != NULL && qw_result_from_code (code, result) && *result != QW_RESULT_NONE && *result != QW_RESULT_BYE;
}

QwVenueStatus
qw_venue_device_result (QwDocument                 *doc,
                        const QwDevice             *device,
                        const QwVenueResultRequest *request,
                        const char                 *address,
                        QwGame                    **recorded,
                        const char                **outcome,
                        GError                    **error)
{
  ResultJob job = { device, request, { 0 }, QW_VENUE_FAILED, "failed", NULL };
  g_autofree char *origin = NULL, *label = NULL, *before = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc) && device != NULL && request != NULL, QW_VENUE_FAILED);

  if (device->role != QW_DEVICE_ARBITER)
    {
      refuse (&job, QW_VENUE_FORBIDDEN, "forbidden", &local_error, _("This device may not enter results"));
      goto done;
    }
  if (request->group == NULL || request->round < 1 || request->board < 1
      || !device_result_code (request->result, &job.input.result)
      || request->red_fouls > 99 || request->black_fouls > 99)
    {
      refuse (&job, QW_VENUE_INVALID, "invalid", &local_error,
              _("A result needs a group, a round, a board and one of 2:0 1:1 0:2 +:- -:+ -:-"));
      goto done;
    }
  if (!qw_device_has_group (device, request->group) || !qw_device_has_board (device, request->board))
    {
      refuse (&job, QW_VENUE_FORBIDDEN, "forbidden", &local_error,
              _("Board %d of group %s is not among this device's boards"), request->board, request->group);
      goto done;
    }
  job.input.red_fouls = MAX (request->red_fouls, 0);
  job.input.black_fouls = MAX (request->black_fouls, 0);
  origin = g_strdup_printf ("device:%s", device->name);
  label = qw_message_printf (N_("Result of round %d, board %d (from %s)"), request->round, request->board,
                           device->name);
  before = g_strdup (qw_document_get_step_origin (doc));
  qw_document_set_step_origin (doc, origin);
  if (!qw_document_run_step (doc, label, device_result_step, &job, &local_error) && job.status == QW_VENUE_OK)
    {
      /* The step was refused at its commit (busy, disk full). */
      job.status = QW_VENUE_FAILED;
      job.outcome = "failed";
    }
  qw_document_set_step_origin (doc, before);

done:
  log_write (doc, device, address, "result", request->group, request->round, request->board, request->result,
             job.outcome);
  if (job.status != QW_VENUE_OK && local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  if (outcome != NULL)
    *outcome = job.outcome;
  if (recorded != NULL)
    *recorded = g_steal_pointer (&job.game);
  g_clear_pointer (&job.game, qw_game_free);
  return job.status;
}

/* Check-in */

typedef struct
{
  const char *group;
  int         no;
  gboolean    present;
  const char *origin;
} PresentJob;

static QwEntry *
find_entry (QwDocument  *doc,
            const char  *group,
            int          no,
            GError     **error)
{
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, error);
  g_autoptr(GPtrArray) entries = NULL;

  if (event == NULL || (entries = qw_document_list_entries (doc, event->id, error)) == NULL)
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->no == no && g_strcmp0 (e->group_code, group) == 0)
        return qw_entry_copy (e);
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Group %s has no player number %d"), group, no);
  return NULL;
}

static gboolean
present_step (QwDocument  *doc,
              gpointer     data,
              GError     **error)
{
  PresentJob *job = data;
  g_autoptr(QwEntry) e = find_entry (doc, job->group, job->no, error);

  return e != NULL && qw_document_set_present (doc, e->id, job->present, job->origin, error);
}

gboolean
qw_venue_set_present (QwDocument  *doc,
                      const char  *group,
                      int          no,
                      gboolean     present,
                      GError     **error)
{
  PresentJob job = { group, no, present, qw_document_get_step_origin (doc) };
  g_autofree char *label = present ? qw_message_printf (N_("Check-in of no. %d"), no)
                                   : qw_message_printf (N_("Check-in of no. %d cancelled"), no);

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (group == NULL || !qw_group_code_is_valid (group))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("There is no group “%s”"), group != NULL ? group : "");
      return FALSE;
    }
  return qw_document_run_step (doc, label, present_step, &job, error);
}

QwVenueStatus
qw_venue_device_checkin (QwDocument     *doc,
                         const QwDevice *device,
                         const char     *group,
                         int             no,
                         gboolean        present,
                         const char     *address,
                         GError        **error)
{
  g_autofree char *origin = NULL, *before = NULL;
  g_autoptr(GError) local_error = NULL;
  QwVenueStatus status = QW_VENUE_OK;
  const char *outcome = "recorded";

  g_return_val_if_fail (QW_IS_DOCUMENT (doc) && device != NULL, QW_VENUE_FAILED);

  if (device->role == QW_DEVICE_SCREEN)
    {
      status = QW_VENUE_FORBIDDEN;
      outcome = "forbidden";
      g_set_error (&local_error, QW_ERROR, QW_ERROR_INVALID, _("This device may not check players in"));
    }
  else if (group == NULL || no < 1)
    {
      status = QW_VENUE_INVALID;
      outcome = "invalid";
      g_set_error (&local_error, QW_ERROR, QW_ERROR_INVALID, _("A check-in needs a group and a number"));
    }
  else if (!qw_device_has_group (device, group))
    {
      status = QW_VENUE_FORBIDDEN;
      outcome = "forbidden";
      g_set_error (&local_error, QW_ERROR, QW_ERROR_INVALID, _("Group %s is not among this device's groups"), group);
    }
  else
    {
      origin = g_strdup_printf ("device:%s", device->name);
      before = g_strdup (qw_document_get_step_origin (doc));
      qw_document_set_step_origin (doc, origin);
      if (!qw_venue_set_present (doc, group, no, present, &local_error))
        {
          gboolean bad = g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND)
                         || g_error_matches (local_error, QW_ERROR, QW_ERROR_INVALID);

          status = bad ? QW_VENUE_INVALID : QW_VENUE_FAILED;
          outcome = bad ? "invalid" : "failed";
        }
      qw_document_set_step_origin (doc, before);
    }
  log_write (doc, device, address, "checkin", group, 0, no, present ? "present" : "absent", outcome);
  if (status != QW_VENUE_OK)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return status;
}

GHashTable *
qw_venue_list_present (QwDocument  *doc,
                       GError     **error)
{
  return qw_document_list_present (doc, error);
}

gboolean
qw_venue_is_present (GHashTable *present,
                     gint64      entry_id)
{
  return present != NULL && g_hash_table_contains (present, &entry_id);
}

guint
qw_venue_count_present (QwDocument  *doc,
                        const char  *group,
                        guint       *total,
                        GError     **error)
{
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, error);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GHashTable) present = NULL;
  guint here = 0, all = 0;

  if (total != NULL)
    *total = 0;
  if (event == NULL || (entries = qw_document_list_entries (doc, event->id, error)) == NULL
      || (present = qw_document_list_present (doc, error)) == NULL)
    return 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->group_code, group) != 0 || e->status != QW_STATUS_ACTIVE)
        continue;
      all++;
      here += g_hash_table_contains (present, &e->id) ? 1 : 0;
    }
  if (total != NULL)
    *total = all;
  return here;
}

/* The log and who entered what */

GPtrArray *
qw_venue_list_log (QwDocument  *doc,
                   GError     **error)
{
  return qw_document_list_device_log (doc, error);
}

GHashTable *
qw_venue_entered_by (QwDocument  *doc,
                     gint64       section_id,
                     GError     **error)
{
  return qw_document_list_entered_by (doc, section_id, error);
}
