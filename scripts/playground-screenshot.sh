#!/usr/bin/env bash
# Re-takes the README's playground screenshot (docs/images/playground.png): starts the release
# `openmaps serve`, opens the default sample in headless Chromium through chromedriver (plain
# WebDriver over curl), lets the tiles arrive, and saves the page.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)/openmaps"
[ -x "$bin" ] || swift build -c release --product openmaps
port=18093; driver_port=18094
"$bin" serve --port "$port" > /dev/null 2>&1 & server=$!
chromedriver --port="$driver_port" > /dev/null 2>&1 & driver=$!
trap 'kill $server $driver 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$driver_port/status" > /dev/null && curl -sf "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done
sandbox=""; [ "$(id -u)" -eq 0 ] && sandbox=',"--no-sandbox"'
session=$(curl -sf "http://127.0.0.1:$driver_port/session" -H 'Content-Type: application/json' -d \
  '{"capabilities":{"alwaysMatch":{"browserName":"chrome","goog:chromeOptions":{"binary":"/usr/bin/chromium","args":["--headless=new","--hide-scrollbars","--window-size=1280,800"'"$sandbox"']}}}}' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"]["sessionId"])')
api="http://127.0.0.1:$driver_port/session/$session"
# A 1280x800 viewport, whatever the window's own chrome takes.
curl -sf "$api/window/rect" -H 'Content-Type: application/json' -d '{"width":1280,"height":800}' > /dev/null
inner=$(curl -sf "$api/execute/sync" -H 'Content-Type: application/json' -d '{"script":"return window.innerHeight","args":[]}' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
curl -sf "$api/window/rect" -H 'Content-Type: application/json' -d "{\"width\":1280,\"height\":$((800 + 800 - inner))}" > /dev/null
curl -sf "$api/url" -H 'Content-Type: application/json' -d "{\"url\":\"http://127.0.0.1:$port/?sample=${1:-markers}\"}" > /dev/null
sleep 4
curl -sf "$api/screenshot" | python3 -c 'import json,sys,base64; sys.stdout.buffer.write(base64.b64decode(json.load(sys.stdin)["value"]))' \
  > docs/images/playground.png
curl -sf -X DELETE "$api" > /dev/null
echo "wrote docs/images/playground.png"
