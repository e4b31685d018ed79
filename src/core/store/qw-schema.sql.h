/* qw-schema.sql.h: the document schema, one step per version
 *
 * Step N brings a document from user_version N-1 to N. Steps are never edited
 * once released: a change is a new step, so that every older document can be
 * brought forward.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* Version 1: registration. */
#define QW_SCHEMA_STEP_1 \
  "CREATE TABLE meta (" \
  "  key TEXT PRIMARY KEY," \
  "  value TEXT NOT NULL" \
  ");" \
  "CREATE TABLE event (" \
  "  id INTEGER PRIMARY KEY," \
  "  ruleset TEXT NOT NULL," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  level TEXT NOT NULL DEFAULT 'preliminary'" \
  "    CHECK (level IN ('preliminary', 'provincial-final', 'national-final'))," \
  "  region TEXT NOT NULL DEFAULT ''," \
  "  place_city TEXT NOT NULL DEFAULT ''," \
  "  place_county TEXT NOT NULL DEFAULT ''," \
  "  place_town TEXT NOT NULL DEFAULT ''," \
  "  host TEXT NOT NULL DEFAULT ''," \
  "  host_level TEXT NOT NULL DEFAULT ''" \
  "    CHECK (host_level IN ('', 'province', 'city', 'county', 'township'))," \
  "  prefecture TEXT NOT NULL DEFAULT ''," \
  "  county_city TEXT NOT NULL DEFAULT ''," \
  "  honours TEXT NOT NULL DEFAULT ''," \
  "  start_date TEXT NOT NULL DEFAULT ''," \
  "  end_date TEXT NOT NULL DEFAULT ''," \
  "  venue TEXT NOT NULL DEFAULT ''," \
  "  organiser TEXT NOT NULL DEFAULT ''," \
  "  chief_arbiter TEXT NOT NULL DEFAULT ''," \
  "  chief_arbiter_grade TEXT NOT NULL DEFAULT ''," \
  "  system TEXT NOT NULL DEFAULT 'swiss'," \
  "  rounds INTEGER NOT NULL DEFAULT 7 CHECK (rounds >= 0)," \
  "  minutes INTEGER NOT NULL DEFAULT 0 CHECK (minutes >= 0)," \
  "  increment INTEGER NOT NULL DEFAULT 0 CHECK (increment >= 0)," \
  "  source TEXT NOT NULL DEFAULT 'local' CHECK (source IN ('local', 'imported', 'manual'))," \
  "  participants INTEGER NOT NULL DEFAULT 0 CHECK (participants >= 0)," \
  "  digest TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE TABLE player (" \
  "  id INTEGER PRIMARY KEY," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  sex TEXT NOT NULL DEFAULT '' CHECK (sex IN ('', 'M', 'F'))," \
  "  birth TEXT NOT NULL DEFAULT ''," \
  "  doc_kind TEXT NOT NULL DEFAULT 'resident' CHECK (doc_kind IN ('resident', 'other'))," \
  "  id_number TEXT NOT NULL DEFAULT ''," \
  "  unit TEXT NOT NULL DEFAULT ''," \
  "  grade TEXT NOT NULL DEFAULT ''," \
  "  phone TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE INDEX player_id_number ON player (id_number);" \
  "CREATE TABLE entry (" \
  "  id INTEGER PRIMARY KEY," \
  "  event_id INTEGER NOT NULL REFERENCES event (id) ON DELETE CASCADE," \
  "  player_id INTEGER NOT NULL UNIQUE REFERENCES player (id) ON DELETE CASCADE," \
  "  no INTEGER NOT NULL CHECK (no >= 1)," \
  "  declared_group TEXT NOT NULL DEFAULT ''," \
  "  group_code TEXT NOT NULL DEFAULT ''," \
  "  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn'))," \
  "  rating INTEGER NOT NULL DEFAULT 0," \
  "  UNIQUE (event_id, no)" \
  ");" \
  "CREATE INDEX entry_event ON entry (event_id, group_code);"

/* Version 2: play. A section is a group as played, with its own system and
 * settings; a game with no black player is a bye. */
#define QW_SCHEMA_STEP_2 \
  "ALTER TABLE entry ADD COLUMN withdrawn_before INTEGER NOT NULL DEFAULT 0;" \
  "CREATE TABLE section (" \
  "  id INTEGER PRIMARY KEY," \
  "  event_id INTEGER NOT NULL REFERENCES event (id) ON DELETE CASCADE," \
  "  code TEXT NOT NULL," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  system TEXT NOT NULL DEFAULT 'swiss' CHECK (system IN ('swiss', 'round-robin', 'knockout'))," \
  "  rounds INTEGER NOT NULL DEFAULT 7 CHECK (rounds >= 0)," \
  "  settings TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (event_id, code)" \
  ");" \
  "CREATE TABLE game (" \
  "  id INTEGER PRIMARY KEY," \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL CHECK (round >= 1)," \
  "  board INTEGER NOT NULL CHECK (board >= 1)," \
  "  red INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  black INTEGER REFERENCES entry (id) ON DELETE CASCADE," \
  "  result TEXT NOT NULL DEFAULT ''" \
  "    CHECK (result IN ('', '2:0', '1:1', '0:2', '+:-', '-:+', '-:-', 'bye'))," \
  "  red_fouls INTEGER NOT NULL DEFAULT 0 CHECK (red_fouls >= 0)," \
  "  black_fouls INTEGER NOT NULL DEFAULT 0 CHECK (black_fouls >= 0)," \
  "  playoff TEXT NOT NULL DEFAULT '' CHECK (playoff IN ('', 'red', 'black'))," \
  "  armageddon INTEGER NOT NULL DEFAULT 0," \
  "  manual INTEGER NOT NULL DEFAULT 0," \
  "  explain TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (section_id, round, board)" \
  ");" \
  "CREATE INDEX game_red ON game (red);" \
  "CREATE INDEX game_black ON game (black);" \
  "CREATE TABLE round_log (" \
  "  id INTEGER PRIMARY KEY," \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL," \
  "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  message TEXT NOT NULL" \
  ");"

