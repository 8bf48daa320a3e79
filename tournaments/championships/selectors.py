"""What a championship's pages read: its stages and heats, and for DM-par the places in
the final each heat earns and the pairs that hold them, with the rule behind each
(``domain.final_places``; seed 003 lines 157-296)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import get_language

from tournaments.models import Entry

from .domain.final_places import (
    Allocation,
    LotNeeded,
    PercentagesNeeded,
    PlacesInputError,
    allocate,
    final_size_reason,
)
from .domain.heats import check_heat
from .domain.semifinal_places import PlacesInputError as SemifinalInputError
from .domain.semifinal_places import semifinal_places
from .models import Championship, Heat, Stage

HEAT_STAGES = (Stage.Kind.CLUB_HEATS, Stage.Kind.SILVER_HEATS, Stage.Kind.BRONZE_HEATS)


@dataclass(frozen=True)
class QualifiedPair:
    place: int
    name: str
    percent: Decimal | None


@dataclass(frozen=True)
class HeatLine:
    heat: Heat
    pairs: int
    places: int
    reasons: list[str]
    qualified: list[QualifiedPair]


@dataclass(frozen=True)
class Qualification:
    """The final's size and each heat's places, or why they cannot be given yet."""

    qualified: int
    final_size: int
    size_reason: str
    heats: list[HeatLine]
    problem: str = ""


def _text(en: str, sv: str) -> str:
    return sv if (get_language() or "sv").startswith("sv") else en


def heat_results(heat: Heat) -> list[tuple[str, Decimal | None]]:
    """The heat's pairs in their order (the heat's standings after its tie-break, 003
    lines 209-211): name and percentage."""
    if heat.tournament_id is None:
        return []
    entries = (
        Entry.objects.filter(section__tournament_id=heat.tournament_id, phantom=False)
        .filter(standing__isnull=False)
        .order_by("standing__place", "number")
        .values_list("name", "standing__percentage")
    )
    return [(name, percent) for name, percent in entries]


def qualification(championship: Championship) -> Qualification | None:
    """DM-par's places in the final from the heats played so far (None for DM Lag)."""
    if championship.form != Championship.Form.PAIRS:
        return None
    played = [(heat, heat_results(heat)) for heat in _played_heats(championship)]
    # A heat below its minimums is not a heat of the championship (domain.heats).
    counted = [(heat, result) for heat, result in played if _meets_minimums(heat, result)]
    heats = [heat for heat, _result in counted]
    results = [result for _heat, result in counted]
    sizes = [len(r) for r in results]
    qualified = sum(sizes)
    size = final_size_reason(qualified)
    size_text = _text(size.reason.en, size.reason.sv)
    if not heats or size.size == 0:
        return Qualification(qualified, 0, size_text, [])
    try:
        allocation = _allocated(sizes, size.size, results)
    except PlacesInputError as refusal:
        return Qualification(qualified, size.size, size_text, [], problem=str(refusal))
    lines = []
    for heat, result, placed in zip(heats, results, allocation.heats, strict=True):
        lines.append(
            HeatLine(
                heat=heat,
                pairs=placed.pairs,
                places=placed.places,
                reasons=[_text(r.en, r.sv) for r in placed.reasons],
                qualified=[
                    QualifiedPair(n, name, percent)
                    for n, (name, percent) in enumerate(result[: placed.places], start=1)
                ],
            )
        )
    return Qualification(qualified, size.size, size_text, lines)


@dataclass(frozen=True)
class SemifinalQualification:
    """DM Lag: each heat's places in the semifinals, or why they are not settled."""

    teams: int
    places: int
    heats: list[HeatLine]
    problem: str = ""


