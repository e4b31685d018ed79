/* test-ui-venue.c: the venue, both ways, from the window (issue 20), in Chinese
 *
 * The window walk as a new user does it, with the window's own
 * venue server answering real HTTP on loopback while the window's main
 * loop runs: 场馆网络 › 添加设备 twice (an arbiter for boards 1–10 of the
 * men's group, a door's check-in for the women's group), each showing its
 * join link's QR code with the server's address; the door joins by its
 * link (a session cookie) and checks players in, the entries page showing
 * 已签到 and the count live; the arbiter's script (its Bearer token)
 * enters results, which the rounds page shows with 设备：NAME within a
 * second, a board outside its range refused; the window enters one too
 * (窗口) and undoes the device's last one with Ctrl+Z (its name in the
 * history); revoking the arbiter makes its next POST fail at once; closing
 * entry and the round's clock from the rounds page; the men's next round
 * paired; the women's round 1 paired with the players present only.
 * Screenshots (1280×800) of the add-device dialog, the device list, the
 * entries page and the rounds page go into the build directory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <libsoup/soup.h>
#include <string.h>

#include "qw-add-device-dialog.h"
#include "qw-board-item.h"
#include "qw-demo.h"
#include "qw-devices-dialog.h"
#include "qw-document-context.h"
#include "qw-entries-page.h"
#include "qw-entry-item.h"
#include "qw-publish-dialog.h"
#include "qw-rounds-page.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-venue.h"
#include "qw-window.h"
#include "qw-test-window.h"
#include "ui-wait.h"

static char *tmp_dir;

/* HTTP in a thread while the window's main loop runs, as a phone asks
 * while the arbiter works. */
typedef struct
{
  const char *method;
  char       *url;
  char       *body;      /* JSON, or NULL */
  char       *cookie;    /* "name=value", or NULL */
  char       *bearer;
  char       *origin;
  guint       status;
  char       *reply;
  char       *set_cookie;
  gboolean    done;
} Http;

static gpointer
http_thread (gpointer data)
{
  Http *h = data;
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(SoupMessage) msg = soup_message_new (h->method, h->url);
  SoupMessageHeaders *in = soup_message_get_request_headers (msg);
  g_autoptr(GBytes) reply = NULL;
  const char *cookie;

  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  if (h->cookie != NULL)
    soup_message_headers_replace (in, "Cookie", h->cookie);
  if (h->bearer != NULL)
    {
      g_autofree char *auth = g_strconcat ("Bearer ", h->bearer, NULL);

      soup_message_headers_replace (in, "Authorization", auth);
    }
  if (h->origin != NULL)
    soup_message_headers_replace (in, "Origin", h->origin);
  if (h->body != NULL)
    {
      g_autoptr(GBytes) body = g_bytes_new (h->body, strlen (h->body));

      soup_message_set_request_body_from_bytes (msg, "application/json", body);
    }
  reply = soup_session_send_and_read (session, msg, NULL, NULL);
  h->status = soup_message_get_status (msg);
  h->reply = reply != NULL ? g_strndup (g_bytes_get_data (reply, NULL), g_bytes_get_size (reply)) : NULL;
  cookie = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Set-Cookie");
  h->set_cookie = cookie != NULL ? g_strdup (cookie) : NULL;
  g_atomic_int_set (&h->done, TRUE);
  return NULL;
}

static gboolean
http_done (gpointer data)
{
  return g_atomic_int_get (&((Http *) data)->done);
}

static guint
http (Http *h)
{
  GThread *thread = g_thread_new ("http", http_thread, h);

  qw_test_wait_until (http_done, h, "an answer from the window's venue server");
  g_thread_join (thread);
  return h->status;
}

static void
http_clear (Http *h)
{
  g_free (h->url);
  g_free (h->body);
  g_free (h->cookie);
  g_free (h->bearer);
  g_free (h->origin);
  g_free (h->reply);
  g_free (h->set_cookie);
  memset (h, 0, sizeof *h);
}

