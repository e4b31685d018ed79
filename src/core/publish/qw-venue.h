/* qw-venue.h: the venue, both ways: devices, their rights, and what they
 * write (issue 20)
 *
 * The one service behind every face: the window's 场馆网络 (devices, QR of
 * the join link, check-in, closing result entry, the round's clock), the
 * CLI (`device`, `devices --log`, `checkin`, `round-clock`, `round-entry`)
 * and the venue server's write endpoints (/join, /api/result,
 * /api/checkin). A face never decides a right or a rule itself.
 *
 * Devices: the chief arbiter adds one with a name, a role and a scope
 * (qw_venue_add_device()); its join token, ≥128 bits from the kernel's
 * random source, is returned once and kept only as its SHA-256. The token
 * starts one session (qw_venue_join(): an id as random, kept hashed, that
 * the server sets as an HttpOnly, SameSite=Strict cookie, expiring after
 * QW_VENUE_SESSION_SECONDS), or is sent by a script as a Bearer token on
 * each request. Revoking a device ends its sessions and its token at once,
 * also for a server in another process: every request reads the device's
 * state from the document (qw_venue_authenticate()).
 *
 * Writes from a device (qw_venue_device_result(), qw_venue_device_checkin())
 * answer with an HTTP status (QwVenueStatus) and are logged, accepted or
 * not, with the device, the client's address, the time, the action and
 * the outcome. A result is one step of the history labelled with the
 * device's name, its origin "device:NAME", through
 * qw_tournament_record_game_result(): the game's identity, so that a
 * re-paired round never receives an old board's result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document-venue.h"
#include "qw-game.h"
#include "qw-tournament.h"

G_BEGIN_DECLS

/* A session lasts a day of play. */
#define QW_VENUE_SESSION_SECONDS (16 * 3600)
/* A device's contact is noted at most this often. */
#define QW_VENUE_TOUCH_SECONDS 20

/* What a device asks for and what it is answered: HTTP's codes. */
typedef enum
{
  QW_VENUE_OK = 200,
  QW_VENUE_UNAUTHORIZED = 401,   /* no valid session or token */
  QW_VENUE_FORBIDDEN = 403,      /* outside its role or scope, or the round's entry is closed */
  QW_VENUE_CONFLICT = 409,       /* the board has another result; the round is not the current one; a stale game */
  QW_VENUE_INVALID = 422,        /* a malformed request or result */
  QW_VENUE_FAILED = 500,         /* the document could not be written (busy, disk full …) */
} QwVenueStatus;

/* Devices */

/* A new random token: 256 bits from getrandom(), URL-safe text. */
char       *qw_venue_new_token            (void);
/* SHA-256 of @text, in hex: how tokens and session ids are kept. */
char       *qw_venue_hash_token           (const char   *text);

/* Adds a device. @groups: (nullable) group codes (each must exist for an
 * arbiter or check-in device; none: every group); @board_from, @board_to:
 * an arbiter's board range, 0 and 0 for every board. @token: (out): the
 * join token, shown once. Returns the device as stored, or NULL with
 * @error (QW_ERROR_INVALID: an empty or too long name, a bad range, an
 * unknown group). */
QwDevice   *qw_venue_add_device           (QwDocument         *doc,
                                           const char         *name,
                                           QwDeviceRole        role,
                                           const char * const *groups,
                                           int                 board_from,
                                           int                 board_to,
                                           char              **token,
                                           GError            **error);
/* (element-type QwDevice) every device, revoked ones too, by id */
GPtrArray  *qw_venue_list_devices         (QwDocument         *doc,
                                           GError            **error);
gboolean    qw_venue_revoke_device        (QwDocument         *doc,
                                           gint64              id,
                                           GError            **error);
/* "/join/TOKEN" */
char       *qw_venue_join_path            (const char         *token);

/* Starts a session with a join token: @session_id (out) is the cookie's
 * value. 403 for an unknown, used or revoked token; logged. */
QwVenueStatus qw_venue_join               (QwDocument         *doc,
                                           const char         *token,
                                           const char         *address,
                                           QwDevice          **device,
                                           char              **session_id,
                                           GError            **error);
