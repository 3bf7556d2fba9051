/*
 * Whether a pane's foreground program waits for terminal input.
 */
#ifndef ZEROPTY_PANE_WAIT_H
#define ZEROPTY_PANE_WAIT_H

struct pane;

/* 1 while the pane's foreground program is blocked reading its terminal. */
int	pane_wait_input(struct pane *);

#endif
