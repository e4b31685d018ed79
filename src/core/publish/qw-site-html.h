/* qw-site-html.h: writing the public pages (private to src/core/publish/)
 *
 * A QwHtml is one page being written: where it sits in the site (for its
 * links), how the site is published (served, a folder, one file), and the
 * text so far. The head carries the inline style and, when served, the few
 * lines that poll /api/version and swap in #content when it changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-site-pages.h"

G_BEGIN_DECLS

typedef struct
{
  const QwSite *site;
  QwSiteMode    mode;
  char         *here;       /* this page's path, "group/open-m/pairings" ("" for the index) */
  gint64        version;
  GString      *out;
} QwHtml;

/* Which tab of a group's navigation is the current page. */
typedef enum
{
  QW_TAB_NONE = 0,
  QW_TAB_PAIRINGS,
  QW_TAB_STANDINGS,
  QW_TAB_TABLE,             /* cross-table or bracket */
} QwTab;

void        _qw_html_init      (QwHtml            *h,
                                const QwSite      *site,
                                QwSiteMode         mode,
                                const char        *here,
                                gint64             version);
char       *_qw_html_finish    (QwHtml            *h);

void        _qw_html_raw       (QwHtml            *h,
                                const char        *markup);
void        _qw_html_text      (QwHtml            *h,
                                const char        *text);
/* Markup with printf-style arguments, not escaped: numbers and markup only,
 * never text from the document (_qw_html_text() escapes). */
void        _qw_html_printf    (QwHtml            *h,
                                const char        *format,
                                ...) G_GNUC_PRINTF (2, 3);
/* ` href="…"`: the link from this page to @target (a page path). */
void        _qw_html_href      (QwHtml            *h,
                                const char        *target);

/* <!DOCTYPE …> to the opening of <div id="content">; @group: the group
 * whose tabs to show (NULL: none); @find: (nullable): the find-your-board
 * form with this text in it. */
void        _qw_html_begin     (QwHtml            *h,
                                const char        *title,
                                const QwSiteGroup *group,
                                QwTab              tab,
                                const char        *find);
void        _qw_html_end       (QwHtml            *h);

/* The style and scripts, for the one-file export. */
const char *_qw_html_style     (void);
const char *_qw_html_find_script (void);

G_END_DECLS
