"""The server-wide teacher key: what makes rooms, lists them and acts as every room's teacher.

Only its SHA-256 is kept in the database (the ``settings`` table). The key itself is shown
once: printed by ``serve`` when it is first made, or kept by the teacher in a key file
(``serve --teacher-key-file KEYFILE``: its first line; a missing file is written with a new
key, readable by its owner only).
"""

from __future__ import annotations

import os
from pathlib import Path

from .rooms import digest, new_secret
from .store import Store

SETTING = "teacher_key_sha"


class KeyFileError(Exception):
    """A key file that holds no key (one line for the teacher)."""


def read_key_file(path: Path) -> str | None:
    """The key in ``path`` (its first line, stripped), or None if there is no such file."""
    if not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    key = lines[0].strip() if lines else ""
    if not key:
        raise KeyFileError(f"the teacher key file {path} is empty: write a key on its first line")
    return key


def write_key_file(path: Path, key: str) -> None:
    """A new key file, readable and writable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")


def settle_key(
    store: Store, *, key: str | None = None, key_file: Path | None = None, renew: bool = False
) -> str | None:
    """Make the server's teacher key known to ``store``; returns a key to print once (a new
    one), or None when the teacher already has it (given, in a file, or printed before).

    ``key``: this key (tests, notebooks). ``key_file``: read it, or write a new key there.
    ``renew``: a new key even if one is stored (the old one stops working)."""
    new: str | None = None
    if key is None and key_file is not None:
        key = read_key_file(key_file)
        if key is None:
            key = new = new_secret()
            write_key_file(key_file, key)
    if key is None and (renew or store.setting(SETTING) is None):
        key = new = new_secret()
    if key is not None:
        store.set_setting(SETTING, digest(key))
    return new
