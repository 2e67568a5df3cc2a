"""Reading Server-Sent Events from a plain socket, for the broadcast tests."""
import json
import time


def read_event(sock, buf):
    """The next event's text (without the blank line), or None at the end of the stream."""
    while b"\n\n" not in buf[0]:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        buf[0] += chunk
    event, _, buf[0] = buf[0].partition(b"\n\n")
    return event


def next_board_event(sock, buf, deadline_s=120):
    """The JSON of the next event that carries data (a board), or None at the end of the stream.
    Keep-alive comments reset the socket's timeout, so a board that never comes would wait forever:
    after `deadline_s` without one, it raises TimeoutError and the test fails instead of hanging."""
    deadline = time.monotonic() + deadline_s
    while True:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no board event within {deadline_s} s (only keep-alives)")
        event = read_event(sock, buf)
        if event is None:
            return None
        for line in event.split(b"\n"):
            if line.startswith(b"data: "):
                return json.loads(line[6:])
