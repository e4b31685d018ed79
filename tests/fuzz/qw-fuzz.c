/* qw-fuzz.c: what every libFuzzer harness of tests/fuzz/ shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-xml-seal.h"

static void
silent (void       *ctx,
        const char *msg,
        ...)
{
}

static GLogWriterOutput
abort_on_warning (GLogLevelFlags   level,
                  const GLogField *fields,
                  gsize            n_fields,
                  gpointer         user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      g_autofree char *text = g_log_writer_format_fields (level, fields, n_fields, FALSE);

      g_printerr ("%s\n", text);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

void
qw_fuzz_init (void)
{
  static gsize done = 0;

  if (!g_once_init_enter (&done))
    return;
  /* The data files of the source tree unless told otherwise. */
  g_setenv ("QIWANG_DATA_DIR", QW_FUZZ_DATA_DIR, FALSE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  /* A critical or a warning is a bug the fuzzer found: abort() (not GLib's
   * breakpoint trap), so that libFuzzer keeps the input. */
  g_log_set_writer_func (abort_on_warning, NULL, NULL);
  xmlSetGenericErrorFunc (NULL, silent);
  g_once_init_leave (&done, 1);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  qw_fuzz_init ();
  return 0;
}

/* The input being run, to tell libxml2's advice from text quoted from it. */
static GBytes *current;

void
qw_fuzz_begin (const uint8_t *data,
               size_t         size)
{
  qw_fuzz_init ();
  g_clear_pointer (&current, g_bytes_unref);
  current = g_bytes_new (data, size);
}

static gboolean
input_contains (const char *needle)
{
  gsize size = 0;
  const char *data = current != NULL ? g_bytes_get_data (current, &size) : NULL;
  gsize n = strlen (needle);

  for (gsize i = 0; data != NULL && i + n <= size; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

void
qw_fuzz_assert_error (const GError *error,
                      const char   *what)
{
  if (error == NULL || error->message == NULL || error->message[0] == '\0')
    {
      g_printerr ("%s failed without a message\n", what);
      abort ();
    }
  if (!g_utf8_validate (error->message, -1, NULL))
    {
      g_printerr ("%s: the message is not UTF-8\n", what);
      abort ();
    }
}

void
qw_fuzz_assert_xml_error (const GError *error,
                          const char   *what)
{
  qw_fuzz_assert_error (error, what);
  /* libxml2's advice to programmers, unless the input itself spelt it (or
   * could have, with a character reference). */
  if (strstr (error->message, "XML_PARSE_HUGE") != NULL && !input_contains ("HUGE") && !input_contains ("&#"))
    {
      g_printerr ("%s: libxml2's advice reached the user: %s\n", what, error->message);
      abort ();
    }
}

char *
qw_fuzz_reseal (const uint8_t *data,
                size_t         size,
                gsize         *length)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  const char *root, *name_end, *attrs_end, *content, *content_end;
  g_autofree char *name = NULL;
  g_autofree char *attrs = NULL;
  g_autofree char *inner = NULL;
  char *sealed;

  root = strstr (text, "?>");
  root = strchr (root != NULL ? root : text, '<');
  if (root == NULL)
    return NULL;
  name_end = root + 1 + strcspn (root + 1, " \t\r\n>/");
  attrs_end = strchr (name_end, '>');
  if (attrs_end == NULL || name_end == root + 1)
    return NULL;
  content = strstr (attrs_end, "<content");
  content_end = content != NULL ? strstr (content, "</content>") : NULL;
  if (content_end == NULL)
    return NULL;
  name = g_strndup (root + 1, (gsize) (name_end - root - 1));
  attrs = g_strndup (name_end, (gsize) (attrs_end - name_end));
  if (attrs[0] != '\0' && attrs[0] != ' ' && attrs[0] != '\t' && attrs[0] != '\n' && attrs[0] != '\r')
    return NULL;
  inner = g_strdup_printf ("%.*s</content>\n", (int) (content_end - content), content);
  sealed = qw_xml_seal (name, attrs, inner, NULL, NULL);
  if (sealed != NULL)
    *length = strlen (sealed);
  return sealed;
}
