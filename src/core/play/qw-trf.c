/* qw-trf.c: FIDE Tournament Report Files (TRF-16 and TRF-2026)
 *
 * The TRF is how Swiss-Manager, Vega, Sharly Chess, bbpPairings and JaVaFo
 * hand tournaments to each other, so an arbiter can check Qiwang's pairings
 * with another program and bring in a tournament paired elsewhere.
 *
 * The format is fixed columns, counted in characters from 1 (FIDE C.04
 * Annex 2, TRF16; TRF-2026 keeps the 001 record and the 012-132 records and
 * adds 142 rounds, 152 initial colour, 162 point system, 192 encoded type
 * and 222 time control). A player line (001) holds, in columns:
 *
 *     1-3   001                      54-56  federation
 *     5-8   start rank               58-68  FIDE id
 *     10    sex (m/w)                70-79  birth date YYYY/MM/DD
 *     11-13 title                    81-84  points, as 11.5
 *     15-47 name "Last, First"       86-89  rank
 *     49-52 rating
 *
 * then one 10-column block per round from column 92: the opponent's start
 * rank in 92-95 ("0000" for none), the colour in 97 (w, b, or -), the
 * result in 99, and the next round at 102. Columns are characters, not
 * bytes: a UTF-8 name with Chinese characters still ends at column 47.
 *
 * JaVaFo's XXR (the number of rounds) is read like 142, and both are
 * written, since JaVaFo reads only XXR and the 2026 format names 142. Other
 * records (team records, 240 byes, 250 acceleration, ### comments, NRS
 * lines) are kept as written, so a file goes back out as it came in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-trf"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-error.h"
#include "qw-output.h"
#include "qw-trf.h"

#define FIRST_ROUND_COLUMN 92
#define ROUND_WIDTH        10

/* ----------------------------------------------------------------------- */
/* The structure                                                           */
/* ----------------------------------------------------------------------- */

void
qw_trf_points_default (QwTrfPoints *points)
{
  *points = (QwTrfPoints) { 10, 5, 0, 0, 10 };
}

QwTrfPlayer *
qw_trf_player_new (void)
{
  QwTrfPlayer *player = g_new0 (QwTrfPlayer, 1);

  player->sex = ' ';
  player->title = g_strdup ("");
  player->name = g_strdup ("");
  player->federation = g_strdup ("");
  player->fide_id = g_strdup ("");
  player->birth = g_strdup ("");
  player->rounds = g_array_new (FALSE, TRUE, sizeof (QwTrfRound));
  return player;
}

void
qw_trf_player_free (QwTrfPlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->title);
  g_free (player->name);
  g_free (player->federation);
  g_free (player->fide_id);
  g_free (player->birth);
  g_array_unref (player->rounds);
  g_free (player);
}

QwTrf *
qw_trf_new (void)
{
  QwTrf *trf = g_new0 (QwTrf, 1);

  trf->deputies = g_ptr_array_new_with_free_func (g_free);
  trf->round_dates = g_ptr_array_new_with_free_func (g_free);
  trf->players = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_trf_player_free);
  trf->other_lines = g_ptr_array_new_with_free_func (g_free);
  qw_trf_points_default (&trf->points);
  return trf;
}

void
qw_trf_free (QwTrf *trf)
{
  if (trf == NULL)
    return;
  g_free (trf->name);
  g_free (trf->city);
  g_free (trf->federation);
  g_free (trf->start_date);
  g_free (trf->end_date);
  g_free (trf->type);
  g_free (trf->chief_arbiter);
  g_ptr_array_unref (trf->deputies);
  g_free (trf->time_per_game);
  g_ptr_array_unref (trf->round_dates);
  g_free (trf->encoded_type);
  g_free (trf->time_control);
  g_ptr_array_unref (trf->players);
  g_ptr_array_unref (trf->other_lines);
  g_free (trf);
}

QwTrfPlayer *
qw_trf_find_player (const QwTrf *trf,
                    int          start_rank)
{
  for (guint i = 0; i < trf->players->len; i++)
    {
      QwTrfPlayer *p = g_ptr_array_index (trf->players, i);

      if (p->start_rank == start_rank)
        return p;
    }
  return NULL;
}

/* Adds a player line with its start rank and name; the caller fills in the rest. */
QwTrfPlayer *
qw_trf_add_player (QwTrf      *trf,
                   int         start_rank,
                   const char *name)
{
  QwTrfPlayer *player = qw_trf_player_new ();

  player->start_rank = start_rank;
  g_free (player->name);
  player->name = g_strdup (name != NULL ? name : "");
  g_ptr_array_add (trf->players, player);
  return player;
}

