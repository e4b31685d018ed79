/* qw-site-pages-private.h: what the files of the public pages share
 * (publish/ only)
 *
 *   qw-site-requests.c a page asked for, and the paths of pages
 *   qw-site-parts.c    the small pieces every page is made of
 *   qw-site-rounds.c   a group's pairings, standings, cross-table, bracket
 *   qw-site-players.c  a player's page, the index, a certificate checked,
 *                      the JSON
 *   qw-site-pages.c    requests, rendering and the one-file export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-site-html.h"
#include "qw-site-pages.h"

G_BEGIN_DECLS

/* qw-site-requests.c */

int                _qw_site_parse_number      (const char *text);

/* qw-site-parts.c */

char              *_qw_site_format_points     (double points);
void               _qw_site_heading           (QwHtml     *h,
                                               int         level,
                                               const char *id,
                                               const char *text);
void               _qw_site_player_link       (QwHtml            *h,
                                               const QwSiteGroup *group,
                                               int                no,
                                               const char        *name);
const char        *_qw_site_status_note       (const QwSitePlayer *p);
char              *_qw_site_round_label       (const QwSiteGroup *group,
                                               int                round);
const QwRoundCell *_qw_site_round_cell        (const QwSiteGroup *group,
                                               int                no,
                                               int                round);
char              *_qw_site_game_result_text  (const QwSiteGroup *group,
                                               const QwSiteGame  *g);
const char        *_qw_site_game_result_words (QwResult result);
const char        *_qw_site_cell_outcome      (const QwRoundCell *cell);
gboolean           _qw_site_matches           (const char *find,
                                               const char *haystack);
void               _qw_site_add_find_words    (GString            *words,
                                               const QwSitePlayer *p);
void               _qw_site_found_note        (QwHtml     *h,
                                               const char *find,
                                               guint       found);

/* qw-site-rounds.c */

void               _qw_site_pairings_table    (QwHtml            *h,
                                               const QwSiteGroup *group,
                                               int                round,
                                               const char        *find);
void               _qw_site_pairings_body     (QwHtml            *h,
                                               const QwSiteGroup *group,
                                               int                round,
                                               const char        *find);
void               _qw_site_standings_body    (QwHtml            *h,
                                               const QwSiteGroup *group,
                                               const char        *find);
void               _qw_site_crosstable_body   (QwHtml            *h,
                                               const QwSiteGroup *group);
void               _qw_site_bracket_body      (QwHtml            *h,
                                               const QwSiteGroup *group);

/* qw-site-players.c */

void               _qw_site_player_body       (QwHtml             *h,
                                               const QwSiteGroup  *group,
                                               const QwSitePlayer *p,
                                               int                 level);
void               _qw_site_index_body        (QwHtml *h);
void               _qw_site_verify_body       (QwHtml                   *h,
                                               const char               *typed,
                                               const QwCertificateCheck *check);
void               _qw_site_not_found_body    (QwHtml              *h,
                                               const QwSiteRequest *request,
                                               const QwSiteGroup   *group);

G_END_DECLS
