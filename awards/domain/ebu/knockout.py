"""Knock-out events with local points: single and double elimination teams and single
elimination pairs; the award per match won in each round, the preliminary rounds, the
most rounds a contest counts, the round deemed for a knock-out stage reached by
qualifying, consolation knock-outs and the double-elimination bye.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.7 (lines 2931-3216) with the general principles of 4.5 (lines 2565-2687):
4.5.6-4.5.8 (2- and 3-team finals, triangles, draws), 4.6.1 (a 2- or 3-team final from
5+ original tables, lines 2692-2694). The county teams knock-out with green points
(chapter 6) is :mod:`.green`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core import Reason
from .core import (
    FACTOR,
    EbuInputError,
    EbuOptions,
    EbuResult,
    check_local_or_blue,
    check_status,
    raised,
    status_name,
    to_points,
)

# 4.7.7 (lines 2982-3138): Club awards per match won, 18-35 board matches, by round:
# index 0 the preliminary round, then Round 1, 2, ... up to the contest's last round
# (4.7.4, lines 2962-2964: 6 rounds single elimination teams, 8 double elimination, 7
# single elimination pairs; the printed "-" cells are rounds past the last).
SCALE: dict[str, tuple[int, ...]] = {
    "single-teams": (27, 27, 38, 54, 76, 108, 152),  # lines 3018-3056
    "double-teams": (27, 27, 27, 27, 38, 54, 76, 108, 152),  # lines 3058-3098
    "single-pairs": (27, 27, 27, 38, 54, 76, 108, 152),  # lines 3100-3138
}
NAMES = {
    "single-teams": ("single elimination teams", "utslagning för lag"),
    "double-teams": ("double elimination teams", "dubbel utslagning för lag"),
    "single-pairs": ("single elimination pairs", "utslagning för par"),
}
SCALE_NAME = "KO"  # the 4.7.7 table has no letter

# 4.7.3 (lines 2953-2958): awards assume 18-35 board matches; 36+ raise the status one
# level for those matches, fewer boards reduce pro rata.
FULL_MATCH = 18
LONG_MATCH = 36
# 4.5.2 (lines 2589-2595): a pairs event's matches are 6+ boards.
SHORTEST_PAIRS_MATCH = 6
CONSOLATION_SHARE = Fraction(1, 2)  # 4.7.10, lines 3170-3174
BYE_SHARE = Fraction(2, 3)  # 4.7.8, lines 3142-3150
# 3.1.1 (lines 1684-1696): 3 complete teams; a single-winner pairs field of 3 tables.
SMALLEST_ENTRY = {"single-teams": 3, "double-teams": 3, "single-pairs": 6}
# 4.6.1 (lines 2692-2694): a 3-competitor final counts as a knock-out final when the
# original entry had 5+ full tables (5 teams, 10 pairs).
SMALLEST_FOR_SHORT_FINAL = {"single-teams": 5, "double-teams": 5, "single-pairs": 10}


@dataclass(frozen=True)
class Round:
    """The round a match is played in: ``label`` "prelim" or "1".."8"; ``between`` the
    two full rounds (indices in :data:`SCALE`) whose awards a preliminary round played
    after the start averages (4.7.5), else empty."""

    label: str
    index: int
    between: tuple[int, int] | None = None


def last_round(knockout: str) -> int:
    """4.7.4 (lines 2962-2964): the most full rounds the contest counts (6, 8 or 7)."""
    return len(_scale(knockout)) - 1


def round_award(knockout: str, played: Round) -> Fraction:
    """The Club award per match won of a round, 18-35 board matches (4.7.7, lines
    2982-3138), a preliminary round after the start being the average of the full
    rounds either side (4.7.5, lines 2968-2972)."""
    scale = _scale(knockout)
    if played.between is not None:
        before, after = played.between
        return Fraction(scale[before] + scale[after], 2)
    return Fraction(scale[played.index])


def named_round(knockout: str, name: str) -> Round:
    """The round ``--round`` names: "prelim" or 1..the contest's last round (4.7.4:
    count any rounds beyond it at the start, as preliminary rounds)."""
    if name == "prelim":
        return Round("prelim", 0)
    last = last_round(knockout)
    if not name.isdigit() or not 1 <= int(name) <= last:
        raise EbuInputError(
            "round",
            f"{NAMES[knockout][0]} has rounds prelim and 1..{last} (4.7.4, 4.7.7); a longer "
            "contest counts its extra first rounds as preliminary rounds",
            sv=(
                f"{NAMES[knockout][1]} har ronderna prelim och 1..{last} (4.7.4, 4.7.7); "
                "en längre tävling räknar sina extra första ronder som inledande ronder"
            ),
        )
    return Round(name, int(name))


def deemed_round(knockout: str, *, entries: int, remaining: int) -> Round:
    """4.7.9 (lines 3154-3166): the round of a knock-out stage that ``remaining``
    competitors of an original entry of ``entries`` play, deemed to be the round it
    would have been had all the entry played knock-out throughout: "from an entry of
    32 teams, 8 qualify ... deemed to be Round 3".

    The knock-out throughout first plays a preliminary round down to a power of two
    when the entry is not one (4.7.10 example (b): 24 teams, a preliminary round and one
    full round to leave 8), and counts rounds beyond its last as preliminary ones at the
    start (4.7.4). A stage of a number left that no full round leaves is a preliminary
    round played later, the average of the full rounds before and after it (4.7.5); a
    3-competitor final is the final (4.5.6). Double elimination defines no round by the
    number left: its rounds are named with ``--round``."""
    if knockout == "double-teams":
        raise EbuInputError(
            "entries",
            "a double elimination contest has no round by the number left (4.7.9 counts a "
            "single knock-out): give --round",
            sv=(
                "en tävling med dubbel utslagning har ingen rond efter antalet kvar "
                "(4.7.9 räknar en enkel utslagning): ange --round"
            ),
        )
    if entries < SMALLEST_ENTRY[knockout]:
        raise EbuInputError(
            "entries",
            f"{entries}: at least {SMALLEST_ENTRY[knockout]} competitors (3.1.1)",
            sv=f"{entries}: minst {SMALLEST_ENTRY[knockout]} deltagare (3.1.1)",
        )
    if not 2 <= remaining <= entries:
        raise EbuInputError(
            "remaining",
            f"{remaining} left of {entries}: 2..{entries} (4.7.9)",
            sv=f"{remaining} kvar av {entries}: 2..{entries} (4.7.9)",
        )
    if remaining == 3:
        # 4.6.1: a 3-team final counts as the knock-out's final (a triangle, 4.5.7) from
        # an original entry of 5+ full tables. (A 2-team final is any knock-out's.)
        if entries < SMALLEST_FOR_SHORT_FINAL[knockout]:
            raise EbuInputError(
                "entries",
                "a 3-competitor final counts as a knock-out final from an original entry "
                "of 5+ full tables (4.6.1)",
                sv=(
                    "en final med 3 deltagare räknas som en utslagningsfinal från ett "
                    "ursprungligt antal anmälda på 5+ hela bord (4.6.1)"
                ),
            )
        remaining = 2
    knockout_size = 1 << (entries.bit_length() - 1)  # the power of two a prelim leaves
    extra = max(0, knockout_size.bit_length() - 1 - last_round(knockout))

    def number(left: int) -> int:
        """The round played by ``left`` (a power of two), 0 for a preliminary one."""
        return max(0, (knockout_size // left).bit_length() - extra)

    if remaining > knockout_size:
        return Round("prelim", 0)
    if remaining & (remaining - 1) == 0:
        index = number(remaining)
        return Round(str(index) if index else "prelim", index)
    above = 1 << remaining.bit_length()
    return Round("prelim", 0, (number(above), number(above // 2)))


def knockout_award(
    *,
    knockout: str,
    played: Round,
    factor: Fraction,
    boards_per_match: int,
    consolation: bool = False,
    bye: bool = False,
) -> Fraction:
    """The award per match won, per player, exact (4.7.3-4.7.10, lines 2953-3213): the
    round's Club award (:func:`round_award`) times the status factor (4.7.6), one level
    up for matches of 36+ boards, pro rata below 18 boards (4.7.3); half in a
    consolation knock-out (4.7.10); two thirds for the bye of an undefeated team in a
    double elimination contest (4.7.8). Rounding is the caller's, at the end."""
    if boards_per_match < 1:
        raise EbuInputError(
            "boards-per-match", "a match has at least one board", sv="en match har minst en bricka"
        )
    if knockout == "single-pairs" and boards_per_match < SHORTEST_PAIRS_MATCH:
        raise EbuInputError(
            "boards-per-match",
            f"{boards_per_match}-board matches: a pairs knock-out needs 6+ (4.5.2)",
            sv=(f"matcher om {boards_per_match} brickor: en parutslagning kräver 6+ (4.5.2)"),
        )
    if bye and knockout != "double-teams":
        raise EbuInputError(
            "bye",
            "only a double elimination contest gives a bye (4.7.8)",
            sv="bara en tävling med dubbel utslagning ger frirond (4.7.8)",
        )
    award = round_award(knockout, played)
    if boards_per_match >= LONG_MATCH:
        award *= raised(factor)
    else:
        award *= factor * Fraction(min(boards_per_match, FULL_MATCH), FULL_MATCH)
    if consolation:
        award *= CONSOLATION_SHARE
    if bye:
        award *= BYE_SHARE
    return award


