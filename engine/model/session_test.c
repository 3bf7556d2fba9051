/*
 * Unit tests for session.c's lookups: by id (an index kept in id order,
 * which control mode uses for every pane read) and by name, through
 * creation, renaming and destruction in any order.
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine/base/testlib.h"
#include "engine/model/model.h"

#define SESSION_TEST_N	300

int
main(void)
{
	struct session	*s[SESSION_TEST_N];
	unsigned	 i, bad = 0, gone = 0;
	char		 name[32];

	session_init();
	for (i = 0; i < SESSION_TEST_N; i++) {
		snprintf(name, sizeof name, "s%u", (i * 7919) % 1000);
		s[i] = session_create(name, "/", 80, 24);
	}
	for (i = 0; i < SESSION_TEST_N; i++) {
		if (session_find_by_id(s[i]->id) != s[i])
			bad++;
	}
	test_ok(bad == 0, "every session found by its id (%u wrong)", bad);
	test_ok(session_find_by_id(s[SESSION_TEST_N - 1]->id + 1) == NULL,
	    "an id never given is not found");

	/* Destroy every third, from both ends, then look again. */
	for (i = 0; i < SESSION_TEST_N; i += 3) {
		session_destroy(s[i]);
		s[i] = NULL;
	}
	bad = 0;
	for (i = 0; i < SESSION_TEST_N; i++) {
		if (s[i] == NULL)
			continue;
		if (session_find_by_id(s[i]->id) != s[i])
			bad++;
	}
	test_ok(bad == 0, "the others still found after destroying a third");
	for (i = 0; i < SESSION_TEST_N; i += 3) {
		if (session_find_by_id((unsigned)i) != NULL)
			gone++;
	}
	test_ok(gone == 0, "destroyed sessions are not found (%u were)", gone);

	/* A rename moves a session in the name order, not in the id index. */
	test_ok(session_rename(s[1], "renamed") == 0, "rename");
	test_ok(session_find("renamed") == s[1] &&
	    session_find_by_id(s[1]->id) == s[1], "found by new name and id");

	/* New sessions after destruction get new ids and are found. */
	s[0] = session_create("late", "/", 80, 24);
	test_ok(session_find_by_id(s[0]->id) == s[0] &&
	    s[0]->id == SESSION_TEST_N, "a later session is found (id %u)",
	    s[0]->id);
	return (test_done());
}
