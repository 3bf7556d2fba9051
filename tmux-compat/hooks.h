/*
 * Hooks: commands kept in the hook options (after-<command>, session-
 * created, pane-died ... : options-table.c marks them IS_HOOK) and run
 * after a command or on an event. set-hook and show-hooks are set-option
 * and show-options on those options, as in tmux 3.3a.
 */
#ifndef ZEROPTY_HOOKS_H
#define ZEROPTY_HOOKS_H

struct cmdq_item;
struct cmd_find_state;
struct session;
struct window;
struct pane;

/*
 * Run hook name for item's target (else its current state; no session:
 * the global hooks): the session's hooks (with the global ones), else the
 * pane's, else the window's, as tmux's cmdq_insert_hook looks. Each item
 * of the hook is parsed and run for item's client, in index order; a
 * failing one does not stop the next. Commands run by a hook do not run
 * hooks themselves. Returns 1 if a hook command failed.
 */
int	hooks_run(const char *name, struct cmdq_item *item);
/*
 * An event's hook (session-created, window-renamed, pane-died, client-
 * attached ...), as tmux's notify hooks: the commands run for no client
 * (their output goes nowhere) with the event's objects as their target
 * (fs, else from wp, w or s) and hook_session/hook_session_name,
 * hook_window/hook_window_name, hook_pane formats for those given (tmux
 * gives a session for session events, a window for window events, a pane
 * for pane events). Any of them may be NULL.
 */
int	hooks_notify(const char *name, struct session *s, struct window *w,
	    struct pane *wp, const struct cmd_find_state *fs);
/*
 * The after-<command> hook of item's command, if its entry has
 * CMD_AFTERHOOK. Call after the command's exec succeeded.
 */
int	hooks_run_after(struct cmdq_item *item);
/* Whether hook commands are running (their commands run no hooks). */
int	hooks_running(void);
/*
 * The formats tmux 3.3a adds for a hook's commands while they run: hook
 * (its name), hook_arguments (the arguments of the command the hook is
 * for, as printed), hook_argument_N and hook_flag_X (1 for a switch, else
 * its value), and hooks_notify's hook_session ... hook_pane. NULL for
 * other names or when no hook runs. Caller frees.
 * For format-vars.c's lookup, before its own table.
 */
char	*hooks_format_lookup(const char *name);

#endif
