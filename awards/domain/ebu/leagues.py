"""Teams leagues, events in sections (divisions) of differing status, and restricted or
invitation events.

Source: seed ``001_4cb9a3c6036a851e.txt``: 4.8 "Teams leagues" (lines 3217-3424: the
match-winning award 4.8.2, ranking awards to the top quarter 4.8.3, the key figure
4.8.4, the Club, District and County charts 4.8.5-4.8.7, five teams below Division 1
4.8.8, sub-divided divisions 4.8.9), 4.9 "Other events divided into two or more sections
of differing status" (lines 3425-3549: minimum sizes 4.9.2, each section's status
4.9.4-4.9.8), 4.10 "Restricted/invitation events" (lines 3550-3587); with 4.5-4.6
(award per match won, lines 2565-2930: 36+ boards 4.5.2, ranking +50% at 72+ boards
4.5.3, the 4.6.3 table and example 4.6.5(c)) and 4.1.7 (72+ boards, lines 2146-2150).

One rule behind both 4.8 and 4.9: a section's status is a multiple of Club status
between the organiser's own (the bottom section) and a ceiling (Section 1 of the
longest printed chart), half a Club level a section apart while the charts print them,
constant reductions between the two limits beyond (4.9.8). A league division's "key
figure" (4.8.4) is 27 (the Club award for winning an 18-35 board match, 4.6.3) times
that multiple, and is both the award per match won and the lowest ranking award.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..core import Reason
from .basic import basic_awards, basic_scale_letter
from .core import (
    FACTOR,
    LADDER,
    EbuInputError,
    EbuOptions,
    EbuResult,
    minimum_award,
    paid_places,
    status_name,
    to_points,
)
from .per_match import per_match_award, ranking_places, won_total

H = Fraction(1, 2)

# 4.9.5-4.9.7 (lines 3467-3535): each section's status as a multiple of Club status, by
# the organiser's status and the number of sections (Section 1 first). 4.9.6 is headed
# "For a District league" but stands between the Club and County organisations' charts:
# read as a District organisation's.
PRINTED_SECTIONS: dict[str, dict[int, tuple[Fraction, ...]]] = {
    "club": {  # lines 3467-3485
        1: (Fraction(1),),
        2: (3 * H, Fraction(1)),
        3: (Fraction(2), 3 * H, Fraction(1)),
    },
    "district": {  # lines 3489-3511
        1: (3 * H,),
        2: (Fraction(2), 3 * H),
        3: (5 * H, Fraction(2), 3 * H),
        4: (Fraction(3), 5 * H, Fraction(2), 3 * H),
    },
    "county": {  # lines 3513-3535
        1: (Fraction(2),),
        2: (5 * H, Fraction(2)),
        3: (Fraction(3), 5 * H, Fraction(2)),
        4: (7 * H, Fraction(3), 5 * H, Fraction(2)),
        5: (Fraction(4), 7 * H, Fraction(3), 5 * H, Fraction(2)),
    },
}

# 4.8.5-4.8.7 (lines 3287-3382): the key figure of each division (Club points per match
# won, 18-35 board matches, 72+ boards in all), Division 1 first. Generated as
# ceil(27 × the section's multiple); ``test_leagues`` compares every cell.
PRINTED_LEAGUE_KEYS: dict[str, dict[int, tuple[int, ...]]] = {
    "club": {  # lines 3291-3301
        1: (27,),
        2: (41, 27),
        3: (54, 41, 27),
        4: (54, 45, 36, 27),
        5: (54, 48, 41, 34, 27),
    },
    "district": {  # lines 3318-3332
        1: (41,),
        2: (54, 41),
        3: (68, 54, 41),
        4: (81, 68, 54, 41),
        5: (81, 71, 61, 51, 41),
        6: (81, 73, 65, 57, 49, 41),
        7: (81, 75, 68, 61, 55, 48, 41),
    },
    "county": {  # lines 3350-3372
        1: (54,),
        2: (68, 54),
        3: (81, 68, 54),
        4: (95, 81, 68, 54),
        5: (108, 95, 81, 68, 54),
        6: (108, 98, 87, 76, 65, 54),
        7: (108, 99, 90, 81, 72, 63, 54),
        8: (108, 101, 93, 85, 78, 70, 62, 54),
        9: (108, 102, 95, 88, 81, 75, 68, 61, 54),
    },
}

# 4.6.3 (lines 2702-2782): Club award for winning a match of 18-35 boards (boards × 1½,
# at most 18 boards' worth).
CLUB_MATCH_AWARD = 27
FULL_MATCH_BOARDS = 18
LONG_MATCH_BOARDS = 36

# 4.9.2 (lines 3437-3447), 4.8.8 (lines 3386-3388): the least full tables of any section
# but the top one; a smaller one is discounted and paid as the next higher section.
SECTION_MINIMUM = {"individual": 3, "four-winner": 3, "two-winner": 4, "single-winner": 4}
SECTION_MINIMUM_TEAMS = 5
# 4.8.9 (lines 3415-3419): "a minimum entry of 3 teams to attract a points award".
LEAGUE_MINIMUM_TEAMS = 3

MOVEMENTS = ("teams", "two-winner", "single-winner", "individual", "four-winner")


def _ceiling(status: str) -> Fraction:
    """Section 1 of the longest printed chart (4.9.8: "awards for the top and bottom
    sections are as stated")."""
    longest = max(PRINTED_SECTIONS[status])
    return PRINTED_SECTIONS[status][longest][0]


def _check_status(status: str) -> None:
    if status not in PRINTED_SECTIONS:
        raise EbuInputError(
            "status",
            f"4.8-4.9 print section charts for club, district and county organisers only, "
            f"not {status} (lines 3287-3382, 3467-3535; 3.11.1: apply to the EBU)",
            sv=(
                "4.8-4.9 har grupptabeller endast för arrangörer på klubb-, distrikts- "
                f"och grevskapsnivå, inte {status} (rad 3287-3382, 3467-3535; 3.11.1: "
                "ansök hos EBU)"
            ),
        )


def section_factor_rule(*, status: str, sections: int, section: int) -> Fraction:
    """The rule behind 4.9.5-4.9.8 (lines 3461-3540): Section ``section`` of ``sections``
    is the organiser's status (the bottom section) plus half a Club level for each
    section below it, the top held at the ceiling of the charts; past the charts the
    top and bottom are as stated and the others fall by constant reductions (4.9.8)."""
    _check_status(status)
    if not 1 <= section <= sections:
        raise EbuInputError(
            "division",
            f"{section} is not one of 1..{sections}",
            sv=f"{section} är inte en av 1..{sections}",
        )
    bottom = FACTOR[status]
    top = min(bottom + H * (sections - 1), _ceiling(status))
    if sections == 1:
        return bottom
    return top - (top - bottom) * (section - 1) / (sections - 1)


def section_factor(*, status: str, sections: int, section: int) -> Fraction:
    """The status multiple of Section (Division) ``section`` of ``sections`` in an event
    of an organiser of ``status``: the printed charts 4.9.5-4.9.7 (lines 3467-3535) where
    they print it, else the constant reductions of 4.9.8 (lines 3536-3540)."""
    _check_status(status)
    printed = PRINTED_SECTIONS[status].get(sections)
    if printed is not None and 1 <= section <= sections:
        return printed[section - 1]
    return section_factor_rule(status=status, sections=sections, section=section)


def key_figure(factor: Fraction) -> Fraction:
    """4.8.4 (lines 3251-3283): a division's award per 18-35 board match won, and its
    lowest ranking award at 72+ boards: 27 × the division's multiple (kept exact; the
    charts print it rounded up)."""
    return CLUB_MATCH_AWARD * factor


def raised_between(factor: Fraction) -> Fraction:
    """4.1.7 (lines 2146-2150) for a section between two statuses (2½ × Club, 3½ × Club,
    the constant reductions of 4.9.8): "one level" up keeps its place between the two
    statuses around it, raised one level each (2½ between County and Regional becomes
    3½ between Regional and National)."""
    values = [value for _name, value in LADDER]
    for low, high, up_low, up_high in zip(values, values[1:], values[1:], values[2:], strict=False):
        if low <= factor <= high:
            return up_low + (up_high - up_low) * (factor - low) / (high - low)
    raise ValueError(f"{factor} cannot be raised a level")


def restricted_factor(status: str) -> Fraction:
    """4.10.2-4.10.3 (lines 3558-3580): an event restricted to the top or bottom players,
    or an invitation play-off of other organisations' champions, is a basic event of its
    organiser: its own status, its own entry, no allowance for earlier qualifying."""
    if status not in FACTOR:
        raise EbuInputError(
            "status",
            f"{status!r} is not an organiser's status (3.2)",
            sv=f"{status!r} är ingen arrangörsstatus (3.2)",
        )
    return FACTOR[status]


def counted_place(*, movement: str, divisions: int, division: int, tables: int) -> tuple[int, int]:
    """(sections, section) as counted for the status of Section ``division``: a section
    below its 4.9.2 size (4.8.8 for league divisions) is discounted, the event then
    counting one section fewer, and is paid as the next higher proper section (lines
    3441-3447). Only the asked section's size is known: the others are taken as proper."""
    least = SECTION_MINIMUM_TEAMS if movement == "teams" else SECTION_MINIMUM[movement]
    if division > 1 and tables < least:
        return divisions - 1, division - 1
    return divisions, division


def league_match_award(
    *, status: str, sections: int, section: int, factor: Fraction, boards_per_match: int
) -> Fraction:
    """The award per match won in a division (4.8.2, lines 3231-3237): for 18-35 board
    matches the chart's figure where 4.8.5-4.8.7 print one (kept as printed: District,
    7 divisions, Division 5 is printed 55, the rule gives 54); otherwise 4.6.3's award
    (lines 2702-2780) at the division's multiple, which is pro rata below 18 boards and
    +50% at 36+."""
    printed = PRINTED_LEAGUE_KEYS.get(status, {}).get(sections)
    if printed is not None and FULL_MATCH_BOARDS <= boards_per_match < LONG_MATCH_BOARDS:
        return Fraction(printed[section - 1])
    return per_match_award(factor=factor, boards_per_match=boards_per_match)


def awards_for(options: EbuOptions) -> EbuResult:
    """The calculator's leagues and sections form (4.8-4.9): ``--divisions D --division
    K`` with ``--status`` (the organiser's), ``--movement``, ``--tables`` (teams or full
    tables in that division), ``--boards`` (each competitor's total); with
    ``--boards-per-match`` the award per match won (``per_match``) and the ranking awards
    of 4.8.3-4.8.4, otherwise the basic scale at the division's multiple."""
    _check(options)
    assert options.divisions is not None and options.division is not None
    assert options.movement is not None and options.tables is not None
    assert options.boards is not None
    movement, boards = options.movement, options.boards
    tables = math.floor(options.tables)
    sections, section = counted_place(
        movement=movement, divisions=options.divisions, division=options.division, tables=tables
    )
    discounted = section != options.division
    factor = section_factor(status=options.status, sections=sections, section=section)
    rules = [_section_reason(options, factor)]
    if discounted:
        rules.append(
            Reason(
                "4.9.2",
                sv=f"Division {options.division} är för liten och räknas inte: den får "
                "närmast högre divisions poäng (4.8.8, 4.9.2)",
                en=f"Division {options.division} is too small and is discounted: it takes "
                "the next higher division's awards (4.8.8, 4.9.2)",
            )
        )
    per_match_event = options.boards_per_match is not None and _attracts_per_match(
        movement, boards, options.boards_per_match
    )
    if per_match_event:
        assert options.boards_per_match is not None
        per_match = league_match_award(
            status=options.status,
            sections=sections,
            section=section,
            factor=factor,
            boards_per_match=options.boards_per_match,
        )
        return _league(options, factor, per_match, tables, tuple(rules))
    if options.won is not None:
        raise EbuInputError(
            "won",
            "needs an event with an award per match won (4.5.2)",
            sv="kräver en tävling med poäng per vunnen match (4.5.2)",
        )
    if options.boards_per_match is not None:
        rules.append(
            Reason(
                "4.5.2",
                sv="Under 36 brickor (eller parmatcher under 6 brickor): en vanlig tävling "
                "utan poäng per vunnen match (4.5.2)",
                en="Under 36 boards (or pairs matches under 6 boards): a basic event with no "
                "award per match won (4.5.2)",
            )
        )
    return _basic_section(options, factor, tables, tuple(rules))


def _check(options: EbuOptions) -> None:
    _check_status(options.status)
    if options.divisions is None or options.division is None:
        raise EbuInputError(
            "divisions",
            "needs --divisions D and --division K (4.8, 4.9)",
            sv="kräver --divisions D och --division K (4.8, 4.9)",
        )
    if not 1 <= options.division <= options.divisions:
        raise EbuInputError(
            "division",
            f"{options.division} is not one of 1..{options.divisions}",
            sv=f"{options.division} är inte en av 1..{options.divisions}",
        )
    if options.movement is None:
        raise EbuInputError(
            "movement",
            "the event's movement is needed (4.1.4, 4.9.2)",
            sv="tävlingens rörelse behövs (4.1.4, 4.9.2)",
        )
    if options.movement not in MOVEMENTS:
        raise EbuInputError(
            "movement",
            f"{options.movement!r} is not a movement (4.1.4)",
            sv=f"{options.movement!r} är ingen rörelse (4.1.4)",
        )
    if options.tables is None:
        raise EbuInputError(
            "tables",
            "the teams (full tables) in the division (4.8.3)",
            sv="lagen (hela bord) i divisionen (4.8.3)",
        )
    if options.boards is None:
        raise EbuInputError(
            "boards",
            "each competitor's total boards (4.8.3, 4.1.2)",
            sv="varje deltagares totala antal brickor (4.8.3, 4.1.2)",
        )
    for name in ("major", "strat", "stage", "ladder", "knockout", "event"):
        value = getattr(options, name)
        if value not in (None, False):
            raise EbuInputError(
                name,
                "not defined for a league or an event in sections (4.8, 4.9)",
                sv="inte definierat för en serie eller en tävling i grupper (4.8, 4.9)",
            )


def _attracts_per_match(movement: str, boards: int, boards_per_match: int) -> bool:
    """4.5.1-4.5.2 (lines 2569-2597): 36+ boards in all, and 6+ board matches unless a
    teams event; otherwise a basic event."""
    if boards < 36:
        return False
    return movement == "teams" or boards_per_match >= 6


def _league(
    options: EbuOptions,
    factor: Fraction,
    per_match: Fraction,
    tables: int,
    rules: tuple[Reason, ...],
) -> EbuResult:
    assert options.boards is not None and options.boards_per_match is not None
    boards = options.boards
    extra: list[tuple[str, object]] = []
    rules += (_league_reason(options, factor),)
    scale = _letter(factor, "Q")
    if tables < LEAGUE_MINIMUM_TEAMS:
        why = Reason(
            scale,
            sv="Färre än 3 lag (hela bord): inga mästarpoäng (3.1.1, 4.8.9)",
            en="Fewer than 3 teams (full tables): no master points (3.1.1, 4.8.9)",
        )
        return EbuResult(
            scale,
            status_name(factor, options.status),
            factor,
            options.colour,
            0,
            (),
            rules=rules,
            why=why,
        )
    extra.append(("per_match", to_points(per_match, options.colour)))
    if options.won is not None:
        if options.won > Fraction(boards, options.boards_per_match):
            raise EbuInputError(
                "won",
                f"{options.won} wins in {boards} boards of {options.boards_per_match}",
                sv=(
                    f"{options.won} vinster på {boards} brickor i matcher om "
                    f"{options.boards_per_match}"
                ),
            )
        total = won_total(won=options.won, per_match=per_match, factor=factor)
        extra.append(("won_total", to_points(total, options.colour)))
    assert options.movement is not None
    # 4.8.3-4.8.4: "Scale QA plus 50%" at the division's multiple, to the top quarter.
    ranking = ranking_places(factor=factor, movement=options.movement, tables=tables, boards=boards)
    minimum = minimum_award(factor)
    places = paid_places(ranking, options.ties, minimum, options.colour)
    return EbuResult(
        scale,
        status_name(factor, options.status),
        factor,
        options.colour,
        len(ranking),
        places,
        extra=tuple(extra),
        rules=rules,
    )


def _basic_section(
    options: EbuOptions, factor: Fraction, tables: int, rules: tuple[Reason, ...]
) -> EbuResult:
    assert options.boards is not None and options.movement is not None
    boards = options.boards
    if boards >= 72:
        factor = raised_between(factor)
        rules += (
            Reason(
                "4.1.7",
                sv="72+ brickor: sektionens status höjs en nivå (4.1.7)",
                en="72+ boards: the section's status is raised one level (4.1.7)",
            ),
        )
    on_ladder = factor in FACTOR.values()
    scale = basic_scale_letter(factor if on_ladder else Fraction(1), options.movement)
    awards = basic_awards(factor=factor, movement=options.movement, tables=tables, boards=boards)
    places = paid_places(awards, options.ties, minimum_award(factor), options.colour)
    return EbuResult(
        scale,
        status_name(factor, options.status),
        factor,
        options.colour,
        len(awards),
        places,
        rules=rules,
    )


def _letter(factor: Fraction, prefix: str) -> str:
    """The quali-final scale of a status on the ladder; a multiple between statuses is
    Scale QA times it (4.9.6-4.9.7 print "2½ x Club awards")."""
    letters = {Fraction(1): "A", 3 * H: "B", Fraction(2): "C", Fraction(3): "D", Fraction(4): "E"}
    return prefix + letters.get(factor, "A")


def _section_reason(options: EbuOptions, factor: Fraction) -> Reason:
    multiple = f"{float(factor):g}"
    return Reason(
        "4.9",
        sv=f"{options.status}-arrangör, {options.divisions} divisioner/sektioner: division "
        f"{options.division} får {multiple} × klubbpoäng (4.8.5-4.8.7, 4.9.4-4.9.8)",
        en=f"{options.status} organiser, {options.divisions} divisions/sections: division "
        f"{options.division} is awarded {multiple} × Club (4.8.5-4.8.7, 4.9.4-4.9.8)",
    )


def _league_reason(options: EbuOptions, factor: Fraction) -> Reason:
    return Reason(
        "4.8",
        sv=f"Poäng per vunnen match {float(key_figure(factor)):g} vid 18-35 brickor; "
        "rankingpoäng till bästa fjärdedelen, lägsta lika med poängen per match vid 72+ "
        "brickor (4.8.2-4.8.4)",
        en=f"Award per match won {float(key_figure(factor)):g} for 18-35 boards; ranking "
        "awards to the top quarter, the lowest equal to the match award at 72+ boards "
        "(4.8.2-4.8.4)",
    )
