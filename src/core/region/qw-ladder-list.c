/* qw-ladder-list.c: the ladder's published list (名单公示), accounts and
 * ID numbers masked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-output.h"
#include "qw-idcard.h"
#include "qw-ladder.h"

/* ----------------------------------------------------------------------- */
/* 名单公示                                                                */
/* ----------------------------------------------------------------------- */

char *
qw_ladder_mask_account (const char *account)
{
  gsize len = account != NULL ? strlen (account) : 0;
  gboolean mobile = len == 11 && account[0] == '1';

  for (gsize i = 0; mobile && i < len; i++)
    mobile = g_ascii_isdigit (account[i]);
  if (!mobile)
    return g_strdup (account != NULL ? account : "");
  return g_strdup_printf ("%.3s****%s", account, account + 7);
}

/* The published list is a document in Chinese, whatever the interface's
 * language (like every printout). */
static char *
finalist_way (const QwLadderFinalist *f)
{
  if (f->via == QW_LADDER_VIA_WILDCARD)
    return g_strdup_printf ("外卡：%s", f->reason);
  return g_strdup_printf ("第%d期网络入围赛第%d名", f->period, f->rank);
}

/**
 * qw_ladder_public_list_csv:
 *
 * The list of finalists to publish (十三(三)): 序号, 姓名, 性别, 证件类型,
 * 证件号码 (masked), 单位或地区, 平台账号 (masked when a mobile number), 入选方式.
 */
char *
qw_ladder_public_list_csv (const QwLadder *ladder)
{
  GString *out = g_string_new ("\xEF\xBB\xBF");
  static const char *header[] = {
    "序号", "姓名", "性别", "证件类型", "证件号码", "单位或地区", "平台账号", "入选方式",
  };

  for (guint c = 0; c < G_N_ELEMENTS (header); c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      qw_csv_append_field (out, header[c], ',');
    }
  g_string_append (out, "\r\n");
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);
      const QwLadderPlayer *p = f->player;
      g_autofree char *no = g_strdup_printf ("%u", i + 1);
      g_autofree char *masked = qw_idcard_mask (p != NULL ? p->doc_number : NULL);
      g_autofree char *account = qw_ladder_mask_account (f->account);
      g_autofree char *way = finalist_way (f);
      const char *doc = p == NULL || *p->doc_number == '\0' ? ""
                      : p->doc_kind == QW_DOC_RESIDENT_ID ? "居民身份证" : "其他证件";
      const char *fields[] = {
        no, f->name, p != NULL ? qw_sex_to_chinese (p->sex) : "", doc, masked, p != NULL ? p->unit : "", account, way,
      };

      for (guint c = 0; c < G_N_ELEMENTS (fields); c++)
        {
          if (c > 0)
            g_string_append_c (out, ',');
          qw_csv_append_field (out, fields[c], ',');
        }
      g_string_append (out, "\r\n");
    }
  /* Cancelled finalists (§九3, §十一(三)3) stay on the list as removed, with
   * no more than their name and (masked) account: not the reason, which is
   * the arbiter's record, not a public accusation. Their place stays empty
   * (qw-ladder-cancel.c). */
  for (guint i = 0; i < ladder->cancelled->len; i++)
    {
      const QwLadderCancelled *c = g_ptr_array_index (ladder->cancelled, i);
      g_autofree char *account = qw_ladder_mask_account (c->finalist->account);
      g_autofree char *way = g_strdup_printf ("已取消资格（%s）", qw_ladder_cancelled_place_text ());
      const char *fields[] = { "", c->finalist->name != NULL ? c->finalist->name : "", "", "", "", "", account, way };

      for (guint k = 0; k < G_N_ELEMENTS (fields); k++)
        {
          if (k > 0)
            g_string_append_c (out, ',');
          qw_csv_append_field (out, fields[k], ',');
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}

gboolean
qw_ladder_write_public_list (const QwLadder  *ladder,
                             const char      *path,
                             GError         **error)
{
  g_autofree char *text = qw_ladder_public_list_csv (ladder);

  return qw_output_replace_contents (path, text, -1, QW_OUTPUT_PUBLIC, error);
}
