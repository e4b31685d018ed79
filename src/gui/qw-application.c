/* qw-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-application"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-application.h"
#include "qw-window.h"

#define MAX_RECENT 10

struct _QwApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (QwApplication, qw_application, ADW_TYPE_APPLICATION)

static QwWindow *
new_window (QwApplication *self)
{
  QwWindow *window = qw_window_new (self);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
qw_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (QW_APPLICATION (app)));
  gtk_window_present (window);
}

/* Each file opens in its own window, or in the active one if it shows the
 * welcome page. */
static void
qw_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  QwApplication *self = QW_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
      QwWindow *window;

      if (QW_IS_WINDOW (active) && !qw_window_has_document (QW_WINDOW (active)))
        window = QW_WINDOW (active);
      else
        window = new_window (self);
      qw_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (user_data));

  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *developers[] = { _("The Qiwang developers"), NULL };
  AdwAboutWindow *about;

  about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  adw_about_window_set_application_name (about, _("Qiwang"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_comments (about, _("Run the qualifiers of the national amateur xiangqi "
                                          "championship: registration, pairings, standings, "
                                          "quotas and certificates."));
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_present (GTK_WINDOW (about));
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  new_window (QW_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "about", about_action },
  { "new-window", new_window_action },
};

static void
qw_application_startup (GApplication *app)
{
  QwApplication *self = QW_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "win.new-stop", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.close-document", { "<Control>w", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.find", { "<Control>f", NULL } },
    { "win.import-entries", { "<Control>i", NULL } },
    { "win.add-entry", { "<Control>e", "Insert", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.pair-next", { "<Control>r", NULL } },
    { "win.devices", { "<Control><Shift>d", NULL } },
    { "window.close", { "<Control><Shift>w", NULL } },
    /* GtkApplication's own help overlay would be built with every window. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (qw_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  self->settings = g_settings_new (APP_BASE_ID);
}

static void
qw_application_dispose (GObject *object)
{
  QwApplication *self = QW_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (qw_application_parent_class)->dispose (object);
}

static void
qw_application_class_init (QwApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_application_dispose;
  app_class->activate = qw_application_activate;
  app_class->open = qw_application_open;
  app_class->startup = qw_application_startup;
}

static void
qw_application_init (QwApplication *self)
{
}

QwApplication *
qw_application_new (void)
{
  return g_object_new (QW_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/cn/qiwang/Qiwang",
                       NULL);
}

GSettings *
qw_application_get_settings (QwApplication *self)
{
  g_return_val_if_fail (QW_IS_APPLICATION (self), NULL);
  return self->settings;
}

/* Keeps the newest first, without duplicates, and at most MAX_RECENT. */
void
qw_application_add_recent (QwApplication *self,
                           GFile         *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;
  guint n = 1;

  if (path == NULL || self->settings == NULL)
    return;
  old = g_settings_get_strv (self->settings, "recent-files");
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT; i++)
    if (!g_str_equal (old[i], path))
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) updated);
}

char **
qw_application_get_recent (QwApplication *self)
{
  if (self->settings == NULL)
    return g_new0 (char *, 1);
  return g_settings_get_strv (self->settings, "recent-files");
}

/* The demo lives in the user's data directory, rewritten on each request so
 * that it always shows the same realistic stop. */
char *
qw_application_demo_path (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "qiwang", NULL);

  g_mkdir_with_parents (dir, 0700);
  return g_build_filename (dir, "白花镇预选赛-演示.qiwang", NULL);
}
