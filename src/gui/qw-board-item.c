/* qw-board-item.c: one board of a round on the rounds page
 *
 * Model code, no widgets: a game with both players' names, units and the
 * points they brought into the round, as the pairing sheet shows them. The
 * texts a row shows are read-only properties, made once with the item.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-board-item"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-board-item.h"
#include "qw-knockout.h"
#include "qw-labels.h"
#include "qw-standings.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-game.h"

struct _QwBoardItem
{
  GObject   parent_instance;
  QwGame   *game;
  int       no[2];
  char     *name[2];
  char     *unit[2];
  double    points[2];
  char     *no_text[2];
  char     *points_text[2];
  char     *fouls_text;
  char     *entered_by;    /* who entered the result, in words; NULL: not known */
};

G_DEFINE_FINAL_TYPE (QwBoardItem, qw_board_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BOARD,
  PROP_RED_NO,
  PROP_RED_NAME,
  PROP_RED_UNIT,
  PROP_RED_POINTS,
  PROP_BLACK_NO,
  PROP_BLACK_NAME,
  PROP_BLACK_UNIT,
  PROP_BLACK_POINTS,
  PROP_FOULS,
  PROP_ENTERED_BY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
qw_board_item_finalize (GObject *object)
{
  QwBoardItem *self = QW_BOARD_ITEM (object);

  g_clear_pointer (&self->game, qw_game_free);
  for (int i = 0; i < 2; i++)
    {
      g_free (self->name[i]);
      g_free (self->unit[i]);
      g_free (self->no_text[i]);
      g_free (self->points_text[i]);
    }
  g_free (self->fouls_text);
  g_free (self->entered_by);
  G_OBJECT_CLASS (qw_board_item_parent_class)->finalize (object);
}

static void
qw_board_item_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  QwBoardItem *self = QW_BOARD_ITEM (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_int (value, self->game->board);
      break;
    case PROP_RED_NO:
    case PROP_BLACK_NO:
      g_value_set_string (value, self->no_text[prop_id == PROP_RED_NO ? 0 : 1]);
      break;
    case PROP_RED_NAME:
      g_value_set_string (value, self->name[0]);
      break;
    case PROP_BLACK_NAME:
      /* The bye's black side. */
      g_value_set_string (value, self->no[1] > 0 ? self->name[1] : _("(bye)"));
      break;
    case PROP_RED_UNIT:
    case PROP_BLACK_UNIT:
      g_value_set_string (value, self->unit[prop_id == PROP_RED_UNIT ? 0 : 1]);
      break;
    case PROP_RED_POINTS:
    case PROP_BLACK_POINTS:
      g_value_set_string (value, self->points_text[prop_id == PROP_RED_POINTS ? 0 : 1]);
      break;
    case PROP_FOULS:
      g_value_set_string (value, self->fouls_text);
      break;
    case PROP_ENTERED_BY:
      g_value_set_string (value, self->entered_by);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_board_item_class_init (QwBoardItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_board_item_finalize;
  object_class->get_property = qw_board_item_get_property;

  properties[PROP_BOARD] = g_param_spec_int ("board", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_RED_NO] = g_param_spec_string ("red-no", NULL, NULL, NULL, flags);
  properties[PROP_RED_NAME] = g_param_spec_string ("red-name", NULL, NULL, NULL, flags);
  properties[PROP_RED_UNIT] = g_param_spec_string ("red-unit", NULL, NULL, NULL, flags);
  properties[PROP_RED_POINTS] = g_param_spec_string ("red-points", NULL, NULL, NULL, flags);
  properties[PROP_BLACK_NO] = g_param_spec_string ("black-no", NULL, NULL, NULL, flags);
  properties[PROP_BLACK_NAME] = g_param_spec_string ("black-name", NULL, NULL, NULL, flags);
  properties[PROP_BLACK_UNIT] = g_param_spec_string ("black-unit", NULL, NULL, NULL, flags);
  properties[PROP_BLACK_POINTS] = g_param_spec_string ("black-points", NULL, NULL, NULL, flags);
  /* Fouls, the play-off and a change by hand, as the Fouls column says them. */
  properties[PROP_FOULS] = g_param_spec_string ("fouls", NULL, NULL, NULL, flags);
  /* "窗口", "命令行", "设备：NAME": who entered the result (qw_venue_entered_by()). */
  properties[PROP_ENTERED_BY] = g_param_spec_string ("entered-by", NULL, NULL, NULL, flags | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
qw_board_item_init (QwBoardItem *self)
{
}

static void
set_side (QwBoardItem   *self,
          int            i,
          const QwEntry *entry,
          double         points)
{
  self->no[i] = entry != NULL ? entry->no : 0;
  self->name[i] = g_strdup (entry != NULL ? entry->name : "");
  self->unit[i] = g_strdup (entry != NULL ? entry->unit : "");
  self->points[i] = points;
  self->no_text[i] = self->no[i] > 0 ? g_strdup_printf ("%d", self->no[i]) : g_strdup ("");
  self->points_text[i] = self->no[i] > 0 ? qw_format_points (points) : g_strdup ("");
}

static char *
fouls_text (const QwGame *game)
{
  GString *text = g_string_new (NULL);

  if (game->red_fouls > 0 || game->black_fouls > 0)
    g_string_append_printf (text, _("R %d · B %d"), game->red_fouls, game->black_fouls);
  /* The play-off on a line of its own: the arbiter reads who goes through
   * whole ("和棋黑胜附加赛战和：黑方晋级"), not squeezed after the fouls. */
  if (game->playoff != QW_PLAYOFF_NONE)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                            qw_playoff_label (game->playoff, game->armageddon));
  if (game->manual)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "", _("changed"));
  return g_string_free (text, FALSE);
}

QwBoardItem *
qw_board_item_new (const QwGame  *game,
                   const QwEntry *red,
                   double         red_points,
                   const QwEntry *black,
                   double         black_points)
{
  QwBoardItem *self = g_object_new (QW_TYPE_BOARD_ITEM, NULL);

  self->game = qw_game_copy (game);
  set_side (self, 0, red, red_points);
  set_side (self, 1, black, black_points);
  self->fouls_text = fouls_text (game);
  return self;
}

const QwGame *
qw_board_item_get_game (QwBoardItem *self)
{
  return self->game;
}

void
qw_board_item_get_side (QwBoardItem *self,
                        gboolean     red,
                        QwBoardSide *side)
{
  int i = red ? 0 : 1;

  side->no = self->no[i];
  side->name = self->name[i];
  side->unit = self->unit[i];
  side->points = self->points[i];
}

gboolean
qw_board_item_is_bye (QwBoardItem *self)
{
  return self->game->black == 0;
}

gboolean
qw_board_item_has_result (QwBoardItem *self)
{
  return self->game->result != QW_RESULT_NONE;
}

/* 2 → "2", 2.5 → "2.5": scores with the ruleset's halves only when needed. */
char *
qw_format_points (double points)
{
  if (points == (double) (gint64) points)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) points);
  return g_strdup_printf ("%.1f", points);
}

