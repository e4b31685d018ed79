/* qw-message.h: texts stored as codes and arguments, rendered when read
 *
 * A pairing's explanations and a group's log are stored in the document
 * and read later, often by someone with another language than the process
 * that wrote them (a Chinese window on a document paired by an English
 * qiwang-cli, issue 19). They are stored as the untranslated message (its
 * msgid, marked with N_()) and its arguments already formatted, and each
 * reader renders them in its own language:
 *
 *     stored = qw_message (N_("Score group %s: both players have %s points."), "4", "4", NULL);
 *     shown = qw_message_render (stored);   // "积分组 4 分：双方均为 4 分。" under zh_CN
 *
 * A stored text may hold several messages with plain text between them
 * (sentences joined by a space), and an argument may itself be a message
 * (a reason inside a sentence). Texts stored before (plain English or
 * Chinese) have no message in them and render as they are.
 *
 * The translated format is never given to printf: each conversion (%d, %s,
 * %g, %+d, %u, also %N$s) is replaced by the next (or the Nth) argument as
 * stored, and %% by %.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char    *qw_message        (const char *msgid,
                            ...) G_GNUC_NULL_TERMINATED;
char    *qw_message_int    (const char *msgid,
                            int         n_args,
                            ...);
/* qw_message() with its arguments given as g_strdup_printf() would take
 * them (checked against @msgid by the compiler): each is formatted by its
 * own conversion (%s, %d, %i, %u, with l, ll or z; %g, %.Nf; not %N$),
 * untranslated, and stored. */
char    *qw_message_printf (const char *msgid,
                            ...) G_GNUC_PRINTF (1, 2);
/* A message with a plural form: @n chooses the form when rendered
 * (g_dngettext()); the arguments are formatted as for qw_message_printf(). */
char    *qw_message_plural (const char *msgid,
                            const char *msgid_plural,
                            gulong      n,
                            ...);
char    *qw_message_render (const char *stored);
gboolean qw_message_is_coded (const char *stored);

G_END_DECLS
