/* qw-venue-http.h: the venue server's write side and device pages (issue 20)
 *
 * What qw-publish-server.c hands over, in its thread:
 *
 *   GET  /join/TOKEN          starts a session (cookie qw_session: HttpOnly,
 *                             SameSite=Strict, Path=/) and redirects (303) to
 *                             /device; an unknown, used or revoked token: 403
 *                             with a Chinese page
 *   GET  /device              the device's page: an arbiter's boards of the
 *                             current round with big result buttons, a door's
 *                             check-in list; a screen's: /screen. 401 without
 *                             a session
 *   POST /api/result          {"group", "round", "board", "result"
 *                             [, "red_fouls", "black_fouls", "game", "red", "black"]}
 *   POST /api/checkin         {"group", "no", "present"}
 *   GET  /screen, /screen/GROUP/pairings|standings[?page=N]: the hall's
 *                             screens (qw-venue-screens.h): public, read-only,
 *                             as the public pages are
 *
 * The statuses of the writes are qw-venue.h's (200, 401, 403, 409, 422),
 * and: 413 for a body over QW_VENUE_BODY_MAX, refused before it is read
 * (qw-publish-server.c's body_limit()); 411 for a chunked body (no length
 * given: refused unread too); 405 for another method; 429 with Retry-After
 * when the client's address failed QW_VENUE_FAILURES_MAX joins or writes
 * within QW_VENUE_FAILURE_WINDOW seconds (a failure: 401, 403 or 422, and a
 * refused join; a 409 is no failure: two arbiters entering one board is
 * ordinary); 500 when the document cannot be written.
 *
 * The log (qw-venue.h) has every write a device asked for and every use of
 * a device's join link, accepted or not; a write with no valid session or
 * token, or a join with an unknown token, names no device and is not logged (it is answered 401 and counted for the rate
 * limit), so that no one outside can fill the document.
 *
 * Origin: a write that comes with the session cookie must carry an Origin
 * (or, without one, a Referer) whose host is the request's Host: a page of
 * another site cannot make a phone's browser write (SameSite=Strict already
 * keeps the cookie from it; this is the second lock). A script with
 * Authorization: Bearer TOKEN may send neither (curl does not); when it
 * sends one, it must match too.
 *
 * Writes go through a writable connection of the server's own, opened on
 * the first one, whose steps are kept in the document's history with the
 * device's name as their origin; the public pages' read-only connection
 * sees them at its next poll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "qw-site.h"

G_BEGIN_DECLS

#define QW_VENUE_BODY_MAX 4096
#define QW_VENUE_FAILURES_MAX 10
#define QW_VENUE_FAILURE_WINDOW 60

typedef struct _QwVenueHttp QwVenueHttp;

QwVenueHttp *qw_venue_http_new        (const char        *path);
void         qw_venue_http_free       (QwVenueHttp       *self);

/* Whether @path is the venue's (then qw_venue_http_handle() answers it). */
gboolean     qw_venue_http_serves     (const char        *path);
/* The body a request may have: QW_VENUE_BODY_MAX for a POST to a write
 * endpoint, 0 for GET and HEAD, -1 for anything else (405). */
gssize       qw_venue_http_body_limit (const char        *method,
                                       const char        *path);
/* @site: the public pages' snapshot, for the screens (NULL for the other paths). */
void         qw_venue_http_handle     (QwVenueHttp       *self,
                                       SoupServerMessage *msg,
                                       const char        *path,
                                       GHashTable        *query,
                                       const QwSite      *site);

G_END_DECLS
