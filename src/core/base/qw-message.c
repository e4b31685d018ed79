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
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"

#define START '\x1e'
#define SEP   '\x1f'
#define END   '\x1d'
/* Between a plural message's two forms; its first argument is the count. */
#define PLURAL '\x1c'
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

/* The argument of the conversion at @f (its length @length), taken from @ap
 * by its type and formatted untranslated; NULL for one not supported. */
static char *
format_one (const char *f,
            gsize       length,
            va_list    *ap)
{
  char type = f[length - 1];
  gboolean wide = FALSE, very_wide = FALSE, size = FALSE;
  int precision = -1;

  for (gsize i = 1; i + 1 < length; i++)
    {
      if (f[i] == 'l')
        {
          very_wide = wide;
          wide = TRUE;
        }
      else if (f[i] == 'z')
        size = TRUE;
      else if (f[i] == '.')
        precision = atoi (f + i + 1);
    }
  switch (type)
    {
    case 's':
      {
        const char *s = va_arg (*ap, const char *);

        return g_strdup (s != NULL ? s : "");
      }
    case 'd':
    case 'i':
      if (very_wide)
        return g_strdup_printf ("%lld", va_arg (*ap, long long));
      if (wide)
        return g_strdup_printf ("%ld", va_arg (*ap, long));
      if (size)
        return g_strdup_printf ("%" G_GSSIZE_FORMAT, va_arg (*ap, gssize));
      return g_strdup_printf ("%d", va_arg (*ap, int));
    case 'u':
      if (very_wide)
        return g_strdup_printf ("%llu", va_arg (*ap, unsigned long long));
      if (wide)
        return g_strdup_printf ("%lu", va_arg (*ap, unsigned long));
      if (size)
        return g_strdup_printf ("%" G_GSIZE_FORMAT, va_arg (*ap, gsize));
      return g_strdup_printf ("%u", va_arg (*ap, unsigned int));
    case 'f':
      return g_strdup_printf ("%.*f", precision >= 0 ? precision : 6, va_arg (*ap, double));
    case 'g':
      return g_strdup_printf ("%g", va_arg (*ap, double));
    default:
      return NULL;
    }
}

static int conversion_length (const char *f);

/* Formats @ap's arguments by the conversions of @format, in order. */
static void
format_args (GPtrArray  *args,
             const char *format,
             va_list    *ap)
{
  for (const char *f = strchr (format, '%'); f != NULL; f = strchr (f, '%'))
    {
      int length;
      char *value;

      if (f[1] == '%')
        {
          f += 2;
          continue;
        }
      length = conversion_length (f);
      if (length == 0)
        {
          f++;
          continue;
        }
      value = format_one (f, (gsize) length, ap);
      if (value == NULL)
        {
          g_critical ("qw_message_printf: conversion “%.*s” of “%s” is not supported", length, f, format);
          value = g_strdup ("");
        }
      g_ptr_array_add (args, value);
      f += length;
    }
}

/**
 * qw_message_printf:
 * @msgid: the untranslated format, marked for translation at the caller
 *
 * Returns: the text to store
 */
char *
qw_message_printf (const char *msgid,
                   ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  va_list ap;

  va_start (ap, msgid);
  format_args (args, msgid, &ap);
  va_end (ap);
  return build (msgid, args);
}

/**
 * qw_message_plural:
 * @n: the count that chooses the form, stored as the first argument
 *
 * Returns: the text to store
 */
char *
qw_message_plural (const char *msgid,
                   const char *msgid_plural,
                   gulong      n,
                   ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *clean_plural = NULL;
  g_autofree char *forms = NULL;
  GString *plural = g_string_new (NULL);
  va_list ap;

  append_clean (plural, msgid_plural, -1);
  clean_plural = g_string_free (plural, FALSE);
  g_ptr_array_add (args, g_strdup_printf ("%lu", n));
  va_start (ap, n);
  format_args (args, msgid, &ap);
  va_end (ap);
  /* build() drops control characters from the msgid: the forms' separator
   * is put in after. */
  {
    g_autofree char *built = build (msgid, args);
    gsize end_of_msgid = 1 + strcspn (built + 1, "\x1f\x1d");
    GString *out = g_string_new_len (built, (gssize) end_of_msgid);

    g_string_append_c (out, PLURAL);
    g_string_append (out, clean_plural);
    g_string_append (out, built + end_of_msgid);
    forms = g_string_free (out, FALSE);
  }
  return g_steal_pointer (&forms);
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

static int
conversion_length (const char *f)
{
  int position;
  gboolean plus;

  return (int) conversion (f, &position, &plus);
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
  char *plural = strchr (msgid, PLURAL);
  const char *format;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  guint next = 0;

  for (guint a = 1; a < n; a++)
    {
      gsize from = g_array_index (bounds, gsize, 2 * a), to = g_array_index (bounds, gsize, 2 * a + 1);
      GString *arg = g_string_new (NULL);

      render_into (arg, text + from, to - from, depth + 1);
      g_ptr_array_add (args, g_string_free (arg, FALSE));
    }
  if (plural != NULL)
    {
      /* The count is the first argument, the format's come after it. */
      gulong count = args->len > 0 ? strtoul (g_ptr_array_index (args, 0), NULL, 10) : 0;

      *plural = '\0';
      format = g_dngettext (GETTEXT_PACKAGE, msgid, plural + 1, count);
      if (args->len > 0)
        g_ptr_array_remove_index (args, 0);
    }
  else
    format = g_dgettext (GETTEXT_PACKAGE, msgid);
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
