"""An EBU scorer's master point and charge facts against the event's licence.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook):
3.2 (lines 1752-1766: the status levels Club, District, County, Regional, National),
4.1.1 (lines 2054-2056: Scale A for Club events ... Scale E for National events),
4.1.7 (lines 2146-2148: 72+ boards raise the status one level), 2.8.1-2.8.2 (lines
1522-1556: the results file's UMS charge code; code 02 for a supplementary file) and
the Appendix's subscription codes (lines 7286-7385). The mapping is decided in
docs/usebio_ebu.md. Plain Python: the licence comes in as :class:`LicenceFacts`.

A file that contradicts its licence is saved with a located warning: the licence,
not the file, says what the event is (ours stand).
"""

from __future__ import annotations

from dataclasses import dataclass

from .report import FileAwards, Problem
from .text import Text, gettext_noop, in_file

# 3.2 / 4.1.1: a status word or its basic scale letter -> the status level (1 Club ...
# 5 National, as the licences number them). Scale F (individuals) names no status.
STATUS_OF_SCALE = {
    "club": 1,
    "a": 1,
    "district": 2,
    "b": 2,
    "county": 3,
    "c": 3,
    "regional": 4,
    "d": 4,
    "national": 5,
    "e": 5,
}
# The levels in words, translated where the warning is read (the licences' own words).
STATUS_NAMES = {
    1: Text(gettext_noop("Club")),
    2: Text(gettext_noop("District")),
    3: Text(gettext_noop("County")),
    4: Text(gettext_noop("Regional")),
    5: Text(gettext_noop("National")),
}

# 4.1.7: "For events of 72+ boards duration, the status is increased by one level."
RAISED_FROM_BOARDS = 72

# Appendix, "EBU Universal Membership subscription codes": the codes a licence of each
# type is charged under. 02 (a supplementary file, 2.8.2) goes with any licence.
SUPPLEMENTARY = "02"
CODES_OF_LICENCE = {
    "open_event": frozenset({"30", "50", "60"}),
    "club_open_event": frozenset({"30", "50"}),
    "novice_annual": frozenset({"22"}),
    "teams_league": frozenset({"21"}),
    "simultaneous_pairs": frozenset({"30", "06", "07"}),
    "charity": frozenset({"40"}),
    "package": frozenset({"70", "71"}),
}
# Codes 70 and 71 are a commercial operator's (in and outside England).
COMMERCIAL_CODES = frozenset({"70", "71"})
# Codes that say "licensed" (30 licensed event, 40 licensed charity event, 60 licensed
# county green-pointed event): without a licence they are a contradiction too.
LICENSED_CODES = frozenset({"30", "40", "60"})


@dataclass(frozen=True)
class LicenceFacts:
    """What the licence says that the file must agree with."""

    number: str
    licence_type: str
    status: int | None
    blue_points: bool = False
    commercial: bool = False


def licence_warnings(
    facts: FileAwards | None,
    licence: LicenceFacts | None,
    *,
    boards: int,
    filename: str = "",
) -> list[Problem]:
    """Each fact of the file that its licence contradicts, at the element it was read from."""
    if facts is None:
        return []
    problems: list[Problem] = []

    def warn(name: str, template: str, params: dict[str, object]) -> None:
        problems.append(
            Problem(in_file(filename, facts.where.get(name, "")), Text(template, params))
        )

    if licence is None:
        if facts.charge_code in LICENSED_CODES:
            warn(
                "charge_code",
                gettext_noop(
                    "charge code %(code)s is for a licensed event, but the organiser holds "
                    "no licence for this date (Handbook Appendix, subscription codes)"
                ),
                {"code": facts.charge_code},
            )
        return problems

    for name, value in (("scale", facts.scale), ("event_rating", facts.event_rating)):
        if not value:
            continue
        level = STATUS_OF_SCALE.get(value.strip().casefold())
        if level is None:
            warn(
                name,
                gettext_noop(
                    "%(value)s is not a status or scale the Handbook names (3.2, 4.1.1), "
                    "so it is not checked against licence %(licence)s"
                ),
                {"value": repr(value), "licence": licence.number},
            )
            continue
        if licence.status is None or level == licence.status:
            continue
        raised = boards >= RAISED_FROM_BOARDS and level == licence.status + 1
        if not raised:
            warn(
                name,
                gettext_noop(
                    "%(value)s is %(level)s status, but licence %(licence)s grants "
                    "%(status)s status (Handbook 3.2, 4.1.1; one level more only for "
                    "72 boards or more, 4.1.7)"
                ),
                {
                    "value": repr(value),
                    "level": STATUS_NAMES[level],
                    "licence": licence.number,
                    "status": STATUS_NAMES.get(licence.status, licence.status),
                },
            )

    code = facts.charge_code
    allowed = CODES_OF_LICENCE.get(licence.licence_type)
    if code and code != SUPPLEMENTARY and allowed is not None:
        if licence.commercial:
            allowed = allowed | COMMERCIAL_CODES
        if code not in allowed:
            warn(
                "charge_code",
                gettext_noop(
                    "charge code %(code)s does not fit licence %(licence)s, which is charged "
                    "as %(allowed)s (Handbook 2.8.1 and Appendix, subscription codes)"
                ),
                {"code": code, "licence": licence.number, "allowed": ", ".join(sorted(allowed))},
            )

    if facts.point_type.casefold() == "blue" and not licence.blue_points:
        warn(
            "point_type",
            gettext_noop(
                "the file awards blue points, but licence %(licence)s is not for a blue "
                "point event (Handbook chapter 5)"
            ),
            {"licence": licence.number},
        )
    return problems
