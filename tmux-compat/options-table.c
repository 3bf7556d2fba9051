/*
 * The options of tmux 3.3a: name, type, scope, flags, range, choices and
 * default, in 3.3a's table order (show-options lists them in this order).
 * Defaults are those Debian's tmux 3.3a shows (`show-options -s/-g/-wg`
 * on a server started with -f /dev/null; default-terminal is
 * tmux-256color); types, ranges and choice lists were found by setting bad
 * and boundary values on that binary and reading its errors.
 */
#include <limits.h>
#include <stddef.h>

#include "tmux-compat/options.h"

static const char *options_table_mode_keys_list[] = {
	"emacs", "vi", NULL
};
static const char *options_table_clock_mode_style_list[] = {
	"12", "24", NULL
};
static const char *options_table_status_list[] = {
	"off", "on", "2", "3", "4", "5", NULL
};
static const char *options_table_status_keys_list[] = {
	"emacs", "vi", NULL
};
static const char *options_table_status_justify_list[] = {
	"left", "centre", "right", "absolute-centre", NULL
};
static const char *options_table_status_position_list[] = {
	"top", "bottom", NULL
};
static const char *options_table_bell_action_list[] = {
	"none", "any", "current", "other", NULL
};
static const char *options_table_visual_bell_list[] = {
	"off", "on", "both", NULL
};
static const char *options_table_cursor_style_list[] = {
	"default", "blinking-block", "block", "blinking-underline",
	"underline", "blinking-bar", "bar", NULL
};
static const char *options_table_pane_status_list[] = {
	"off", "top", "bottom", NULL
};
static const char *options_table_pane_border_indicators_list[] = {
	"off", "colour", "arrows", "both", NULL
};
static const char *options_table_pane_border_lines_list[] = {
	"single", "double", "heavy", "simple", "number", NULL
};
static const char *options_table_popup_border_lines_list[] = {
	"single", "double", "heavy", "simple", "rounded", "padded", "none",
	NULL
};
static const char *options_table_set_clipboard_list[] = {
	"off", "external", "on", NULL
};
/* zeropty: how a new pane's programs reach their terminal (spawn.c). */
static const char *options_table_pane_transport_list[] = {
	"auto", "pty", "socket", NULL
};
static const char *options_table_window_size_list[] = {
	"largest", "smallest", "manual", "latest", NULL
};
static const char *options_table_remain_on_exit_list[] = {
	"off", "on", "failed", NULL
};
static const char *options_table_detach_on_destroy_list[] = {
	"off", "on", "no-detached", NULL
};
static const char *options_table_extended_keys_list[] = {
	"off", "on", "always", NULL
};

static const char *options_table_command_alias_default[] = {
	"split-pane=split-window",
	"splitp=split-window",
	"server-info=show-messages -JT",
	"info=show-messages -JT",
	"choose-window=choose-tree -w",
	"choose-session=choose-tree -s",
	NULL
};
static const char *options_table_terminal_features_default[] = {
	"xterm*:clipboard:ccolour:cstyle:focus:title",
	"screen*:title",
	NULL
};
static const char *options_table_update_environment_default[] = {
	"DISPLAY", "KRB5CCNAME", "SSH_ASKPASS", "SSH_AUTH_SOCK",
	"SSH_AGENT_PID", "SSH_CONNECTION", "WINDOWID", "XAUTHORITY", NULL
};
static const char *options_table_status_format_default[] = {
	"#[align=left range=left #{E:status-left-style}]"
	"#[push-default]"
	"#{T;=/#{status-left-length}:status-left}"
	"#[pop-default]"
	"#[norange default]"
	"#[list=on align=#{status-justify}]"
	"#[list=left-marker]<#[list=right-marker]>#[list=on]"
	"#{W:"
	    "#[range=window|#{window_index} "
	    "#{E:window-status-style}"
	    "#{?#{&&:#{window_last_flag},"
	    "#{!=:#{E:window-status-last-style},default}}, "
	    "#{E:window-status-last-style},}"
	    "#{?#{&&:#{window_bell_flag},"
	    "#{!=:#{E:window-status-bell-style},default}}, "
	    "#{E:window-status-bell-style},"
	    "#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}},"
	    "#{!=:#{E:window-status-activity-style},default}}, "
	    "#{E:window-status-activity-style},}}]"
	    "#[push-default]"
	    "#{T:window-status-format}"
	    "#[pop-default]"
	    "#[norange default]"
	    "#{?window_end_flag,,#{window-status-separator}}"
	","
	    "#[range=window|#{window_index} list=focus "
	    "#{?#{!=:#{E:window-status-current-style},default},"
	    "#{E:window-status-current-style},#{E:window-status-style}}"
	    "#{?#{&&:#{window_last_flag},"
	    "#{!=:#{E:window-status-last-style},default}}, "
	    "#{E:window-status-last-style},}"
	    "#{?#{&&:#{window_bell_flag},"
	    "#{!=:#{E:window-status-bell-style},default}}, "
	    "#{E:window-status-bell-style},"
	    "#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}},"
	    "#{!=:#{E:window-status-activity-style},default}}, "
	    "#{E:window-status-activity-style},}}]"
	    "#[push-default]"
	    "#{T:window-status-current-format}"
	    "#[pop-default]"
	    "#[norange list=on default]"
	    "#{?window_end_flag,,#{window-status-separator}}"
	"}"
	"#[nolist align=right range=right #{E:status-right-style}]"
	"#[push-default]"
	"#{T;=/#{status-right-length}:status-right}"
	"#[pop-default]"
	"#[norange default]",

	"#[align=centre]#{P:#{?pane_active,#[reverse],}"
	"#{pane_index}[#{pane_width}x#{pane_height}]#[default] }",
	NULL
};

