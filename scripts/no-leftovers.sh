#!/usr/bin/env bash
# Fails when a test run left a process behind: the browser tests' chromedriver or Chromium
# (with crashpad), or an `openmaps` child of the hostile-input tests. Run after `make test`.
set -u
pattern='chromedriver --port=[0-9]+ --log-level=SEVERE|chromium.*--hide-scrollbars|chrome_crashpad_handler|\.build/.*/openmaps (replay|render|geocode|serve) '
left=$(pgrep -af -- "$pattern" | grep -v pgrep || true)
if [ -n "$left" ]; then
  echo "no-leftovers: the test run left these processes running:"
  echo "$left" | cut -c1-200
  exit 1
fi
echo "no-leftovers: no process left behind"
