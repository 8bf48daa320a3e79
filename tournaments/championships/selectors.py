"""What a championship's pages read: its stages and heats, and for DM-par the places in
the final each heat earns and the pairs that hold them, with the rule behind each
(``domain.final_places``; seed 003 lines 157-296), the final's field, its SM places and
the bonus."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F
from django.utils.translation import get_language

from tournaments.models import Entry, EntryPlayer

from . import trail
from .districts import representation_districts
from .domain.final_bonus import BONUS
from .domain.final_places import (
    Allocation,
    PlacesInputError,
    allocate_results,
    final_size_reason,
)
from .domain.heat_ties import TiedLine, deciding_tie
from .domain.heats import check_heat
from .domain.qualifying import line_state
from .domain.reserves import PairPlayer, final_pair_findings, heat_pair_findings
from .domain.semifinal_places import PlacesInputError as SemifinalInputError
from .domain.semifinal_places import semifinal_places
from .domain.sm_places import outside_cap, sm_allocation
from .final_awards import BONUS_KIND
from .models import Championship, FinalPlace, Heat, Stage

HEAT_STAGES = (Stage.Kind.CLUB_HEATS, Stage.Kind.SILVER_HEATS, Stage.Kind.BRONZE_HEATS)
# The rules of a confirmed place in the final (not DM Lag's semifinal choices).
FINAL_RULES = (
    FinalPlace.Rule.T1,
    FinalPlace.Rule.T2,
    FinalPlace.Rule.T3,
    FinalPlace.Rule.DIRECT,
    FinalPlace.Rule.RULE_1,
    FinalPlace.Rule.RULE_2,
)


def _text(en: str, sv: str) -> str:
    return sv if (get_language() or "sv").startswith("sv") else en


@dataclass(frozen=True)
class QualifiedPair:
    place: int  # among the heat's qualifying pairs
    name: str
    percent: Decimal | None
    heat_place: int | None = None  # in the heat's results list
    entry_id: int | None = None


@dataclass(frozen=True)
class HeatPair:
    """A line of a heat's results as the qualification reads it (003 lines 181-195):
    ``mark`` from ``domain.qualifying``; ``note`` says why it counts or not."""

    entry_id: int
    name: str
    place: int
    place_to: int
    score: Decimal
    percent: Decimal | None
    mark: str
    counts: bool
    note: str
    struck: str


@dataclass(frozen=True)
class HeatLine:
    heat: Heat
    pairs: int
    places: int
    reasons: list[str]
    qualified: list[QualifiedPair]
    lines: list[HeatPair] = field(default_factory=list)
    tie: str = ""  # a tie for the heat's last place, where it decides one (lines 209-211)
    tie_open: bool = False  # the results share the places: the official decides
    findings: list[str] = field(default_factory=list)  # reserves (line 199)


@dataclass(frozen=True)
class Qualification:
    """The final's size and each heat's places, or why they cannot be given yet."""

    qualified: int
    final_size: int
    size_reason: str
    heats: list[HeatLine]
    problem: str = ""
    # every played heat's lines with their marks, those below the minimums too
    declarations: list[tuple[Heat, list[HeatPair]]] = field(default_factory=list)


# -- a heat's lines ------------------------------------------------------------------


def heat_lines(heat: Heat) -> list[HeatPair]:
    """Every line of the heat's results in its order (the heat's standings after its
    tie-break, 003 lines 209-211), each marked: whether it plays the qualification
    (lines 181, 185-187) or was struck (lines 193-195)."""
    if heat.tournament_id is None:
        return []
    bronze = heat.stage.kind == Stage.Kind.BRONZE_HEATS
    # Hcp 30+: every stage is played with handicap and the result with handicap
    # decides (003 line 308); a list not yet corrected falls back to the plain place.
    by_handicap = heat.stage.championship.discipline == Championship.Discipline.HCP30
    order: list = ["standing__place", "number"]
    if by_handicap:
        order.insert(0, F("standing__handicap_place").asc(nulls_last=True))
    entries = (
        Entry.objects.filter(section__tournament_id=heat.tournament_id, phantom=False)
        .filter(standing__isnull=False)
        .select_related("standing", "registration")
        .order_by(*order)
    )
    lines = []
    for entry in entries:
        registration = getattr(entry, "registration", None)
        ours = (
            registration is not None and registration.championship_id == heat.stage.championship_id
        )
        state = line_state(
            bronze=bronze,
            registered=ours,
            declared=ours and registration.plays_qualification,
            struck=entry.struck,
        )
        standing = entry.standing
        place, place_to = standing.place, standing.place_to
        if by_handicap and standing.handicap_place is not None:
            place = standing.handicap_place
            place_to = standing.handicap_place_to or place
        lines.append(
            HeatPair(
                entry_id=entry.pk,
                name=entry.name or str(entry.number),
                place=place,
                place_to=place_to,
                score=standing.score,
                percent=standing.percentage,
                mark=state.mark,
                counts=state.counts,
                note=_text(state.reason.en, state.reason.sv),
                struck=entry.struck,
            )
        )
    return lines


def heat_results(heat: Heat) -> list[tuple[str, Decimal | None]]:
    """The heat's pairs in their order, name and percentage; a line struck from the
    results (003 lines 193-195) is not among them."""
    return [(line.name, line.percent) for line in heat_lines(heat) if not line.struck]


def _counted(lines: list[HeatPair]) -> list[HeatPair]:
    return [line for line in lines if line.counts]


def _meets_minimums(heat: Heat, lines: list[HeatPair]) -> bool:
    check = _heat_check(heat, lines)
    return check is None or check.valid


def _heat_check(heat: Heat, lines: list[HeatPair]):
    kind = CHECKED.get(heat.stage.kind)
    if kind is None or heat.tournament is None:
        return None
    # Struck pairs played (outside the competition, line 193): they count as pairs of
    # the event but not in the qualification.
    return check_heat(
        kind,
        pairs=len(lines),
        boards=heat.tournament.boards,
        qualifying=len(_counted(lines)) if kind == "bronze" else None,
        sessions=heat.sessions,
    )


# -- DM-par: the places in the final ---------------------------------------------------


def qualification(championship: Championship) -> Qualification | None:
    """DM-par's places in the final from the heats played so far (None for DM Lag):
    only the pairs that play the qualification count (003 lines 181-195); a heat below
    its minimums is not a heat of the championship (``domain.heats``)."""
    if championship.form != Championship.Form.PAIRS:
        return None
    played = [(heat, heat_lines(heat)) for heat in _played_heats(championship)]
    declarations = [(heat, lines) for heat, lines in played]
    counted = [(heat, _counted(lines)) for heat, lines in played if _meets_minimums(heat, lines)]
    heats = [heat for heat, _lines in counted]
    results = [lines for _heat, lines in counted]
    qualified = sum(len(r) for r in results)
    size = final_size_reason(qualified)
    size_text = _text(size.reason.en, size.reason.sv)
    if not heats or size.size == 0:
        return Qualification(qualified, 0, size_text, [], declarations=declarations)
    listed = [[(f"e{line.entry_id}", line.percent or Decimal(0)) for line in r] for r in results]
    try:
        allocation = _allocated(listed, size.size, _lot(championship, heats))
    except PlacesInputError as refusal:
        return Qualification(
            qualified, size.size, size_text, [], problem=str(refusal), declarations=declarations
        )
    boards = {heat.pk: heat.tournament.boards for heat in heats}
    players = _players([line.entry_id for r in results for line in r])
    out = []
    for heat, result, placed in zip(heats, results, allocation.heats, strict=True):
        tie = deciding_tie(
            [TiedLine(line.name, line.score, line.place, line.place_to) for line in result],
            placed.places,
        )
        findings = []
        for line in result[: placed.places]:
            for finding in heat_pair_findings(
                line.name, players.get(line.entry_id, []), boards=boards[heat.pk]
            ):
                findings.append(_text(finding.reason.en, finding.reason.sv))
        out.append(
            HeatLine(
                heat=heat,
                pairs=placed.pairs,
                places=placed.places,
                reasons=[_text(r.en, r.sv) for r in placed.reasons],
                qualified=[
                    QualifiedPair(n, line.name, line.percent, line.place, line.entry_id)
                    for n, line in enumerate(result[: placed.places], start=1)
                ],
                lines=result,
                tie=_text(tie.reason.en, tie.reason.sv) if tie else "",
                tie_open=bool(tie and not tie.decided),
                findings=findings,
            )
        )
    return Qualification(qualified, size.size, size_text, out, declarations=declarations)


def _allocated(listed: list[list[tuple[str, Decimal]]], final: int, lot: list[int]) -> Allocation:
    """T1-T2, and T3 with each heat's first pair not placed by T1 when it is needed
    (003 lines 266-268), all from the domain; a tie T3 cannot break is the committee's
    lot (line 270): its draw once recorded, else ``LotNeeded``."""
    return allocate_results(listed, final, lot=lot)


def _lot(championship: Championship, heats: list[Heat]) -> list[int]:
    """The committee's drawn order of tied heats (the official's trail), as indexes."""
    index = {heat.pk: k for k, heat in enumerate(heats)}
    return [index[pk] for pk in trail.drawn_lot(championship) if pk in index]


def _players(entry_ids: list[int]) -> dict[int, list[PairPlayer]]:
    found: dict[int, list[PairPlayer]] = defaultdict(list)
    rows = EntryPlayer.objects.filter(entry_id__in=entry_ids).select_related("member")
    for p in rows.order_by("entry_id", "pk"):
        key = str(p.member.mid) if p.member_id else f"t{p.temporary_id or p.pk}"
        name = p.member.full_name if p.member_id else p.name
        found[p.entry_id].append(PairPlayer(key, name, p.reserve, p.boards_played))
    return found


# -- DM-par: the final's field, its SM places, the bonus ---------------------------------


@dataclass(frozen=True)
class FieldRow:
    position: int
    name: str
    rule: str
    reason: str
    declined: bool = False
    heat: str = ""


@dataclass(frozen=True)
class FinalFieldView:
    """The final's pairs: as the official confirmed them (``confirmed``), else as the
    heats' places give them so far."""

    confirmed: bool
    rows: list[FieldRow]