/* Version 3: region. Standings as received in a results file, and nominees
 * received from regions (in a national document). */
#define QW_SCHEMA_STEP_3 \
  "CREATE TABLE standing (" \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  rank INTEGER NOT NULL CHECK (rank >= 1)," \
  "  entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  points REAL NOT NULL DEFAULT 0," \
  "  tiebreaks TEXT NOT NULL DEFAULT ''," \
  "  PRIMARY KEY (section_id, rank)" \
  ");" \
  "CREATE TABLE nominee (" \
  "  id INTEGER PRIMARY KEY," \
  "  region TEXT NOT NULL," \
  "  group_code TEXT NOT NULL DEFAULT ''," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  sex TEXT NOT NULL DEFAULT ''," \
  "  birth TEXT NOT NULL DEFAULT ''," \
  "  id_number TEXT NOT NULL DEFAULT ''," \
  "  unit TEXT NOT NULL DEFAULT ''," \
  "  rank INTEGER NOT NULL DEFAULT 0," \
  "  reason TEXT NOT NULL DEFAULT ''," \
  "  source TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE INDEX nominee_id_number ON nominee (id_number);"

/* Version 4: the arbiter's log of games. Every change of a pairing or a
 * result in an event run here, whatever made it (an action, an undo, a
 * redo), with the old and the new value as they read then and the step that
 * made it. No foreign key: the log outlives what it records, and the undo
 * history never takes a line back. Board 0 stands for the whole round;
 * after_round_log is the last round_log line written before, so that the two
 * logs read in the order they were written. */
#define QW_SCHEMA_STEP_4 \
  "CREATE TABLE game_log (" \
  "  id INTEGER PRIMARY KEY," \
  "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  section_id INTEGER NOT NULL," \
  "  round INTEGER NOT NULL," \
  "  board INTEGER NOT NULL DEFAULT 0," \
  "  kind TEXT NOT NULL CHECK (kind IN ('paired', 'unpaired', 'result', 'players'))," \
  "  old_value TEXT NOT NULL DEFAULT ''," \
  "  new_value TEXT NOT NULL DEFAULT ''," \
  "  cause TEXT NOT NULL DEFAULT ''," \
  "  after_round_log INTEGER NOT NULL DEFAULT 0" \
  ");" \
  "CREATE INDEX game_log_section ON game_log (section_id);"

/* Version 5: the registration desk on the day of a stop. An entry can be
 * excluded (不具备参赛资格) or wait as a late entry (迟到报名) until the
 * arbiter admits it (the rounds it missed are then absences: version 6);
 * allowed keeps the problems the arbiter let it play with. SQLite cannot
 * change a CHECK in place: the table is rebuilt, keeping every row and id,
 * its index and the references to it (qw-document.c runs the steps with
 * foreign keys off, so that dropping the old table takes no game with it,
 * and checks them before the commit). */
#define QW_SCHEMA_STEP_5 \
  "CREATE TABLE entry_v5 (" \
  "  id INTEGER PRIMARY KEY," \
  "  event_id INTEGER NOT NULL REFERENCES event (id) ON DELETE CASCADE," \
  "  player_id INTEGER NOT NULL UNIQUE REFERENCES player (id) ON DELETE CASCADE," \
  "  no INTEGER NOT NULL CHECK (no >= 1)," \
  "  declared_group TEXT NOT NULL DEFAULT ''," \
  "  group_code TEXT NOT NULL DEFAULT ''," \
  "  status TEXT NOT NULL DEFAULT 'active'" \
  "    CHECK (status IN ('active', 'withdrawn', 'excluded', 'late'))," \
  "  rating INTEGER NOT NULL DEFAULT 0," \
  "  withdrawn_before INTEGER NOT NULL DEFAULT 0," \
  "  allowed TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (event_id, no)" \
  ");" \
  "INSERT INTO entry_v5 (id, event_id, player_id, no, declared_group, group_code, status, rating, " \
  "  withdrawn_before) " \
  "  SELECT id, event_id, player_id, no, declared_group, group_code, status, rating, withdrawn_before " \
  "  FROM entry;" \
  "DROP TABLE entry;" \
  "ALTER TABLE entry_v5 RENAME TO entry;" \
  "CREATE INDEX entry_event ON entry (event_id, group_code);"

/* Version 6: the arbiter on the day of a stop. An armageddon play-off can be
 * drawn (black goes through): the game table is rebuilt, as SQLite cannot
 * change a CHECK, with its columns in the same order. An absence is a round
 * a player of a section is not paired in: a 请假 (leave, 0 points) or, for a
 * late entry, a round it missed before the arbiter admitted it, with the
 * points the arbiter gave for it (kind 'late'): the one record of a late
 * entry's missed rounds. */
#define QW_SCHEMA_STEP_6 \
  "CREATE TABLE game_v6 (" \
  "  id INTEGER PRIMARY KEY," \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL CHECK (round >= 1)," \
  "  board INTEGER NOT NULL CHECK (board >= 1)," \
  "  red INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  black INTEGER REFERENCES entry (id) ON DELETE CASCADE," \
  "  result TEXT NOT NULL DEFAULT ''" \
  "    CHECK (result IN ('', '2:0', '1:1', '0:2', '+:-', '-:+', '-:-', 'bye'))," \
  "  red_fouls INTEGER NOT NULL DEFAULT 0 CHECK (red_fouls >= 0)," \
  "  black_fouls INTEGER NOT NULL DEFAULT 0 CHECK (black_fouls >= 0)," \
  "  playoff TEXT NOT NULL DEFAULT '' CHECK (playoff IN ('', 'red', 'black', 'draw'))," \
  "  armageddon INTEGER NOT NULL DEFAULT 0," \
  "  manual INTEGER NOT NULL DEFAULT 0," \
  "  explain TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (section_id, round, board)" \
  ");" \
  "INSERT INTO game_v6 SELECT id, section_id, round, board, red, black, result, red_fouls, black_fouls, " \
  "  playoff, armageddon, manual, explain FROM game;" \
  "DROP TABLE game;" \
  "ALTER TABLE game_v6 RENAME TO game;" \
  "CREATE INDEX game_red ON game (red);" \
  "CREATE INDEX game_black ON game (black);" \
  "CREATE TABLE absence (" \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL CHECK (round >= 1)," \
  "  kind TEXT NOT NULL DEFAULT 'leave' CHECK (kind IN ('leave', 'late'))," \
  "  points REAL NOT NULL DEFAULT 0," \
  "  PRIMARY KEY (section_id, entry_id, round)" \
  ");" \
  "CREATE INDEX absence_entry ON absence (entry_id);"

/* Version 7: the player, entry, game and game_log tables again, their
 * checks of listed values written as chains of comparisons. SQLite 3.40
 * evaluates `x IN ('a', 'b', …)` by building a temporary table each time a
 * statement runs: for every player and entry added (a list of 5,000
 * imported, a simulated field), every game paired, every result recorded,
 * every log line written; `x = 'a' OR x = 'b'` costs nothing. The values
 * allowed are the same (the game table's as version 6 left them, the
 * entry's as version 5 did). Event, section and absence, whose rows are
 * few and not written per game or per entry, keep their checks as they
 * are. Each table is rebuilt as SQLite documents it
 * (https://www.sqlite.org/lang_altertable.html#otheralter, with foreign
 * keys off around the migration, see apply_steps()), its columns in the
 * same order: every row, id, index and foreign key is kept. */
#define QW_SCHEMA_STEP_7 \
  "CREATE TABLE player_v7 (" \
  "  id INTEGER PRIMARY KEY," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  sex TEXT NOT NULL DEFAULT '' CHECK (sex = '' OR sex = 'M' OR sex = 'F')," \
  "  birth TEXT NOT NULL DEFAULT ''," \
  "  doc_kind TEXT NOT NULL DEFAULT 'resident' CHECK (doc_kind = 'resident' OR doc_kind = 'other')," \
  "  id_number TEXT NOT NULL DEFAULT ''," \
  "  unit TEXT NOT NULL DEFAULT ''," \
  "  grade TEXT NOT NULL DEFAULT ''," \
  "  phone TEXT NOT NULL DEFAULT ''" \
  ");" \
  "INSERT INTO player_v7 (id, name, sex, birth, doc_kind, id_number, unit, grade, phone)" \
  "  SELECT id, name, sex, birth, doc_kind, id_number, unit, grade, phone FROM player;" \
  "DROP TABLE player;" \
  "ALTER TABLE player_v7 RENAME TO player;" \
  "CREATE INDEX player_id_number ON player (id_number);" \
  "CREATE TABLE entry_v7 (" \
  "  id INTEGER PRIMARY KEY," \
  "  event_id INTEGER NOT NULL REFERENCES event (id) ON DELETE CASCADE," \
  "  player_id INTEGER NOT NULL UNIQUE REFERENCES player (id) ON DELETE CASCADE," \
  "  no INTEGER NOT NULL CHECK (no >= 1)," \
  "  declared_group TEXT NOT NULL DEFAULT ''," \
  "  group_code TEXT NOT NULL DEFAULT ''," \
  "  status TEXT NOT NULL DEFAULT 'active'" \
  "    CHECK (status = 'active' OR status = 'withdrawn' OR status = 'excluded' OR status = 'late')," \
  "  rating INTEGER NOT NULL DEFAULT 0," \
  "  withdrawn_before INTEGER NOT NULL DEFAULT 0," \
  "  allowed TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (event_id, no)" \
  ");" \
  "INSERT INTO entry_v7 (id, event_id, player_id, no, declared_group, group_code, status, rating," \
  "                      withdrawn_before, allowed)" \
  "  SELECT id, event_id, player_id, no, declared_group, group_code, status, rating, withdrawn_before," \
  "         allowed FROM entry;" \
  "DROP TABLE entry;" \
  "ALTER TABLE entry_v7 RENAME TO entry;" \
  "CREATE INDEX entry_event ON entry (event_id, group_code);" \
  "CREATE TABLE game_v7 (" \
  "  id INTEGER PRIMARY KEY," \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL CHECK (round >= 1)," \
  "  board INTEGER NOT NULL CHECK (board >= 1)," \
  "  red INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  black INTEGER REFERENCES entry (id) ON DELETE CASCADE," \
  "  result TEXT NOT NULL DEFAULT ''" \
  "    CHECK (result = '' OR result = '2:0' OR result = '1:1' OR result = '0:2' OR result = '+:-'" \
  "           OR result = '-:+' OR result = '-:-' OR result = 'bye')," \
  "  red_fouls INTEGER NOT NULL DEFAULT 0 CHECK (red_fouls >= 0)," \
  "  black_fouls INTEGER NOT NULL DEFAULT 0 CHECK (black_fouls >= 0)," \
  "  playoff TEXT NOT NULL DEFAULT '' CHECK (playoff = '' OR playoff = 'red' OR playoff = 'black'" \
  "                                   OR playoff = 'draw')," \
  "  armageddon INTEGER NOT NULL DEFAULT 0," \
  "  manual INTEGER NOT NULL DEFAULT 0," \
  "  explain TEXT NOT NULL DEFAULT ''," \
  "  UNIQUE (section_id, round, board)" \
  ");" \
  "INSERT INTO game_v7 (id, section_id, round, board, red, black, result, red_fouls, black_fouls, playoff," \
  "                     armageddon, manual, explain)" \
  "  SELECT id, section_id, round, board, red, black, result, red_fouls, black_fouls, playoff," \
  "         armageddon, manual, explain FROM game;" \
  "DROP TABLE game;" \
  "ALTER TABLE game_v7 RENAME TO game;" \
  "CREATE INDEX game_red ON game (red);" \
  "CREATE INDEX game_black ON game (black);" \
  "CREATE TABLE game_log_v7 (" \
  "  id INTEGER PRIMARY KEY," \
  "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  section_id INTEGER NOT NULL," \
  "  round INTEGER NOT NULL," \
  "  board INTEGER NOT NULL DEFAULT 0," \
  "  kind TEXT NOT NULL" \
  "    CHECK (kind = 'paired' OR kind = 'unpaired' OR kind = 'result' OR kind = 'players')," \
  "  old_value TEXT NOT NULL DEFAULT ''," \
  "  new_value TEXT NOT NULL DEFAULT ''," \
  "  cause TEXT NOT NULL DEFAULT ''," \
  "  after_round_log INTEGER NOT NULL DEFAULT 0" \
  ");" \
  "INSERT INTO game_log_v7 (id, at, section_id, round, board, kind, old_value, new_value, cause, after_round_log)" \
  "  SELECT id, at, section_id, round, board, kind, old_value, new_value, cause, after_round_log FROM game_log;" \
  "DROP TABLE game_log;" \
  "ALTER TABLE game_log_v7 RENAME TO game_log;" \
  "CREATE INDEX game_log_section ON game_log (section_id);"

/* Version 8: entrants of two (双人, the 2022 final's pair events and the
 * 2021 家庭双人组). An entry's player row holds the entrant as the pairing,
 * the standings and the prints see it (a pair's name "甲 / 乙", its common
 * sex and unit); a pair's members are the rows of member, by position (1,
 * 2), each a person with the player's fields. A player's platform account
 * (账号, the 2022 ladder) and a pair's declared relationship (亲子双人:
 * 父子, 祖孙 …) are new columns. The member table's checks are chains of
 * comparisons, as version 7 explains: a row is written for every member of
 * every pair imported or added. */
#define QW_SCHEMA_STEP_8 \
  "ALTER TABLE player ADD COLUMN account TEXT NOT NULL DEFAULT '';" \
  "ALTER TABLE entry ADD COLUMN relation TEXT NOT NULL DEFAULT '';" \
  "CREATE TABLE member (" \
  "  entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE," \
  "  position INTEGER NOT NULL CHECK (position >= 1)," \
  "  name TEXT NOT NULL DEFAULT ''," \
  "  sex TEXT NOT NULL DEFAULT '' CHECK (sex = '' OR sex = 'M' OR sex = 'F')," \
  "  birth TEXT NOT NULL DEFAULT ''," \
  "  doc_kind TEXT NOT NULL DEFAULT 'resident' CHECK (doc_kind = 'resident' OR doc_kind = 'other')," \
  "  id_number TEXT NOT NULL DEFAULT ''," \
  "  unit TEXT NOT NULL DEFAULT ''," \
  "  grade TEXT NOT NULL DEFAULT ''," \
  "  phone TEXT NOT NULL DEFAULT ''," \
  "  account TEXT NOT NULL DEFAULT ''," \
  "  PRIMARY KEY (entry_id, position)" \
  ");" \
  "CREATE INDEX member_id_number ON member (id_number);"

/* Version 9: a national document keeps each nominee's quota line (its code
 * and its label) and the name of the group played at the provincial final,
 * as the region's file gives them, so that the national exports show them. */
#define QW_SCHEMA_STEP_9 \
  "ALTER TABLE nominee ADD COLUMN line TEXT NOT NULL DEFAULT '';" \
  "ALTER TABLE nominee ADD COLUMN line_label TEXT NOT NULL DEFAULT '';" \
  "ALTER TABLE nominee ADD COLUMN group_name TEXT NOT NULL DEFAULT '';"

/* Version 10: the history of the document's steps, kept in the document
 * (qw-step-table.c), so that every program on it shares one: the window's
 * undo takes back a step qiwang-cli made, qiwang-cli undo one made in the
 * window, and a step committed elsewhere is announced here with the topics
 * it touched. A row is one step: its label, who made it (window, cli,
 * device:NAME), when, its topics, who held the ID numbers its next undo
 * or redo would give back (qw-undo-identities.h), and its changeset: the
 * SQLite session's record of the rows it changed, ID numbers included,
 * which never leaves the document; it comes last, so that reading the
 * other columns (the history's labels, a look at others' steps) never goes
 * through its pages. undone marks the steps redo would do again. No step
 * records this table. AUTOINCREMENT: no id is given twice, so that a
 * program that has seen a step knows it again. */
#define QW_SCHEMA_STEP_10 \
  "CREATE TABLE step (" \
  "  id INTEGER PRIMARY KEY AUTOINCREMENT," \
  "  label TEXT NOT NULL," \
  "  origin TEXT NOT NULL," \
  "  time TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  topics TEXT NOT NULL DEFAULT ''," \
  "  held TEXT NOT NULL DEFAULT ''," \
  "  size INTEGER NOT NULL," \
  "  undone INTEGER NOT NULL DEFAULT 0 CHECK (undone = 0 OR undone = 1)," \
  "  changeset BLOB NOT NULL" \
  ");" \
  "CREATE INDEX step_undone ON step (undone, id);"

/* Version 11: the venue (issue 20). Devices the chief arbiter added (a
 * phone at a board, at the door, a hall's screen), with their role and
 * scope; a device's join token and its sessions are kept only as SHA-256
 * hashes. device_mark counts the venue's own writes that are no step of
 * the history (a join, a contact, a revocation, a log line), so that
 * another program tells them from a change it cannot account for
 * (qw-step-table.c). The log of every write asked by a device, accepted
 * or not. Check-in (签到): one row per entry present. round_state: result
 * entry closed for a round, and the round's clock for the hall's screens.
 * game_origin: who entered a game's result ("window", "cli",
 * "device:NAME"), written with the result in its step. */
#define QW_SCHEMA_STEP_11 \
  "CREATE TABLE device (" \
  "  id INTEGER PRIMARY KEY," \
  "  name TEXT NOT NULL," \
  "  role TEXT NOT NULL CHECK (role = 'arbiter' OR role = 'checkin' OR role = 'screen')," \
  "  groups TEXT NOT NULL DEFAULT ''," \
  "  board_from INTEGER NOT NULL DEFAULT 0 CHECK (board_from >= 0)," \
  "  board_to INTEGER NOT NULL DEFAULT 0 CHECK (board_to >= board_from)," \
  "  token_hash TEXT NOT NULL UNIQUE," \
  "  joined INTEGER NOT NULL DEFAULT 0," \
  "  revoked INTEGER NOT NULL DEFAULT 0," \
  "  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  last_seen TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE TABLE device_session (" \
  "  hash TEXT PRIMARY KEY," \
  "  device_id INTEGER NOT NULL REFERENCES device (id) ON DELETE CASCADE," \
  "  expires INTEGER NOT NULL" \
  ");" \
  "CREATE INDEX device_session_device ON device_session (device_id);" \
  "CREATE TABLE device_mark (" \
  "  id INTEGER PRIMARY KEY CHECK (id = 1)," \
  "  seq INTEGER NOT NULL DEFAULT 0" \
  ");" \
  "CREATE TABLE device_log (" \
  "  id INTEGER PRIMARY KEY," \
  "  time TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  device_id INTEGER NOT NULL DEFAULT 0," \
  "  device TEXT NOT NULL DEFAULT ''," \
  "  address TEXT NOT NULL DEFAULT ''," \
  "  action TEXT NOT NULL," \
  "  group_code TEXT NOT NULL DEFAULT ''," \
  "  round INTEGER NOT NULL DEFAULT 0," \
  "  board INTEGER NOT NULL DEFAULT 0," \
  "  result TEXT NOT NULL DEFAULT ''," \
  "  outcome TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE INDEX device_log_device ON device_log (device_id);" \
  "CREATE TABLE checkin (" \
  "  entry_id INTEGER PRIMARY KEY REFERENCES entry (id) ON DELETE CASCADE," \
  "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S', 'now'))," \
  "  origin TEXT NOT NULL DEFAULT ''" \
  ");" \
  "CREATE TABLE round_state (" \
  "  section_id INTEGER NOT NULL REFERENCES section (id) ON DELETE CASCADE," \
  "  round INTEGER NOT NULL CHECK (round >= 1)," \
  "  entry_closed INTEGER NOT NULL DEFAULT 0," \
  "  clock_start TEXT NOT NULL DEFAULT ''," \
  "  clock_end TEXT NOT NULL DEFAULT ''," \
  "  PRIMARY KEY (section_id, round)" \
  ");" \
  "CREATE TABLE game_origin (" \
  "  game_id INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE," \
  "  entered_by TEXT NOT NULL" \
  ");"
