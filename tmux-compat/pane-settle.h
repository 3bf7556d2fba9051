/*
 * Commands that read a pane wait, briefly, for one that was just created
 * or sent keys to settle (pane-settle.c says the rule and why).
 */
#ifndef ZEROPTY_PANE_SETTLE_H
#define ZEROPTY_PANE_SETTLE_H

struct client;
struct pane;

void	pane_settle_start(struct pane *);
void	pane_settle_output(struct pane *);
int	pane_settle_busy(struct pane *);
void	pane_settle_wait(struct client *);
void	pane_settle_client_gone(struct client *);

#endif