/* A result from an arbiter's script, by its Bearer token. */
static guint
post_result (const char *base,
             const char *bearer,
             int         round,
             int         board,
             const char *result)
{
  Http h = { "POST", g_strconcat (base, "api/result", NULL),
             g_strdup_printf ("{\"group\": \"open-m\", \"round\": %d, \"board\": %d, \"result\": \"%s\"}", round, board,
                              result),
             NULL, g_strdup (bearer) };
  guint status = http (&h);

  http_clear (&h);
  return status;
}

/* Widgets */

/* Serves on loopback, any free port, from the publish dialog; its address. */
static char *
start_serving (QwWindow *window)
{
  QwPublishDialog *dialog = qw_publish_dialog_present (GTK_WINDOW (window));

  qw_test_serve_loopback (dialog);
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  return g_strdup (qw_publish_dialog_get_url (dialog));
}

/* 场馆网络 › 添加设备, filled in as a user does; the join link shown. */
static char *
add_device (QwWindow   *window,
            const char *name,
            guint       role,
            const char *group,
            int         from,
            int         to,
            const char *screenshot)
{
  QwAddDeviceDialog *dialog;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  char *link;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-device", NULL);
  dialog = QW_ADD_DEVICE_DIALOG (qw_test_wait_toplevel (QW_TYPE_ADD_DEVICE_DIALOG));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (rows, 0)), name);
  g_ptr_array_set_size (rows, 0);
  qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  adw_combo_row_set_selected (g_ptr_array_index (rows, 0), role);
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
  for (guint i = 0; i < checks->len; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (g_ptr_array_index (checks, i)), "code"), group) == 0)
      gtk_check_button_set_active (g_ptr_array_index (checks, i), TRUE);
  if (from > 0)
    {
      g_ptr_array_set_size (rows, 0);
      qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW, rows);
      adw_expander_row_set_enable_expansion (g_ptr_array_index (rows, 0), TRUE);
      adw_expander_row_set_expanded (g_ptr_array_index (rows, 0), TRUE);
      qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, spins);
      gtk_spin_button_set_value (g_ptr_array_index (spins, 0), from);
      gtk_spin_button_set_value (g_ptr_array_index (spins, 1), to);
    }
  g_assert_null (qw_add_device_dialog_get_link (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "device.add", NULL);
  g_assert_cmpint (qw_add_device_dialog_get_id (dialog), >, 0);
  link = g_strdup (qw_add_device_dialog_get_link (dialog));
  g_assert_nonnull (link);
  /* The server runs: the whole link, with its QR code. */
  g_assert_true (g_str_has_prefix (link, "http://127.0.0.1:"));
  g_assert_nonnull (strstr (link, "/join/"));
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, ==, 1);
  g_assert_true (gtk_widget_get_visible (g_ptr_array_index (pictures, 0)));
  g_assert_nonnull (gtk_picture_get_paintable (g_ptr_array_index (pictures, 0)));
  if (screenshot != NULL)
    qw_test_screenshot (GTK_WIDGET (dialog), screenshot);
  gtk_window_close (GTK_WINDOW (dialog));
  return link;
}

/* The entries page */

typedef struct
{
  GListModel *model;
  guint       present;
} PresentCount;

static guint
count_present (GListModel *model)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (model, i);

      n += qw_entry_item_get_present (item) ? 1 : 0;
    }
  return n;
}

static gboolean
present_shown (gpointer data)
{
  PresentCount *c = data;

  return count_present (c->model) == c->present;
}

static gboolean
label_says (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  qw_test_collect_children (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i))
        && strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), text) != NULL)
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} Says;

static gboolean
says (gpointer data)
{
  Says *s = data;

  return label_says (s->root, s->text);
}

/* The rounds page */