/* The device a request speaks for: by its session cookie or its Bearer
 * token (either may be NULL); NULL when neither is valid now (401). Notes
 * the contact (at most every QW_VENUE_TOUCH_SECONDS). */
QwDevice   *qw_venue_authenticate         (QwDocument         *doc,
                                           const char         *session_id,
                                           const char         *bearer,
                                           GError            **error);
/* Whether any device was ever added and not revoked: without one, every
 * write endpoint refuses. */
gboolean    qw_venue_has_devices          (QwDocument         *doc);

/* Results from a device */

typedef struct
{
  const char *group;
  int         round;
  int         board;
  const char *result;       /* "2:0", "1:1", "0:2", "+:-", "-:+", "-:-" */
  int         red_fouls;    /* -1: not given (kept as recorded) */
  int         black_fouls;
  gint64      game_id;      /* 0: not given; else the game the phone showed: its id */
  gint64      red;          /* and its players' entry ids (0: not given): an id freed by
                             * an unpairing may be given to the new round's game */
  gint64      black;
} QwVenueResultRequest;

/* Checks @device's rights and records the result. @recorded: (out)
 * (optional): the game as stored after it (also for 200 "same", and for
 * 409 "conflict": the result already there). @outcome: (out) (optional):
 * the log's word ("recorded", "same", "conflict", "stale", "not-current",
 * "closed", "forbidden", "invalid", "failed"). Every call is logged. */
QwVenueStatus qw_venue_device_result      (QwDocument                 *doc,
                                           const QwDevice             *device,
                                           const QwVenueResultRequest *request,
                                           const char                 *address,
                                           QwGame                    **recorded,
                                           const char                **outcome,
                                           GError                    **error);

/* Check-in (签到) */

/* From the window and the CLI: one step ("签到 12号"). Refused for an
 * unknown group or number. */
gboolean    qw_venue_set_present          (QwDocument         *doc,
                                           const char         *group,
                                           int                 no,
                                           gboolean            present,
                                           GError            **error);
/* From a device: its role and groups checked, logged. */
QwVenueStatus qw_venue_device_checkin     (QwDocument         *doc,
                                           const QwDevice     *device,
                                           const char         *group,
                                           int                 no,
                                           gboolean            present,
                                           const char         *address,
                                           GError            **error);
/* The ids of the entries present (gint64 keys). */
GHashTable *qw_venue_list_present         (QwDocument         *doc,
                                           GError            **error);
gboolean    qw_venue_is_present           (GHashTable         *present,
                                           gint64              entry_id);
/* Entries of @group present, and (@total) its active entries. */
guint       qw_venue_count_present        (QwDocument         *doc,
                                           const char         *group,
                                           guint              *total,
                                           GError            **error);

/* Rounds */

/* The round devices may enter results for: the group's last paired round
 * (0: none). */
int         qw_venue_current_round        (QwDocument         *doc,
                                           const char         *group,
                                           GError            **error);
/* Closes or opens result entry from devices for a round (one step). The
 * next pairing closes the round before it by itself: only the current
 * round is open to devices. */
gboolean    qw_venue_set_entry_closed     (QwDocument         *doc,
                                           const char         *group,
                                           int                 round,
                                           gboolean            closed,
                                           GError            **error);
gboolean    qw_venue_get_round_state      (QwDocument         *doc,
                                           const char         *group,
                                           int                 round,
                                           QwRoundState       *state,
                                           GError            **error);
/* The round's clock for the hall's screens: "HH:MM" or
 * "YYYY-MM-DDTHH:MM", or NULL to clear (one step). */
gboolean    qw_venue_set_round_clock      (QwDocument         *doc,
                                           const char         *group,
                                           int                 round,
                                           const char         *start,
                                           const char         *end,
                                           GError            **error);

/* The log and who entered what */

/* (element-type QwDeviceLogLine) oldest first */
GPtrArray  *qw_venue_list_log             (QwDocument         *doc,
                                           GError            **error);
/* game id → "window", "cli", "device:NAME" (qw-document-venue.h) */
GHashTable *qw_venue_entered_by           (QwDocument         *doc,
                                           gint64              section_id,
                                           GError            **error);

G_END_DECLS
