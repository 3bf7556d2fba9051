# conformance/libtmux/junit2tap.py: turn pytest's --junitxml report into TAP
# for build-aux/tap-driver.sh.  xfail -> "not ok ... # TODO reason" (an
# expected failure), skip -> "ok ... # SKIP reason", failure/error -> "not
# ok" with the message as diagnostics.  Exit status 1 when a test failed.
#
# usage: /usr/bin/python3 junit2tap.py REPORT.xml

import sys
import xml.etree.ElementTree as ET


def clean(s):
	return " ".join((s or "").split())


def main(path):
	root = ET.parse(path).getroot()
	cases = list(root.iter("testcase"))
	print("1..%d" % len(cases))
	failed = 0
	for n, tc in enumerate(cases, 1):
		mod = tc.get("classname", "").rsplit(".", 1)[-1]
		name = "%s::%s" % (mod, tc.get("name"))
		bad = tc.find("failure")
		if bad is None:
			bad = tc.find("error")
		skip = tc.find("skipped")
		if bad is not None:
			failed += 1
			print("not ok %d - %s" % (n, name))
			text = bad.text or ""
			if (bad.get("message") or "") not in text:
				text = bad.get("message") + "\n" + text
			for line in text.strip().splitlines()[-40:]:
				print("#   " + line)
		elif skip is not None and skip.get("type") == "pytest.xfail":
			print("not ok %d - %s # TODO %s" % (n, name,
			    clean(skip.get("message"))))
		elif skip is not None:
			print("ok %d - %s # SKIP %s" % (n, name,
			    clean(skip.get("message"))))
		else:
			print("ok %d - %s" % (n, name))
	return 1 if failed else 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1]))
