/*
 * Logging: -v writes zeropty-server-PID.log / zeropty-client-PID.log in the
 * current directory (as tmux does with tmux-*.log). fatal() and fatalx() are
 * for broken invariants only: they log and abort.
 */
#ifndef ZEROPTY_LOG_H
#define ZEROPTY_LOG_H

void	log_open(int level, const char *name);
void	log_close(void);
int	log_level(void);
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));
void	fatal(const char *, ...)
	    __attribute__((format(printf, 1, 2), noreturn));
void	fatalx(const char *, ...)
	    __attribute__((format(printf, 1, 2), noreturn));

#endif