/**
 * qw_trf_player_round:
 * @round: from 1
 *
 * Returns: (transfer none): the player's block for @round; missing rounds
 *   up to it are added as not paired
 */
QwTrfRound *
qw_trf_player_round (QwTrfPlayer *player,
                     int          round)
{
  g_return_val_if_fail (round >= 1 && round <= QW_TRF_MAX_ROUNDS, NULL);
  while (player->rounds->len < (guint) round)
    {
      QwTrfRound blank = { 0, ' ', ' ' };

      g_array_append_val (player->rounds, blank);
    }
  return &g_array_index (player->rounds, QwTrfRound, round - 1);
}

/* The number of rounds: the 142/XXR record, or the longest player line. */
int
qw_trf_n_rounds (const QwTrf *trf)
{
  int n = trf->n_rounds;

  for (guint i = 0; i < trf->players->len; i++)
    n = MAX (n, (int) ((QwTrfPlayer *) g_ptr_array_index (trf->players, i))->rounds->len);
  return n;
}

/**
 * qw_trf_round_points:
 *
 * Returns: the points one round gives, × 10, under the file's point system
 *   (FIDE's 1-½-0 without a 162 record)
 */
int
qw_trf_round_points (const QwTrf      *trf,
                     const QwTrfRound *round)
{
  switch (round->result)
    {
    case '+':
      /* TRF-16's old notation of the pairing-allocated bye is "0000 - +"
       * (before U existed): without an opponent it is worth the bye's
       * points, as bbpPairings scores it (a win not played, in the
       * pairing). */
      return round->opponent == 0 ? trf->points.pab : trf->points.win;
    case '1':
    case 'W':
    case 'F':
      return trf->points.win;
    case '=':
    case 'D':
    case 'H':
      return trf->points.draw;
    case '0':
    case 'L':
      return trf->points.loss;
    case 'U':
      return trf->points.pab;
    case '-':
    case 'Z':
    default:
      return trf->points.absent;
    }
}

int
qw_trf_player_points (const QwTrf       *trf,
                      const QwTrfPlayer *player)
{
  int sum = 0;

  for (guint r = 0; r < player->rounds->len; r++)
    sum += qw_trf_round_points (trf, &g_array_index (player->rounds, QwTrfRound, r));
  return sum;
}

/* ----------------------------------------------------------------------- */
/* Games                                                                   */
/* ----------------------------------------------------------------------- */

static char
mirror (char result)
{
  switch (result)
    {
    case '1': return '0';
    case '0': return '1';
    case 'W': return 'L';
    case 'L': return 'W';
    case '+': return '-';
    case '-': return '+';
    default: return result;
    }
}

/**
 * qw_trf_set_game:
 * @red: the start rank of the player with white (red)
 * @black: the start rank of the player with black, or 0 for a
 *   pairing-allocated bye of @red
 * @result: seen from red; QW_RESULT_NONE leaves the result blank (a game
 *   not played yet, which only a file for Qiwang itself should hold)
 *
 * Fills both players' blocks for @round.
 */
gboolean
qw_trf_set_game (QwTrf     *trf,
                 int        round,
                 int        red,
                 int        black,
                 QwResult   result,
                 GError   **error)
{
  QwTrfPlayer *r = qw_trf_find_player (trf, red);
  QwTrfPlayer *b = black > 0 ? qw_trf_find_player (trf, black) : NULL;
  char code;

  if (round < 1 || round > QW_TRF_MAX_ROUNDS || r == NULL || (black > 0 && b == NULL)
      || red == black)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Round %d: the game %d – %d names a player who is not in the file"),
                   round, red, black);
      return FALSE;
    }
  if (black == 0 || result == QW_RESULT_BYE)
    {
      *qw_trf_player_round (r, round) = (QwTrfRound) { 0, '-', 'U' };
      return TRUE;
    }
  switch (result)
    {
    case QW_RESULT_RED_WIN: code = '1'; break;
    case QW_RESULT_DRAW: code = '='; break;
    case QW_RESULT_BLACK_WIN: code = '0'; break;
    case QW_RESULT_RED_BY_FORFEIT: code = '+'; break;
    case QW_RESULT_BLACK_BY_FORFEIT: code = '-'; break;
    case QW_RESULT_DOUBLE_FORFEIT: code = '-'; break;
    case QW_RESULT_NONE:
    case QW_RESULT_BYE:
    default: code = ' '; break;
    }
  *qw_trf_player_round (r, round) = (QwTrfRound) { black, 'w', code };
  *qw_trf_player_round (b, round) = (QwTrfRound) {
    red, 'b', result == QW_RESULT_DOUBLE_FORFEIT ? '-' : mirror (code)
  };
  return TRUE;
}