def final_field(
    championship: Championship, qualified: Qualification | None
) -> FinalFieldView | None:
    """The final's field for the public page (issue #21 point 4): the confirmed places
    with their rule and reason in the reader's language, declined ones marked; before
    the official confirms, the pairs the heats' places give (003 lines 238-270)."""
    if championship.form != Championship.Form.PAIRS:
        return None
    confirmed = list(
        FinalPlace.objects.filter(championship=championship, rule__in=FINAL_RULES)
        .select_related("heat")
        .order_by("position", "pk")
    )
    if confirmed:
        return FinalFieldView(
            True,
            [
                FieldRow(
                    n,
                    row.name,
                    row.get_rule_display(),
                    _text(row.reason_en, row.reason_sv or row.reason_en),
                    declined=row.declined_on is not None,
                    heat=row.heat.name if row.heat else "",
                )
                for n, row in enumerate(confirmed, start=1)
            ],
        )
    if qualified is None or not qualified.heats:
        return None
    rows = []
    for line in qualified.heats:
        for pair in line.qualified:
            rows.append(
                FieldRow(
                    len(rows) + 1,
                    pair.name,
                    _text("heat place", "heatplats"),
                    _text(
                        f"Place {pair.place} of the heat's {line.places} places.",
                        f"Plats {pair.place} av heatets {line.places} platser.",
                    ),
                    heat=line.heat.name,
                )
            )
    return FinalFieldView(False, rows)


