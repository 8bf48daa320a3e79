"""The annual novice/beginners licence: seed 001 (EBU handbook) 1.4.2, lines 587-627.

The Handbook lists what approved sessions "typically" are (lines 603-627) and says it is
"difficult to be too prescriptive": so each criterion is a warning the office weighs,
and an office approving a licence that misses one must say why (``workflow.approve``).
Two things are not typical but the licence itself: it is annual (line 597) and it is
for "one such event each week" (line 597), so a second licence of the same
organisation over the same period, or one longer than a year, is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .handbook import (
    AREA_MASTER_POINTS,
    NOVICE_LICENCE_MAX_DAYS,
    NOVICE_MAX_ABOVE_AREA_MASTER_PERCENT,
    _check,
)
from .model import Application, Check, Severity


@dataclass(frozen=True)
class Criterion:
    """One of 1.4.2's typical criteria: its line in the seed, whether ``app`` meets
    it, and what the check says when it does and when it does not."""

    rule_id: str
    line: int
    met: Callable[[Application], bool]
    met_en: str
    met_sv: str
    unmet_en: str
    unmet_sv: str


def _few_above_area_master(app: Application) -> bool:
    share = app.above_area_master_percent
    return share is not None and share <= NOVICE_MAX_ABOVE_AREA_MASTER_PERCENT


_LIMIT = NOVICE_MAX_ABOVE_AREA_MASTER_PERCENT

# 1.4.2, lines 607-627, in the Handbook's order.
NOVICE_CRITERIA: tuple[Criterion, ...] = (
    Criterion(
        "novice.beginners",
        607,
        lambda app: app.for_novices,
        "For novices/beginners, to bring them into mainstream club competitions",
        "För nybörjare, för att föra dem vidare till klubbens ordinarie tävlingar",
        "The sessions should be for novices/beginners, aiming to bring them into "
        "mainstream club competitions; not stated",
        "Spelet bör vara för nybörjare och syfta till att föra dem vidare till klubbens "
        "ordinarie tävlingar; inte angivet",
    ),
    Criterion(
        "novice.above_area_master",
        613,
        _few_above_area_master,
        f"At most {_LIMIT}% of the players above Area Master ({AREA_MASTER_POINTS} master points)",
        f"Högst {_LIMIT} % av spelarna över Area Master ({AREA_MASTER_POINTS} mästarpoäng)",
        f"Not more than {_LIMIT}% of the players should be above Area Master "
        f"({AREA_MASTER_POINTS} master points)",
        f"Högst {_LIMIT} % av spelarna bör vara över Area Master "
        f"({AREA_MASTER_POINTS} mästarpoäng)",
    ),
    Criterion(
        "novice.open_entry",
        617,
        lambda app: not app.members_only,
        "Open to non-members of the club and of the EBU",
        "Öppet för den som inte är medlem i klubben eller EBU",
        "The sessions should be open to non-members of the club and hence the EBU; "
        "entry is restricted to EBU members",
        "Spelet bör vara öppet för icke-medlemmar i klubben och därmed i EBU; "
        "det är begränsat till EBU-medlemmar",
    ),
    Criterion(
        "novice.no_master_points",
        621,
        lambda app: not app.awards_master_points,
        "No Master Points are awarded",
        "Inga mästarpoäng delas ut",
        "Novice/beginner sessions should not award Master Points",
        "Nybörjarspel bör inte ge mästarpoäng",
    ),
    Criterion(
        "novice.no_grading",
        625,
        lambda app: not app.counts_for_grading,
        "Does not count towards the National Grading Scheme, English Bridge or the diary",
        "Räknas inte i National Grading Scheme, för English Bridge eller årsdagboken",
        "The sessions should not count towards the National Grading Scheme or the "
        "players' qualification for English Bridge or the annual diary",
        "Spelet bör inte räknas i National Grading Scheme eller för spelarnas rätt till "
        "English Bridge eller årsdagboken",
    ),
)


def _criterion_check(criterion: Criterion, app: Application) -> Check:
    met = criterion.met(app)
    en, sv = (
        (criterion.met_en, criterion.met_sv) if met else (criterion.unmet_en, criterion.unmet_sv)
    )
    if (
        criterion.rule_id == "novice.above_area_master"
        and app.above_area_master_percent is not None
    ):
        share = app.above_area_master_percent.normalize()
        en, sv = f"{en}; {share:f}% expected", f"{sv}; {share:f} % väntas"
    elif criterion.rule_id == "novice.above_area_master":
        en, sv = f"{en}; no share given", f"{sv}; ingen andel angiven"
    return _check(criterion.rule_id, met, Severity.WARNING, en, sv, "1.4.2")


def novice_checks(app: Application, other_licences: tuple[str, ...] = ()) -> list[Check]:
    """Every 1.4.2 check of a novice/beginners application: the two refusals (one
    weekly event, annual) and the five typical criteria as warnings.

    ``other_licences``: the numbers of the organisation's other novice licences
    (submitted or granted) whose dates meet this one's."""
    checks = [
        _check(
            "novice.one_a_week",
            not other_licences,
            Severity.REFUSAL,
            "One annual novice/beginners licence covers one event each week"
            + (
                f"; the organisation already holds {', '.join(other_licences)} for these dates"
                if other_licences
                else ""
            ),
            "En årslicens för nybörjarspel gäller ett tillfälle i veckan"
            + (
                f"; organisationen har redan {', '.join(other_licences)} för samma tid"
                if other_licences
                else ""
            ),
            "1.4.2",
        )
    ]
    if app.start_date is not None and app.end_date is not None:
        days = (app.end_date - app.start_date).days + 1
        checks.append(
            _check(
                "novice.annual",
                days <= NOVICE_LICENCE_MAX_DAYS,
                Severity.REFUSAL,
                f"An annual licence runs for a year at most; {days} days asked for",
                f"En årslicens gäller högst ett år; {days} dagar begärda",
                "1.4.2",
            )
        )
    checks += [_criterion_check(c, app) for c in NOVICE_CRITERIA]
    return checks


# The typical criteria's checks: an office approving an application that misses one
# says why (``workflow.approve``).
NOVICE_CRITERION_IDS = frozenset(c.rule_id for c in NOVICE_CRITERIA)
