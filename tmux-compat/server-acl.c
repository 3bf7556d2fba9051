/*
 * Who may use the server (server-access), as tmux 3.3a: a list of users
 * by uid, each with write access or read-only. The server's own user and
 * root are always on it. A client of a user not on it is told "access not
 * allowed"; a read-only one may run only commands marked CMD_READONLY.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/tmux.h"

struct acl_user {
	uid_t	uid;
	int	readonly;
};

static struct acl_user	*acl_users;	/* sorted by uid */
static unsigned		 acl_nusers;

void
server_acl_init(void)
{
	if (getuid() != 0)
		server_acl_allow(0);
	server_acl_allow(getuid());
}

static struct acl_user *
acl_find(uid_t uid)
{
	unsigned	i;

	for (i = 0; i < acl_nusers; i++) {
		if (acl_users[i].uid == uid)
			return (&acl_users[i]);
	}
	return (NULL);
}

/* -1: not on the list; else whether the user is read-only. */
int
server_acl_find(uid_t uid)
{
	struct acl_user	*u = acl_find(uid);

	return (u == NULL ? -1 : u->readonly);
}

void
server_acl_allow(uid_t uid)
{
	unsigned	i;

	if (acl_find(uid) != NULL)
		return;
	for (i = 0; i < acl_nusers && acl_users[i].uid < uid; i++)
		;
	acl_users = xreallocarray(acl_users, acl_nusers + 1,
	    sizeof *acl_users);
	memmove(acl_users + i + 1, acl_users + i,
	    (acl_nusers - i) * sizeof *acl_users);
	acl_users[i].uid = uid;
	acl_users[i].readonly = 0;
	acl_nusers++;
}

void
server_acl_deny(uid_t uid)
{
	struct acl_user	*u = acl_find(uid);
	unsigned	 i;

	if (u == NULL)
		return;
	i = (unsigned)(u - acl_users);
	memmove(acl_users + i, acl_users + i + 1,
	    (acl_nusers - i - 1) * sizeof *acl_users);
	acl_nusers--;
}

void
server_acl_set_readonly(uid_t uid, int readonly)
{
	struct acl_user	*u = acl_find(uid);

	if (u != NULL)
		u->readonly = readonly;
}

/* Each user in uid order: cb(uid, readonly, arg). */
void
server_acl_each(void (*cb)(uid_t, int, void *), void *arg)
{
	unsigned	i;

	for (i = 0; i < acl_nusers; i++)
		cb(acl_users[i].uid, acl_users[i].readonly, arg);
}
