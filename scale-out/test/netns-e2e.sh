#!/usr/bin/env bash
# End-to-end test of the Ansible launcher on one machine, bounded (about 45 s; .ci/run stops it at 90 s):
#   3 network namespaces are 3 load hosts, each running its own sshd (own config, own host key, sftp on, key
#   authentication only) on its own address; a 4th namespace runs the server (the netty model); a bridge the
#   test creates joins them. scripts/scale-out.sh then runs the real playbook against them over ssh: it copies
#   the jar, starts the 3 agents with one start time (async), fetches their files and merges them here.
# Addresses: 198.18.111.0/24, from the range set aside for network benchmark tests (RFC 2544), checked unused
# first; the namespaces get no default route, and before any traffic `ip route get` must show each address
# reached through the test's own bridge or veth, else the test aborts. Load flows only between the namespaces.
# Everything it made (namespaces, veths, bridge, processes, files) is removed on exit, failure and Ctrl-C.
# Needs root and `ip netns`; without them it prints one line and exits 3 (.ci/run reports it: not a pass).
# Exit status: 0 passed, 1 failed, 3 not run (missing root, ip netns, sshd or ansible-playbook).
# HTTPMODELS_E2E_KEEP=1 keeps its files (logs, inventory, fetched results) for a look after a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/lib/common.sh
. scripts/lib/common.sh

NOT_RUN=3
not_run() { echo "netns-e2e NOT RUN: $*"; exit "$NOT_RUN"; }
[ "$(id -u)" -eq 0 ] || not_run "needs root (network namespaces, veths, a bridge)"
if ! command -v ip >/dev/null 2>&1 || ! ip netns list >/dev/null 2>&1; then not_run "needs 'ip netns' (iproute2)"; fi
[ -x /usr/sbin/sshd ] || not_run "needs sshd (scale-out/install.sh installs openssh-server)"
command -v ansible-playbook >/dev/null 2>&1 || not_run "needs ansible-playbook (scale-out/install.sh installs ansible-core)"
[ -x /usr/lib/openssh/sftp-server ] || not_run "needs /usr/lib/openssh/sftp-server (openssh-server)"

AGENTS=3
SUBNET=198.18.111
SERVER_IP=$SUBNET.10
SSH_PORT=2222
RATE=300
id=$(( $$ % 100000 ))
bridge="hmbr$id"
server_ns="hm-srv-$id"
agent_ns() { echo "hm-a$1-$id"; }
tmp="$(mktemp -d /tmp/httpmodels-netns-e2e.XXXXXX)"
pids=()
launcher=""

