"""Late arrival and slow play in a team series: the minutes a director reports, as VP.

Source: seed 003 (ÖMBF's DM Lag rules, ``003_796cec548aee39db.txt``), "Sen ankomst"
(lines 794-812) and "Långsamt spel" (lines 814-824). Each scale is a table of steps with
its seed line beside it. "5+ - 10" reads "more than 5, at most 10 minutes"; minutes are
counted exactly (a started minute is late: the form asks whole minutes, rounded up).
docs/district-championships.md has the readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

Kind = Literal["late", "slow"]


@dataclass(frozen=True)
class Step:
    """More than ``over`` and at most ``up_to`` minutes cost ``vp`` (0: a warning)."""

    over: int
    up_to: int
    vp: Decimal
    line: int


# "Försening i minuter samt bestraffning" (lines 800-806): per team and round.
LATE_ARRIVAL_SCALE: Final = (
    Step(0, 5, Decimal(0), 802),  # "Varning"
    Step(5, 10, Decimal(1), 803),
    Step(10, 15, Decimal(2), 804),
    Step(15, 20, Decimal(3), 805),
    Step(20, 25, Decimal(4), 806),
)
LATE_ARRIVAL_LONGEST_WAIT: Final = 25  # "Längre än ... 25 minuter behöver inte ... vänta"
LATE_ARRIVAL_LONGEST_WAIT_LINE: Final = 808
# "varnad för sen ankomst vid tidigare tillfälle ... Som minimum 0,5 VP i seriespel."
WARNED_MINIMUM: Final = Decimal("0.5")
WARNED_MINIMUM_LINE: Final = 810
ON_TIME_LINE: Final = 798  # late: not "redo för spel vid den annonserade spelstarten"

# "Skalan nedan anger bestraffningen *per försenat bord*" (lines 816-822).
SLOW_PLAY_SCALE: Final = (
    Step(0, 5, Decimal(1), 818),
    Step(5, 10, Decimal("1.5"), 819),
    Step(10, 15, Decimal(2), 820),
    Step(15, 20, Decimal("2.5"), 821),
    Step(20, 25, Decimal(3), 822),
)
SLOW_PLAY_COMMITTEE_LINE: Final = 824  # "mer än 25 minuters tidsöverdrag ... ÖMBF TK"
NOT_DELAYED_LINE: Final = 816

SEED: Final = "003"


@dataclass(frozen=True)
class TimePenalty:
    """What a late arrival or a delayed table costs: ``vp`` off the team's match VP,
    ``warning`` when it is a warning only, ``to_committee`` when the case goes to
    ÖMBF TK; ``line`` the seed line it follows, with the reason in both languages."""

    vp: Decimal
    warning: bool
    to_committee: bool
    line: int
    reason_en: str
    reason_sv: str


def _check(minutes: int | Decimal) -> Decimal:
    value = Decimal(minutes)
    if not value.is_finite() or value < 0:
        raise ValueError(f"minutes must be a number of at least 0, not {minutes!r}")
    return value


def _step(scale: tuple[Step, ...], minutes: Decimal) -> Step | None:
    return next((s for s in scale if s.over < minutes <= s.up_to), None)


def _vp_text(vp: Decimal, swedish: bool) -> str:
    text = f"{vp.normalize():f}"
    return text.replace(".", ",") if swedish else text


def late_arrival(minutes: int | Decimal, *, warned_before: bool = False) -> TimePenalty:
    """A team's late arrival for a round (lines 798-810).

    Over 25 minutes the opponents need not have waited (line 808); when the match
    was played all the same, the scale's last step applies (4 VP) and the case is
    flagged for the committee, which alone may rule a W.O. (line 774). A team
    warned for late arrival earlier in the event gets at least 0,5 VP (line 810).
    """
    value = _check(minutes)
    m = f"{value.normalize():f}"
    if value == 0:
        return TimePenalty(Decimal(0), False, False, ON_TIME_LINE, "on time", "i tid")
    step = _step(LATE_ARRIVAL_SCALE, value)
    if step is None:  # over 25 minutes
        last = LATE_ARRIVAL_SCALE[-1]
        return TimePenalty(
            vp=last.vp,
            warning=False,
            to_committee=True,
            line=LATE_ARRIVAL_LONGEST_WAIT_LINE,
            reason_en=(
                f"late arrival {m} min: over 25 minutes the opponents need not wait; "
                f"played all the same, {_vp_text(last.vp, False)} VP by the scale, "
                f"and a case for the committee (W.O.: line 774)"
            ),
            reason_sv=(
                f"sen ankomst {m} min: över 25 minuter behöver motståndarna inte vänta; "
                f"matchen spelades, {_vp_text(last.vp, True)} VP enligt skalan, "
                f"och ärendet till TK (W.O.: rad 774)"
            ),
        )
    if step.vp == 0 and warned_before:
        return TimePenalty(
            vp=WARNED_MINIMUM,
            warning=False,
            to_committee=False,
            line=WARNED_MINIMUM_LINE,
            reason_en=(
                f"late arrival {m} min, warned before in the event: at least "
                f"{_vp_text(WARNED_MINIMUM, False)} VP"
            ),
            reason_sv=(
                f"sen ankomst {m} min, varnad tidigare i tävlingen: minst "
                f"{_vp_text(WARNED_MINIMUM, True)} VP"
            ),
        )
    if step.vp == 0:
        return TimePenalty(
            vp=Decimal(0),
            warning=True,
            to_committee=False,
            line=step.line,
            reason_en=f"late arrival {m} min ({step.over}+ to {step.up_to}): a warning",
            reason_sv=f"sen ankomst {m} min ({step.over}+ – {step.up_to}): varning",
        )
    return TimePenalty(
        vp=step.vp,
        warning=False,
        to_committee=False,
        line=step.line,
        reason_en=(
            f"late arrival {m} min ({step.over}+ to {step.up_to}): {_vp_text(step.vp, False)} VP"
        ),
        reason_sv=(
            f"sen ankomst {m} min ({step.over}+ – {step.up_to}): {_vp_text(step.vp, True)} VP"
        ),
    )


def slow_play(minutes: int | Decimal) -> TimePenalty:
    """One delayed table (lines 816-824): the scale per table; over 25 minutes the
    committee (ÖMBF TK) handles the case and may rule the match lost, so no VP is
    deducted here; the director enters the committee's ruling as another penalty."""
    value = _check(minutes)
    m = f"{value.normalize():f}"
    if value == 0:
        return TimePenalty(
            Decimal(0), False, False, NOT_DELAYED_LINE, "not delayed", "inte försenat"
        )
    step = _step(SLOW_PLAY_SCALE, value)
    if step is None:
        return TimePenalty(
            vp=Decimal(0),
            warning=False,
            to_committee=True,
            line=SLOW_PLAY_COMMITTEE_LINE,
            reason_en=(
                f"slow play {m} min: over 25 minutes, for the committee "
                "(it may rule the match lost)"
            ),
            reason_sv=(
                f"långsamt spel {m} min: över 25 minuter, till TK (kan döma matchen förlorad)"
            ),
        )
    return TimePenalty(
        vp=step.vp,
        warning=False,
        to_committee=False,
        line=step.line,
        reason_en=(
            f"slow play {m} min ({step.over}+ to {step.up_to}): {_vp_text(step.vp, False)} VP"
        ),
        reason_sv=(
            f"långsamt spel {m} min ({step.over}+ – {step.up_to}): {_vp_text(step.vp, True)} VP"
        ),
    )


def shared(penalty: TimePenalty) -> TimePenalty:
    """Half of a delayed table's penalty, for each team when both pairs were to blame
    (line 816, "det ena eller båda paren ... i proportion till skulden"): an even
    share, unless the director rules otherwise (another VP penalty). A case for the
    committee has no VP to share: it goes to the committee against both."""
    if penalty.vp == 0:
        return penalty
    half = penalty.vp / 2
    return TimePenalty(
        vp=half,
        warning=penalty.warning,
        to_committee=penalty.to_committee,
        line=penalty.line,
        reason_en=f"{penalty.reason_en}, shared by both teams: {_vp_text(half, False)} VP each",
        reason_sv=f"{penalty.reason_sv}, delat mellan lagen: {_vp_text(half, True)} VP vardera",
    )


def time_penalty(kind: Kind, minutes: int | Decimal, *, warned_before: bool = False) -> TimePenalty:
    """The scale of ``kind`` ("late" or "slow") for ``minutes``."""
    if kind == "late":
        return late_arrival(minutes, warned_before=warned_before)
    if kind == "slow":
        return slow_play(minutes)
    raise ValueError(f"kind must be 'late' or 'slow', not {kind!r}")
