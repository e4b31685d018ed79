/* qw-certificate-code.c: verification codes of certificates and 奖状
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-certificate-code"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-certificate-code.h"
#include "qw-document-identity.h"
#include "qw-error.h"
#include "qw-event-name.h"
#include "qw-idcard.h"
#include "qw-ruleset.h"

#define PLACES_KEY "certificate-places"

/* Crockford's base32: no I, L, O, U, so that nothing reads as something else. */
static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* Codes */

/**
 * qw_certificate_code_compute:
 * @secret: the document's secret (hex)
 * @results_digest: the digest of the public results without certificates
 *
 * Returns: the code of a certificate with these contents: 10 characters
 */
char *
qw_certificate_code_compute (const char *secret,
                             const char *name,
                             const char *masked_id,
                             const char *event,
                             const char *group,
                             int         place,
                             const char *results_digest)
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, (const guchar *) secret, strlen (secret));
  g_autofree char *place_text = g_strdup_printf ("%d", place);
  const char *parts[] = { "qiwang-certificate-1", name, masked_id, event, group, place_text, results_digest };
  guint8 digest[32];
  gsize length = sizeof digest;
  char *code = g_malloc0 (QW_CERTIFICATE_CODE_LENGTH + 1);
  guint64 bits = 0;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      /* The unit separator cannot be typed into any field: no two contents
       * join to the same message. */
      if (i > 0)
        g_hmac_update (hmac, (const guchar *) "\x1f", 1);
      g_hmac_update (hmac, (const guchar *) (parts[i] != NULL ? parts[i] : ""), -1);
    }
  g_hmac_get_digest (hmac, digest, &length);
  for (guint i = 0; i < 8; i++)
    bits = (bits << 8) | digest[i];
  for (guint i = 0; i < QW_CERTIFICATE_CODE_LENGTH; i++)
    code[i] = alphabet[(bits >> (64 - 5 * (i + 1))) & 0x1f];
  return code;
}

/**
 * qw_certificate_code_normalize:
 * @typed: a code as a person types it: any case, with spaces or dashes, O
 *   for 0, I or L for 1
 *
 * Returns: (nullable): the code, or %NULL when @typed cannot be one
 */
char *
qw_certificate_code_normalize (const char *typed)
{
  g_autoptr(GString) code = g_string_new (NULL);

  for (const char *p = typed != NULL ? typed : ""; *p != '\0'; p++)
    {
      char c = g_ascii_toupper (*p);

      if (c == ' ' || c == '-' || c == '\t')
        continue;
      if (c == 'O')
        c = '0';
      else if (c == 'I' || c == 'L')
        c = '1';
      if (strchr (alphabet, c) == NULL || c == '\0')
        return NULL;
      g_string_append_c (code, c);
    }
  if (code->len != QW_CERTIFICATE_CODE_LENGTH)
    return NULL;
  return g_string_free (g_steal_pointer (&code), FALSE);
}

/* "ABCDE-FGHJK": how certificates print it. */
char *
qw_certificate_code_format (const char *code)
{
  if (code == NULL || strlen (code) != QW_CERTIFICATE_CODE_LENGTH)
    return g_strdup (code != NULL ? code : "");
  return g_strdup_printf ("%.5s-%.5s", code, code + 5);
}

/* The document's secret and places */

/**
 * qw_certificate_secret:
 * @create: make one when the document has none (not for a read-only document)
 *
 * Returns: (nullable): the secret (hex); %NULL when there is none, with
 *   @error only if one could not be made
 */
