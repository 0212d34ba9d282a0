#!/usr/bin/env bash
# Installs Linux's perf (Debian's linux-perf) when it is missing, for the why figures' system calls
# (docs/why.md): compare counts every system call of each server with `perf stat` over an unrecorded chunk of
# its load. Then checks that perf may count system calls here (root, or kernel.perf_event_paranoid = -1, and
# tracefs); says what is missing when it may not. Without perf a run still goes on: its syscall figure is the
# partial one from /proc/PID/io, and says so.
# Usage: scripts/lib/install-perf.sh [--check]   (--check: only report; exit 1 if perf cannot count)
set -euo pipefail

check_only=false
case "${1:-}" in
    --check) check_only=true ;;
    "") ;;
    *) echo "usage: scripts/lib/install-perf.sh [--check]" >&2; exit 2 ;;
esac

if ! command -v perf >/dev/null 2>&1; then
    if $check_only; then echo "perf: not installed (Debian: linux-perf)"; exit 1; fi
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    echo "perf: installing linux-perf"
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends linux-perf >/dev/null
fi

# The same probe as the harness's (PerfStat): count the system calls of a short command.
if out="$(perf stat -x , -e raw_syscalls:sys_enter,context-switches -- true 2>&1)" \
        && grep -q '^[0-9][0-9]*,,raw_syscalls:sys_enter' <<<"$out"; then
    echo "perf: $(perf --version 2>&1 | sed -n 1p), counts system calls here"
    exit 0
fi
echo "perf: installed but cannot count system calls here (perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo ?), uid $(id -u)):" >&2
sed -n 1,3p <<<"$out" >&2
exit 1