/**
 * qw_trf_set_unpaired:
 * @code: 'H' (half-point bye), 'F' (full-point bye), 'U' (pairing-allocated
 *   bye), 'Z' (zero-point bye, a known absence) or ' ' (not paired)
 */
gboolean
qw_trf_set_unpaired (QwTrf   *trf,
                     int      round,
                     int      start_rank,
                     char     code,
                     GError **error)
{
  QwTrfPlayer *p = qw_trf_find_player (trf, start_rank);

  if (p == NULL || round < 1 || round > QW_TRF_MAX_ROUNDS || strchr ("HFUZ ", code) == NULL
      || code == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Round %d: player %d cannot be given the bye code “%c”"),
                   round, start_rank, code);
      return FALSE;
    }
  *qw_trf_player_round (p, round) = code == ' ' ? (QwTrfRound) { 0, ' ', ' ' }
                                                : (QwTrfRound) { 0, '-', code };
  return TRUE;
}

static QwResult
result_from_codes (char red,
                   char black)
{
  switch (red)
    {
    case '1':
    case 'W':
      return QW_RESULT_RED_WIN;
    case '=':
    case 'D':
      return QW_RESULT_DRAW;
    case '0':
    case 'L':
      return QW_RESULT_BLACK_WIN;
    case '+':
      return QW_RESULT_RED_BY_FORFEIT;
    case '-':
      return black == '-' ? QW_RESULT_DOUBLE_FORFEIT : QW_RESULT_BLACK_BY_FORFEIT;
    default:
      return QW_RESULT_NONE;
    }
}

static int
compare_start_rank (gconstpointer a,
                    gconstpointer b)
{
  const QwTrfPlayer *pa = *(QwTrfPlayer *const *) a;
  const QwTrfPlayer *pb = *(QwTrfPlayer *const *) b;

  return (pa->start_rank > pb->start_rank) - (pa->start_rank < pb->start_rank);
}

/* Whether black's code is the mirror of white's (a double forfeit is - and -). */
static gboolean
codes_agree (char mine,
             char theirs)
{
  return theirs == mirror (mine) || (mine == '-' && theirs == '-');
}

static void
warn (GPtrArray  *warnings,
      char       *message)
{
  if (warnings != NULL)
    g_ptr_array_add (warnings, message);
  else
    g_free (message);
}

/**
 * qw_trf_games:
 * @warnings: (nullable) (element-type utf8): gets a message for each pair
 *   of blocks that disagree (the opponent does not name the player back,
 *   both have the same colour, results that do not mirror)
 *
 * Returns: (element-type QwTrfGame): every game once, from the white (red)
 *   player's block, and every bye that gives points (U and F as
 *   QW_RESULT_BYE), round by round in start-rank order. Half-point byes (H)
 *   have no Qiwang result: they are reported in @warnings.
 */