@dataclass(frozen=True)
class SmRow:
    place: int
    name: str
    percent: Decimal | None
    outside: bool
    sm: bool
    passed: str = ""
    findings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SmView:
    """The district's SM places in the discipline and the cap for pairs from outside
    (003 lines 167-175); once the final has results, who holds them (line 177)."""

    allotted: int
    cap: int
    played: bool
    rows: list[SmRow]
    tie: str = ""
    findings: list[str] = field(default_factory=list)  # reserves in the final (201-203)


def _final_heat(championship: Championship) -> Heat | None:
    return (
        Heat.objects.filter(stage__championship=championship, stage__kind=Stage.Kind.FINAL)
        .exclude(tournament=None)
        .select_related("stage", "tournament")
        .order_by("day", "pk")
        .first()
    )


def sm_view(championship: Championship) -> SmView | None:
    """DM-par's SM places on the page (003 lines 167-177, 201-203, 211)."""
    if championship.form != Championship.Form.PAIRS or not championship.sm_places:
        return None
    allotted = championship.sm_places
    cap = outside_cap(allotted)
    final = _final_heat(championship)
    if final is None:
        return SmView(allotted, cap, False, [])
    lines = [line for line in heat_lines(final) if not line.struck]
    players = _players([line.entry_id for line in lines])
    members: dict[int, list[int]] = {line.entry_id: [] for line in lines}
    for entry_id, member_id in EntryPlayer.objects.filter(
        entry_id__in=list(members), member__isnull=False
    ).values_list("entry_id", "member_id"):
        members[entry_id].append(member_id)
    districts = representation_districts(
        (m for ms in members.values() for m in ms), championship.season
    )
    # Lines 165-168: a pair is the district's when either player represents one of its
    # clubs; otherwise (both elsewhere, or not known to the registry) it is from outside.
    outside = {
        line.entry_id: not any(
            districts.get(m) == championship.district_id for m in members[line.entry_id]
        )
        for line in lines
    }
    taken = sm_allocation(
        [(f"e{line.entry_id}", outside[line.entry_id]) for line in lines], allotted
    )
    holders = {p.place for p in taken.taken}
    passed = {p.place: _text(p.en, p.sv) for p in taken.passed}
    findings = _final_findings(championship, final, lines, players)
    rows = [
        SmRow(
            n,
            line.name,
            line.percent,
            outside[line.entry_id],
            n in holders,
            passed.get(n, ""),
            findings.get(line.entry_id, []),
        )
        for n, line in enumerate(lines, start=1)
    ]
    tie = None
    if taken.taken:
        tie = deciding_tie(
            [TiedLine(line.name, line.score, line.place, line.place_to) for line in lines],
            taken.taken[-1].place,
            what="sm",
        )
    return SmView(
        allotted,
        cap,
        True,
        rows,
        tie=_text(tie.reason.en, tie.reason.sv) if tie else "",
        findings=[text for texts in findings.values() for text in texts],
    )


