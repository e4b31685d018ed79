/* qw-text-row.c: a table row of text cells, for tables computed whole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-text-row"

#include "config.h"

#include <stdarg.h>

#include "qw-text-row.h"

struct _QwTextRow
{
  GObject  parent_instance;
  GStrv    cells;
  guint    n_cells;
};

G_DEFINE_FINAL_TYPE (QwTextRow, qw_text_row, G_TYPE_OBJECT)

static GParamSpec *cell_properties[QW_TEXT_ROW_MAX_CELLS + 1];

static void
qw_text_row_finalize (GObject *object)
{
  g_strfreev (QW_TEXT_ROW (object)->cells);
  G_OBJECT_CLASS (qw_text_row_parent_class)->finalize (object);
}

static void
qw_text_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  QwTextRow *self = QW_TEXT_ROW (object);

  if (prop_id >= 1 && prop_id <= QW_TEXT_ROW_MAX_CELLS)
    g_value_set_string (value, qw_text_row_get (self, prop_id - 1));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
qw_text_row_class_init (QwTextRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = qw_text_row_finalize;
  object_class->get_property = qw_text_row_get_property;
  for (guint i = 0; i < QW_TEXT_ROW_MAX_CELLS; i++)
    {
      g_autofree char *name = g_strdup_printf ("c%u", i);

      cell_properties[i + 1] = g_param_spec_string (g_intern_string (name), NULL, NULL, NULL,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    }
  g_object_class_install_properties (object_class, QW_TEXT_ROW_MAX_CELLS + 1, cell_properties);
}

static void
qw_text_row_init (QwTextRow *self)
{
}

QwTextRow *
qw_text_row_new_take (GStrv cells)
{
  QwTextRow *self = g_object_new (QW_TYPE_TEXT_ROW, NULL);

  self->cells = cells != NULL ? cells : g_new0 (char *, 1);
  self->n_cells = g_strv_length (self->cells);
  return self;
}

QwTextRow *
qw_text_row_new (char *first,
                 ...)
{
  GPtrArray *cells = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (char *cell = first; cell != NULL; cell = va_arg (ap, char *))
    g_ptr_array_add (cells, cell);
  va_end (ap);
  g_ptr_array_add (cells, NULL);
  return qw_text_row_new_take ((GStrv) g_ptr_array_free (cells, FALSE));
}

const char *
qw_text_row_get (QwTextRow *self,
                 guint      index)
{
  g_return_val_if_fail (QW_IS_TEXT_ROW (self), NULL);
  return index < self->n_cells ? self->cells[index] : "";
}

guint
qw_text_row_n_cells (QwTextRow *self)
{
  g_return_val_if_fail (QW_IS_TEXT_ROW (self), 0);
  return self->n_cells;
}