GArray *
qw_trf_games (const QwTrf *trf,
              GPtrArray   *warnings)
{
  GArray *games = g_array_new (FALSE, FALSE, sizeof (QwTrfGame));
  g_autoptr(GPtrArray) order = g_ptr_array_sized_new (trf->players->len);
  int n_rounds = qw_trf_n_rounds (trf);

  /* Not g_ptr_array_copy(): the copy would free the players with it. */
  for (guint i = 0; i < trf->players->len; i++)
    g_ptr_array_add (order, trf->players->pdata[i]);
  g_ptr_array_sort (order, compare_start_rank);
  for (int r = 1; r <= n_rounds; r++)
    for (guint i = 0; i < order->len; i++)
      {
        QwTrfPlayer *p = order->pdata[i];
        const QwTrfRound *mine, *theirs;
        QwTrfPlayer *q;

        if ((guint) r > p->rounds->len)
          continue;
        mine = &g_array_index (p->rounds, QwTrfRound, r - 1);
        if (mine->opponent == 0)
          {
            /* U, F and the old form of the pairing-allocated bye, "0000 - +". */
            if (mine->result == 'U' || mine->result == 'F' || mine->result == '+')
              g_array_append_val (games, ((QwTrfGame) { r, p->start_rank, 0, QW_RESULT_BYE }));
            else if (mine->result == 'H' || mine->result == '=')
              warn (warnings, g_strdup_printf (_("Round %d: player %d has a half-point bye, "
                                                 "which Qiwang does not have"),
                                               r, p->start_rank));
            continue;
          }
        q = qw_trf_find_player (trf, mine->opponent);
        if (q == NULL)
          {
            warn (warnings, g_strdup_printf (_("Round %d: player %d plays %d, who is not in the file"),
                                             r, p->start_rank, mine->opponent));
            continue;
          }
        theirs = (guint) r <= q->rounds->len ? &g_array_index (q->rounds, QwTrfRound, r - 1) : NULL;
        /* Each game once: from white's line, or without colours from the lower rank's. */
        if (mine->colour == 'b' || (mine->colour != 'w' && p->start_rank > q->start_rank
                                    && theirs != NULL && theirs->opponent == p->start_rank))
          continue;
        if (theirs == NULL || theirs->opponent != p->start_rank)
          warn (warnings, g_strdup_printf (_("Round %d: player %d plays %d, but %d does not play %d"),
                                           r, p->start_rank, q->start_rank, q->start_rank,
                                           p->start_rank));
        else if (mine->colour == 'w' && theirs->colour != 'b')
          warn (warnings, g_strdup_printf (_("Round %d: players %d and %d do not have opposite colours"),
                                           r, p->start_rank, q->start_rank));
        else if (!codes_agree (mine->result, theirs->result))
          warn (warnings, g_strdup_printf (_("Round %d: the results of players %d (%c) and %d (%c) "
                                             "do not agree"),
                                           r, p->start_rank, mine->result, q->start_rank,
                                           theirs->result));
        g_array_append_val (games, ((QwTrfGame) {
          r, p->start_rank, q->start_rank,
          result_from_codes (mine->result, theirs != NULL ? theirs->result : ' ')
        }));
      }
  return games;
}

/* ----------------------------------------------------------------------- */
/* Reading                                                                 */
/* ----------------------------------------------------------------------- */

typedef struct
{
  gunichar *u;
  glong     n;
  int       number;  /* the line in the file, from 1 */
} Line;