static QwBoardItem *
board_at (GListModel *boards,
          int         board)
{
  for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
    {
      QwBoardItem *item = g_list_model_get_item (boards, i);

      if (qw_board_item_get_game (item)->board == board)
        return item;
      g_object_unref (item);
    }
  return NULL;
}

static guint
position_of (GListModel *boards,
             int         board)
{
  for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
    {
      g_autoptr(QwBoardItem) item = g_list_model_get_item (boards, i);

      if (qw_board_item_get_game (item)->board == board)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

typedef struct
{
  GListModel *boards;
  int         board;
  const char *by;      /* NULL: no result */
} BoardShows;

static gboolean
board_shows (gpointer data)
{
  BoardShows *b = data;
  g_autoptr(QwBoardItem) item = board_at (b->boards, b->board);

  if (item == NULL)
    return FALSE;
  if (b->by == NULL)
    return !qw_board_item_has_result (item);
  return qw_board_item_has_result (item) && g_strcmp0 (qw_board_item_get_entered_by (item), b->by) == 0;
}

/* Boards 1–10 of round 4 without a result, in order. */
static GArray *
open_boards (GListModel *boards,
             int         last)
{
  GArray *open = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
    {
      g_autoptr(QwBoardItem) item = g_list_model_get_item (boards, i);
      int board = qw_board_item_get_game (item)->board;

      if (!qw_board_item_is_bye (item) && !qw_board_item_has_result (item) && board <= last)
        g_array_append_val (open, board);
    }
  return open;
}

/* The message dialog that offers @response (another may be open, such as
 * the list of players a pairing left out). */
static gboolean
offering (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_mapped (GTK_WIDGET (w))
          && adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (w), data))
        return TRUE;
    }
  return FALSE;
}

static void
respond (const char *response)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  qw_test_wait_until (offering, (gpointer) response, response);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_mapped (GTK_WIDGET (w))
          && adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (w), response))
        {
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (w), response);
          return;
        }
    }
}

