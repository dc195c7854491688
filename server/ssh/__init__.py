"""The SSH entrance: guests join with nothing but OpenSSH's ``ssh`` and a key.

``taki-server --ssh PORT`` starts the entrance as one child process (gate.py, on the
server's trio side), an asyncio program around asyncssh (entrance.py). For each guest it
runs the taki client on a fresh pty (relay.py, guest.py), connected to this server's game
port as any other client, and relays the bytes and window changes.

Why a child process, and a process per guest:

- asyncssh is asyncio and the server is trio. In a process of its own the entrance has its
  own loop and its own GIL: key exchanges, signatures and the byte relay of every guest
  never delay the server's loop, and a fault in the entrance never takes the tables down.
- Textual runs one app per process (one driver on one terminal, signal handlers, the
  process's stdin and stdout). A client per guest on its own pty is the client every
  player runs, unchanged, and a guest's crash or hang is that guest's alone.
- Nothing outlives what started it: the entrance reads a pipe from the server as its
  standard input and stops when it closes (however the server ended, even SIGKILL).
  Each guest's client runs in its own session and process group, with PR_SET_PDEATHSIG
  set to SIGKILL (started from the entrance's one thread, so it fires when the entrance
  ends); the entrance ends the group when the ssh connection closes.

Identity is the key whose signature was verified (entrance.py), kept per key fingerprint
as the client's own state and config directory (its seat tokens and settings).
"""
