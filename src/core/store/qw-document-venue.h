/* qw-document-venue.h: the venue's devices, check-in and rounds, as stored
 *
 * The rows behind publish/qw-venue.h (the service every face calls): the
 * devices the chief arbiter added, their sessions (hashes only), the log
 * of their writes, the players checked in (签到), the rounds whose result
 * entry is closed and their clocks, and who entered each game's result.
 *
 * Devices, sessions and the log are never part of a step of the history
 * (an undo never brings a revoked device back, nor takes a log line back):
 * they are written in transactions of their own, announced with the topic
 * "devices". Check-in, a round's state and a game's origin are written in
 * the step of the action they belong to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"

G_BEGIN_DECLS

typedef enum
{
  QW_DEVICE_ARBITER = 0,   /* enters results for the boards of its scope */
  QW_DEVICE_CHECKIN,       /* marks players of its groups present */
  QW_DEVICE_SCREEN,        /* shows the hall's screens; writes nothing */
} QwDeviceRole;

const char *qw_device_role_to_code   (QwDeviceRole  role);          /* "arbiter", "checkin", "screen" */
gboolean    qw_device_role_from_code (const char   *code,
                                      QwDeviceRole *out);

typedef struct
{
  gint64        id;
  char         *name;
  QwDeviceRole  role;
  GStrv         groups;       /* group codes of its scope; empty: every group */
  int           board_from;   /* boards of its scope (arbiter), inclusive; 0 and 0: every board */
  int           board_to;
  gboolean      joined;       /* its join link was used */
  gboolean      revoked;
  char         *created;      /* "YYYY-MM-DDTHH:MM:SS", UTC */
  char         *last_seen;    /* the same, or NULL: never seen */
  int           entries;      /* writes of its that changed the document */
} QwDevice;

QwDevice   *qw_device_copy        (const QwDevice *device);
void        qw_device_free        (QwDevice       *device);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwDevice, qw_device_free)
/* Whether @code is one of the device's groups (every group when it has none). */
gboolean    qw_device_has_group   (const QwDevice *device,
                                   const char     *code);
/* Whether @board is in its board range (every board when it has none). */
gboolean    qw_device_has_board   (const QwDevice *device,
                                   int             board);

/* One line of the log of the devices' writes. */
typedef struct
{
  gint64  id;
  char   *time;           /* "YYYY-MM-DDTHH:MM:SS", UTC */
  gint64  device_id;      /* 0: no device was recognised */
  char   *device;         /* its name then, "" when none */
  char   *address;        /* the client's address */
  char   *action;         /* "join", "result", "checkin" … */
  char   *group;
  int     round;
  int     board;          /* or the entry's number for a check-in */
  char   *result;         /* "2:0" …, "present", "absent" */
  char   *outcome;        /* "recorded", "same", "conflict", "forbidden", "closed", … */
} QwDeviceLogLine;

void        qw_device_log_line_free (QwDeviceLogLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwDeviceLogLine, qw_device_log_line_free)

/* Devices. @token_hash: the SHA-256 of its join token, in hex. Returns the
 * new device's id, or 0 with @error. */
gint64      qw_document_add_device        (QwDocument     *doc,
                                           const QwDevice *device,
                                           const char     *token_hash,
                                           GError        **error);
/* (element-type QwDevice) by id, with their entries counted */
GPtrArray  *qw_document_list_devices      (QwDocument     *doc,
                                           GError        **error);
QwDevice   *qw_document_get_device        (QwDocument     *doc,
                                           gint64          id,
                                           GError        **error);
/* The device whose token hashes to @token_hash, revoked or not; NULL
 * (QW_ERROR_NOT_FOUND) when none. */
QwDevice   *qw_document_find_device_by_token (QwDocument  *doc,
                                           const char     *token_hash,
                                           GError        **error);
/* Revokes the device and ends its sessions, in one transaction. */
gboolean    qw_document_revoke_device     (QwDocument     *doc,
                                           gint64          id,
                                           GError        **error);
/* Marks its join link used and keeps a session (@session_hash, the
 * session id's SHA-256 in hex) until @expires (seconds since 1970), in one
 * transaction; refused (QW_ERROR_CONFLICT) when the link was used or the
 * device revoked meanwhile. */
gboolean    qw_document_join_device       (QwDocument     *doc,
                                           gint64          id,
                                           const char     *session_hash,
                                           gint64          expires,
                                           GError        **error);
/* The device of a live session (not expired at @now, device not revoked);
 * NULL (QW_ERROR_NOT_FOUND) when none. */
QwDevice   *qw_document_find_session_device (QwDocument   *doc,
                                           const char     *session_hash,
                                           gint64          now,
                                           GError        **error);
/* Notes a contact at @time ("YYYY-MM-DDTHH:MM:SS") when the last one noted
 * is older than @min_seconds (a phone polls often: not a write each time). */
gboolean    qw_document_touch_device      (QwDocument     *doc,
                                           gint64          id,
                                           const char     *time,
                                           int             min_seconds,
                                           GError        **error);

/* The log. @line's id and time are ignored (now). */
gboolean    qw_document_add_device_log    (QwDocument            *doc,
                                           const QwDeviceLogLine *line,
                                           GError               **error);
/* (element-type QwDeviceLogLine) oldest first */
GPtrArray  *qw_document_list_device_log   (QwDocument     *doc,
                                           GError        **error);

/* Check-in. Present or not, in the step open (one is opened around it if
 * none is). @origin: who marked it ("window", "cli", "device:NAME"). */
gboolean    qw_document_set_present       (QwDocument     *doc,
                                           gint64          entry_id,
                                           gboolean        present,
                                           const char     *origin,
                                           GError        **error);
/* The ids of the entries present, of every group (a set of gint64 keys,
 * g_int64_hash). */
GHashTable *qw_document_list_present      (QwDocument     *doc,
                                           GError        **error);

/* A round's state, for result entry and the hall's screens. */
typedef struct
{
  gboolean  entry_closed;   /* the chief arbiter closed result entry */
  char     *clock_start;    /* "YYYY-MM-DDTHH:MM" (local time) or NULL */
  char     *clock_end;
} QwRoundState;

void        qw_round_state_clear          (QwRoundState   *state);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwRoundState, qw_round_state_clear)

/* A round without a row reads as open, without a clock. */
gboolean    qw_document_get_round_state   (QwDocument     *doc,
                                           gint64          section_id,
                                           int             round,
                                           QwRoundState   *state,
                                           GError        **error);
/* In the step open (one is opened around it if none is). */
gboolean    qw_document_set_round_state   (QwDocument         *doc,
                                           gint64              section_id,
                                           int                 round,
                                           const QwRoundState *state,
                                           GError            **error);

/* Who entered the results of a section's games: game id (gint64 key,
 * g_int64_hash) → "window", "cli" or "device:NAME". */
GHashTable *qw_document_list_entered_by   (QwDocument     *doc,
                                           gint64          section_id,
                                           GError        **error);

G_END_DECLS
