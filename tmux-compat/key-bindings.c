/*
 * Key binding tables (key-bindings.h) and tmux 3.3a's default bindings.
 * The defaults were read back from `tmux -f /dev/null list-keys` and
 * `list-keys -N` of tmux 3.3a and are parsed with the config parser when
 * the tables are first used.
 */
#include <string.h>

#include "engine/base/xmalloc.h"
#include "tmux-compat/cmd-parse.h"
#include "tmux-compat/key-bindings.h"

struct key_bindings_default {
	const char	*table;
	const char	*key;
	int		 repeat;
	const char	*note;
	const char	*command;
};

static const struct key_bindings_default key_bindings_defaults[] = {
	{ "copy-mode", "C-Space", 0, NULL,
	    "send-keys -X begin-selection" },
	{ "copy-mode", "C-a", 0, NULL,
	    "send-keys -X start-of-line" },
	{ "copy-mode", "C-b", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode", "C-c", 0, NULL,
	    "send-keys -X cancel" },
	{ "copy-mode", "C-e", 0, NULL,
	    "send-keys -X end-of-line" },
	{ "copy-mode", "C-f", 0, NULL,
	    "send-keys -X cursor-right" },
	{ "copy-mode", "C-g", 0, NULL,
	    "send-keys -X clear-selection" },
	{ "copy-mode", "C-k", 0, NULL,
	    "send-keys -X copy-pipe-end-of-line-and-cancel" },
	{ "copy-mode", "C-n", 0, NULL,
	    "send-keys -X cursor-down" },
	{ "copy-mode", "C-p", 0, NULL,
	    "send-keys -X cursor-up" },
	{ "copy-mode", "C-r", 0, NULL,
	    "command-prompt -i -I \"#{pane_search_string}\" -T search -"
	    "p \"(search up)\" { send-keys -X search-backward-increment"
	    "al \"%%\" }" },
	{ "copy-mode", "C-s", 0, NULL,
	    "command-prompt -i -I \"#{pane_search_string}\" -T search -"
	    "p \"(search down)\" { send-keys -X search-forward-incremen"
	    "tal \"%%\" }" },
	{ "copy-mode", "C-v", 0, NULL,
	    "send-keys -X page-down" },
	{ "copy-mode", "C-w", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode", "Escape", 0, NULL,
	    "send-keys -X cancel" },
	{ "copy-mode", "Space", 0, NULL,
	    "send-keys -X page-down" },
	{ "copy-mode", ",", 0, NULL,
	    "send-keys -X jump-reverse" },
	{ "copy-mode", ";", 0, NULL,
	    "send-keys -X jump-again" },
	{ "copy-mode", "F", 0, NULL,
	    "command-prompt -1 -p \"(jump backward)\" { send-keys -X ju"
	    "mp-backward \"%%\" }" },
	{ "copy-mode", "N", 0, NULL,
	    "send-keys -X search-reverse" },
	{ "copy-mode", "P", 0, NULL,
	    "send-keys -X toggle-position" },
	{ "copy-mode", "R", 0, NULL,
	    "send-keys -X rectangle-toggle" },
	{ "copy-mode", "T", 0, NULL,
	    "command-prompt -1 -p \"(jump to backward)\" { send-keys -X"
	    " jump-to-backward \"%%\" }" },
	{ "copy-mode", "X", 0, NULL,
	    "send-keys -X set-mark" },
	{ "copy-mode", "f", 0, NULL,
	    "command-prompt -1 -p \"(jump forward)\" { send-keys -X jum"
	    "p-forward \"%%\" }" },
	{ "copy-mode", "g", 0, NULL,
	    "command-prompt -p \"(goto line)\" { send-keys -X goto-line"
	    " \"%%\" }" },
	{ "copy-mode", "n", 0, NULL,
	    "send-keys -X search-again" },
	{ "copy-mode", "q", 0, NULL,
	    "send-keys -X cancel" },
	{ "copy-mode", "r", 0, NULL,
	    "send-keys -X refresh-from-pane" },
	{ "copy-mode", "t", 0, NULL,
	    "command-prompt -1 -p \"(jump to forward)\" { send-keys -X "
	    "jump-to-forward \"%%\" }" },
	{ "copy-mode", "MouseDown1Pane", 0, NULL,
	    "select-pane" },
	{ "copy-mode", "MouseDrag1Pane", 0, NULL,
	    "select-pane ; send-keys -X begin-selection" },
	{ "copy-mode", "MouseDragEnd1Pane", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode", "WheelUpPane", 0, NULL,
	    "select-pane ; send-keys -X -N 5 scroll-up" },
	{ "copy-mode", "WheelDownPane", 0, NULL,
	    "select-pane ; send-keys -X -N 5 scroll-down" },
	{ "copy-mode", "DoubleClick1Pane", 0, NULL,
	    "select-pane ; send-keys -X select-word ; run-shell -d 0."
	    "3 ; send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode", "TripleClick1Pane", 0, NULL,
	    "select-pane ; send-keys -X select-line ; run-shell -d 0."
	    "3 ; send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode", "Home", 0, NULL,
	    "send-keys -X start-of-line" },
	{ "copy-mode", "End", 0, NULL,
	    "send-keys -X end-of-line" },
	{ "copy-mode", "NPage", 0, NULL,
	    "send-keys -X page-down" },
	{ "copy-mode", "PPage", 0, NULL,
	    "send-keys -X page-up" },
	{ "copy-mode", "Up", 0, NULL,
	    "send-keys -X cursor-up" },
	{ "copy-mode", "Down", 0, NULL,
	    "send-keys -X cursor-down" },
	{ "copy-mode", "Left", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode", "Right", 0, NULL,
	    "send-keys -X cursor-right" },
	{ "copy-mode", "M-C-b", 0, NULL,
	    "send-keys -X previous-matching-bracket" },
	{ "copy-mode", "M-C-f", 0, NULL,
	    "send-keys -X next-matching-bracket" },
	{ "copy-mode", "M-1", 0, NULL,
	    "command-prompt -N -I 1 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-2", 0, NULL,
	    "command-prompt -N -I 2 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-3", 0, NULL,
	    "command-prompt -N -I 3 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-4", 0, NULL,
	    "command-prompt -N -I 4 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-5", 0, NULL,
	    "command-prompt -N -I 5 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-6", 0, NULL,
	    "command-prompt -N -I 6 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-7", 0, NULL,
	    "command-prompt -N -I 7 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-8", 0, NULL,
	    "command-prompt -N -I 8 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-9", 0, NULL,
	    "command-prompt -N -I 9 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode", "M-<", 0, NULL,
	    "send-keys -X history-top" },
	{ "copy-mode", "M->", 0, NULL,
	    "send-keys -X history-bottom" },
	{ "copy-mode", "M-R", 0, NULL,
	    "send-keys -X top-line" },
	{ "copy-mode", "M-b", 0, NULL,
	    "send-keys -X previous-word" },
	{ "copy-mode", "M-f", 0, NULL,
	    "send-keys -X next-word-end" },
	{ "copy-mode", "M-m", 0, NULL,
	    "send-keys -X back-to-indentation" },
	{ "copy-mode", "M-r", 0, NULL,
	    "send-keys -X middle-line" },
	{ "copy-mode", "M-v", 0, NULL,
	    "send-keys -X page-up" },
	{ "copy-mode", "M-w", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode", "M-x", 0, NULL,
	    "send-keys -X jump-to-mark" },
	{ "copy-mode", "M-{", 0, NULL,
	    "send-keys -X previous-paragraph" },
	{ "copy-mode", "M-}", 0, NULL,
	    "send-keys -X next-paragraph" },
	{ "copy-mode", "M-Up", 0, NULL,
	    "send-keys -X halfpage-up" },
	{ "copy-mode", "M-Down", 0, NULL,
	    "send-keys -X halfpage-down" },
	{ "copy-mode", "C-Up", 0, NULL,
	    "send-keys -X scroll-up" },
	{ "copy-mode", "C-Down", 0, NULL,
	    "send-keys -X scroll-down" },
	{ "copy-mode-vi", "C-b", 0, NULL,
	    "send-keys -X page-up" },
	{ "copy-mode-vi", "C-c", 0, NULL,
	    "send-keys -X cancel" },
	{ "copy-mode-vi", "C-d", 0, NULL,
	    "send-keys -X halfpage-down" },
	{ "copy-mode-vi", "C-e", 0, NULL,
	    "send-keys -X scroll-down" },
	{ "copy-mode-vi", "C-f", 0, NULL,
	    "send-keys -X page-down" },
	{ "copy-mode-vi", "C-h", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode-vi", "C-j", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode-vi", "Enter", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode-vi", "C-u", 0, NULL,
	    "send-keys -X halfpage-up" },
	{ "copy-mode-vi", "C-v", 0, NULL,
	    "send-keys -X rectangle-toggle" },
	{ "copy-mode-vi", "C-y", 0, NULL,
	    "send-keys -X scroll-up" },
	{ "copy-mode-vi", "Escape", 0, NULL,
	    "send-keys -X clear-selection" },
	{ "copy-mode-vi", "Space", 0, NULL,
	    "send-keys -X begin-selection" },
	{ "copy-mode-vi", "#", 0, NULL,
	    "send-keys -FX search-backward \"#{copy_cursor_word}\"" },
	{ "copy-mode-vi", "$", 0, NULL,
	    "send-keys -X end-of-line" },
	{ "copy-mode-vi", "%", 0, NULL,
	    "send-keys -X next-matching-bracket" },
	{ "copy-mode-vi", "*", 0, NULL,
	    "send-keys -FX search-forward \"#{copy_cursor_word}\"" },
	{ "copy-mode-vi", ",", 0, NULL,
	    "send-keys -X jump-reverse" },
	{ "copy-mode-vi", "/", 0, NULL,
	    "command-prompt -T search -p \"(search down)\" { send-keys "
	    "-X search-forward \"%%\" }" },
	{ "copy-mode-vi", "0", 0, NULL,
	    "send-keys -X start-of-line" },
	{ "copy-mode-vi", "1", 0, NULL,
	    "command-prompt -N -I 1 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "2", 0, NULL,
	    "command-prompt -N -I 2 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "3", 0, NULL,
	    "command-prompt -N -I 3 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "4", 0, NULL,
	    "command-prompt -N -I 4 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "5", 0, NULL,
	    "command-prompt -N -I 5 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "6", 0, NULL,
	    "command-prompt -N -I 6 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "7", 0, NULL,
	    "command-prompt -N -I 7 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "8", 0, NULL,
	    "command-prompt -N -I 8 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", "9", 0, NULL,
	    "command-prompt -N -I 9 -p (repeat) { send-keys -N \"%%\" }" },
	{ "copy-mode-vi", ":", 0, NULL,
	    "command-prompt -p \"(goto line)\" { send-keys -X goto-line"
	    " \"%%\" }" },
	{ "copy-mode-vi", ";", 0, NULL,
	    "send-keys -X jump-again" },
	{ "copy-mode-vi", "?", 0, NULL,
	    "command-prompt -T search -p \"(search up)\" { send-keys -X"
	    " search-backward \"%%\" }" },
	{ "copy-mode-vi", "A", 0, NULL,
	    "send-keys -X append-selection-and-cancel" },
	{ "copy-mode-vi", "B", 0, NULL,
	    "send-keys -X previous-space" },
	{ "copy-mode-vi", "D", 0, NULL,
	    "send-keys -X copy-pipe-end-of-line-and-cancel" },
	{ "copy-mode-vi", "E", 0, NULL,
	    "send-keys -X next-space-end" },
	{ "copy-mode-vi", "F", 0, NULL,
	    "command-prompt -1 -p \"(jump backward)\" { send-keys -X ju"
	    "mp-backward \"%%\" }" },
	{ "copy-mode-vi", "G", 0, NULL,
	    "send-keys -X history-bottom" },
	{ "copy-mode-vi", "H", 0, NULL,
	    "send-keys -X top-line" },
	{ "copy-mode-vi", "J", 0, NULL,
	    "send-keys -X scroll-down" },
	{ "copy-mode-vi", "K", 0, NULL,
	    "send-keys -X scroll-up" },
	{ "copy-mode-vi", "L", 0, NULL,
	    "send-keys -X bottom-line" },
	{ "copy-mode-vi", "M", 0, NULL,
	    "send-keys -X middle-line" },
	{ "copy-mode-vi", "N", 0, NULL,
	    "send-keys -X search-reverse" },
	{ "copy-mode-vi", "P", 0, NULL,
	    "send-keys -X toggle-position" },
	{ "copy-mode-vi", "T", 0, NULL,
	    "command-prompt -1 -p \"(jump to backward)\" { send-keys -X"
	    " jump-to-backward \"%%\" }" },
	{ "copy-mode-vi", "V", 0, NULL,
	    "send-keys -X select-line" },
	{ "copy-mode-vi", "W", 0, NULL,
	    "send-keys -X next-space" },
	{ "copy-mode-vi", "X", 0, NULL,
	    "send-keys -X set-mark" },
	{ "copy-mode-vi", "^", 0, NULL,
	    "send-keys -X back-to-indentation" },
	{ "copy-mode-vi", "b", 0, NULL,
	    "send-keys -X previous-word" },
	{ "copy-mode-vi", "e", 0, NULL,
	    "send-keys -X next-word-end" },
	{ "copy-mode-vi", "f", 0, NULL,
	    "command-prompt -1 -p \"(jump forward)\" { send-keys -X jum"
	    "p-forward \"%%\" }" },
	{ "copy-mode-vi", "g", 0, NULL,
	    "send-keys -X history-top" },
	{ "copy-mode-vi", "h", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode-vi", "j", 0, NULL,
	    "send-keys -X cursor-down" },
	{ "copy-mode-vi", "k", 0, NULL,
	    "send-keys -X cursor-up" },
	{ "copy-mode-vi", "l", 0, NULL,
	    "send-keys -X cursor-right" },
	{ "copy-mode-vi", "n", 0, NULL,
	    "send-keys -X search-again" },
	{ "copy-mode-vi", "o", 0, NULL,
	    "send-keys -X other-end" },
	{ "copy-mode-vi", "q", 0, NULL,
	    "send-keys -X cancel" },
	{ "copy-mode-vi", "r", 0, NULL,
	    "send-keys -X refresh-from-pane" },
	{ "copy-mode-vi", "t", 0, NULL,
	    "command-prompt -1 -p \"(jump to forward)\" { send-keys -X "
	    "jump-to-forward \"%%\" }" },
	{ "copy-mode-vi", "v", 0, NULL,
	    "send-keys -X rectangle-toggle" },
	{ "copy-mode-vi", "w", 0, NULL,
	    "send-keys -X next-word" },
	{ "copy-mode-vi", "{", 0, NULL,
	    "send-keys -X previous-paragraph" },
	{ "copy-mode-vi", "}", 0, NULL,
	    "send-keys -X next-paragraph" },
	{ "copy-mode-vi", "MouseDown1Pane", 0, NULL,
	    "select-pane" },
	{ "copy-mode-vi", "MouseDrag1Pane", 0, NULL,
	    "select-pane ; send-keys -X begin-selection" },
	{ "copy-mode-vi", "MouseDragEnd1Pane", 0, NULL,
	    "send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode-vi", "WheelUpPane", 0, NULL,
	    "select-pane ; send-keys -X -N 5 scroll-up" },
	{ "copy-mode-vi", "WheelDownPane", 0, NULL,
	    "select-pane ; send-keys -X -N 5 scroll-down" },
	{ "copy-mode-vi", "DoubleClick1Pane", 0, NULL,
	    "select-pane ; send-keys -X select-word ; run-shell -d 0."
	    "3 ; send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode-vi", "TripleClick1Pane", 0, NULL,
	    "select-pane ; send-keys -X select-line ; run-shell -d 0."
	    "3 ; send-keys -X copy-pipe-and-cancel" },
	{ "copy-mode-vi", "BSpace", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode-vi", "NPage", 0, NULL,
	    "send-keys -X page-down" },
	{ "copy-mode-vi", "PPage", 0, NULL,
	    "send-keys -X page-up" },
	{ "copy-mode-vi", "Up", 0, NULL,
	    "send-keys -X cursor-up" },
	{ "copy-mode-vi", "Down", 0, NULL,
	    "send-keys -X cursor-down" },
	{ "copy-mode-vi", "Left", 0, NULL,
	    "send-keys -X cursor-left" },
	{ "copy-mode-vi", "Right", 0, NULL,
	    "send-keys -X cursor-right" },
	{ "copy-mode-vi", "M-x", 0, NULL,
	    "send-keys -X jump-to-mark" },
	{ "copy-mode-vi", "C-Up", 0, NULL,
	    "send-keys -X scroll-up" },
	{ "copy-mode-vi", "C-Down", 0, NULL,
	    "send-keys -X scroll-down" },
	{ "prefix", "C-b", 0, "Send the prefix key",
	    "send-prefix" },
	{ "prefix", "C-o", 0, "Rotate through the panes",
	    "rotate-window" },
	{ "prefix", "C-z", 0, "Suspend the current client",
	    "suspend-client" },
	{ "prefix", "Space", 0, "Select next layout",
	    "next-layout" },
	{ "prefix", "!", 0, "Break pane to a new window",
	    "break-pane" },
	{ "prefix", "\"", 0, "Split window vertically",
	    "split-window" },
	{ "prefix", "#", 0, "List all paste buffers",
	    "list-buffers" },
	{ "prefix", "$", 0, "Rename current session",
	    "command-prompt -I \"#S\" { rename-session \"%%\" }" },
	{ "prefix", "%", 0, "Split window horizontally",
	    "split-window -h" },
	{ "prefix", "&", 0, "Kill current window",
	    "confirm-before -p \"kill-window #W? (y/n)\" kill-window" },
	{ "prefix", "'", 0, "Prompt for window index to select",
	    "command-prompt -T window-target -p index { select-window"
	    " -t \":%%\" }" },
	{ "prefix", "(", 0, "Switch to previous client",
	    "switch-client -p" },
	{ "prefix", ")", 0, "Switch to next client",
	    "switch-client -n" },
	{ "prefix", ",", 0, "Rename current window",
	    "command-prompt -I \"#W\" { rename-window \"%%\" }" },
	{ "prefix", "-", 0, "Delete the most recent paste buffer",
	    "delete-buffer" },
	{ "prefix", ".", 0, "Move the current window",
	    "command-prompt -T target { move-window -t \"%%\" }" },
	{ "prefix", "/", 0, "Describe key binding",
	    "command-prompt -k -p key { list-keys -1N \"%%\" }" },
	{ "prefix", "0", 0, "Select window 0",
	    "select-window -t :=0" },
	{ "prefix", "1", 0, "Select window 1",
	    "select-window -t :=1" },
	{ "prefix", "2", 0, "Select window 2",
	    "select-window -t :=2" },
	{ "prefix", "3", 0, "Select window 3",
	    "select-window -t :=3" },
	{ "prefix", "4", 0, "Select window 4",
	    "select-window -t :=4" },
	{ "prefix", "5", 0, "Select window 5",
	    "select-window -t :=5" },
	{ "prefix", "6", 0, "Select window 6",
	    "select-window -t :=6" },
	{ "prefix", "7", 0, "Select window 7",
	    "select-window -t :=7" },
	{ "prefix", "8", 0, "Select window 8",
	    "select-window -t :=8" },
	{ "prefix", "9", 0, "Select window 9",
	    "select-window -t :=9" },
	{ "prefix", ":", 0, "Prompt for a command",
	    "command-prompt" },
	{ "prefix", ";", 0, "Move to the previously active pane",
	    "last-pane" },
	{ "prefix", "<", 0, NULL,
	    "display-menu -T \"#[align=centre]#{window_index}:#{window"
	    "_name}\" -x W -y W \"#{?#{>:#{session_windows},1},,-}Swap "
	    "Left\" l { swap-window -t :-1 } \"#{?#{>:#{session_windows"
	    "},1},,-}Swap Right\" r { swap-window -t :+1 } \"#{?pane_ma"
	    "rked_set,,-}Swap Marked\" s { swap-window } '' Kill X { k"
	    "ill-window } Respawn R { respawn-window -k } \"#{?pane_ma"
	    "rked,Unmark,Mark}\" m { select-pane -m } Rename n { comma"
	    "nd-prompt -F -I \"#W\" { rename-window -t \"#{window_id}\" \""
	    "%%\" } } '' \"New After\" w { new-window -a } \"New At End\" "
	    "W { new-window }" },
	{ "prefix", "=", 0, "Choose a paste buffer from a list",
	    "choose-buffer -Z" },
	{ "prefix", ">", 0, NULL,
	    "display-menu -T \"#[align=centre]#{pane_index} (#{pane_id"
	    "})\" -x P -y P \"#{?#{m/r:(copy|view)-mode,#{pane_mode}},G"
	    "o To Top,}\" < { send-keys -X history-top } \"#{?#{m/r:(co"
	    "py|view)-mode,#{pane_mode}},Go To Bottom,}\" > { send-key"
	    "s -X history-bottom } '' \"#{?mouse_word,Search For #[und"
	    "erscore]#{=/9/...:mouse_word},}\" C-r { if-shell -F \"#{?#"
	    "{m/r:(copy|view)-mode,#{pane_mode}},0,1}\" \"copy-mode -t="
	    "\" ; send-keys -X -t = search-backward \"#{q:mouse_word}\" "
	    "} \"#{?mouse_word,Type #[underscore]#{=/9/...:mouse_word}"
	    ",}\" C-y { copy-mode -q ; send-keys -l \"#{q:mouse_word}\" "
	    "} \"#{?mouse_word,Copy #[underscore]#{=/9/...:mouse_word}"
	    ",}\" c { copy-mode -q ; set-buffer \"#{q:mouse_word}\" } \"#"
	    "{?mouse_line,Copy Line,}\" l { copy-mode -q ; set-buffer "
	    "\"#{q:mouse_line}\" } '' \"Horizontal Split\" h { split-wind"
	    "ow -h } \"Vertical Split\" v { split-window -v } '' \"#{?#{"
	    ">:#{window_panes},1},,-}Swap Up\" u { swap-pane -U } \"#{?"
	    "#{>:#{window_panes},1},,-}Swap Down\" d { swap-pane -D } "
	    "\"#{?pane_marked_set,,-}Swap Marked\" s { swap-pane } '' K"
	    "ill X { kill-pane } Respawn R { respawn-pane -k } \"#{?pa"
	    "ne_marked,Unmark,Mark}\" m { select-pane -m } \"#{?#{>:#{w"
	    "indow_panes},1},,-}#{?window_zoomed_flag,Unzoom,Zoom}\" z"
	    " { resize-pane -Z }" },
	{ "prefix", "?", 0, "List key bindings",
	    "list-keys -N" },
	{ "prefix", "C", 0, "Customize options",
	    "customize-mode -Z" },
	{ "prefix", "D", 0, "Choose a client from a list",
	    "choose-client -Z" },
	{ "prefix", "E", 0, "Spread panes out evenly",
	    "select-layout -E" },
	{ "prefix", "L", 0, "Switch to the last client",
	    "switch-client -l" },
	{ "prefix", "M", 0, "Clear the marked pane",
	    "select-pane -M" },
	{ "prefix", "[", 0, "Enter copy mode",
	    "copy-mode" },
	{ "prefix", "]", 0, "Paste the most recent paste buffer",
	    "paste-buffer -p" },
	{ "prefix", "c", 0, "Create a new window",
	    "new-window" },
	{ "prefix", "d", 0, "Detach the current client",
	    "detach-client" },
	{ "prefix", "f", 0, "Search for a pane",
	    "command-prompt { find-window -Z \"%%\" }" },
	{ "prefix", "i", 0, "Display window information",
	    "display-message" },
	{ "prefix", "l", 0, "Select the previously current window",
	    "last-window" },
	{ "prefix", "m", 0, "Toggle the marked pane",
	    "select-pane -m" },
	{ "prefix", "n", 0, "Select the next window",
	    "next-window" },
	{ "prefix", "o", 0, "Select the next pane",
	    "select-pane -t :.+" },
	{ "prefix", "p", 0, "Select the previous window",
	    "previous-window" },
	{ "prefix", "q", 0, "Display pane numbers",
	    "display-panes" },
	{ "prefix", "r", 0, "Redraw the current client",
	    "refresh-client" },
	{ "prefix", "s", 0, "Choose a session from a list",
	    "choose-tree -Zs" },
	{ "prefix", "t", 0, "Show a clock",
	    "clock-mode" },
	{ "prefix", "w", 0, "Choose a window from a list",
	    "choose-tree -Zw" },
	{ "prefix", "x", 0, "Kill the active pane",
	    "confirm-before -p \"kill-pane #P? (y/n)\" kill-pane" },
	{ "prefix", "z", 0, "Zoom the active pane",
	    "resize-pane -Z" },
	{ "prefix", "{", 0, "Swap the active pane with the pane above",
	    "swap-pane -U" },
	{ "prefix", "}", 0, "Swap the active pane with the pane below",
	    "swap-pane -D" },
	{ "prefix", "~", 0, "Show messages",
	    "show-messages" },
	{ "prefix", "DC", 1,
	    "Reset so the visible part of the window follows the cursor",
	    "refresh-client -c" },
	{ "prefix", "PPage", 0, "Enter copy mode and scroll up",
	    "copy-mode -u" },
	{ "prefix", "Up", 1, "Select the pane above the active pane",
	    "select-pane -U" },
	{ "prefix", "Down", 1, "Select the pane below the active pane",
	    "select-pane -D" },
	{ "prefix", "Left", 1, "Select the pane to the left of the active pane",
	    "select-pane -L" },
	{ "prefix", "Right", 1, "Select the pane to the right of the active pane",
	    "select-pane -R" },
	{ "prefix", "M-1", 0, "Set the even-horizontal layout",
	    "select-layout even-horizontal" },
	{ "prefix", "M-2", 0, "Set the even-vertical layout",
	    "select-layout even-vertical" },
	{ "prefix", "M-3", 0, "Set the main-horizontal layout",
	    "select-layout main-horizontal" },
	{ "prefix", "M-4", 0, "Set the main-vertical layout",
	    "select-layout main-vertical" },
	{ "prefix", "M-5", 0, "Select the tiled layout",
	    "select-layout tiled" },
	{ "prefix", "M-n", 0, "Select the next window with an alert",
	    "next-window -a" },
	{ "prefix", "M-o", 0, "Rotate through the panes in reverse",
	    "rotate-window -D" },
	{ "prefix", "M-p", 0, "Select the previous window with an alert",
	    "previous-window -a" },
	{ "prefix", "M-Up", 1, "Resize the pane up by 5",
	    "resize-pane -U 5" },
	{ "prefix", "M-Down", 1, "Resize the pane down by 5",
	    "resize-pane -D 5" },
	{ "prefix", "M-Left", 1, "Resize the pane left by 5",
	    "resize-pane -L 5" },
	{ "prefix", "M-Right", 1, "Resize the pane right by 5",
	    "resize-pane -R 5" },
	{ "prefix", "C-Up", 1, "Resize the pane up",
	    "resize-pane -U" },
	{ "prefix", "C-Down", 1, "Resize the pane down",
	    "resize-pane -D" },
	{ "prefix", "C-Left", 1, "Resize the pane left",
	    "resize-pane -L" },
	{ "prefix", "C-Right", 1, "Resize the pane right",
	    "resize-pane -R" },
	{ "prefix", "S-Up", 1, "Move the visible part of the window up",
	    "refresh-client -U 10" },
	{ "prefix", "S-Down", 1, "Move the visible part of the window down",
	    "refresh-client -D 10" },
	{ "prefix", "S-Left", 1, "Move the visible part of the window left",
	    "refresh-client -L 10" },
	{ "prefix", "S-Right", 1, "Move the visible part of the window right",
	    "refresh-client -R 10" },
	{ "root", "MouseDown1Pane", 0, NULL,
	    "select-pane -t = ; send-keys -M" },
	{ "root", "MouseDown1Status", 0, NULL,
	    "select-window -t =" },
	{ "root", "MouseDown2Pane", 0, NULL,
	    "select-pane -t = ; if-shell -F \"#{||:#{pane_in_mode},#{m"
	    "ouse_any_flag}}\" { send-keys -M } { paste-buffer -p }" },
	{ "root", "MouseDown3Pane", 0, NULL,
	    "if-shell -F -t = \"#{||:#{mouse_any_flag},#{&&:#{pane_in_"
	    "mode},#{?#{m/r:(copy|view)-mode,#{pane_mode}},0,1}}}\" { "
	    "select-pane -t = ; send-keys -M } { display-menu -T \"#[a"
	    "lign=centre]#{pane_index} (#{pane_id})\" -t = -x M -y M \""
	    "#{?#{m/r:(copy|view)-mode,#{pane_mode}},Go To Top,}\" < {"
	    " send-keys -X history-top } \"#{?#{m/r:(copy|view)-mode,#"
	    "{pane_mode}},Go To Bottom,}\" > { send-keys -X history-bo"
	    "ttom } '' \"#{?mouse_word,Search For #[underscore]#{=/9/."
	    "..:mouse_word},}\" C-r { if-shell -F \"#{?#{m/r:(copy|view"
	    ")-mode,#{pane_mode}},0,1}\" \"copy-mode -t=\" ; send-keys -"
	    "X -t = search-backward \"#{q:mouse_word}\" } \"#{?mouse_wor"
	    "d,Type #[underscore]#{=/9/...:mouse_word},}\" C-y { copy-"
	    "mode -q ; send-keys -l \"#{q:mouse_word}\" } \"#{?mouse_wor"
	    "d,Copy #[underscore]#{=/9/...:mouse_word},}\" c { copy-mo"
	    "de -q ; set-buffer \"#{q:mouse_word}\" } \"#{?mouse_line,Co"
	    "py Line,}\" l { copy-mode -q ; set-buffer \"#{q:mouse_line"
	    "}\" } '' \"Horizontal Split\" h { split-window -h } \"Vertic"
	    "al Split\" v { split-window -v } '' \"#{?#{>:#{window_pane"
	    "s},1},,-}Swap Up\" u { swap-pane -U } \"#{?#{>:#{window_pa"
	    "nes},1},,-}Swap Down\" d { swap-pane -D } \"#{?pane_marked"
	    "_set,,-}Swap Marked\" s { swap-pane } '' Kill X { kill-pa"
	    "ne } Respawn R { respawn-pane -k } \"#{?pane_marked,Unmar"
	    "k,Mark}\" m { select-pane -m } \"#{?#{>:#{window_panes},1}"
	    ",,-}#{?window_zoomed_flag,Unzoom,Zoom}\" z { resize-pane "
	    "-Z } }" },
	{ "root", "MouseDown3Status", 0, NULL,
	    "display-menu -T \"#[align=centre]#{window_index}:#{window"
	    "_name}\" -t = -x W -y W \"#{?#{>:#{session_windows},1},,-}"
	    "Swap Left\" l { swap-window -t :-1 } \"#{?#{>:#{session_wi"
	    "ndows},1},,-}Swap Right\" r { swap-window -t :+1 } \"#{?pa"
	    "ne_marked_set,,-}Swap Marked\" s { swap-window } '' Kill "
	    "X { kill-window } Respawn R { respawn-window -k } \"#{?pa"
	    "ne_marked,Unmark,Mark}\" m { select-pane -m } Rename n { "
	    "command-prompt -F -I \"#W\" { rename-window -t \"#{window_i"
	    "d}\" \"%%\" } } '' \"New After\" w { new-window -a } \"New At "
	    "End\" W { new-window }" },
	{ "root", "MouseDown3StatusLeft", 0, NULL,
	    "display-menu -T \"#[align=centre]#{session_name}\" -t = -x"
	    " M -y W Next n { switch-client -n } Previous p { switch-"
	    "client -p } '' Renumber N { move-window -r } Rename n { "
	    "command-prompt -I \"#S\" { rename-session \"%%\" } } '' \"New"
	    " Session\" s { new-session } \"New Window\" w { new-window "
	    "}" },
	{ "root", "MouseDrag1Pane", 0, NULL,
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { "
	    "send-keys -M } { copy-mode -M }" },
	{ "root", "MouseDrag1Border", 0, NULL,
	    "resize-pane -M" },
	{ "root", "WheelUpPane", 0, NULL,
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { "
	    "send-keys -M } { copy-mode -e }" },
	{ "root", "WheelUpStatus", 0, NULL,
	    "previous-window" },
	{ "root", "WheelDownStatus", 0, NULL,
	    "next-window" },
	{ "root", "DoubleClick1Pane", 0, NULL,
	    "select-pane -t = ; if-shell -F \"#{||:#{pane_in_mode},#{m"
	    "ouse_any_flag}}\" { send-keys -M } { copy-mode -H ; send-"
	    "keys -X select-word ; run-shell -d 0.3 ; send-keys -X co"
	    "py-pipe-and-cancel }" },
	{ "root", "TripleClick1Pane", 0, NULL,
	    "select-pane -t = ; if-shell -F \"#{||:#{pane_in_mode},#{m"
	    "ouse_any_flag}}\" { send-keys -M } { copy-mode -H ; send-"
	    "keys -X select-line ; run-shell -d 0.3 ; send-keys -X co"
	    "py-pipe-and-cancel }" },
	{ "root", "M-MouseDown3Pane", 0, NULL,
	    "display-menu -T \"#[align=centre]#{pane_index} (#{pane_id"
	    "})\" -t = -x M -y M \"#{?#{m/r:(copy|view)-mode,#{pane_mod"
	    "e}},Go To Top,}\" < { send-keys -X history-top } \"#{?#{m/"
	    "r:(copy|view)-mode,#{pane_mode}},Go To Bottom,}\" > { sen"
	    "d-keys -X history-bottom } '' \"#{?mouse_word,Search For "
	    "#[underscore]#{=/9/...:mouse_word},}\" C-r { if-shell -F "
	    "\"#{?#{m/r:(copy|view)-mode,#{pane_mode}},0,1}\" \"copy-mod"
	    "e -t=\" ; send-keys -X -t = search-backward \"#{q:mouse_wo"
	    "rd}\" } \"#{?mouse_word,Type #[underscore]#{=/9/...:mouse_"
	    "word},}\" C-y { copy-mode -q ; send-keys -l \"#{q:mouse_wo"
	    "rd}\" } \"#{?mouse_word,Copy #[underscore]#{=/9/...:mouse_"
	    "word},}\" c { copy-mode -q ; set-buffer \"#{q:mouse_word}\""
	    " } \"#{?mouse_line,Copy Line,}\" l { copy-mode -q ; set-bu"
	    "ffer \"#{q:mouse_line}\" } '' \"Horizontal Split\" h { split"
	    "-window -h } \"Vertical Split\" v { split-window -v } '' \""
	    "#{?#{>:#{window_panes},1},,-}Swap Up\" u { swap-pane -U }"
	    " \"#{?#{>:#{window_panes},1},,-}Swap Down\" d { swap-pane "
	    "-D } \"#{?pane_marked_set,,-}Swap Marked\" s { swap-pane }"
	    " '' Kill X { kill-pane } Respawn R { respawn-pane -k } \""
	    "#{?pane_marked,Unmark,Mark}\" m { select-pane -m } \"#{?#{"
	    ">:#{window_panes},1},,-}#{?window_zoomed_flag,Unzoom,Zoo"
	    "m}\" z { resize-pane -Z }" },
};

static struct key_table	**key_tables;
static unsigned		  key_ntables;
static int		  key_bindings_ready;

static void	key_bindings_init(void);

/* The table's index, or where it would go (*found 0). */
static unsigned
key_bindings_table_index(const char *name, int *found)
{
	unsigned	lo = 0, hi = key_ntables, mid;
	int		c;

	*found = 0;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = strcmp(key_tables[mid]->name, name);
		if (c == 0) {
			*found = 1;
			return (mid);
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

static unsigned
key_bindings_index(struct key_table *table, long long key, int *found)
{
	unsigned long long	want = key_string_order(key), have;
	unsigned		lo = 0, hi = table->n, mid;

	*found = 0;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		have = key_string_order(table->bindings[mid]->key);
		if (have == want) {
			*found = 1;
			return (mid);
		}
		if (have < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

unsigned
key_bindings_ntables(void)
{
	key_bindings_init();
	return (key_ntables);
}

struct key_table *
key_bindings_table_at(unsigned idx)
{
	key_bindings_init();
	return (idx < key_ntables ? key_tables[idx] : NULL);
}

struct key_table *
key_bindings_get_table(const char *name, int create)
{
	struct key_table	*table;
	unsigned		 idx;
	int			 found;

	key_bindings_init();
	idx = key_bindings_table_index(name, &found);
	if (found)
		return (key_tables[idx]);
	if (!create)
		return (NULL);
	table = xcalloc(1, sizeof *table);
	table->name = xstrdup(name);
	key_tables = xreallocarray(key_tables, key_ntables + 1,
	    sizeof *key_tables);
	memmove(key_tables + idx + 1, key_tables + idx,
	    (key_ntables - idx) * sizeof *key_tables);
	key_tables[idx] = table;
	key_ntables++;
	return (table);
}

struct key_binding *
key_bindings_get(struct key_table *table, long long key)
{
	unsigned	idx;
	int		found;

	idx = key_bindings_index(table, key, &found);
	return (found ? table->bindings[idx] : NULL);
}

static void
key_bindings_free_printed(struct cmd_list *cmdlist, char **printed)
{
	struct cmd	*cmd;
	unsigned	 i = 0;

	if (printed == NULL)
		return;
	if (cmdlist != NULL) {
		for (cmd = cmdlist->first; cmd != NULL; cmd = cmd->next)
			xfree(printed[i++]);
	}
	xfree(printed);
}

static void
key_bindings_free(struct key_binding *bd)
{
	key_bindings_free_printed(bd->cmdlist, bd->printed);
	cmd_list_free(bd->cmdlist);
	xfree(bd->groups);
	xfree(bd->note);
	xfree(bd);
}

static void
key_bindings_free_table(struct key_table *table)
{
	unsigned	i;

	for (i = 0; i < table->n; i++)
		key_bindings_free(table->bindings[i]);
	xfree(table->bindings);
	xfree(table->name);
	xfree(table);
}

void
key_bindings_add(const char *name, long long key, const char *note,
    int repeat, struct cmd_list *cmdlist, unsigned *groups, char **printed)
{
	struct key_table	*table;
	struct key_binding	*bd;
	unsigned		 idx;
	int			 found;

	table = key_bindings_get_table(name, 1);
	idx = key_bindings_index(table, key, &found);
	if (cmdlist == NULL) {
		if (found) {
			bd = table->bindings[idx];
			xfree(bd->note);
			bd->note = note != NULL ? xstrdup(note) : NULL;
		}
		xfree(groups);
		xfree(printed);
		return;
	}
	bd = xcalloc(1, sizeof *bd);
	bd->key = key;
	bd->note = note != NULL ? xstrdup(note) : NULL;
	bd->flags = repeat ? KEY_BINDING_REPEAT : 0;
	bd->cmdlist = cmdlist;
	bd->groups = groups;
	bd->printed = printed;
	if (found) {
		key_bindings_free(table->bindings[idx]);
		table->bindings[idx] = bd;
		return;
	}
	table->bindings = xreallocarray(table->bindings, table->n + 1,
	    sizeof *table->bindings);
	memmove(table->bindings + idx + 1, table->bindings + idx,
	    (table->n - idx) * sizeof *table->bindings);
	table->bindings[idx] = bd;
	table->n++;
}

/* Drop a table from the list. */
static void
key_bindings_drop_table(const char *name)
{
	unsigned	idx;
	int		found;

	idx = key_bindings_table_index(name, &found);
	if (!found)
		return;
	key_bindings_free_table(key_tables[idx]);
	memmove(key_tables + idx, key_tables + idx + 1,
	    (key_ntables - idx - 1) * sizeof *key_tables);
	key_ntables--;
}

void
key_bindings_remove_table(const char *name)
{
	int	isroot = (strcmp(name, "root") == 0);

	key_bindings_init();
	key_bindings_drop_table(name);

	/*
	 * Every tmux client holds the root table, and removing a table puts
	 * the clients using it back in root, so root comes back empty.
	 */
	if (isroot)
		key_bindings_get_table("root", 1);
}

void
key_bindings_remove(const char *name, long long key)
{
	struct key_table	*table;
	unsigned		 idx;
	int			 found;

	if ((table = key_bindings_get_table(name, 0)) == NULL)
		return;
	idx = key_bindings_index(table, key, &found);
	if (!found)
		return;
	key_bindings_free(table->bindings[idx]);
	memmove(table->bindings + idx, table->bindings + idx + 1,
	    (table->n - idx - 1) * sizeof *table->bindings);
	table->n--;
	if (table->n == 0)
		key_bindings_drop_table(table->name);
}

char *
key_bindings_print(const struct key_binding *bd, int escaped)
{
	if (bd->cmdlist == NULL)
		return (xstrdup(""));
	return (cmd_parse_print_joined(bd->cmdlist, bd->printed, bd->groups,
	    escaped));
}

/* The default binding of key in table, or NULL. */
static const struct key_bindings_default *
key_bindings_default_find(const char *table, long long key)
{
	const struct key_bindings_default	*d;
	size_t					 i;

	for (i = 0; i < sizeof key_bindings_defaults /
	    sizeof key_bindings_defaults[0]; i++) {
		d = &key_bindings_defaults[i];
		if (strcmp(d->table, table) == 0 &&
		    key_string_lookup_string(d->key) == key)
			return (d);
	}
	return (NULL);
}

/* A default's commands parsed (0), as bind-key would have them. */
static int
key_bindings_default_parse(const struct key_bindings_default *d,
    struct cmd_parse_result *pr)
{
	struct cmd_parse_input	pi;

	memset(&pi, 0, sizeof pi);
	cmd_parse_from_string(d->command, &pi, pr);
	if (pr->status != CMD_PARSE_SUCCESS) {
		xfree(pr->error);
		return (-1);
	}
	xfree(pr->lines);
	return (0);
}

static void
key_bindings_default_add(const struct key_bindings_default *d)
{
	struct cmd_parse_result	pr;

	if (key_bindings_default_parse(d, &pr) == 0) {
		key_bindings_add(d->table, key_string_lookup_string(d->key),
		    d->note, d->repeat, pr.cmdlist, pr.groups, pr.printed);
	}
}

char *
key_bindings_default_print(const char *table, long long key)
{
	const struct key_bindings_default	*d;
	struct cmd_parse_result			 pr;
	char					*s;

	if ((d = key_bindings_default_find(table, key)) == NULL ||
	    key_bindings_default_parse(d, &pr) != 0)
		return (NULL);
	s = cmd_parse_print_joined(pr.cmdlist, pr.printed, pr.groups, 0);
	key_bindings_free_printed(pr.cmdlist, pr.printed);
	cmd_list_free(pr.cmdlist);
	xfree(pr.groups);
	return (s);
}

void
key_bindings_reset_key(const char *table, long long key)
{
	const struct key_bindings_default	*d;
	struct key_table			*kt;
	struct key_binding			*bd;
	char					*now, *dflt;
	int					 same;

	if ((d = key_bindings_default_find(table, key)) == NULL) {
		key_bindings_remove(table, key);
		return;
	}
	/* tmux keeps a binding whose commands are the default's. */
	if ((kt = key_bindings_get_table(table, 0)) != NULL &&
	    (bd = key_bindings_get(kt, key)) != NULL) {
		now = key_bindings_print(bd, 0);
		dflt = key_bindings_default_print(table, key);
		same = dflt != NULL && strcmp(now, dflt) == 0;
		xfree(now);
		xfree(dflt);
		if (same)
			return;
	}
	key_bindings_default_add(d);
}

static void
key_bindings_init(void)
{
	size_t	i;

	if (key_bindings_ready)
		return;
	key_bindings_ready = 1;
	for (i = 0; i < sizeof key_bindings_defaults /
	    sizeof key_bindings_defaults[0]; i++)
		key_bindings_default_add(&key_bindings_defaults[i]);
}

void
key_bindings_reset(void)
{
	unsigned	i;

	for (i = 0; i < key_ntables; i++)
		key_bindings_free_table(key_tables[i]);
	xfree(key_tables);
	key_tables = NULL;
	key_ntables = 0;
	key_bindings_ready = 0;
	key_bindings_init();
}
