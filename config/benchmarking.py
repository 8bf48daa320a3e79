"""What the fault and pipeline benchmarks share with the tests: reports that overlap in
their players, and the state a pipeline leaves, by natural keys (club, event, MID), so
that a run under faults can be compared with a clean run one report after another."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from awards.models import MasterPointAward, MasterPointHolding, Promotion, RankingScore
from handicap.models import HandicapChange, MemberHandicap
from members.models import Club
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Standing, Tournament


@dataclass(frozen=True)
class Report:
    club: Club
    event_id: str
    data: bytes

    @property
    def filename(self) -> str:
        return f"{self.event_id}.xml"


def overlapping_reports(
    *,
    mids: list[int],
    clubs: list[Club],
    count: int = 2,
    shared: int = 24,
    tables: int = 10,
    boards: int = 24,
    day: date,
    tag: str,
    rng: random.Random,
) -> list[Report]:
    """``count`` pairs reports of ``tables`` tables each, every two of them sharing
    ``shared`` players: the case that lost points when two clubs reported at once."""
    common = rng.sample(mids, shared)
    rest = [m for m in mids if m not in set(common)]
    reports = []
    for n in range(count):
        own = rng.sample(rest, 4 * tables - shared)
        rest = [m for m in rest if m not in set(own)]
        players = common + own
        rng.shuffle(players)
        event_id = f"{tag}-{n}"
        data = synthetic_usebio(
            tables=tables, boards=boards, mids=players, rng=rng, event_id=event_id, day=day
        )
        reports.append(Report(clubs[n % len(clubs)], event_id, data))
    return reports


State = dict[str, list[tuple]]


def snapshot() -> State:
    """Everything the pipeline writes, by natural keys, sorted: standings, the ledger,
    holdings, promotions, ranking, the handicap history and the current handicaps."""
    event = ("tournament__organiser_club__number", "tournament__event_id")

    def rows(queryset, *fields) -> list[tuple]:
        return sorted(tuple(str(v) for v in row) for row in queryset.values_list(*fields))

    return {
        "tournaments": rows(
            Tournament.objects.all(),
            "organiser_club__number",
            "event_id",
            "report_version",
            "level",
            "pipeline_status",
        ),
        "standings": rows(
            Standing.objects.all(),
            "entry__section__tournament__organiser_club__number",
            "entry__section__tournament__event_id",
            "entry__section__name",
            "entry__number",
            "entry__direction",
            "place",
            "place_to",
            "score",
        ),
        "ledger": rows(
            MasterPointAward.objects.all(),
            *event,
            "member__mid",
            "colour",
            "exact",
            "credited",
            "bonus",
            "table",
        ),
        "holdings": rows(
            MasterPointHolding.objects.all(),
            "member__mid",
            "bronze",
            "silver",
            "gold",
            "master_class",
        ),
        "promotions": rows(
            Promotion.objects.all(), "member__mid", "master_class", "reached_on", *event
        ),
        "ranking": rows(RankingScore.objects.all(), "member__mid", "points", "computed_on"),
        "handicap history": rows(
            HandicapChange.objects.all(),
            "member__mid",
            *event,
            "match__round",
            "played_on",
            "old",
            "change",
            "new",
        ),
        "current handicaps": rows(
            MemberHandicap.objects.all(), "member__mid", "handicap", "updated_on"
        ),
    }


@dataclass(frozen=True)
class Difference:
    lost: int  # rows the clean run has that this run has not
    extra: int  # rows this run has that the clean run has not (duplicated or wrong)
    where: tuple[str, ...]  # the kinds of rows that differ

    @property
    def none(self) -> bool:
        return not self.lost and not self.extra


def compare(run: State, clean: State) -> Difference:
    lost = extra = 0
    where = []
    for kind, expected in clean.items():
        got = run.get(kind, [])
        missing = _minus(expected, got)
        surplus = _minus(got, expected)
        if missing or surplus:
            where.append(kind)
        lost += missing
        extra += surplus
    return Difference(lost, extra, tuple(where))


def _minus(a: Iterable[tuple], b: Iterable[tuple]) -> int:
    left: dict[tuple, int] = {}
    for row in a:
        left[row] = left.get(row, 0) + 1
    for row in b:
        if left.get(row):
            left[row] -= 1
    return sum(left.values())