char *
qw_certificate_secret (QwDocument  *doc,
                       gboolean     create,
                       GError     **error)
{
  char *secret = qw_document_get_meta (doc, QW_META_CERTIFICATE_SECRET);

  if (secret != NULL && *secret != '\0')
    return secret;
  g_clear_pointer (&secret, g_free);
  /* Made with the document (store/qw-document-identity.h); only one made
   * by an older Qiwang, that could not be written when it was opened, has
   * none yet. */
  if (!create || !qw_document_make_identity (doc, error))
    return NULL;
  secret = qw_document_get_meta (doc, QW_META_CERTIFICATE_SECRET);
  if (secret != NULL && *secret != '\0')
    return secret;
  g_free (secret);
  g_set_error_literal (error, QW_ERROR, QW_ERROR_FAILED, _("No random numbers for the certificates’ secret"));
  return NULL;
}

int
qw_certificate_places (QwDocument *doc)
{
  g_autofree char *value = qw_document_get_meta (doc, PLACES_KEY);
  gint64 places = value != NULL ? g_ascii_strtoll (value, NULL, 10) : 0;

  return places >= 1 && places <= 1000 ? (int) places : QW_CERTIFICATE_DEFAULT_PLACES;
}

/* Awards printed further down than the places that have codes: from now on
 * those places have codes too. */
gboolean
qw_certificate_ensure_places (QwDocument  *doc,
                              int          places,
                              GError     **error)
{
  g_autofree char *value = NULL;

  /* A document that cannot be written gives codes to the places it has:
   * printing reads. */
  if (places <= qw_certificate_places (doc) || qw_document_is_read_only (doc))
    return TRUE;
  value = g_strdup_printf ("%d", MIN (places, 1000));
  return qw_document_keep_meta (doc, PLACES_KEY, value, error);
}

/* Issuing */

static const char *digits[] = { "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九" };

/* 3 → "第三名", as the 奖状 says (print/qw-certificate.c writes the same). */
static char *
place_title (int place)
{
  GString *s = g_string_new ("第");

  if (place <= 0 || place >= 100)
    g_string_append_printf (s, "%d", place);
  else
    {
      if (place >= 20)
        g_string_append (s, digits[place / 10]);
      if (place >= 10)
        g_string_append (s, "十");
      if (place % 10 != 0 || place < 10)
        g_string_append (s, digits[place % 10]);
    }
  g_string_append (s, "名");
  return g_string_free (s, FALSE);
}

/* The digest of the public results without their certificates. */
static char *
results_digest (QwResults  *results,
                GError    **error)
{
  GPtrArray *kept = results->certificates;
  g_autofree char *text = NULL;
  char *digest = NULL;

  results->certificates = g_ptr_array_new ();
  text = qw_results_to_xml (results, TRUE, &digest, error);
  g_ptr_array_unref (results->certificates);
  results->certificates = kept;
  if (text == NULL)
    g_clear_pointer (&digest, g_free);
  return digest;
}

static void
issue_group (QwResults            *results,
             const QwResultsGroup *group,
             const char           *secret,
             const char           *digest,
             const char           *champion,
             int                   places)
{
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, i);
      const QwEntry *e = qw_results_group_find_player (group, s->no);
      QwResultsCertificate *c;
      g_autofree char *masked = NULL;

      if (e == NULL || s->rank < 1 || s->rank > places)
        continue;
      masked = qw_idcard_mask (e->id_number);
      c = qw_results_certificate_new ();
      g_free (c->code);
      c->code = qw_certificate_code_compute (secret, e->name, masked, results->event->name, group->name,
                                             s->rank, digest);
      g_free (c->group);
      c->group = g_strdup (group->code);
      c->no = s->no;
      c->place = s->rank;
      g_free (c->title);
      c->title = s->rank == 1 && champion != NULL ? g_strdup (champion) : place_title (s->rank);
      g_ptr_array_add (results->certificates, c);
    }
}

/**
 * qw_results_issue_certificates:
 * @results: a document's own results (qw_results_from_event()), with full ID
 *   numbers
 *
 * Sets @results' certificates: the codes of places 1 to
 * qw_certificate_places() of every group with standings. A read-only
 * document without a secret has issued nothing and gets none.
 */