def semifinal_qualification(championship: Championship) -> SemifinalQualification | None:
    """DM Lag's semifinal places from the heats played so far (003 lines 571-582): each
    heat's share of the places, the teams that hold them in the heat's order."""
    if championship.form != Championship.Form.TEAMS or not championship.semifinal_places:
        return None
    heats = _played_heats(championship)
    results = [heat_results(heat) for heat in heats]
    sizes = [len(r) for r in results]
    places = championship.semifinal_places
    if not heats:
        return SemifinalQualification(0, places, [])
    try:
        shared = semifinal_places(sizes, places)
    except SemifinalInputError as refusal:
        return SemifinalQualification(sum(sizes), places, [], problem=refusal.message)
    problem = ""
    if shared.contest is not None:
        heat_names = ", ".join(heats[n - 1].name for n in shared.contest.heats)
        problem = _text(
            f"{shared.contest.places} place(s) undecided between {heat_names}: the next "
            f"teams' records, then the committee's lot (003 lines 575-582)",
            f"{shared.contest.places} plats(er) oavgjorda mellan {heat_names}: nästa lags "
            f"resultat, sedan kommitténs lottning (003 rad 575-582)",
        )
    lines = [
        HeatLine(
            heat=heat,
            pairs=placed.teams,
            places=placed.places,
            reasons=[_text(r.en, r.sv) for r in placed.reasons],
            qualified=[
                QualifiedPair(n, name, None)
                for n, (name, _p) in enumerate(result[: placed.places], start=1)
            ],
        )
        for heat, result, placed in zip(heats, results, shared.heats, strict=True)
    ]
    return SemifinalQualification(sum(sizes), places, lines, problem)


def _meets_minimums(heat: Heat, result: list) -> bool:
    kind = CHECKED.get(heat.stage.kind)
    if kind is None or heat.tournament is None:
        return True
    return check_heat(kind, pairs=len(result), boards=heat.tournament.boards).valid


def _played_heats(championship: Championship) -> list[Heat]:
    return list(
        Heat.objects.filter(stage__championship=championship, stage__kind__in=HEAT_STAGES)
        .exclude(tournament=None)
        .select_related("stage", "club", "tournament")
        .order_by("day", "name")
    )


def _allocated(sizes: list[int], final: int, results) -> Allocation:
    """T1-T2, and T3 with each heat's first pair not placed by T1 when it is needed
    (003 lines 266-268); a tie T3 cannot break is the committee's lot (line 270)."""
    try:
        return allocate(sizes, final)
    except LotNeeded:
        raise
    except PercentagesNeeded:
        total = sum(sizes)
        next_percent = []
        for size, result in zip(sizes, results, strict=True):
            whole = size * final // total
            percent = result[whole][1] if whole < len(result) else None
            next_percent.append(percent if percent is not None else Decimal(0))
        return allocate(sizes, final, next_percent)


# The heats whose minimums and colour seed 003 states (lines 181-189).
CHECKED = {Stage.Kind.SILVER_HEATS: "silver", Stage.Kind.BRONZE_HEATS: "bronze"}


@dataclass(frozen=True)
class HeatRow:
    heat: Heat
    colour: str  # "silver" or "bronze" once played, "" otherwise
    problems: list[str]


def stage_rows(championship: Championship) -> list[tuple[Stage, list[HeatRow]]]:
    """Each stage with its heats; a played silver or bronze heat with the colour it pays
    and what it lacks of its minimums (``domain.heats``)."""
    rows = []
    stages = championship.stages.prefetch_related("heats__club", "heats__tournament")
    for stage in stages:
        heats = []
        for heat in stage.heats.all():
            kind = CHECKED.get(stage.kind)
            if kind is None or heat.tournament is None:
                heats.append(HeatRow(heat, "", []))
                continue
            check = check_heat(kind, pairs=len(heat_results(heat)), boards=heat.tournament.boards)
            problems = [_text(p.en, p.sv) for p in check.problems]
            heats.append(HeatRow(heat, check.colour, problems))
        rows.append((stage, heats))
    return rows


def district_part(viewer, user=None) -> dict | None:
    """The district official's start page: their district's championships, newest
    season first (issue #21: run by the district official from their start page)."""
    if not viewer.roles.districts:
        return None
    championships = Championship.objects.filter(district__in=list(viewer.roles.districts))
    return {"championships": list(championships.order_by("-season", "form", "discipline")[:8])}