def awards_for(options: EbuOptions) -> EbuResult:
    """A knock-out's award per match won in one round (``--knockout``; 4.7): the round
    by ``--round`` or deemed from ``--entries`` and ``--remaining`` (4.7.9), with
    ``--boards-per-match``, ``--status`` (and ``--major``), ``--consolation`` and
    ``--bye``. A knock-out has no ranking awards (4.5.3): ``places`` is empty."""
    knockout = _knockout(options)
    _refuse_foreign(options)
    if options.boards_per_match is None:
        raise EbuInputError(
            "boards-per-match",
            "needed: the award depends on it (4.7.3)",
            sv="behövs: poängen beror på det (4.7.3)",
        )
    factor = FACTOR[options.status]
    if options.major:
        # 3.7.2: a knock-out is a quali-final event; 4.2.1-4.2.2 raise a major one.
        factor = raised(factor)
    played = _round(options, knockout)
    award = knockout_award(
        knockout=knockout,
        played=played,
        factor=factor,
        boards_per_match=options.boards_per_match,
        consolation=options.consolation,
        bye=options.bye,
    )
    match_factor = raised(factor) if options.boards_per_match >= LONG_MATCH else factor
    round_value: object = int(played.label) if played.label.isdigit() else played.label
    return EbuResult(
        scale=SCALE_NAME,
        status=status_name(match_factor),
        factor=match_factor,
        colour=options.colour,
        awards=0,
        places=(),
        extra=(("round", round_value), ("per_match", to_points(award, options.colour))),
        rules=tuple(_reasons(options, knockout, played, factor)),
    )