/* Columns @from to @to (from 1, inclusive), trimmed, as UTF-8. */
static char *
columns (const Line *line,
         int         from,
         int         to)
{
  g_autofree char *text = NULL;
  glong start = from - 1, end = MIN ((glong) to, line->n);

  if (start >= end)
    return g_strdup ("");
  text = g_ucs4_to_utf8 (line->u + start, end - start, NULL, NULL, NULL);
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

static gunichar
column (const Line *line,
        int         at)
{
  return at - 1 < line->n ? line->u[at - 1] : ' ';
}

/* A character for a message: %lc would depend on the C library's locale. */
static const char *
char_text (gunichar c,
           char     buf[8])
{
  buf[g_unichar_to_utf8 (c, buf)] = '\0';
  return buf;
}

static gboolean
number_field (const Line *line,
              int         from,
              int         to,
              int         max,
              int        *out,
              GError    **error)
{
  g_autofree char *text = columns (line, from, to);
  guint64 v = 0;

  if (text[0] == '\0')
    {
      *out = 0;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 0, (guint64) max, &v, NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Line %d: columns %d–%d must hold a number up to %d, not “%s”"),
                   line->number, from, to, max, text);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

/* "11.5", "6", " 6.0" -> tenths. */
static gboolean
parse_points (const char *text,
              int        *tenths)
{
  const char *p = text;
  int whole = 0, tenth = 0, digits = 0;

  while (*p == ' ')
    p++;
  if (*p == '\0')
    {
      *tenths = 0;
      return TRUE;
    }
  for (; g_ascii_isdigit (*p) && digits < 4; p++, digits++)
    whole = whole * 10 + (*p - '0');
  if (digits == 0 && *p != '.')
    return FALSE;
  if (*p == '.')
    {
      p++;
      if (g_ascii_isdigit (*p))
        tenth = *p++ - '0';
    }
  while (*p == ' ')
    p++;
  if (*p != '\0')
    return FALSE;
  *tenths = whole * 10 + tenth;
  return TRUE;
}

static gboolean
points_field (const Line *line,
              int         from,
              int         to,
              int        *out,
              GError    **error)
{
  g_autofree char *text = columns (line, from, to);

  if (!parse_points (text, out))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Line %d: the points in columns %d–%d are not a number like 11.5: “%s”"),
                   line->number, from, to, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_player (QwTrf      *trf,
             const Line *line,
             GError    **error)
{
  g_autoptr(QwTrfPlayer) p = qw_trf_player_new ();
  gunichar sex = column (line, 10);
  int last_filled = 0;

  if (!number_field (line, 5, 8, QW_TRF_MAX_PLAYERS, &p->start_rank, error)
      || !number_field (line, 49, 52, 9999, &p->rating, error)
      || !points_field (line, 81, 84, &p->points10, error)
      || !number_field (line, 86, 89, QW_TRF_MAX_PLAYERS, &p->rank, error))
    return FALSE;
  if (p->start_rank == 0 || qw_trf_find_player (trf, p->start_rank) != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   p->start_rank == 0 ? _("Line %d: a player line has no start rank")
                                      : _("Line %d: the start rank %d is given twice"),
                   line->number, p->start_rank);
      return FALSE;
    }
  p->sex = sex == 'm' || sex == 'M' ? 'm' : sex == 'w' || sex == 'W' || sex == 'f' || sex == 'F' ? 'w' : ' ';
  g_free (p->title);
  p->title = columns (line, 11, 13);
  g_free (p->name);
  p->name = columns (line, 15, 47);
  g_free (p->federation);
  p->federation = columns (line, 54, 56);
  g_free (p->fide_id);
  p->fide_id = columns (line, 58, 68);
  g_free (p->birth);
  p->birth = columns (line, 70, 79);

  for (int r = 1; FIRST_ROUND_COLUMN + (r - 1) * ROUND_WIDTH <= line->n; r++)
    {
      int at = FIRST_ROUND_COLUMN + (r - 1) * ROUND_WIDTH;
      g_autofree char *opponent = columns (line, at, at + 3);
      gunichar colour = g_unichar_tolower (column (line, at + 5));
      gunichar result = g_unichar_toupper (column (line, at + 7));
      QwTrfRound block = { 0, ' ', ' ' };
      guint64 opp = 0;
      char cbuf[8], rbuf[8];

      if (r > QW_TRF_MAX_ROUNDS)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                       _("Line %d: more than %d rounds"), line->number, QW_TRF_MAX_ROUNDS);
          return FALSE;
        }
      if (opponent[0] != '\0'
          && !g_ascii_string_to_unsigned (opponent, 10, 0, QW_TRF_MAX_PLAYERS, &opp, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d, round %d: the opponent “%s” is not a start rank"),
                       line->number, r, opponent);
          return FALSE;
        }
      if ((colour != 'w' && colour != 'b' && colour != '-' && colour != ' ')
          || result > 0x7F || strchr ("10=+-WDLHFUZ ", (int) result) == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d, round %d: “%s” is not a colour or “%s” not a result code"),
                       line->number, r, char_text (colour, cbuf), char_text (result, rbuf));
          return FALSE;
        }
      if ((int) opp == p->start_rank)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d, round %d: player %d plays himself"),
                       line->number, r, p->start_rank);
          return FALSE;
        }
      block.opponent = (int) opp;
      block.colour = (char) colour;
      block.result = (char) result;
      /* "0000" alone is a round without an opponent, even with blank codes. */
      if (opponent[0] != '\0' || colour != ' ' || result != ' ')
        last_filled = r;
      g_array_append_val (p->rounds, block);
    }
  g_array_set_size (p->rounds, last_filled);
  g_ptr_array_add (trf->players, g_steal_pointer (&p));
  return TRUE;
}

static gboolean
read_point_system (QwTrf      *trf,
                   const Line *line,
                   GError    **error)
{
  gboolean pab_given = FALSE;

  trf->has_points = TRUE;
  for (int at = 6; at <= line->n; at += 9)
    {
      gunichar symbol = column (line, at);
      g_autofree char *value = columns (line, at + 1, at + 4);
      char buf[8];
      int tenths;

      if (symbol == ' ' && value[0] == '\0')
        continue;
      if (!parse_points (value, &tenths) || value[0] == '\0')
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: the point system (162) has no points after “%s”"),
                       line->number, char_text (symbol, buf));
          return FALSE;
        }
      switch (symbol)
        {
        case 'W': trf->points.win = tenths; break;
        case 'D': trf->points.draw = tenths; break;
        case 'L': trf->points.loss = tenths; break;
        case 'A':
        case 'Z': trf->points.absent = tenths; break;
        case 'P': trf->points.pab = tenths; pab_given = TRUE; break;
        case 'X': break;  /* an unknown result (adjourned): nothing to score */
        default:
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: “%s” is not a symbol of the point system (162)"),
                       line->number, char_text (symbol, buf));
          return FALSE;
        }
    }
  /* Without P, the pairing-allocated bye is worth a win. */
  if (!pab_given)
    trf->points.pab = trf->points.win;
  return TRUE;
}