static void
test_walk (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  g_autofree char *path = g_build_filename (tmp_dir, "venue.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(QwDocument) demo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *arbiter_link = NULL;
  g_autofree char *door_link = NULL;
  g_autofree char *cookie = NULL;
  g_autofree char *device_label = NULL;
  g_autoptr(GArray) open = NULL;
  g_autoptr(QwSection) women = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  QwDevicesDialog *devices;
  QwEntriesPage *entries;
  QwRoundsPage *rounds;
  GListModel *boards;
  GListModel *entry_model;
  const char *bearer;
  QwDocument *doc;
  PresentCount count;
  BoardShows shows;
  Says status;
  Http h = { 0 };
  gint64 posted;
  guint n_open;
  int door_no = 0;

  demo = qw_demo_create (path, &error);
  g_assert_no_error (error);
  g_clear_object (&demo);
  g_assert_true (qw_window_open_file (window, file));
  doc = qw_window_get_document (window);
  base = start_serving (window);

  /* 场馆网络 › 添加设备: the arbiter of boards 1–10 of the men, the door of the women. */
  arbiter_link = add_device (window, "1–10 台裁判", 0, "open-m", 1, 10, "screenshot-venue-add-device.png");
  door_link = add_device (window, "女子组签到台 <b>", 1, "open-f", 0, 0, NULL);
  bearer = strstr (arbiter_link, "/join/") + strlen ("/join/");

  /* The door joins by its link: a session cookie, then the device's page. */
  h = (Http) { "GET", g_strdup (door_link) };
  g_assert_cmpuint (http (&h), ==, 303);
  g_assert_nonnull (h.set_cookie);
  g_assert_nonnull (strstr (h.set_cookie, "HttpOnly"));
  cookie = g_strndup (h.set_cookie, strcspn (h.set_cookie, ";"));
  http_clear (&h);
  /* Used once. */
  h = (Http) { "GET", g_strdup (door_link) };
  g_assert_cmpuint (http (&h), ==, 403);
  http_clear (&h);

  /* The entries page, the women shown: 5 players checked in at the door. */
  qw_window_show_page (window, "entries");
  entries = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (entries));
  qw_entries_page_set_search (entries, "");
  entry_model = qw_entries_page_get_model (entries);
  g_assert_cmpuint (count_present (entry_model), ==, 0);
  for (int no = 1; no <= 5; no++)
    {
      g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-f", FALSE, NULL);
      g_autoptr(GPtrArray) players = qw_document_list_section_entries (doc, section, NULL);
      const QwEntry *e = g_ptr_array_index (players, no - 1);

      door_no = e->no;

      h = (Http) { "POST", g_strconcat (base, "api/checkin", NULL),
                   g_strdup_printf ("{\"group\": \"open-f\", \"no\": %d, \"present\": true}", e->no),
                   g_strdup (cookie), NULL, g_strndup (base, strlen (base) - 1) };
      g_assert_cmpuint (http (&h), ==, 200);
      http_clear (&h);
    }
  count = (PresentCount) { entry_model, 5 };
  qw_test_wait_until (present_shown, &count, "the door's check-ins on the entries page");
  status = (Says) { GTK_WIDGET (entries), "已签到 5/8" };
  qw_test_wait_until (says, &status, "已签到 5/8 in the entries page's summary");
  /* The arbiter checks one more in by hand (Ctrl+K on the row): one step, undone and done again. */
  {
    GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_column_view_get_model (
      GTK_COLUMN_VIEW (qw_test_find_child (GTK_WIDGET (entries), GTK_TYPE_COLUMN_VIEW))));

    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (selection)); i++)
      {
        g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (selection), i);

        if (g_strcmp0 (qw_entry_item_get_entry (item)->group_code, "open-f") == 0 && !qw_entry_item_get_present (item))
          {
            gtk_selection_model_select_item (selection, i, TRUE);
            break;
          }
      }
    gtk_widget_activate_action (GTK_WIDGET (entries), "entries.checkin", NULL);
    count.present = 6;
    qw_test_wait_until (present_shown, &count, "the check-in by hand");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
    count.present = 5;
    qw_test_wait_until (present_shown, &count, "the check-in undone");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
    count.present = 6;
    qw_test_wait_until (present_shown, &count, "the check-in done again");
  }
  status.text = "已签到 6/8";
  qw_test_wait_until (says, &status, "已签到 6/8");
  qw_test_wait_no_toast (GTK_WIDGET (window));
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-venue-entries.png");

  /* The men's round 4: results from the arbiter's phone show with its name within a second. */
  qw_window_show_page (window, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, "open-m"));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 4);
  boards = qw_rounds_page_get_boards (rounds);
  open = open_boards (boards, 10);
  n_open = open->len;
  g_assert_cmpuint (n_open, >=, 3);
  /* The window first (窗口), on the last open board of the range. */
  g_assert_true (qw_rounds_page_enter_result (rounds, position_of (boards, g_array_index (open, int, n_open - 1)),
                                              "1:1", &error));
  g_assert_no_error (error);
  shows = (BoardShows) { boards, g_array_index (open, int, n_open - 1), "窗口" };
  qw_test_wait_until (board_shows, &shows, "窗口 on the window's result");
  device_label = g_strdup ("设备：1–10 台裁判");
  for (guint i = 0; i < 2; i++)
    {
      posted = g_get_monotonic_time ();
      g_assert_cmpuint (post_result (base, bearer, 4, g_array_index (open, int, i), i == 0 ? "2:0" : "0:2"), ==, 200);
      shows = (BoardShows) { boards, g_array_index (open, int, i), device_label };
      qw_test_wait_until (board_shows, &shows, "the phone's result with the device's name");
      g_test_message ("a phone's result on the rounds page %.3f s after its POST was answered",
                      (g_get_monotonic_time () - posted) / 1e6);
      g_assert_cmpfloat ((g_get_monotonic_time () - posted) / 1e6, <, qw_test_seconds (1.0));
    }
  /* Outside its boards: refused. */
  g_assert_cmpuint (post_result (base, bearer, 4, 12, "2:0"), ==, 403);
  /* Undo from the window: the phone's last result, its name in the history. */
  g_assert_nonnull (strstr (qw_history_get_undo_label (qw_document_get_history (doc)), "1–10 台裁判"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  shows = (BoardShows) { boards, g_array_index (open, int, 1), NULL };
  qw_test_wait_until (board_shows, &shows, "the phone's result undone from the window");
  qw_test_wait_no_toast (GTK_WIDGET (window));
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-venue-rounds.png");

  /* Revoke the arbiter from the device list: its next POST is refused at once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.devices", NULL);
  devices = QW_DEVICES_DIALOG (qw_test_wait_toplevel (QW_TYPE_DEVICES_DIALOG));
  qw_test_wait_mapped (GTK_WIDGET (devices));
  g_assert_cmpuint (qw_devices_dialog_get_devices (devices)->len, ==, 2);
  {
    const QwDevice *arbiter = g_ptr_array_index (qw_devices_dialog_get_devices (devices), 0);

    g_assert_cmpint (arbiter->entries, >=, 1);
    g_assert_nonnull (qw_devices_dialog_ask_revoke (devices, arbiter->id));
  }
  respond ("revoke");
  status = (Says) { GTK_WIDGET (devices), "已停用" };
  qw_test_wait_until (says, &status, "the arbiter shown revoked");
  {
    guint refused = post_result (base, bearer, 4, g_array_index (open, int, 1), "2:0");

    g_assert_true (refused == 401 || refused == 403);
  }
  /* The list follows the door's entries while it is shown: out and in again, two more. */
  for (int i = 0; i < 2; i++)
    {
      h = (Http) { "POST", g_strconcat (base, "api/checkin", NULL),
                   g_strdup_printf ("{\"group\": \"open-f\", \"no\": %d, \"present\": %s}", door_no,
                                    i == 0 ? "false" : "true"),
                   g_strdup (cookie), NULL, g_strndup (base, strlen (base) - 1) };
      g_assert_cmpuint (http (&h), ==, 200);
      http_clear (&h);
    }
  status.text = "录入 7 条";
  qw_test_wait_until (says, &status, "the door's entries counted in the device list as they come");
  qw_test_wait_no_toast (GTK_WIDGET (devices));
  qw_test_screenshot (GTK_WIDGET (devices), "screenshot-venue-devices.png");
  gtk_window_close (GTK_WINDOW (devices));

  /* Close entry for round 4 and set its clock, from the rounds page; both undoable.
   * The button is there: the stop has devices. */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    gboolean shown = FALSE;

    qw_test_collect_children (GTK_WIDGET (rounds), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), "rounds.toggle-entry") == 0)
        shown = gtk_widget_get_mapped (g_ptr_array_index (buttons, i));
    g_assert_true (shown);
  }
  gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.toggle-entry", NULL);
  status = (Says) { GTK_WIDGET (rounds), "手机录入已关闭" };
  qw_test_wait_until (says, &status, "the round closed to phones");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  qw_test_wait_reloaded (GTK_WIDGET (rounds));
  g_assert_false (label_says (GTK_WIDGET (rounds), "手机录入已关闭"));
  {
    GtkWindow *clock = qw_rounds_page_ask_round_clock (rounds);
    g_autoptr(GPtrArray) fields = g_ptr_array_new ();

    qw_test_collect_children (GTK_WIDGET (clock), GTK_TYPE_ENTRY, fields);
    g_assert_cmpuint (fields->len, ==, 2);
    gtk_editable_set_text (g_ptr_array_index (fields, 0), "09:00");
    gtk_editable_set_text (g_ptr_array_index (fields, 1), "11:30");
    qw_test_wait_mapped (GTK_WIDGET (clock));
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (clock), "save");
  }
  status.text = "开始 09:00";
  qw_test_wait_until (says, &status, "the round's clock on the rounds page");

  /* The rest of round 4 from the window, then round 5 paired. */
  for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
    {
      g_autoptr(QwBoardItem) item = g_list_model_get_item (boards, i);

      if (!qw_board_item_is_bye (item) && !qw_board_item_has_result (item))
        {
          g_assert_true (qw_rounds_page_enter_result (rounds, i, "1:1", &error));
          g_assert_no_error (error);
        }
    }
  g_assert_true (qw_rounds_page_pair_next (rounds, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 5);

  /* The women's round 1: only the 6 players present, the 2 others absent. */
  g_assert_true (qw_rounds_page_select_group (rounds, "open-f"));
  status = (Says) { GTK_WIDGET (rounds), "8 人中 6 人已签到" };
  qw_test_wait_until (says, &status, "the check-in count above the starting ranks");
  g_assert_false (qw_rounds_page_pair_next (rounds, &error));
  g_assert_no_error (error);
  respond ("present");
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (qw_rounds_page_get_boards (rounds)), ==, 3);
  women = qw_tournament_find_section (doc, "open-f", FALSE, &error);
  g_assert_no_error (error);
  absences = qw_tournament_list_absences (doc, women, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (absences->len, ==, 2);

  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Added while nothing is served: the path alone, no code, nothing to copy,
 * the offer to serve; serving from the publish dialog (usable meanwhile:
 * the add-device dialog is not modal) makes the link whole and its code
 * appear in the same dialog. */
static gboolean
link_whole (gpointer data)
{
  const char *link = qw_add_device_dialog_get_link (data);

  return link != NULL && g_str_has_prefix (link, "http://");
}

static GtkWidget *
copy_button (QwAddDeviceDialog *dialog)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), "device.copy") == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

