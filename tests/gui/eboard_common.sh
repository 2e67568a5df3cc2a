# Sourced by the e-board flows (eboard_flow.sh, eboard_trial_flow.sh) after flow_common.sh: the fake DGT
# board with its DGT 3000 (`operator-cli eboard fake --clock`) on a real pseudo-terminal, driven line by
# line as a person moves the pieces, and the waits on the console's e-board line and the journal. Needs
# $cli, $shots, $journal and (once the console runs) $map.

link="$shots/dgt"
fifo="$shots/fake.in"

# Starts the fake board as $fake; `board LINE` then sends it one line.
start_fake_board() {
    rm -f "$fifo"
    mkfifo "$fifo"
    "$cli" --ui-lang en eboard fake --clock --link "$link" <"$fifo" >"$shots/fake.log" 2>&1 &
    fake=$!
    exec 3>"$fifo"
    trap 'echo quit >&3 2>/dev/null; wait "$fake"' EXIT
    i=0
    while [ ! -L "$link" ]; do
        i=$((i + 1))
        [ "$i" -gt 100 ] && { echo "$flow: the fake board made no link" >&2; exit 1; }
        sleep 0.1
    done
}
board() { echo "$1" >&3; }

# The table: the fake board with its DGT 3000 set to "$1" (e.g. 0:05:00 0:05:00, or with +10s), the
# console on it, the game started and the board connected.
start_table() {
    start_fake_board
    board "clock $1"
    launch_console --eboard "$link"
    xdotool search --sync --name "Operator console" >/dev/null || fail "no window"
    rest
    waitfor '"start"'
    board "start"  # the arbiter starts the table clock as the game starts: White's time runs on both
    waitline "serial"
    waitfor '"event":"connected"'
}

shot() { import -window root "$shots/$1.png" || fail "import failed"; }
eboard_line() { awk -F '\t' '$1 == "banner eboard" {print $5}' "$map" 2>/dev/null; }
# Waits until the e-board's status line says $1.
waitline() {
    i=0
    until eboard_line | grep -q "$1"; do
        i=$((i + 1))
        [ "$i" -gt 300 ] && fail "the e-board line never said '$1' (it says: $(eboard_line))"
        sleep 0.1
    done
}
# Waits until the journal holds $2 lines matching $1.
waitcount() {
    i=0
    until [ "$(grep -c "$1" "$journal" 2>/dev/null)" -ge "$2" ]; do
        i=$((i + 1))
        [ "$i" -gt 600 ] && fail "fewer than $2 journal records matching $1"
        sleep 0.1
    done
}
# The number of journal records matching $1.
count() { grep -c "$1" "$journal" 2>/dev/null; }
# The computer's move number $1 as the fake board's lines: a victim lifted first (a lift of an empty
# square changes nothing), then the mover, put down on the target.
play_engine_move() {
    waitcount '"type":"engine_move"' "$1"
    uci=$(grep '"type":"engine_move"' "$journal" | sed -n "$1p" | sed 's/.*"uci":"\([a-h1-8qrbn]*\)".*/\1/')
    from=$(echo "$uci" | cut -c1-2)
    to=$(echo "$uci" | cut -c3-4)
    board "lift $to"
    board "lift $from"
    board "place $to"
}