def _scale(knockout: str) -> tuple[int, ...]:
    try:
        return SCALE[knockout]
    except KeyError:
        raise EbuInputError(
            "knockout",
            f"{knockout!r} is not one of {', '.join(SCALE)} (4.7.2)",
            sv=f"{knockout!r} är inte en av {', '.join(SCALE)} (4.7.2)",
        ) from None


def _knockout(options: EbuOptions) -> str:
    if options.knockout is None:
        raise EbuInputError(
            "knockout",
            f"which knock-out: {', '.join(SCALE)} (4.7.2)",
            sv=f"vilken utslagning: {', '.join(SCALE)} (4.7.2)",
        )
    _scale(options.knockout)
    return options.knockout


def _round(options: EbuOptions, knockout: str) -> Round:
    if options.round is not None:
        if options.entries is not None or options.remaining is not None:
            name = "entries" if options.entries is not None else "remaining"
            raise EbuInputError(
                name,
                "give either --round or --entries and --remaining",
                sv="ange antingen --round eller --entries och --remaining",
            )
        return named_round(knockout, options.round)
    if options.entries is None or options.remaining is None:
        name = "remaining" if options.entries is not None else "round"
        raise EbuInputError(
            name,
            "needed: --round, or --entries and --remaining for a qualified stage (4.7.9)",
            sv=(
                "behövs: --round, eller --entries och --remaining för en kvalificerad "
                "omgång (4.7.9)"
            ),
        )
    return deemed_round(knockout, entries=options.entries, remaining=options.remaining)