gboolean
qw_results_issue_certificates (QwDocument  *doc,
                               QwResults   *results,
                               GError     **error)
{
  g_autofree char *secret = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *champion = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  gboolean any = FALSE;
  int places;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  g_ptr_array_set_size (results->certificates, 0);
  for (guint i = 0; i < results->groups->len; i++)
    any |= ((QwResultsGroup *) g_ptr_array_index (results->groups, i))->standings->len > 0;
  if (!any)
    return TRUE;
  secret = qw_certificate_secret (doc, !qw_document_is_read_only (doc), error);
  if (secret == NULL)
    return qw_document_is_read_only (doc);
  digest = results_digest (results, error);
  if (digest == NULL)
    return FALSE;
  ruleset = qw_ruleset_lookup (results->event->ruleset, NULL);
  if (ruleset != NULL)
    champion = qw_event_champion_title (ruleset, results->event);
  places = qw_certificate_places (doc);
  for (guint i = 0; i < results->groups->len; i++)
    issue_group (results, g_ptr_array_index (results->groups, i), secret, digest, champion, places);
  return TRUE;
}

const QwResultsCertificate *
qw_results_find_certificate (const QwResults *results,
                             const char      *group,
                             int              no)
{
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);

      if (c->no == no && g_strcmp0 (c->group, group) == 0)
        return c;
    }
  return NULL;
}

/* Checking */

void
qw_certificate_check_free (QwCertificateCheck *check)
{
  if (check == NULL)
    return;
  g_free (check->code);
  g_free (check->name);
  g_free (check->event);
  g_free (check->group);
  g_free (check->group_code);
  g_free (check->title);
  g_free (check);
}

static QwCertificateCheck *
check_new (const char *code)
{
  QwCertificateCheck *check = g_new0 (QwCertificateCheck, 1);

  check->code = g_strdup (code != NULL ? code : "");
  check->name = g_strdup ("");
  check->event = g_strdup ("");
  check->group = g_strdup ("");
  check->group_code = g_strdup ("");
  check->title = g_strdup ("");
  return check;
}

static const QwResultsStanding *
find_standing (const QwResultsGroup *group,
               int                   no)
{
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, i);

      if (s->no == no)
        return s;
    }
  return NULL;
}

/* What @c certifies, if the results bear it out: the player is in the
 * group and ranked at the certificate's place. */
static gboolean
fill_check (QwCertificateCheck         *check,
            const QwResults            *results,
            const QwResultsCertificate *c)
{
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);
      const QwResultsStanding *s;
      const QwEntry *e;

      if (!g_str_equal (group->code, c->group))
        continue;
      e = qw_results_group_find_player (group, c->no);
      s = find_standing (group, c->no);
      if (e == NULL || s == NULL || s->rank != c->place)
        return FALSE;
      g_free (check->name);
      check->name = g_strdup (e->name);
      g_free (check->event);
      check->event = g_strdup (results->event->name);
      g_free (check->group);
      check->group = g_strdup (group->name[0] != '\0' ? group->name : group->code);
      g_free (check->group_code);
      check->group_code = g_strdup (group->code);
      check->no = c->no;
      check->place = c->place;
      g_free (check->title);
      check->title = g_strdup (c->title);
      return TRUE;
    }
  return FALSE;
}

/**
 * qw_results_check_certificate:
 * @results: results with their certificates (issued, or read from a file)
 * @typed: the code as typed
 *
 * Returns: (transfer full): whether the code is one of @results' and what
 *   it certifies; never %NULL
 */
QwCertificateCheck *
qw_results_check_certificate (const QwResults *results,
                              const char      *typed)
{
  g_autofree char *code = qw_certificate_code_normalize (typed);
  QwCertificateCheck *check = check_new (code);

  if (code == NULL)
    return check;
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);

      if (g_str_equal (c->code, code))
        {
          check->valid = fill_check (check, results, c);
          break;
        }
    }
  return check;
}