static gboolean
read_header (QwTrf      *trf,
             const char *tag,
             const Line *line,
             const char *text,
             GError    **error)
{
  g_autofree char *value = columns (line, 5, (int) line->n);
  char **slot = NULL;

  if (g_str_equal (tag, "012")) slot = &trf->name;
  else if (g_str_equal (tag, "022")) slot = &trf->city;
  else if (g_str_equal (tag, "032")) slot = &trf->federation;
  else if (g_str_equal (tag, "042")) slot = &trf->start_date;
  else if (g_str_equal (tag, "052")) slot = &trf->end_date;
  else if (g_str_equal (tag, "092")) slot = &trf->type;
  else if (g_str_equal (tag, "102")) slot = &trf->chief_arbiter;
  else if (g_str_equal (tag, "122")) slot = &trf->time_per_game;
  else if (g_str_equal (tag, "192")) slot = &trf->encoded_type;
  else if (g_str_equal (tag, "222")) slot = &trf->time_control;
  if (slot != NULL)
    {
      g_free (*slot);
      *slot = g_steal_pointer (&value);
      return TRUE;
    }
  if (g_str_equal (tag, "062"))
    return number_field (line, 5, (int) line->n, QW_TRF_MAX_PLAYERS, &trf->n_players, error);
  if (g_str_equal (tag, "072"))
    return number_field (line, 5, (int) line->n, QW_TRF_MAX_PLAYERS, &trf->n_rated, error);
  if (g_str_equal (tag, "142") || g_str_equal (tag, "XXR"))
    return number_field (line, 5, (int) line->n, QW_TRF_MAX_ROUNDS, &trf->n_rounds, error);
  if (g_str_equal (tag, "112"))
    {
      g_ptr_array_add (trf->deputies, g_steal_pointer (&value));
      return TRUE;
    }
  if (g_str_equal (tag, "152"))
    {
      trf->initial_colour = g_ascii_toupper (value[0]) == 'B' ? 'B' : 'W';
      return TRUE;
    }
  if (g_str_equal (tag, "162"))
    return read_point_system (trf, line, error);
  if (g_str_equal (tag, "132"))
    {
      g_ptr_array_set_size (trf->round_dates, 0);
      for (int at = FIRST_ROUND_COLUMN; at <= line->n; at += ROUND_WIDTH)
        g_ptr_array_add (trf->round_dates, columns (line, at, at + 7));
      return TRUE;
    }
  g_ptr_array_add (trf->other_lines, g_strdup (text));
  return TRUE;
}

/* UTF-8 (with or without a BOM), or GB18030 as Chinese Windows programs write. */
static char *
decode (const char  *data,
        gsize        length,
        GError     **error)
{
  char *text;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The file is not a tournament report (TRF): it is not text"));
      return NULL;
    }
  if (g_utf8_validate_len (data, length, NULL))
    return g_strndup (data, length);
  text = g_convert (data, (gssize) length, "UTF-8", "GB18030", NULL, NULL, NULL);
  if (text == NULL)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("The file is neither UTF-8 nor GB18030 text"));
  return text;
}

/**
 * qw_trf_parse:
 *
 * Reads a TRF-16 or TRF-2026 file. Lines may end in CR, LF or both.
 *
 * Returns: the tournament, or %NULL with an error naming the line
 */
