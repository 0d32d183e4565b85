"""The pure arithmetic of the audit chain and the data digest, shared by the program and the server.

Everything here is standard-library Python with no import of the program's own modules, because the
same text runs in two places: the program imports it (``digest``, ``audit``), and ``pg_audit``
embeds this file's source, unchanged, in the server's PL/Python function that appends a tally
sheet's audit entry itself (``recount_append_audit``). One text, so the digests and hashes the
server computes can never differ from those the program computes and ``audit verify`` checks.
(So it imports nothing but the standard library: the server has none of the program's modules.)
"""

import hashlib
import json
from functools import lru_cache
from typing import Any

MODULUS = 1 << 2048  # an additive table's running sum, modulo 2**2048 (see ``digest``)
ACC_BYTES = 256
DEFINITION = 2  # the digest definition new audit entries record
GENESIS_HASH = "0" * 64


def _encode_blob(value: object) -> object:
    if isinstance(value, bytes):  # never written by the program; only by someone with the sqlite3 shell
        return {"blob": value.hex()}
    raise TypeError(f"cannot encode {type(value).__name__}")


ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True, default=_encode_blob)


def canonical_row(values: Any) -> str:
    """A row's canonical form: the JSON array of its typed values."""
    return ENCODER.encode(list(values))


def row_term(table: str, row_json: str) -> int:
    """A row's term in an additive table's sum."""
    data = f"{table}\x00{row_json}".encode()
    return int.from_bytes(hashlib.shake_256(data).digest(ACC_BYTES), "big")


@lru_cache(maxsize=256)  # each change re-publishes the same unchanged sums: a sheet entry changes three
def sum_digest(value: str) -> str:
    """What the election digest covers of an additive table: the SHA-256 of its running sum."""
    return hashlib.sha256(int(value, 16).to_bytes(ACC_BYTES, "big")).hexdigest()


def sum_after(rows: int, value: str, changes: Any, table: str) -> tuple[int, str]:
    """An additive table's row count and running sum after rows were added (+1) and removed (-1):
    ``changes`` are (sign, row as JSON) pairs, in any order."""
    total = int(value, 16)
    for sign, row_json in changes:
        # The trigger's JSON is only transport: re-encode the typed values canonically.
        total += sign * row_term(table, canonical_row(json.loads(row_json)))
        rows += sign
    return rows, format(total % MODULUS, "x")


def election_digest_of(published: dict[str, list[Any]], definition: int = DEFINITION) -> str:
    """The election digest over ``{table: [rows, published digest]}``, with its definition in front
    (definition 1 has none)."""
    value = hashlib.sha256(ENCODER.encode(published).encode()).hexdigest()
    return value if definition == 1 else f"{definition}:{value}"


def definition_of(recorded: str) -> int:
    """The definition a recorded election digest was computed by: ``"2:..."`` is 2, plain hex is 1."""
    number, colon, _ = recorded.partition(":")
    return int(number) if colon and number.isdigit() else 1


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev_hash: str, seq: int, ts: str, operator: str, action: str, details_json: str,
               data_digest: str | None = None) -> str:
    """SHA-256 over the previous hash and the entry's canonical JSON. An entry written before schema 5
    has no data digest and keeps the form it was hashed in (no ``data`` key)."""
    fields: dict[str, Any] = {"seq": seq, "ts": ts, "operator": operator, "action": action,
                              "details": json.loads(details_json)}
    if data_digest is not None:
        fields["data"] = data_digest
    return hashlib.sha256((prev_hash + canonical_json(fields)).encode("utf-8")).hexdigest()
