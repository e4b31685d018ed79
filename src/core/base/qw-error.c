/* qw-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-error.h"

G_DEFINE_QUARK (qw-error-quark, qw_error)