QwTrf *
qw_trf_parse (const char  *data,
              gsize        length,
              GError     **error)
{
  g_autoptr(QwTrf) trf = qw_trf_new ();
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (length > QW_TRF_MAX_BYTES)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("The file is too large to be a TRF"));
      return NULL;
    }
  text = decode (data, length, error);
  if (text == NULL)
    return NULL;
  /* CR LF and lone CR become LF. */
  for (char *p = text, *q = text;; p++)
    {
      if (*p == '\r')
        {
          *q++ = '\n';
          if (p[1] == '\n')
            p++;
          continue;
        }
      *q++ = *p;
      if (*p == '\0')
        break;
    }
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      Line line = { NULL, 0, i + 1 };
      g_autofree char *tag = NULL;
      gboolean ok;

      g_strchomp (lines[i]);
      /* A BOM inside the file (two reports joined with cat) begins a line
       * and is not part of it: kept, the line would change its meaning
       * once written out first, where a BOM is taken off (fuzz-trf). */
      while (g_str_has_prefix (lines[i], "\xEF\xBB\xBF"))
        memmove (lines[i], lines[i] + 3, strlen (lines[i] + 3) + 1);
      if (lines[i][0] == '\0')
        continue;
      line.u = g_utf8_to_ucs4_fast (lines[i], -1, &line.n);
      tag = g_strndup (lines[i], 3);
      if (line.n < 3)
        {
          g_ptr_array_add (trf->other_lines, g_strdup (lines[i]));
          ok = TRUE;
        }
      else if (g_str_equal (tag, "001"))
        ok = read_player (trf, &line, error);
      else
        ok = read_header (trf, tag, &line, lines[i], error);
      g_free (line.u);
      if (!ok)
        return NULL;
    }
  if (trf->players->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The file has no player lines (001): it is not a tournament report"));
      return NULL;
    }
  return g_steal_pointer (&trf);
}

QwTrf *
qw_trf_read_file (const char  *path,
                  GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  QwTrf *trf;

  /* A regular file only, within the limit (qw-file.h). */
  if (!qw_file_read (path, QW_FILE_TRF, &data, &length, error))
    return NULL;
  trf = qw_trf_parse (data, length, &local_error);
  if (trf == NULL)
    g_set_error (error, QW_ERROR, local_error->code, "%s: %s", display_name, local_error->message);
  return trf;
}

/* ----------------------------------------------------------------------- */
/* Writing                                                                 */
/* ----------------------------------------------------------------------- */

/* Appends @text in @width characters, cut or padded with spaces. */
static void
append_padded (GString    *out,
               const char *text,
               int         width,
               gboolean    right)
{
  glong n = text != NULL ? g_utf8_strlen (text, -1) : 0;

  if (n > width)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, width);

      g_string_append (out, cut);
      return;
    }
  if (right)
    for (glong i = n; i < width; i++)
      g_string_append_c (out, ' ');
  if (text != NULL)
    g_string_append (out, text);
  if (!right)
    for (glong i = n; i < width; i++)
      g_string_append_c (out, ' ');
}

static void
append_number (GString *out,
               int      value,
               int      width)
{
  g_autofree char *text = value > 0 ? g_strdup_printf ("%d", value) : g_strdup ("");

  append_padded (out, text, width, TRUE);
}

static char *
points_text (int tenths)
{
  return g_strdup_printf ("%d.%d", tenths / 10, tenths % 10);
}

static void
header_line (GString    *out,
             const char *tag,
             const char *value)
{
  if (value == NULL || value[0] == '\0')
    return;
  g_string_append_printf (out, "%s %s\r\n", tag, value);
}

static void
write_player (GString           *out,
              const QwTrfPlayer *p)
{
  g_autofree char *points = points_text (p->points10);
  char sex[2] = { p->sex == 'm' || p->sex == 'w' ? p->sex : ' ', '\0' };
  int rounds = (int) p->rounds->len;

  /* Trailing rounds without anything in them are left off. */
  while (rounds > 0)
    {
      const QwTrfRound *b = &g_array_index (p->rounds, QwTrfRound, rounds - 1);

      if (b->opponent != 0 || (b->colour != ' ' && b->colour != '\0')
          || (b->result != ' ' && b->result != '\0'))
        break;
      rounds--;
    }
  g_string_append (out, "001 ");
  append_number (out, p->start_rank, 4);
  g_string_append_c (out, ' ');
  g_string_append (out, sex);
  append_padded (out, p->title, 3, TRUE);
  g_string_append_c (out, ' ');
  append_padded (out, p->name, 33, FALSE);
  g_string_append_c (out, ' ');
  append_number (out, p->rating, 4);
  g_string_append_c (out, ' ');
  append_padded (out, p->federation, 3, FALSE);
  g_string_append_c (out, ' ');
  append_padded (out, p->fide_id, 11, TRUE);
  g_string_append_c (out, ' ');
  append_padded (out, p->birth, 10, FALSE);
  g_string_append_c (out, ' ');
  append_padded (out, points, 4, TRUE);
  g_string_append_c (out, ' ');
  append_number (out, p->rank, 4);
  for (int r = 0; r < rounds; r++)
    {
      const QwTrfRound *b = &g_array_index (p->rounds, QwTrfRound, r);
      char colour = b->colour != '\0' ? b->colour : ' ';
      char result = b->result != '\0' ? b->result : ' ';

      g_string_append (out, "  ");
      if (b->opponent == 0 && colour == ' ' && result == ' ')
        g_string_append (out, "    ");
      else if (b->opponent > 0)
        g_string_append_printf (out, "%4d", b->opponent);
      else
        g_string_append (out, "0000");
      g_string_append_printf (out, " %c %c", colour, result);
    }
  g_string_append (out, "\r\n");
}