/* Old spellings accepted as other names (3.3a's -color forms). */
const struct options_name_map options_other_names[] = {
	{ "display-panes-color", "display-panes-colour" },
	{ "display-panes-active-color", "display-panes-active-colour" },
	{ "clock-mode-color", "clock-mode-colour" },
	{ "cursor-color", "cursor-colour" },
	{ "pane-colors", "pane-colours" },
	{ NULL, NULL }
};

#define S	OPTIONS_TABLE_SERVER
#define SS	OPTIONS_TABLE_SESSION
#define W	OPTIONS_TABLE_WINDOW
#define WP	(OPTIONS_TABLE_WINDOW|OPTIONS_TABLE_PANE)

#define OT_STRING(n, sc, d) \
	{ .name = n, .type = OPTIONS_TABLE_STRING, .scope = sc, \
	  .default_str = d }
#define OT_STYLE(n, sc, d) \
	{ .name = n, .type = OPTIONS_TABLE_STRING, .scope = sc, \
	  .flags = OPTIONS_TABLE_IS_STYLE, .default_str = d, \
	  .separator = "," }
#define OT_NUMBER(n, sc, mn, mx, d) \
	{ .name = n, .type = OPTIONS_TABLE_NUMBER, .scope = sc, \
	  .minimum = mn, .maximum = mx, .default_num = d }
#define OT_FLAG(n, sc, d) \
	{ .name = n, .type = OPTIONS_TABLE_FLAG, .scope = sc, \
	  .default_num = d }
#define OT_CHOICE(n, sc, l, d) \
	{ .name = n, .type = OPTIONS_TABLE_CHOICE, .scope = sc, \
	  .choices = l, .default_num = d }
#define OT_COLOUR(n, sc, d) \
	{ .name = n, .type = OPTIONS_TABLE_COLOUR, .scope = sc, \
	  .default_num = d }
#define OT_KEY(n, sc, d) \
	{ .name = n, .type = OPTIONS_TABLE_KEY, .scope = sc, \
	  .default_num = d }
#define OT_ARRAY(n, sc, d, sep) \
	{ .name = n, .type = OPTIONS_TABLE_STRING, .scope = sc, \
	  .flags = OPTIONS_TABLE_IS_ARRAY, .default_arr = d, \
	  .separator = sep }
#define OT_HOOK(n, sc) \
	{ .name = n, .type = OPTIONS_TABLE_COMMAND, .scope = sc, \
	  .flags = OPTIONS_TABLE_IS_ARRAY|OPTIONS_TABLE_IS_HOOK, \
	  .separator = "" }

