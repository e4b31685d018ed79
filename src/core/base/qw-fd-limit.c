/* qw-fd-limit.c: the process's limit on open files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/resource.h>

#include "qw-fd-limit.h"

/* What "no limit" is taken to be: no process holds that many. */
#define UNLIMITED_AS G_GUINT64_CONSTANT (1048576)

static guint64
as_count (rlim_t value)
{
  return value == RLIM_INFINITY ? UNLIMITED_AS : (guint64) value;
}

guint64
qw_fd_limit_get (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0)
    return 1024;
  return as_count (limit.rlim_cur);
}

guint64
qw_fd_limit_raise (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0)
    return 1024;
  if (limit.rlim_cur != limit.rlim_max)
    {
      struct rlimit raised = { .rlim_cur = limit.rlim_max, .rlim_max = limit.rlim_max };

      /* An infinite hard limit is not a value Linux takes for the soft one
       * (it is capped by fs.nr_open): settle for the largest it takes. */
      if (setrlimit (RLIMIT_NOFILE, &raised) != 0 && limit.rlim_max == RLIM_INFINITY)
        {
          raised.rlim_cur = UNLIMITED_AS;
          setrlimit (RLIMIT_NOFILE, &raised);
        }
    }
  return qw_fd_limit_get ();
}