static const QwEntry *
find_entry (GHashTable *by_id,
            gint64      id)
{
  return id != 0 ? g_hash_table_lookup (by_id, &id) : NULL;
}

/**
 * qw_board_items_load:
 *
 * The boards of @round, each player with the points from the rounds before.
 * Returns: (transfer full): a store of #QwBoardItem in board order
 */
GListStore *
qw_board_items_load (QwDocument       *doc,
                     const QwRuleset  *ruleset,
                     const QwSection  *section,
                     int               round,
                     GError          **error)
{
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (doc, section, error);
  g_autoptr(GPtrArray) games = entries != NULL ? qw_document_list_games (doc, section->id, error) : NULL;
  g_autoptr(GPtrArray) absences = games != NULL ? qw_document_list_absences (doc, section->id, error) : NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) points = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  GListStore *store;

  if (absences == NULL)
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (by_id, &e->id, e);
    }
  if (round > 1)
    {
      before = qw_standings_compute_with_absences (ruleset, section, entries, games, absences, round - 1);
      for (guint i = 0; before != NULL && i < before->len; i++)
        {
          QwStandingRow *row = g_ptr_array_index (before, i);

          g_hash_table_insert (points, &row->entry_id, g_memdup2 (&row->points, sizeof row->points));
        }
    }
  store = g_list_store_new (QW_TYPE_BOARD_ITEM);
  for (guint i = 0; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);
      double *rp, *bp;
      g_autoptr(QwBoardItem) item = NULL;

      if (g->round != round)
        continue;
      rp = g_hash_table_lookup (points, &g->red);
      bp = g->black != 0 ? g_hash_table_lookup (points, &g->black) : NULL;
      item = qw_board_item_new (g, find_entry (by_id, g->red), rp != NULL ? *rp : 0,
                                find_entry (by_id, g->black), bp != NULL ? *bp : 0);
      g_list_store_append (store, item);
    }
  return store;
}

/* Who entered the result, in words (the rounds page sets it after loading). */
void
qw_board_item_set_entered_by (QwBoardItem *self,
                              const char  *text)
{
  g_return_if_fail (QW_IS_BOARD_ITEM (self));

  if (g_strcmp0 (self->entered_by, text) == 0)
    return;
  g_free (self->entered_by);
  self->entered_by = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENTERED_BY]);
}

const char *
qw_board_item_get_entered_by (QwBoardItem *self)
{
  g_return_val_if_fail (QW_IS_BOARD_ITEM (self), NULL);
  return self->entered_by;
}
