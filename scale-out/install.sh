#!/usr/bin/env bash
# Installs what the Ansible launcher and its end-to-end test need, from Debian's packages, when missing:
# ansible-playbook (ansible-core) on the machine that launches, sshd (openssh-server) for the test's load
# hosts, ssh and ssh-keygen (openssh-client). Needs root or sudo for apt-get.
# Usage: scale-out/install.sh [--check]   (--check: only report what is missing; exit 1 if anything is)
set -euo pipefail

declare -A package_of=([ansible-playbook]=ansible-core [sshd]=openssh-server [ssh]=openssh-client
    [ssh-keygen]=openssh-client [ip]=iproute2)
missing=()
for tool in ansible-playbook sshd ssh ssh-keygen ip; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("${package_of[$tool]}")
done
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u | sed '/^$/d')

if [ "${1:-}" = "--check" ]; then
    if [ ${#missing[@]} -eq 0 ]; then echo "scale-out: all present"; exit 0; fi
    echo "scale-out: missing packages: ${missing[*]}"; exit 1
elif [ $# -gt 0 ]; then
    echo "usage: scale-out/install.sh [--check]" >&2; exit 2
fi

if [ ${#missing[@]} -eq 0 ]; then
    echo "scale-out: ansible-core, openssh-server, openssh-client and iproute2 already installed"
    exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "scale-out: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts the packaged sshd on port 22 on install; the test runs its own instances with its own config.
if printf '%s\n' "${missing[@]}" | grep -qx openssh-server; then
    "${sudo_cmd[@]}" systemctl disable --now ssh >/dev/null 2>&1 || "${sudo_cmd[@]}" service ssh stop >/dev/null 2>&1 || true
fi
echo "scale-out: installed ${missing[*]}"
