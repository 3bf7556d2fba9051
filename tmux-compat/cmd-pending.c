/*
 * Entries for every tmux 3.3a command that has no implementation yet: name,
 * alias, flag template and positional counts, usage (as list-commands
 * prints it), -s/-t target kinds and CMD_* flags, all as 3.3a declares
 * them (read back from the Debian 3.3a binary's command table and checked
 * against `tmux list-commands`). Each is marked CMD_PENDING and runs
 * cmd_pending_exec, which the server defines.
 *
 * To implement a command, cut its block (one per command, alphabetical)
 * into cmd/cmd-<name>.c, drop CMD_PENDING and point .exec at the real
 * function; cmd-entries.h and cmd-table.c need no change.
 */

#include <stddef.h>

#include "tmux-compat/cmd.h"
#include "tmux-compat/cmd-entries.h"

const struct cmd_entry cmd_customize_mode_entry = {
	.name = "customize-mode",
	.alias = NULL,
	.args = { "F:f:Nt:Z", 0, 0 },
	.usage = "[-NZ] [-F format] [-f filter] [-t target-pane]",
	.target = { 't', CMD_FIND_PANE, 0 },
	.flags = CMD_PENDING,
	.exec = cmd_pending_exec
};

