"""The entrance's keys: its own host key, kept, and the guests' keys a host may list.

The ed25519 host key is made once, in the data directory, readable by the server's user
only (0600), and read back on every start, so its fingerprint (what guests check the
first time) stays the same across restarts. Without a data directory (``--no-data``) a
key is made in memory for this run.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

import asyncssh

HOST_KEY_FILE = "host_ed25519"


class KeyTrouble(Exception):
    """A key file that cannot be used; ``str()`` is one line for the host."""


def ssh_dir(data_dir: Path) -> Path:
    """Where the entrance keeps its files in the data directory (0700)."""
    path = data_dir / "ssh"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def host_key(data_dir: Path | None) -> asyncssh.SSHKey:
    """The host key: read from the data directory, made there the first time."""
    if data_dir is None:
        return asyncssh.generate_private_key("ssh-ed25519")
    try:
        path = ssh_dir(data_dir) / HOST_KEY_FILE
    except OSError as exc:
        raise KeyTrouble(f"cannot use {data_dir / 'ssh'}: {exc.strerror or exc}") from None
    try:
        return asyncssh.read_private_key(str(path))
    except FileNotFoundError:
        pass
    except (OSError, asyncssh.KeyImportError, ValueError) as exc:
        raise KeyTrouble(f"cannot read the host key {path}: {_why(exc)}") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="taki-server")
    data = key.export_private_key("openssh")
    temp = path.with_name(f".{HOST_KEY_FILE}.{os.getpid()}")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o600)
        os.link(temp, path)  # never replaces a key another start made meanwhile
    except FileExistsError:
        return asyncssh.read_private_key(str(path))
    except OSError as exc:
        raise KeyTrouble(f"cannot keep the host key in {path}: {_why(exc)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's fingerprint as OpenSSH shows it: ``SHA256:`` and unpadded base64."""
    return str(key.get_fingerprint("sha256"))


def key_id(key: asyncssh.SSHKey) -> str:
    """A name for a guest's key fit for a directory: the SHA-256 of its public blob."""
    return hashlib.sha256(key.public_data).hexdigest()


def allowed_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys in ``path`` (authorized_keys format); KeyTrouble, naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyTrouble(f"cannot read --ssh-keys {path}: {_why(exc)}") from None
    lines = [
        (number, line) for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise KeyTrouble(f"--ssh-keys {path} lists no key")
    for number, line in lines:  # asyncssh skips a bad line: a typo must not pass unseen
        try:
            asyncssh.import_authorized_keys(line)
        except (asyncssh.KeyImportError, ValueError):
            raise KeyTrouble(
                f"--ssh-keys {path}, line {number}: not a public key (authorized_keys format)"
            ) from None
    keys = asyncssh.import_authorized_keys("\n".join(line for _n, line in lines))
    return keys


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__
