/*
 * server-upgrade (docs/design.md, "Upgrading the server"): the server
 * execs a new binary in its own process, handing over its listening
 * socket, its panes' descriptors and its state (upgrade-state.c).
 */
#ifndef ZEROPTY_UPGRADE_H
#define ZEROPTY_UPGRADE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/buf.h"

/* The state file's format; a server reads only its own. */
#define UPGRADE_STATE_VERSION	1
/* Lent ptys handed over per pane (pane-io.c keeps at most 16). */
#define UPGRADE_PTY_MAX		16
/* The environment variable naming the state file's descriptor. */
#define UPGRADE_ENV		"ZEROPTY_UPGRADE_FD"
/* What `zeropty-server --upgrade-version` prints: the version it reads. */
#define UPGRADE_VERSION_ARG	"--upgrade-version"

struct client;
struct options;
struct options_target;

/* Reading a state file: where we are, and whether it ran out. */
struct upgrade_reader {
	const uint8_t	*p, *end;
	int		 bad;
};

/* upgrade-state.c */
void	upgrade_state_put_u(struct buf *, uint32_t);
void	upgrade_state_put_str(struct buf *, const char *);
uint32_t upgrade_state_get_u(struct upgrade_reader *);
/* xmalloc'd, NUL-terminated; *len its length if not NULL. */
char	*upgrade_state_get_str(struct upgrade_reader *, size_t *len);
int	upgrade_state_write(struct buf *, int listen_fd, char **cause);
/* 0 if data is a state file this server reads, else -1 and *cause. */
int	upgrade_state_check(const uint8_t *, size_t, char **cause);
int	upgrade_state_read(const uint8_t *, size_t, int *listen_fd,
	    char **cause);

/* upgrade-config.c: options (hooks are options) and key tables. */
/* A store's entries; global: only those that are not the default. */
void	upgrade_config_put_options(struct buf *, struct options *,
	    int global);
int	upgrade_config_get_options(struct upgrade_reader *,
	    const struct options_target *, char **cause);
void	upgrade_config_put_keys(struct buf *);
int	upgrade_config_get_keys(struct upgrade_reader *, char **cause);

/* upgrade.c */
/*
 * Exec bin (NULL: the installed server, found as the client finds it)
 * with everything handed over. Returns only on failure, with *cause,
 * before anything was changed; c (may be NULL) gets its answer first.
 */
int	upgrade_exec(const char *bin, struct client *c, char **cause);
/*
 * In a server started with -U: take the state file's descriptor out of
 * the environment and check its magic and version (-1 and *cause).
 */
int	upgrade_precheck(char **cause);
/* Exec the old binary again with the same state (returns on failure). */
void	upgrade_fallback(const char *socket_path);
/*
 * In the new server: if started by an upgrade, rebuild the state and
 * return the listening socket (-1 and *cause if the state could not be
 * read); -2 if this is not an upgrade.
 */
int	upgrade_restore(char **cause);

#endif
