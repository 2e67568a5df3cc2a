# Sourced by the GUI flows (seal_flow.sh, offer_flow.sh) after they start the console as $pid with its
# journal at $journal; $flow names the flow in messages.

# Stops the console and fails the flow with the message $1.
fail() {
    echo "$flow: $1" >&2
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"
    exit 1
}

# Waits (up to $2 tenths of a second, default 60 s) until the journal holds a line matching $1.
waitfor() {
    i=0
    while ! grep -q "$1" "$journal" 2>/dev/null; do
        i=$((i + 1))
        [ "$i" -gt "${2:-600}" ] && fail "no journal record matching $1"
        sleep 0.1
    done
}
