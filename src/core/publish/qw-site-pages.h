/* qw-site-pages.h: the public pages of a stop, in Chinese, for phones first
 *
 * Paths (the venue server's, and the folders of the static export):
 *
 *   /                                 the event and its groups
 *   /group/CODE/pairings[?round=N]    a round's pairings (default: the latest)
 *   /group/CODE/standings             standings with the tie-break columns
 *   /group/CODE/crosstable            round robins
 *   /group/CODE/bracket               knockouts
 *   /group/CODE/player/NO             one player's games round by round
 *   /verify/CODE                      what a certificate's code certifies
 *   /api/group/CODE/standings.json    the objects of `qiwang-cli standings --json`
 *   /api/verify/CODE                  the object of `qiwang-cli verify-certificate --json`
 *   /api/version                      {"version": N}: the pages poll it
 *
 * A path may end with "/". Pairings and standings take ?q=NAME-OR-NUMBER to
 * show only the matching rows (the pages filter as one types, too). Every
 * page is self-contained: its style and its few lines of script are inline,
 * nothing is loaded from elsewhere. Pages never show an ID number, a phone
 * number or a birth date: the snapshot (qw-site.h) does not hold them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-certificate-code.h"
#include "qw-site.h"

G_BEGIN_DECLS

/* The Content-Security-Policy of every public page: a header when served,
 * a <meta http-equiv> in the exported files (a file has no headers). Inline
 * style and the pages' own few lines of script; nothing from elsewhere. */
#define QW_SITE_CSP \
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; " \
  "connect-src 'self'; img-src 'self' data:; form-action 'self'"

typedef enum
{
  QW_SITE_LIVE = 0,       /* served: links from the root, pages follow the document */
  QW_SITE_STATIC,         /* a folder of files: relative links to …/index.html */
  QW_SITE_SINGLE,         /* one file per group: links within the file */
} QwSiteMode;

typedef enum
{
  QW_SITE_PAGE_NOT_FOUND = 0,
  QW_SITE_PAGE_INDEX,
  QW_SITE_PAGE_PAIRINGS,
  QW_SITE_PAGE_STANDINGS,
  QW_SITE_PAGE_CROSSTABLE,
  QW_SITE_PAGE_BRACKET,
  QW_SITE_PAGE_PLAYER,
  QW_SITE_PAGE_VERIFY,
  QW_SITE_PAGE_STANDINGS_JSON,
  QW_SITE_PAGE_VERIFY_JSON,
  QW_SITE_PAGE_VERSION,
} QwSitePageKind;

typedef struct
{
  QwSitePageKind  kind;
  char           *group;    /* the group's code */
  int             round;    /* pairings: 0 = the latest; -1: not a round */
  int             no;       /* player: 序号 */
  char           *code;     /* verify: as typed */
  char           *find;     /* pairings, standings: ?q= */
} QwSiteRequest;

typedef struct
{
  guint       status;       /* 200, 404 */
  const char *content_type;
  GBytes     *body;
} QwSiteResponse;

/* @query: (nullable) (element-type utf8 utf8): the decoded query */
void            qw_site_request_parse     (QwSiteRequest        *request,
                                           const char           *path,
                                           GHashTable           *query);
void            qw_site_request_clear     (QwSiteRequest        *request);

/**
 * qw_site_render:
 * @version: the live pages' version (QW_SITE_LIVE), embedded for polling
 * @check: (nullable): for QW_SITE_PAGE_VERIFY(_JSON): the certificate check
 *   (the renderer has no document to make one)
 *
 * Returns: (transfer full): the page; a 404 page in Chinese for a group,
 *   round or player that does not exist
 */
QwSiteResponse *qw_site_render            (const QwSite             *site,
                                           const QwSiteRequest      *request,
                                           QwSiteMode                mode,
                                           gint64                    version,
                                           const QwCertificateCheck *check);
void            qw_site_response_free     (QwSiteResponse       *response);

/* The whole group in one self-contained file (QW_SITE_SINGLE): pairings of
 * every round, standings, cross-table or bracket, and every player. */
char           *qw_site_render_group_file (const QwSite         *site,
                                           const char           *code);

/* A page's path in the site, without the leading "/": "group/open-m/standings". */
char           *qw_site_page_path         (QwSitePageKind        kind,
                                           const char           *group,
                                           int                   number);
/* The exported folder's one-file page of a group: "open-m.html". */
char           *qw_site_group_file        (const char           *group_code);

/* The JSON of one standings row, as `qiwang-cli standings --json` prints it. */
char           *qw_site_standings_json    (const QwSiteGroup    *group);
char           *qw_site_check_json        (const QwCertificateCheck *check);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwSiteRequest, qw_site_request_clear)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSiteResponse, qw_site_response_free)

G_END_DECLS