/**
 * qw_trf_write:
 *
 * Returns: @trf as a TRF-2026 file (UTF-8, CR LF line ends): the header
 *   records in a fixed order (012 022 032 042 052 062 072 092 102 112 122
 *   142 152 162 192 222 XXR), the records kept from reading, 132, then one
 *   001 line per player in the columns of the FIDE specification. The 162
 *   record is written when has_points is set, with W, D and L (and A or P
 *   only where they differ from FIDE's defaults).
 */
char *
qw_trf_write (const QwTrf *trf)
{
  GString *out = g_string_new (NULL);
  g_autofree char *n_players = trf->n_players > 0 ? g_strdup_printf ("%d", trf->n_players) : NULL;
  g_autofree char *n_rated = trf->n_rated > 0 ? g_strdup_printf ("%d", trf->n_rated) : NULL;
  g_autofree char *n_rounds = trf->n_rounds > 0 ? g_strdup_printf ("%d", trf->n_rounds) : NULL;
  char colour[2] = { trf->initial_colour, '\0' };

  header_line (out, "012", trf->name);
  header_line (out, "022", trf->city);
  header_line (out, "032", trf->federation);
  header_line (out, "042", trf->start_date);
  header_line (out, "052", trf->end_date);
  header_line (out, "062", n_players);
  header_line (out, "072", n_rated);
  header_line (out, "092", trf->type);
  header_line (out, "102", trf->chief_arbiter);
  for (guint i = 0; i < trf->deputies->len; i++)
    header_line (out, "112", g_ptr_array_index (trf->deputies, i));
  header_line (out, "122", trf->time_per_game);
  header_line (out, "142", n_rounds);
  header_line (out, "152", colour);
  if (trf->has_points)
    {
      struct { char symbol; int value; gboolean always; } items[] = {
        { 'W', trf->points.win, TRUE },
        { 'D', trf->points.draw, TRUE },
        { 'L', trf->points.loss, TRUE },
        { 'A', trf->points.absent, trf->points.absent != 0 },
        { 'P', trf->points.pab, trf->points.pab != trf->points.win },
      };
      gboolean first = TRUE;

      /* Symbol in column 6, points in 7-10, the next pair 9 columns on. */
      g_string_append (out, "162 ");
      for (guint i = 0; i < G_N_ELEMENTS (items); i++)
        {
          g_autofree char *value = points_text (items[i].value);

          if (!items[i].always)
            continue;
          g_string_append (out, first ? " " : "    ");
          g_string_append_c (out, items[i].symbol);
          append_padded (out, value, 4, TRUE);
          first = FALSE;
        }
      g_string_append (out, "\r\n");
    }
  header_line (out, "192", trf->encoded_type);
  header_line (out, "222", trf->time_control);
  header_line (out, "XXR", n_rounds);
  for (guint i = 0; i < trf->other_lines->len; i++)
    g_string_append_printf (out, "%s\r\n", (const char *) g_ptr_array_index (trf->other_lines, i));
  if (trf->round_dates->len > 0)
    {
      int last = (int) trf->round_dates->len;

      g_string_append (out, "132");
      for (int i = 3; i < FIRST_ROUND_COLUMN - 1; i++)
        g_string_append_c (out, ' ');
      for (int r = 0; r < last; r++)
        {
          if (r > 0)
            g_string_append (out, "  ");
          append_padded (out, g_ptr_array_index (trf->round_dates, r), 8, FALSE);
        }
      g_string_append (out, "\r\n");
    }
  for (guint i = 0; i < trf->players->len; i++)
    write_player (out, g_ptr_array_index (trf->players, i));
  return g_string_free (out, FALSE);
}

gboolean
qw_trf_write_file (const QwTrf  *trf,
                   const char   *path,
                   GError      **error)
{
  g_autofree char *text = qw_trf_write (trf);

  /* A TRF file carries no ID numbers (qw_trf_from_group()). */
  return qw_output_replace_contents (path, text, -1, QW_OUTPUT_PUBLIC, error);
}