static void
test_link_before_serving (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  g_autofree char *path = g_build_filename (tmp_dir, "later.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(QwDocument) demo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  g_autofree char *base = NULL;
  QwAddDeviceDialog *dialog;
  const char *link;

  demo = qw_demo_create (path, &error);
  g_assert_no_error (error);
  g_clear_object (&demo);
  g_assert_true (qw_window_open_file (window, file));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-device", NULL);
  dialog = QW_ADD_DEVICE_DIALOG (qw_test_wait_toplevel (QW_TYPE_ADD_DEVICE_DIALOG));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (rows, 0)), "大屏一");
  g_ptr_array_set_size (rows, 0);
  qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  adw_combo_row_set_selected (g_ptr_array_index (rows, 0), 2);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "device.add", NULL);
  link = qw_add_device_dialog_get_link (dialog);
  g_assert_true (g_str_has_prefix (link, "/join/"));
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_PICTURE, pictures);
  g_assert_false (gtk_widget_get_visible (g_ptr_array_index (pictures, 0)));
  g_assert_false (gtk_widget_is_sensitive (copy_button (dialog)));
  g_assert_true (label_says (GTK_WIDGET (dialog), "场馆网络服务尚未启动"));
  base = start_serving (window);
  qw_test_wait_until (link_whole, dialog, "the join link made whole once served");
  g_assert_true (g_str_has_prefix (qw_add_device_dialog_get_link (dialog), base));
  g_assert_true (gtk_widget_get_visible (g_ptr_array_index (pictures, 0)));
  g_assert_false (label_says (GTK_WIDGET (dialog), "场馆网络服务尚未启动"));
  g_assert_true (gtk_widget_is_sensitive (copy_button (dialog)));
  gtk_window_close (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_ui_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-ui-venue-XXXXXX");
  g_test_add_func ("/ui-venue/walk", test_walk);
  g_test_add_func ("/ui-venue/link-before-serving", test_link_before_serving);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  return status;
}
