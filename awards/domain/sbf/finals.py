"""The B-final (and lower finals) of a silver event with carry-over.

Source: ``000_18af0e66f52a62b2.txt`` lines 404-422: sp may be given in the other finals
too if the carry-over from the qualifying counts, but only with the competition
committee's (TK's) permission, applied for before the event, saying how the sp are
shared between the A-final and the others; without carry-over a B- or lower final gives
bp by the usual scales; gold goes to the A-final only. The example (lines 434-440):
places 1-9 of the A-final get sp, places 1-2 of the B-final the sp places 10-11 of the
A-final would have given, the other entitled pairs of the B-final bp.

How a user says it (options, ``options.py``): the B-final carries ``b_final`` with the
A-final's ``total_pairs``, ``qualifying_rounds`` and ``a_final_rounds``; with TK's
permission also ``b_final_silver`` (the permission's reference) and
``b_final_silver_from`` (the A-final place whose sp the B-final's winner gets). The
A-final then carries ``a_final_silver_places`` (its own sp places, 9 in the example).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from awards.domain.core import Colour, OutOfRange, Reason

from . import bronze_pairs, rules, silver_pairs
from .scale import Line, Scale

SEED_LINES = "000 lines 404-440"
# Bronze in a silver event is the bronze scale times 2, in a gold event times 3
# (docs/awards.md, "Bronze in silver and gold events").
BRONZE_MULTIPLIER = {Colour.BRONZE: 1, Colour.SILVER: 2, Colour.GOLD: 3}


def _refuse(sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason("D", sv, en))


def _bronze_lines(entries: int, level: Colour, *, after: int) -> list[Line]:
    """The B-final field's bronze scale, times the level's multiplier, from the place
    after ``after`` to the best third ("delas bp ut efter gällande skalor")."""
    if entries < 4:
        raise _refuse("En B-final med bp kräver minst 4 par", "A B-final with bp needs 4 pairs")
    table = "A1" if entries <= 32 else "A2"
    field = bronze_pairs.scale(table, entries).lines
    multiplier = BRONZE_MULTIPLIER[level]
    lines = []
    for place in range(after + 1, rules.bronze_places(entries) + 1):
        value = field[place - 1].credited if place <= len(field) else Decimal(rules.BRONZE_MINIMUM)
        points = value * multiplier
        lines.append(Line(Colour.BRONZE, points, points))
    return lines


def b_final(
    *,
    entries: int,
    level: Colour,
    total_pairs: int | None,
    qualifying_rounds: int | None,
    a_final_rounds: int | None,
    permission: str | None,
    silver_from: int | None,
) -> Scale:
    """The B-final's scale: bp only, or with TK's permission the A-final's sp from
    place ``silver_from`` on, then bp."""
    if not permission:
        lines = _bronze_lines(entries, level, after=0)
        note = ("B-final utan TK:s tillstånd: bp", "B-final without TK's permission: bp")
        return Scale("D", entries, "pairs", tuple(lines), (note,), 4 * BRONZE_MULTIPLIER[level])
    missing = [
        name
        for name, value in (
            ("total_pairs", total_pairs),
            ("qualifying_rounds", qualifying_rounds),
            ("a_final_rounds", a_final_rounds),
            ("b_final_silver_from", silver_from),
        )
        if not value
    ]
    if missing:
        names = ", ".join(missing)
        raise _refuse(
            f"B-final med sp enligt TK:s tillstånd behöver {names}",
            f"A B-final with sp by TK's permission needs {names}",
        )
    assert total_pairs and qualifying_rounds and a_final_rounds and silver_from
    a_scale = silver_pairs.a_final(
        total_pairs=total_pairs,
        qualifying_rounds=qualifying_rounds,
        final_rounds=a_final_rounds,
        level=Colour.SILVER,  # gold goes to the A-final only (line 423)
    )
    a_silver = [line for line in a_scale.lines if line.colour is Colour.SILVER]
    silver = a_silver[silver_from - 1 :]
    if silver_from < 2 or not silver:
        raise _refuse(
            f"A-finalen har {len(a_silver)} sp-placeringar; B-finalen kan inte börja på plats {silver_from}",
            f"The A-final has {len(a_silver)} sp places; the B-final cannot start at its place {silver_from}",
        )
    silver = silver[:entries]
    lines = list(silver)
    lines += _bronze_lines(entries, level, after=len(lines))
    last = silver_from + len(silver) - 1
    note = (
        f"B-final med TK:s tillstånd {permission}: A-finalens sp för plats {silver_from}-{last}",
        f"B-final with TK's permission {permission}: the A-final's sp of places {silver_from}-{last}",
    )
    return Scale("D", entries, "pairs", tuple(lines), (note,), 4 * BRONZE_MULTIPLIER[level])


def a_final_with_b_final_silver(a_scale: Scale, places: int) -> Scale:
    """The A-final's scale when TK let a B-final take the sp after ``places``."""
    kept = tuple(line for line in a_scale.lines[:places])
    note = (
        f"sp till plats {places}, resten till B-finalen (TK:s tillstånd)",
        f"sp to place {places}, the rest to the B-final (TK's permission)",
    )
    return replace(a_scale, lines=kept, notes=(*a_scale.notes, note))
