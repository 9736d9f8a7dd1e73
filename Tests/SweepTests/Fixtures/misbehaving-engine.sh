#!/usr/bin/env bash
# An external engine that misbehaves on purpose (ExternalEngineTests): it accepts the scenario, then on
# the first size does what its argument says — crash (exit 3), hang (sleep past any timeout), garbage
# (a line that is not JSON), report (a protocol error) or slow-exit (closes its output, then exits 3 a
# moment later, as a loaded machine makes any crash look to the lab) — or, with `echo`, answers every
# size with the scenario's starting frames, which makes it a well-behaved (if lazy) engine.
mode="$1"
frames=""
while IFS= read -r line; do
  case "$line" in
    *'"type":"scenario"'*)
      frames=$(printf '%s' "$line" | python3 -c 'import json,sys; s=json.load(sys.stdin)["scenario"]; print(json.dumps({"frames": {v["id"]: v["frame"] for v in s["views"]}}))')
      echo '{"ok":true}' ;;
    *'"type":"size"'*)
      case "$mode" in
        crash) exit 3 ;;
        slow-exit) exec 1>&- 0<&-; sleep 0.3; exit 3 ;;
        hang) sleep 30 ;;
        garbage) echo 'frames: all fine' ;;
        report) echo '{"error":"cannot lay out view v1"}' ;;
        *) echo "$frames" ;;
      esac ;;
    *'"type":"end"'*) echo '{"ok":true}' ;;
  esac
done