def _final_findings(
    championship: Championship, final: Heat, lines: list[HeatPair], players
) -> dict[int, list[str]]:
    """Reserves in the final (003 lines 201-203): a reserve who played a qualification in
    the discipline this season; regulars of different heat pairs playing together."""
    heat_players = EntryPlayer.objects.filter(
        entry__section__tournament__heat__stage__kind__in=HEAT_STAGES,
        entry__section__tournament__heat__stage__championship__season=championship.season,
        entry__section__tournament__heat__stage__championship__form=championship.form,
        entry__section__tournament__heat__stage__championship__discipline=championship.discipline,
        member__isnull=False,
    ).values_list("member__mid", "entry_id", "reserve")
    qualified_before: set[str] = set()
    regular_of: dict[str, str] = {}
    for mid, entry_id, reserve in heat_players:
        qualified_before.add(str(mid))
        if not reserve:
            regular_of.setdefault(str(mid), str(entry_id))
    found: dict[int, list[str]] = {}
    for line in lines:
        texts = [
            _text(f.reason.en, f.reason.sv)
            for f in final_pair_findings(
                line.name,
                players.get(line.entry_id, []),
                qualified_before=qualified_before,
                regular_of=regular_of,
            )
        ]
        if texts:
            found[line.entry_id] = texts
    return found


@dataclass(frozen=True)
class BonusView:
    points: tuple[int, int, int]
    lines: str
    hcp30: bool


def bonus_view(championship: Championship) -> BonusView | None:
    """The bonus the final pays its best three of the district (000 lines 1736-1771; 003
    lines 327-345, 471), from ``domain.final_bonus``; None when it pays none."""
    kind = BONUS_KIND.get((championship.form, championship.discipline))
    if kind is None:
        return None
    points, (lines_en, lines_sv) = BONUS[kind]
    return BonusView(points, _text(lines_en, lines_sv), kind == "hcp30")


# -- DM Lag ------------------------------------------------------------------------------


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


def _played_heats(championship: Championship) -> list[Heat]:
    return list(
        Heat.objects.filter(stage__championship=championship, stage__kind__in=HEAT_STAGES)
        .exclude(tournament=None)
        .select_related("stage", "club", "tournament")
        .order_by("day", "name")
    )


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
            heat.stage = stage  # the prefetched heat reads its stage's kind
            check = _heat_check(heat, heat_lines(heat)) if heat.tournament else None
            if check is None:
                heats.append(HeatRow(heat, "", []))
                continue
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
