/* qw-message.c: texts stored as codes and arguments, rendered when read
 *
 * A message is stored as START msgid (SEP argument)* END, with three
 * control characters no typed text holds. See qw-message.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-message"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-message.h"

#define START '\x1e'
#define SEP   '\x1f'
#define END   '\x1d'
/* A crafted document may nest messages without end: deeper ones are shown
 * as their msgid. */
#define MAX_DEPTH 4

static void
append_clean (GString    *out,
              const char *text,
              gssize      len)
{
  for (gssize i = 0; len < 0 ? text[i] != '\0' : i < len; i++)
    if (text[i] != START && text[i] != SEP && text[i] != END)
      g_string_append_c (out, text[i]);
}

static char *
build (const char  *msgid,
       GPtrArray   *args)
{
  GString *out = g_string_new (NULL);

  g_string_append_c (out, START);
  append_clean (out, msgid, -1);
  for (guint i = 0; i < args->len; i++)
    {
      const char *arg = g_ptr_array_index (args, i);

      g_string_append_c (out, SEP);
      /* An argument may be a message itself: kept whole. */
      g_string_append (out, arg != NULL ? arg : "");
    }
  g_string_append_c (out, END);
  return g_string_free (out, FALSE);
}

/**
 * qw_message:
 * @msgid: the untranslated format, marked for translation (N_ at the caller)
 * @...: its arguments as text (formatted already, or messages themselves),
 *   then %NULL
 *
 * Returns: the text to store
 */
char *
qw_message (const char *msgid,
            ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *arg;

  va_start (ap, msgid);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  return build (msgid, args);
}

/**
 * qw_message_int:
 * @n_args: how many int arguments follow
 *
 * qw_message() for a format whose arguments are all whole numbers.
 */
char *
qw_message_int (const char *msgid,
                int         n_args,
                ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  va_list ap;

  va_start (ap, n_args);
  for (int i = 0; i < n_args; i++)
    g_ptr_array_add (args, g_strdup_printf ("%d", va_arg (ap, int)));
  va_end (ap);
  return build (msgid, args);
}

gboolean
qw_message_is_coded (const char *stored)
{
  return stored != NULL && strchr (stored, START) != NULL;
}

static void render_into (GString *out, const char *text, gsize len, int depth);

/* The end of the message starting at text[0] (START), or len when it has
 * none; the arguments' spans in @args (pairs of offsets). */
static gsize
split_message (const char *text,
               gsize       len,
               GArray     *bounds)
{
  int depth = 0;
  gsize begin = 1;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      if (c == START)
        depth++;
      else if (c == END && --depth == 0)
        {
          gsize span[2] = { begin, i };

          g_array_append_vals (bounds, span, 2);
          return i;
        }
      else if (c == SEP && depth == 1)
        {
          gsize span[2] = { begin, i };

          g_array_append_vals (bounds, span, 2);
          begin = i + 1;
        }
    }
  return len;
}

/* A conversion: %[N$][flags][width][.prec][l]x. Returns its length (0: not
 * one), its position (N, or 0) and whether it asked for a sign (+). */
static gsize
conversion (const char *f,
            int        *position,
            gboolean   *plus)
{
  gsize i = 1;
  int n = 0;

  *position = 0;
  *plus = FALSE;
  while (g_ascii_isdigit (f[i]))
    n = n * 10 + (f[i++] - '0');
  if (n > 0 && f[i] == '$')
    {
      *position = n;
      i++;
    }
  else
    i = 1;
  while (f[i] != '\0' && strchr ("+- #0", f[i]) != NULL)
    *plus |= f[i++] == '+';
  while (g_ascii_isdigit (f[i]) || f[i] == '.')
    i++;
  while (f[i] == 'l' || f[i] == 'h' || f[i] == 'z')
    i++;
  if (f[i] != '\0' && strchr ("diusgfeGxc", f[i]) != NULL)
    return i + 1;
  return 0;
}

static void
render_message (GString    *out,
                const char *text,
                GArray     *bounds,
                int         depth)
{
  guint n = bounds->len / 2;
  g_autofree char *msgid = g_strndup (text + g_array_index (bounds, gsize, 0),
                                      g_array_index (bounds, gsize, 1) - g_array_index (bounds, gsize, 0));
  const char *format = g_dgettext (GETTEXT_PACKAGE, msgid);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  guint next = 0;

  for (guint a = 1; a < n; a++)
    {
      gsize from = g_array_index (bounds, gsize, 2 * a), to = g_array_index (bounds, gsize, 2 * a + 1);
      GString *arg = g_string_new (NULL);

      render_into (arg, text + from, to - from, depth + 1);
      g_ptr_array_add (args, g_string_free (arg, FALSE));
    }
  for (const char *f = format; *f != '\0';)
    {
      int position;
      gboolean plus;
      gsize length;

      if (f[0] != '%')
        {
          const char *percent = strchr (f, '%');
          gsize run = percent != NULL ? (gsize) (percent - f) : strlen (f);

          append_clean (out, f, (gssize) run);
          f += run;
          continue;
        }
      if (f[1] == '%')
        {
          g_string_append_c (out, '%');
          f += 2;
          continue;
        }
      length = conversion (f, &position, &plus);
      if (length == 0)
        {
          g_string_append_c (out, '%');
          f++;
          continue;
        }
      {
        guint index = position > 0 ? (guint) position - 1 : next++;
        const char *value = index < args->len ? g_ptr_array_index (args, index) : "";

        if (plus && value[0] != '-' && value[0] != '+' && value[0] != '\0')
          g_string_append_c (out, '+');
        g_string_append (out, value);
      }
      f += length;
    }
}

static void
render_into (GString    *out,
             const char *text,
             gsize       len,
             int         depth)
{
  gsize i = 0;

  while (i < len)
    {
      const char *start = memchr (text + i, START, len - i);
      gsize plain = start != NULL ? (gsize) (start - (text + i)) : len - i;
      g_autoptr(GArray) bounds = NULL;
      gsize end;

      append_clean (out, text + i, (gssize) plain);
      i += plain;
      if (i >= len)
        break;
      bounds = g_array_new (FALSE, FALSE, sizeof (gsize));
      end = split_message (text + i, len - i, bounds);
      if (end >= len - i || bounds->len < 2)
        {
          /* Without its end: the rest as plain text. */
          append_clean (out, text + i, (gssize) (len - i));
          break;
        }
      /* Shift the spans to @text's offsets. */
      for (guint k = 0; k < bounds->len; k++)
        g_array_index (bounds, gsize, k) += i;
      if (depth >= MAX_DEPTH)
        append_clean (out, text + g_array_index (bounds, gsize, 0),
                      (gssize) (g_array_index (bounds, gsize, 1) - g_array_index (bounds, gsize, 0)));
      else
        render_message (out, text, bounds, depth);
      i += end + 1;
    }
}

/**
 * qw_message_render:
 * @stored: (nullable): a stored text: messages, plain text, or both
 *
 * Returns: the text in the reader's language; a text stored before
 *   messages were, as it is
 */
char *
qw_message_render (const char *stored)
{
  GString *out;

  if (stored == NULL)
    return g_strdup ("");
  if (!qw_message_is_coded (stored))
    return g_strdup (stored);
  out = g_string_new (NULL);
  render_into (out, stored, strlen (stored), 0);
  return g_string_free (out, FALSE);
}
