"""Corrupted variants of real results files, seeded and deterministic (the fuzz suite,
issue 16): truncations, byte flips, other encodings, XML attacks, numbers no event
holds, bad dates, duplicated elements, unknown and overlong ids, long strings,
control characters, script and formula payloads."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

NUMBERS = ["-5", "0", "100.001", "1e40", "2147483648", "100000000", "10000000000", "NaN", "-1"]
DATES_USEBIO = ["01/01/0001", "31/02/2022", "99/99/9999", "01/01/2999", "2022-07-27", ""]
DATES_PBN = ["0001.01.01", "2022.02.31", "9999.99.99", "2999.01.01", "yesterday"]
TEXTS = [
    "A" * 5000,
    "Nul\x00byte",
    "Esc\x1b[31m",
    "<script>alert(1)</script>",
    "=cmd|' /C calc'!A0",
    "+SUM(1)",
    "Ünïcødé ✓ 漢字",
]
XML_ATTACKS = [
    # billion laughs
    '<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>',
    # an external entity
    '<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    # a parameter entity from the network
    '<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>',
]


@dataclass(frozen=True)
class Variant:
    name: str  # the fixture and the corruption, for the test's id
    filename: str
    data: bytes


def variants(fixtures: Path) -> list[Variant]:
    out: list[Variant] = []
    for path in sorted((fixtures / "usebio").glob("*.xml")):
        out.extend(_usebio(path))
    for path in sorted((fixtures / "pbn").glob("*.pbn")):
        out.extend(_pbn(path))
    out.extend(_csv())
    seen: set[bytes] = set()
    unique = []
    for variant in out:  # a corruption that changed nothing, or made another's file
        if variant.data not in seen:
            seen.add(variant.data)
            unique.append(variant)
    return unique


def _common(name: str, filename: str, data: bytes, rng: random.Random) -> Iterator[Variant]:
    for _ in range(4):
        cut = rng.randrange(1, len(data))
        yield Variant(f"{name} truncated at {cut}", filename, data[:cut])
    for n in range(4):
        flipped = bytearray(data)
        for _ in range(rng.randrange(1, 6)):
            at = rng.randrange(len(flipped))
            flipped[at] ^= 1 << rng.randrange(8)
        yield Variant(f"{name} bytes flipped {n}", filename, bytes(flipped))
    text = data.decode("utf-8", errors="replace")
    for encoding in ("utf-16", "utf-32", "latin-1"):
        yield Variant(f"{name} as {encoding}", filename, text.encode(encoding, errors="replace"))
    yield Variant(f"{name} empty", filename, b"")
    yield Variant(f"{name} twice", filename, data + data)


def _usebio(path: Path) -> Iterator[Variant]:
    rng = random.Random(path.name)
    data = path.read_bytes()
    text = data.decode("utf-8", errors="replace")
    name = path.stem
    yield from _common(name, path.name, data, rng)
    yield Variant(
        f"{name} encoding x-klingon",
        path.name,
        re.sub(
            r"<\?xml[^>]*\?>", '<?xml version="1.0" encoding="x-klingon"?>', text, count=1
        ).encode(),
    )
    for n, attack in enumerate(XML_ATTACKS):
        body = re.sub(r"<!DOCTYPE[^>]*>", "", text, count=1)
        body = body.replace("<USEBIO", attack + "<USEBIO", 1)
        if n == 0:
            body = body.replace("<PLAYER_NAME>", "<PLAYER_NAME>&c;", 1)
        elif n == 1:
            body = body.replace("<PLAYER_NAME>", "<PLAYER_NAME>&x;", 1)
        yield Variant(f"{name} xml attack {n}", path.name, body.encode())
    for tag in ("PERCENTAGE", "PLACE", "TOTAL_SCORE", "SCORE", "PAIR_NUMBER", "BOARD_NUMBER",
                "SESSION_COUNT", "SECTION_COUNT", "MASTER_POINTS_AWARDED", "TRICKS",
                "NS_MATCH_POINTS", "BOARDS_PLAYED", "HANDICAP"):  # fmt: skip
        if f"<{tag}>" not in text:
            continue
        for value in rng.sample(NUMBERS, 3):
            yield Variant(f"{name} {tag}={value}", path.name, _set_xml(text, tag, value, rng))
    for value in DATES_USEBIO:
        yield Variant(f"{name} DATE={value!r}", path.name, _set_xml(text, "DATE", value, rng, 0))
    for tag in ("PLAYER_NAME", "EVENT_DESCRIPTION", "NATIONAL_ID_NUMBER"):
        if f"<{tag}>" not in text:
            continue
        for value in rng.sample(TEXTS, 3) + ["X" * 50, "99999999"]:
            yield Variant(
                f"{name} {tag}={value[:12]!r}",
                path.name,
                _set_xml(text, tag, _xml_escape(value), rng),
            )
    for element in ("PAIR", "TRAVELLER_LINE"):
        found = re.search(rf"<{element}>.*?</{element}>", text, re.S)
        if found:
            doubled = text[: found.end()] + found.group(0) + text[found.end() :]
            yield Variant(f"{name} {element} twice", path.name, doubled.encode())


def _set_xml(
    text: str, tag: str, value: str, rng: random.Random, which: int | None = None
) -> bytes:
    spots = list(re.finditer(rf"<{tag}>([^<]*)</{tag}>", text))
    spot = spots[which if which is not None else rng.randrange(len(spots))]
    return (text[: spot.start(1)] + value + text[spot.end(1) :]).encode()


def _xml_escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _pbn(path: Path) -> Iterator[Variant]:
    rng = random.Random(path.name)
    data = path.read_bytes()
    text = data.decode("latin-1")
    name = path.stem
    yield from _common(name, path.name, data, rng)
    for value in DATES_PBN:
        yield Variant(f"{name} Date={value!r}", path.name, _set_tag(text, "Date", value, rng))
    for tag in ("Board", "Score", "Result"):
        for value in rng.sample(NUMBERS, 2):
            yield Variant(f"{name} {tag}={value}", path.name, _set_tag(text, tag, value, rng))
    for tag in ("Event", "North"):
        for value in rng.sample(TEXTS, 2):
            yield Variant(
                f"{name} {tag}={value[:12]!r}", path.name, _set_tag(text, tag, value, rng)
            )
    # a number in a table row (TotalScoreTable, ScoreTable) made huge or negative
    rows = [m for m in re.finditer(r"(?m)^ *\d+ .*\d.*$", text)]
    for value in ("2147483648", "-5", "1e40"):
        if not rows:
            break
        row = rng.choice(rows)
        numbers = list(re.finditer(r"-?\d+(?:\.\d+)?", row.group(0)))
        hit = rng.choice(numbers)
        start, end = row.start() + hit.start(), row.start() + hit.end()
        yield Variant(
            f"{name} table number={value}",
            path.name,
            (text[:start] + value + text[end:]).encode("latin-1"),
        )


def _set_tag(text: str, tag: str, value: str, rng: random.Random) -> bytes:
    spots = list(re.finditer(rf'\[{tag} "([^"]*)"\]', text))
    if not spots:
        return text.encode("utf-8")
    spot = rng.choice(spots)
    return (text[: spot.start(1)] + value + text[spot.end(1) :]).encode("utf-8")


CSV = (
    "# event: Onsdagsbridge\n"
    "# date: 2025-03-05\n"
    "# kind: pairs\n"
    "# boards: 24\n"
    "place;players;names;score;percentage;boards\n"
    "1;G:1+G:2;Anna Ek - Bo Lind;160,5;66,88;24\n"
    "2;G:3+G:4;Cilla Berg - Per Ahl;150;62,50;24\n"
    "3=;G:5+G:6;Dan Ek - Eva Ek;120;50,00;24\n"
    "3=;G:7+G:8;Fia Ros - Gun Ros;120;50,00;22\n"
)


def _csv() -> Iterator[Variant]:
    rng = random.Random("csv")
    data = CSV.encode()
    yield from _common("ranking", "onsdag.csv", data, rng)
    lines = CSV.splitlines(keepends=True)
    for header, values in (
        ("# date: 2025-03-05", ["# date: 0001-01-01", "# date: 2025-02-31", "# date: 2999-01-01"]),
        ("# boards: 24", ["# boards: 40000", "# boards: -1", "# boards: 0"]),
        ("# event: Onsdagsbridge", ["# event: " + t for t in TEXTS]),
    ):
        for value in values:
            yield Variant(
                f"ranking {value[:24]!r}", "onsdag.csv", CSV.replace(header, value).encode()
            )
    for column in range(6):
        for value in ("2147483648", "-5", "1e40", "=1+1", "\x00", "A" * 300):
            row = lines[5].rstrip("\n").split(";")
            row[column] = value
            changed = "".join(lines[:5]) + ";".join(row) + "\n" + "".join(lines[6:])
            yield Variant(f"ranking column {column}={value[:12]!r}", "onsdag.csv", changed.encode())
    yield Variant("ranking row twice", "onsdag.csv", (CSV + lines[5]).encode())
