/* The status prompt's history (prompt-history.c). */
#ifndef ZEROPTY_PROMPT_HISTORY_H
#define ZEROPTY_PROMPT_HISTORY_H

#define PROMPT_TYPE_COMMAND	0
#define PROMPT_TYPE_SEARCH	1
#define PROMPT_TYPE_TARGET	2
#define PROMPT_TYPE_WINDOW_TARGET 3
#define PROMPT_NTYPES		4

int		 prompt_history_type_find(const char *);	/* -1: no such type */
const char	*prompt_history_type_name(int);
unsigned	 prompt_history_size(int type);
const char	*prompt_history_item(int type, unsigned idx);
void		 prompt_history_add(int type, const char *line);
void		 prompt_history_clear(int type);
const char	*prompt_history_up(unsigned *idx, int type);
const char	*prompt_history_down(unsigned *idx, int type);
void		 prompt_history_load(void);
void		 prompt_history_save(void);

#endif