cleanup() {
    local status=$? ns pid i t socket
    trap - EXIT INT TERM
    if [ -n "$launcher" ]; then   # interrupted mid-run: the launcher stops its agents over ssh (at most 30 s)
        kill -TERM "$launcher" 2>/dev/null || true
        for ((t = 0; t < 300; t++)); do kill -0 "$launcher" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$launcher" 2>/dev/null || true
    fi
    # Ansible's ssh connection masters (ControlPersist) live on this side: ask each to exit by its socket.
    for socket in "$tmp"/ansible-cp/*; do
        if [ -S "$socket" ]; then ssh -o ControlPath="$socket" -O exit placeholder-host >/dev/null 2>&1 || true; fi
    done
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for ns in "$server_ns" $(for ((i = 1; i <= AGENTS; i++)); do agent_ns "$i"; done); do
        if ip netns list | grep -qw "$ns"; then
            # Whatever still runs in a namespace the test made is the test's (an agent, an sshd child).
            for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
        fi
    done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    # Deleting this side of a veth deletes the pair at once; a namespace may outlive `ip netns del` a moment.
    for link in "hmvs$id" $(for ((i = 1; i <= AGENTS; i++)); do echo "hmv$i$id"; done) "$bridge"; do
        ip link del "$link" 2>/dev/null || true
    done
    for ns in "$server_ns" $(for ((i = 1; i <= AGENTS; i++)); do agent_ns "$i"; done); do
        ip netns del "$ns" 2>/dev/null || true
    done
    if [ -n "${HTTPMODELS_E2E_KEEP:-}" ]; then echo "netns-e2e: files kept in $tmp" >&2; else rm -rf "$tmp"; fi
    left="$(ip netns list | grep -E -- "-$id( |$)" || true)$(ip -o link show | grep -E "hm(br|v)[0-9a-z]*$id" || true)"
    if [ -n "$left" ]; then echo "netns-e2e: cleanup left: $left" >&2; status=1; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "netns-e2e FAILED: $*" >&2; exit 1; }
started=$SECONDS
step() { printf 'netns-e2e [%2d s]: %s\n' "$((SECONDS - started))" "$*"; }

java_bin="$(httpmodels_find_java)"
load_jar=load-client/target/load-client.jar
harness_jar=harness/target/harness.jar
if [ ! -f "$load_jar" ] || [ ! -f "$harness_jar" ]; then
    fail "build first: $load_jar and $harness_jar (mvn -DskipTests package)"
fi

# ---- the test network: only addresses nothing else on this machine uses, reached only through our links ----
step "checking $SUBNET.0/24 is unused here"
if ip -o addr show | grep -q " $SUBNET\."; then fail "an interface already has an address in $SUBNET.0/24"; fi
if ip route show match "$SERVER_IP" | grep -qv '^default'; then
    fail "a route for $SUBNET.0/24 already exists: $(ip route show match "$SERVER_IP" | grep -v '^default')"
fi

step "creating bridge $bridge, namespaces $server_ns and $(agent_ns 1)..$(agent_ns $AGENTS)"
ip link add "$bridge" type bridge
ip addr add "$SUBNET.1/24" dev "$bridge"   # the control machine's side: Ansible reaches the hosts over it
ip link set "$bridge" up
attach() {   # attach NS VETH ADDRESS: a veth pair, one end on the bridge, the other as eth0 in NS
    ip netns add "$1"
    ip link add "$2" type veth peer name "$2p"
    ip link set "$2p" netns "$1"
    ip link set "$2" master "$bridge" up
    ip -n "$1" link set lo up
    ip -n "$1" link set "$2p" name eth0
    ip -n "$1" addr add "$3/24" dev eth0
    ip -n "$1" link set eth0 up
}
attach "$server_ns" "hmvs$id" "$SERVER_IP"
for ((i = 1; i <= AGENTS; i++)); do attach "$(agent_ns "$i")" "hmv$i$id" "$SUBNET.1$i"; done

step "checking every route before any traffic"
route_via() {   # route_via WHERE(namespace or -) ADDRESS DEVICE: abort unless ADDRESS goes out through DEVICE
    local route
    if [ "$1" = - ]; then route="$(ip route get "$2")"; else route="$(ip -n "$1" route get "$2")"; fi
    grep -q " dev $3 " <<<"$route " || fail "from ${1/#-/this machine}, $2 would go '$route', not through $3: aborting before any traffic"
    if grep -q " via " <<<"$route"; then fail "from ${1/#-/this machine}, $2 goes through a gateway: $route"; fi
}
for ((i = 1; i <= AGENTS; i++)); do
    route_via - "$SUBNET.1$i" "$bridge"                  # ssh: this machine -> load host i
    route_via "$(agent_ns "$i")" "$SERVER_IP" eth0       # load: agent i -> the server
    route_via "$(agent_ns "$i")" "$SUBNET.1" eth0        # ssh replies
    [ -z "$(ip -n "$(agent_ns "$i")" route show default)" ] || fail "$(agent_ns "$i") has a default route"
done
[ -z "$(ip -n "$server_ns" route show default)" ] || fail "$server_ns has a default route"

# ---- the server, in its own namespace ----
step "starting the netty model in $server_ns"
: >"$tmp/server.out"
ip netns exec "$server_ns" "$java_bin" -Xms64m -Xmx256m -jar "$harness_jar" serve netty --bind "$SERVER_IP" \
    --port 0 --exit-with-parent "$$" >"$tmp/server.out" 2>&1 &
pids+=($!)

# ---- one sshd per load host, inside its namespace ----
step "starting sshd in each load namespace (port $SSH_PORT, key auth only, sftp on)"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/client_key"
cp "$tmp/client_key.pub" "$tmp/authorized_keys"
mkdir -p /run/sshd   # sshd's privilege-separation directory (the package's own path)
: >"$tmp/known_hosts"
for ((i = 1; i <= AGENTS; i++)); do
    cat >"$tmp/sshd_config.$i" <<CONF
ListenAddress $SUBNET.1$i
Port $SSH_PORT
HostKey $tmp/host_key
PidFile $tmp/sshd.$i.pid
AuthorizedKeysFile $tmp/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
Subsystem sftp /usr/lib/openssh/sftp-server
CONF
    /usr/sbin/sshd -t -f "$tmp/sshd_config.$i" || fail "sshd rejects its configuration"
    ip netns exec "$(agent_ns "$i")" /usr/sbin/sshd -D -e -f "$tmp/sshd_config.$i" 2>"$tmp/sshd.$i.log" &
    pids+=($!)
    echo "[$SUBNET.1$i]:$SSH_PORT $(cut -d' ' -f1,2 "$tmp/host_key.pub")" >>"$tmp/known_hosts"
done
for ((i = 1; i <= AGENTS; i++)); do
    for ((t = 0; t < 100; t++)); do
        (exec 3<>"/dev/tcp/$SUBNET.1$i/$SSH_PORT") 2>/dev/null && break
        sleep 0.1
    done
    (exec 3<>"/dev/tcp/$SUBNET.1$i/$SSH_PORT") 2>/dev/null || fail "sshd in $(agent_ns "$i") not listening: $(cat "$tmp/sshd.$i.log")"
done

# The server's JVM started meanwhile: its port, once it listens.
port=""
for ((t = 0; t < 150; t++)); do
    port="$(sed -n 's#.*listening on http://[^:]*:\([0-9]*\).*#\1#p' "$tmp/server.out" || true)"
    [ -n "$port" ] && break
    kill -0 "${pids[0]}" 2>/dev/null || fail "the server exited: $(cat "$tmp/server.out")"
    sleep 0.1
done
[ -n "$port" ] || fail "the server printed no port within 15 s: $(cat "$tmp/server.out")"

# ---- the inventory: what a user writes, with this test's keys and addresses ----
{
    echo "[load]"
    for ((i = 1; i <= AGENTS; i++)); do
        echo "host$i ansible_host=$SUBNET.1$i agent_dir=$tmp/host$i"
    done
    echo "[load:vars]"
    echo "ansible_port=$SSH_PORT"
    echo "ansible_user=root"
    echo "ansible_ssh_private_key_file=$tmp/client_key"
    echo "ansible_ssh_common_args='-o UserKnownHostsFile=$tmp/known_hosts -o StrictHostKeyChecking=yes'"
    echo "ansible_python_interpreter=/usr/bin/python3"
} >"$tmp/inventory.ini"
export ANSIBLE_LOCAL_TEMP="$tmp/ansible-local" ANSIBLE_REMOTE_TEMP="$tmp/ansible-remote"
export ANSIBLE_ASYNC_DIR="$tmp/ansible-async" ANSIBLE_SSH_CONTROL_PATH_DIR="$tmp/ansible-cp"
export ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 ANSIBLE_PIPELINING=1
export ANSIBLE_SSH_TRANSFER_METHOD=sftp   # the copy and the fetch go over the sftp subsystem

# ---- the run: 3 agents, $RATE requests/s in all, 3 s recorded ----
step "scripts/scale-out.sh: $AGENTS agents -> http://$SERVER_IP:$port/plaintext"
# In the background, waited for: a TERM or Ctrl-C reaches this script's trap at once, which stops the launcher
# (and through it the agents) while the hosts' sshd still answer, then removes the rest.
timeout 70 scripts/scale-out.sh --inventory "$tmp/inventory.ini" --out "$tmp/results" --start-delay 15s \
    --max-time 40s --remote-java "$java_bin" -- "http://$SERVER_IP:$port/plaintext" -c 4 -d 3s -R "$RATE" \
    >"$tmp/scale-out.log" 2>&1 &
launcher=$!
launcher_status=0
wait "$launcher" || launcher_status=$?
launcher=""
if [ "$launcher_status" -ne 0 ]; then cat "$tmp/scale-out.log" >&2; fail "scripts/scale-out.sh failed ($launcher_status)"; fi

for ((i = 0; i < AGENTS; i++)); do
    [ -s "$tmp/results/agent-$i.hlog" ] || fail "no agent-$i.hlog fetched"
    [ -s "$tmp/results/agent-$i.json" ] || fail "no agent-$i.json fetched"
    grep -q "Tag=agent-$i," "$tmp/results/agent-$i.hlog" || fail "agent-$i.hlog is not tagged agent-$i"
done
# Every agent connected from its namespace and the run as a whole was served; with -R shared, the agents' rates
# add up to the total asked for. Each agent's throughput and latency are printed, not judged: this test is about
# the path, and on a 2-core machine shared with builds three cold JVMs and a server can stall for seconds.
python3 - "$tmp/results" "$AGENTS" "$RATE" <<'PY' || fail "the agents' reports are not what the run asked for"
import json, sys
results, agents, rate = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
rates, requests = [], 0
for i in range(agents):
    with open(f"{results}/agent-{i}.json") as f:
        report = json.load(f)
    latency = report["latency"]["percentiles"]
    print(f"netns-e2e: agent {i}: rate {report['config']['rate']}/s, {report['requests']} requests "
          f"({report['requestsPerSecond']:.0f}/s), p50 {latency['50'] / 1000:.1f} ms, "
          f"p99 {latency['99'] / 1000:.1f} ms, {report['errors']['total']} errors, "
          f"{report['connectsSucceeded']} connects")
    assert report["connectsSucceeded"] > 0, f"agent {i} never connected to the server"
    requests += report["requests"]
    rates.append(report["config"]["rate"] or 0)
assert requests > 0, "no agent recorded a response"
assert abs(sum(rates) - rate) < 1e-6 * rate, f"the agents' rates {rates} do not add up to {rate}"
PY
for f in results.json report.md report.html; do
    [ -s "$tmp/results/$f" ] || fail "the merge wrote no $f"
done
step "each agent's files fetched, merged into results.json, report.md and report.html"
sed -n '/TASK \[httpmodels merge/,/PLAY RECAP/p' "$tmp/scale-out.log" | grep -v '^$' | tail -n 25 || true
echo "netns-e2e passed"
