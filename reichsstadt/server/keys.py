"""Every random stream on the server comes from a secret through a keyed hash.

A table's secret is 256 random bits, stored with the table and never sent. The chance
draw that is move `n`, and the bot playing seat `s` at move `n`, each get their own
stream: BLAKE2b keyed with the secret over a label ("chance/n", "bot/s/n"), 128 bits of
seed for Python's Mersenne Twister. So a restart continues exactly as before, and no
number of observed draws or bot moves tells anyone the secret or the next draw. The
server's own secret (per process) keys client addresses for the limits."""

from __future__ import annotations

import hashlib
import random
import secrets

SECRET_BYTES = 32


def new_secret() -> str:
    """A table's secret: 256 random bits, hex."""
    return secrets.token_hex(SECRET_BYTES)


def derive(secret: str, label: str) -> int:
    """128 bits of the keyed hash of `label` under `secret`, as an int."""
    key = bytes.fromhex(secret)[:64] if secret else b""
    digest = hashlib.blake2b(label.encode("ascii"), key=key, digest_size=16, person=b"reichsstadt").digest()
    return int.from_bytes(digest, "big")


class KeyedRandom(random.Random):
    """A random source whose numbers are BLAKE2b, keyed with a secret, over a label and a
    counter: as unpredictable as the key, and cheaper to make than a seeded Mersenne
    Twister (a chance draw needs one number)."""

    def __init__(self, key: bytes, label: str) -> None:
        self._key = key
        self._label = label.encode("ascii")
        self._count = 0
        super().__init__()

    def seed(self, a: object = None, version: int = 2) -> None:
        """Nothing to seed: the key and the label are the seed."""

    def getrandbits(self, k: int) -> int:
        out = 0
        got = 0
        while got < k:
            block = hashlib.blake2b(self._label + b"/%d" % self._count, key=self._key, digest_size=64).digest()
            self._count += 1
            out = (out << 512) | int.from_bytes(block, "big")
            got += 512
        return out >> (got - k)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0 ** -53


def chance_rng(secret: str, n: int) -> random.Random:
    """The random source of the chance draw that is move `n` of a table."""
    return KeyedRandom(bytes.fromhex(secret)[:64], f"chance/{n}")


def bot_seed(secret: str, seat: int, n: int) -> int:
    """The seed of the bot that plays `seat` at move `n` (128 bits)."""
    return derive(secret, f"bot/{seat}/{n}")


def address_key(server_secret: bytes, address: str) -> str:
    """A client address as the limits keep it: keyed, so a copy of the database does not
    list who played."""
    return hashlib.blake2b(address.encode("utf-8", "replace"), key=server_secret, digest_size=16).hexdigest()