const struct options_table_entry options_table[] = {
	/* Server options. */
	OT_KEY("backspace", S, 0x7f),
	OT_NUMBER("buffer-limit", S, 1, INT_MAX, 50),
	OT_ARRAY("command-alias", S, options_table_command_alias_default,
	    ","),
	OT_STRING("copy-command", S, ""),
	OT_COLOUR("cursor-colour", WP, -1),
	OT_CHOICE("cursor-style", WP, options_table_cursor_style_list, 0),
	OT_STRING("default-terminal", S, "tmux-256color"),
	OT_STRING("editor", S, "/usr/bin/vi"),
	OT_NUMBER("escape-time", S, 0, INT_MAX, 500),
	OT_FLAG("exit-empty", S, 1),
	OT_FLAG("exit-unattached", S, 0),
	OT_CHOICE("extended-keys", S, options_table_extended_keys_list, 0),
	OT_FLAG("focus-events", S, 0),
	OT_STRING("history-file", S, ""),
	OT_NUMBER("message-limit", S, 0, INT_MAX, 1000),
	OT_NUMBER("prompt-history-limit", S, 0, INT_MAX, 100),
	OT_CHOICE("set-clipboard", S, options_table_set_clipboard_list, 1),
	OT_ARRAY("terminal-overrides", S, NULL, ","),
	OT_ARRAY("terminal-features", S,
	    options_table_terminal_features_default, ","),
	OT_ARRAY("user-keys", S, NULL, ","),
	{ .name = "default-pane-transport", .type = OPTIONS_TABLE_CHOICE,
	  .scope = S, .flags = OPTIONS_TABLE_IS_EXT,
	  .choices = options_table_pane_transport_list, .default_num = 0 },

	/* Session options. */
	OT_CHOICE("activity-action", SS, options_table_bell_action_list, 3),
	OT_NUMBER("assume-paste-time", SS, 0, INT_MAX, 1),
	OT_NUMBER("base-index", SS, 0, INT_MAX, 0),
	OT_CHOICE("bell-action", SS, options_table_bell_action_list, 1),
	OT_STRING("default-command", SS, ""),
	OT_STRING("default-shell", SS, "/bin/sh"),
	{ .name = "default-size", .type = OPTIONS_TABLE_STRING, .scope = SS,
	  .pattern = "[0-9]*x[0-9]*", .default_str = "80x24" },
	OT_FLAG("destroy-unattached", SS, 0),
	OT_CHOICE("detach-on-destroy", SS,
	    options_table_detach_on_destroy_list, 1),
	OT_COLOUR("display-panes-active-colour", SS, 1),
	OT_COLOUR("display-panes-colour", SS, 4),
	OT_NUMBER("display-panes-time", SS, 1, INT_MAX, 1000),
	OT_NUMBER("display-time", SS, 0, INT_MAX, 750),
	OT_NUMBER("history-limit", SS, 0, INT_MAX, 2000),
	OT_STRING("key-table", SS, "root"),
	OT_NUMBER("lock-after-time", SS, 0, INT_MAX, 0),
	OT_STRING("lock-command", SS, "lock -np"),
	OT_STYLE("message-command-style", SS, "bg=black,fg=yellow"),
	OT_STYLE("message-style", SS, "bg=yellow,fg=black"),
	OT_FLAG("mouse", SS, 0),
	OT_KEY("prefix", SS, 'b'|OPTIONS_KEY_CTRL),
	OT_KEY("prefix2", SS, OPTIONS_KEY_NONE),
	OT_FLAG("renumber-windows", SS, 0),
	OT_NUMBER("repeat-time", SS, 0, SHRT_MAX, 500),
	OT_FLAG("set-titles", SS, 0),
	OT_STRING("set-titles-string", SS,
	    "#S:#I:#W - \"#T\" #{session_alerts}"),
	OT_CHOICE("silence-action", SS, options_table_bell_action_list, 3),
	OT_CHOICE("status", SS, options_table_status_list, 1),
	OT_COLOUR("status-bg", SS, 8),
	OT_COLOUR("status-fg", SS, 8),
	OT_ARRAY("status-format", SS, options_table_status_format_default,
	    NULL),
	OT_NUMBER("status-interval", SS, 0, INT_MAX, 15),
	OT_CHOICE("status-justify", SS, options_table_status_justify_list,
	    0),
	OT_CHOICE("status-keys", SS, options_table_status_keys_list, 0),
	OT_STRING("status-left", SS, "[#{session_name}] "),
	OT_NUMBER("status-left-length", SS, 0, SHRT_MAX, 10),
	OT_STYLE("status-left-style", SS, "default"),
	OT_CHOICE("status-position", SS, options_table_status_position_list,
	    1),
	OT_STRING("status-right", SS,
	    "#{?window_bigger,[#{window_offset_x}#,#{window_offset_y}] ,}"
	    "\"#{=21:pane_title}\" %H:%M %d-%b-%y"),
	OT_NUMBER("status-right-length", SS, 0, SHRT_MAX, 40),
	OT_STYLE("status-right-style", SS, "default"),
	OT_STYLE("status-style", SS, "bg=green,fg=black"),
	OT_ARRAY("update-environment", SS,
	    options_table_update_environment_default, NULL),
	OT_CHOICE("visual-activity", SS, options_table_visual_bell_list, 0),
	OT_CHOICE("visual-bell", SS, options_table_visual_bell_list, 0),
	OT_CHOICE("visual-silence", SS, options_table_visual_bell_list, 0),
	OT_STRING("word-separators", SS, "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"),

	/* Window options. */
	OT_FLAG("aggressive-resize", W, 0),
	OT_FLAG("allow-passthrough", WP, 0),
	OT_FLAG("allow-rename", WP, 0),
	OT_FLAG("alternate-screen", WP, 1),
	OT_FLAG("automatic-rename", W, 1),
	OT_STRING("automatic-rename-format", W,
	    "#{?pane_in_mode,[tmux],#{pane_current_command}}"
	    "#{?pane_dead,[dead],}"),
	OT_COLOUR("clock-mode-colour", W, 4),
	OT_CHOICE("clock-mode-style", W, options_table_clock_mode_style_list,
	    1),
	OT_STYLE("copy-mode-match-style", W, "bg=cyan,fg=black"),
	OT_STYLE("copy-mode-current-match-style", W, "bg=magenta,fg=black"),
	OT_STYLE("copy-mode-mark-style", W, "bg=red,fg=black"),
	OT_STRING("fill-character", W, ""),
	OT_STRING("main-pane-height", W, "24"),
	OT_STRING("main-pane-width", W, "80"),
	OT_CHOICE("mode-keys", W, options_table_mode_keys_list, 0),
	OT_STYLE("mode-style", W, "bg=yellow,fg=black"),
	OT_FLAG("monitor-activity", W, 0),
	OT_FLAG("monitor-bell", W, 1),
	OT_NUMBER("monitor-silence", W, 0, INT_MAX, 0),
	OT_STRING("other-pane-height", W, "0"),
	OT_STRING("other-pane-width", W, "0"),
	OT_STYLE("pane-active-border-style", W,
	    "#{?pane_in_mode,fg=yellow,#{?synchronize-panes,fg=red,fg=green}}"),
	OT_NUMBER("pane-base-index", W, 0, USHRT_MAX, 0),
	OT_STRING("pane-border-format", WP,
	    "#{?pane_active,#[reverse],}#{pane_index}#[default] "
	    "\"#{pane_title}\""),
	OT_CHOICE("pane-border-indicators", W,
	    options_table_pane_border_indicators_list, 1),
	OT_CHOICE("pane-border-lines", W,
	    options_table_pane_border_lines_list, 0),
	OT_CHOICE("pane-border-status", W, options_table_pane_status_list, 0),
	OT_STYLE("pane-border-style", W, "default"),
	{ .name = "pane-colours", .type = OPTIONS_TABLE_COLOUR, .scope = WP,
	  .flags = OPTIONS_TABLE_IS_ARRAY },
	OT_STYLE("popup-style", W, "default"),
	OT_STYLE("popup-border-style", W, "default"),
	OT_CHOICE("popup-border-lines", W,
	    options_table_popup_border_lines_list, 0),
	OT_CHOICE("remain-on-exit", WP, options_table_remain_on_exit_list, 0),
	OT_STRING("remain-on-exit-format", WP,
	    "Pane is dead ("
	    "#{?#{!=:#{pane_dead_status},},status #{pane_dead_status},}"
	    "#{?#{!=:#{pane_dead_signal},},signal #{pane_dead_signal},}, "
	    "#{t:pane_dead_time})"),
	OT_FLAG("scroll-on-clear", WP, 1),
	OT_FLAG("synchronize-panes", WP, 0),
	OT_STYLE("window-active-style", WP, "default"),
	OT_CHOICE("window-size", W, options_table_window_size_list, 3),
	OT_STYLE("window-style", WP, "default"),
	OT_STYLE("window-status-activity-style", W, "reverse"),
	OT_STYLE("window-status-bell-style", W, "reverse"),
	OT_STRING("window-status-current-format", W,
	    "#I:#W#{?window_flags,#{window_flags}, }"),
	OT_STYLE("window-status-current-style", W, "default"),
	OT_STRING("window-status-format", W,
	    "#I:#W#{?window_flags,#{window_flags}, }"),
	OT_STYLE("window-status-last-style", W, "default"),
	OT_STRING("window-status-separator", W, " "),
	OT_STYLE("window-status-style", W, "default"),
	OT_FLAG("wrap-search", W, 1),
	OT_FLAG("xterm-keys", W, 1),

	/* Hooks. */
	OT_HOOK("after-bind-key", SS),
	OT_HOOK("after-capture-pane", SS),
	OT_HOOK("after-copy-mode", SS),
	OT_HOOK("after-display-message", SS),
	OT_HOOK("after-display-panes", SS),
	OT_HOOK("after-kill-pane", SS),
	OT_HOOK("after-list-buffers", SS),
	OT_HOOK("after-list-clients", SS),
	OT_HOOK("after-list-keys", SS),
	OT_HOOK("after-list-panes", SS),
	OT_HOOK("after-list-sessions", SS),
	OT_HOOK("after-list-windows", SS),
	OT_HOOK("after-load-buffer", SS),
	OT_HOOK("after-lock-server", SS),
	OT_HOOK("after-new-session", SS),
	OT_HOOK("after-new-window", SS),
	OT_HOOK("after-paste-buffer", SS),
	OT_HOOK("after-pipe-pane", SS),
	OT_HOOK("after-queue", SS),
	OT_HOOK("after-refresh-client", SS),
	OT_HOOK("after-rename-session", SS),
	OT_HOOK("after-rename-window", SS),
	OT_HOOK("after-resize-pane", SS),
	OT_HOOK("after-resize-window", SS),
	OT_HOOK("after-save-buffer", SS),
	OT_HOOK("after-select-layout", SS),
	OT_HOOK("after-select-pane", SS),
	OT_HOOK("after-select-window", SS),
	OT_HOOK("after-send-keys", SS),
	OT_HOOK("after-set-buffer", SS),
	OT_HOOK("after-set-environment", SS),
	OT_HOOK("after-set-hook", SS),
	OT_HOOK("after-set-option", SS),
	OT_HOOK("after-show-environment", SS),
	OT_HOOK("after-show-messages", SS),
	OT_HOOK("after-show-options", SS),
	OT_HOOK("after-split-window", SS),
	OT_HOOK("after-unbind-key", SS),
	OT_HOOK("alert-activity", SS),
	OT_HOOK("alert-bell", SS),
	OT_HOOK("alert-silence", SS),
	OT_HOOK("client-active", SS),
	OT_HOOK("client-attached", SS),
	OT_HOOK("client-detached", SS),
	OT_HOOK("client-focus-in", SS),
	OT_HOOK("client-focus-out", SS),
	OT_HOOK("client-resized", SS),
	OT_HOOK("client-session-changed", SS),
	OT_HOOK("pane-died", WP),
	OT_HOOK("pane-exited", WP),
	OT_HOOK("pane-focus-in", WP),
	OT_HOOK("pane-focus-out", WP),
	OT_HOOK("pane-mode-changed", WP),
	OT_HOOK("pane-set-clipboard", WP),
	OT_HOOK("pane-title-changed", WP),
	OT_HOOK("session-closed", SS),
	OT_HOOK("session-created", SS),
	OT_HOOK("session-renamed", SS),
	OT_HOOK("session-window-changed", SS),
	OT_HOOK("window-layout-changed", W),
	OT_HOOK("window-linked", SS),
	OT_HOOK("window-pane-changed", W),
	OT_HOOK("window-renamed", W),
	OT_HOOK("window-resized", W),
	OT_HOOK("window-unlinked", SS),

	{ .name = NULL }
};
