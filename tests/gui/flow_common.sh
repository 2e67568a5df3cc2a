# Sourced by the GUI flows (seal_flow.sh, offer_flow.sh, correct_flow.sh); $flow names the flow in
# messages. The helpers below use the console's $pid, its $journal and its widget map $map.

# Starts the console ($exe, $event, $journal; its files in $shots) with the game started, as $pid, its
# widget map at $map; more options for the console may follow (e.g. --eboard PORT).
launch_console() {
    map="$shots/widgets.txt"
    echo start >"$shots/start.script"
    "$exe" --event "$event" --journal "$journal" --script "$shots/start.script" --widget-map "$map" "$@" \
        2>"$shots/console.err" &
    pid=$!
}

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

# Waits until the control named $1 is drawn (and enabled, if $2 is 1); prints its centre "x y".
where() {
    i=0
    while :; do
        line=$(awk -F '\t' -v n="$1" '$1 == n' "$map" 2>/dev/null | head -n 1)
        if [ -n "$line" ] && { [ "${2:-0}" = 0 ] || [ "$(echo "$line" | cut -f4)" = 1 ]; }; then
            echo "$line" | cut -f2,3 | tr '\t' ' '
            return
        fi
        i=$((i + 1))
        [ "$i" -gt 300 ] && fail "no control named '$1' (enabled: ${2:-any}) in the window"
        sleep 0.1
    done
}
# True when the control named $1 is drawn now (and enabled, if $2 is 1); never waits.
mapped() { awk -F '\t' -v n="$1" -v e="${2:-0}" '$1 == n && (e == 0 || $4 == 1)' "$map" 2>/dev/null | grep -q .; }
rest() { xdotool mousemove 640 60; }  # no window manager: the keyboard follows the pointer
click() {
    xy=$(where "$1" 1) || exit 1
    xdotool mousemove $xy click 1
    sleep 0.3
    rest
}
# Clicks the control named $1 until the command $2 succeeds (up to 3 clicks, 5 s apart). A click can miss
# on a loaded machine when the row moves in the frame after the map was read, or when the release lands
# before the frame that draws the press; a second click is sent only while the control is still drawn
# and enabled, so a click that was taken late is never repeated onto what replaced it.
click_until() {
    for _ in 1 2 3; do
        click "$1"
        i=0
        while [ "$i" -lt 50 ]; do
            eval "$2" && return 0
            i=$((i + 1))
            sleep 0.1
        done
        mapped "$1" 1 || break
    done
    eval "$2" || fail "clicking '$1' did not lead to: $2"
}
# A consequential button and its confirmation (the second click), each clicked again if its click was
# lost; $2: what the confirmed action leads to (a shell condition, as for click_until).
confirm_click() {
    click_until "$1" "mapped 'Confirm: $1' 1"
    click_until "Confirm: $1" "$2"
}
typeinto() {
    xy=$(where "$1") || exit 1
    xdotool mousemove $xy click 1
    sleep 0.2
    xdotool type --delay 40 "$2"
}