def _refuse_foreign(options: EbuOptions) -> None:
    defaults = EbuOptions()
    for name in (
        "movement",
        "tables",
        "boards",
        "ties",
        "stage",
        "original_tables",
        "premier_tables",
        "qualifying_stages",
        "won",
        "divisions",
        "division",
        "strat",
        "ladder",
        "games",
        "final",
        "event",
    ):
        if getattr(options, name) != getattr(defaults, name):
            flag = "tie" if name == "ties" else name.replace("_", "-")
            raise EbuInputError(
                flag, "not used by a knock-out (4.7)", sv="används inte av en utslagning (4.7)"
            )
    check_status(options.status)
    check_local_or_blue(options.colour)


def _reasons(options: EbuOptions, knockout: str, played: Round, factor: Fraction) -> list[Reason]:
    en_name, sv_name = NAMES[knockout]
    boards = options.boards_per_match or 0
    if played.between is not None:
        before, after = played.between
        round_en = f"a later preliminary round: the mean of rounds {before} and {after} (4.7.5)"
        round_sv = f"en senare inledande omgång: medel av omgång {before} och {after} (4.7.5)"
    elif played.label == "prelim":
        round_en, round_sv = "preliminary round (4.7.5)", "inledande omgång (4.7.5)"
    else:
        round_en, round_sv = f"round {played.label}", f"omgång {played.label}"
    out = [
        Reason(
            SCALE_NAME,
            sv=f"Utslagning (4.7.7), {sv_name}, {round_sv}",
            en=f"Knock-out (4.7.7), {en_name}, {round_en}",
        )
    ]
    if options.entries is not None:
        out.append(
            Reason(
                "4.7.9",
                sv=(
                    f"{options.remaining} kvar av {options.entries}: omgången räknas som om "
                    "alla hade spelat utslag från början (4.7.9)"
                ),
                en=(
                    f"{options.remaining} left of {options.entries}: the round is deemed as "
                    "if all had played knock-out throughout (4.7.9)"
                ),
            )
        )
    if boards >= LONG_MATCH:
        out.append(
            Reason(
                "4.7.3",
                sv=f"Matcher om {boards} brickor: en nivå högre (4.7.3)",
                en=f"{boards}-board matches: one status level up (4.7.3)",
            )
        )
    elif boards < FULL_MATCH:
        out.append(
            Reason(
                "4.7.3",
                sv=f"Matcher om {boards} brickor: {boards}/18 av poängen (4.7.3)",
                en=f"{boards}-board matches: {boards}/18 of the award (4.7.3)",
            )
        )
    if options.consolation:
        out.append(
            Reason("4.7.10", sv="Tröstutslag: halva poängen (4.7.10)", en="Consolation: half")
        )
    if options.bye:
        out.append(
            Reason(
                "4.7.8",
                sv="Fri omgång för obesegrat lag: två tredjedelar (4.7.8)",
                en="Bye for an undefeated team: two thirds (4.7.8)",
            )
        )
    return out
