"""DM Par Hcp 30+ (seed 003 lines 298-316): each registered pair's handicaps on the last
registration day, whether the pair may play, and the final's order with handicap.

The rule is plain Python in ``domain/hcp30.py``; the handicap in force on a day comes
from the history (``history.handicaps_before``). The championship lives in
``tournaments.championships``, below this app: it may be read here, not the other way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Prefetch
from django.utils import formats
from django.utils.translation import gettext as _

from members.models import Member
from tournaments.championships.models import Championship, Heat, RegisteredPlayer, Registration
from tournaments.domain.standings import close_up
from tournaments.models import EntryPlayer, Standing, Tournament

from .domain.hcp30 import MIN_HEAT_PAIRS, PlayerOnDay, Verdict, check_pair, heat_big_enough
from .history import handicaps_before
from .models import MemberHandicap


@dataclass(frozen=True)
class PlayerLine:
    member: Member
    handicap: Decimal | None  # as published, one decimal; None: no handicap on the day


@dataclass(frozen=True)
class PairLine:
    registration: Registration
    players: list[PlayerLine]
    verdict: Verdict | None  # None: the championship has no last registration day
    text: str


@dataclass(frozen=True)
class FinalRow:
    place: str  # on the list with handicap ("3", "3=")
    plain_place: str  # without handicap
    entry: str
    players: list[str]
    percentage: Decimal | None
    struck: str = ""


@dataclass(frozen=True)
class FinalHeat:
    heat: Heat
    handicap_event: bool
    pairs: int  # every pair on the heat's results, struck ones too
    rows: list[FinalRow]
    struck: list[FinalRow] = field(default_factory=list)


@dataclass(frozen=True)
class Hcp30Check:
    day: date | None
    pairs: list[PairLine]
    final: list[FinalHeat]
    problems: list[str]

    @property
    def eligible(self) -> int:
        return sum(1 for pair in self.pairs if pair.verdict and pair.verdict.eligible)


def handicaps_on(day: date, member_ids: Iterable[int]) -> dict[int, Decimal]:
    """Each member's handicap in force at the end of ``day``: their last history row
    played on or before it; without one, the start handicap they hold until their first
    competition. Members with neither have no handicap and are left out."""
    members = sorted(set(member_ids))
    found = dict(handicaps_before(day + timedelta(days=1), members))
    missing = [m for m in members if m not in found]
    if missing:
        found.update(
            MemberHandicap.objects.filter(member_id__in=missing).values_list("member_id", "start")
        )
    return found


def hcp30_check(championship: Championship) -> Hcp30Check:
    """The page's facts for a Hcp 30+ championship: every pair still registered with
    both players' handicaps on ``registration_closes`` and the verdict (line 308), the
    final's order with handicap (line 308), and what keeps its stages from the rules
    (handicap events, line 308; at least 11 pairs a heat, line 316)."""
    day = championship.registration_closes
    registrations = list(
        Registration.objects.filter(championship=championship, withdrawn_on__isnull=True)
        .select_related("heat")
        .prefetch_related(
            Prefetch(
                "players",
                queryset=RegisteredPlayer.objects.select_related("member").order_by("pk"),
            )
        )
        .order_by("registered_on", "pk")
    )
    member_ids = [p.member_id for r in registrations for p in r.players.all()]
    handicaps = handicaps_on(day, member_ids) if day is not None else {}
    pairs = [_pair_line(r, day, handicaps) for r in registrations]
    heats = list(
        Heat.objects.filter(stage__championship=championship)
        .select_related("stage", "tournament", "club")
        .order_by("stage__starts_on", "stage__pk", "day", "name")
    )
    problems = []
    if day is None:
        problems.append(
            _(
                "The championship has no last registration day: the check reads both "
                "players' handicaps on that day (003 line 308)."
            )
        )
    final = _final_heats([h for h in heats if h.stage.kind == h.stage.Kind.FINAL])
    problems.extend(_stage_problems(heats, final))
    return Hcp30Check(day=day, pairs=pairs, final=final, problems=problems)


def _pair_line(registration: Registration, day: date | None, handicaps: dict) -> PairLine:
    members = [p.member for p in registration.players.all()]
    on_day = [
        PlayerOnDay(m.full_name, handicaps.get(m.pk) if day is not None else None) for m in members
    ]
    lines = [PlayerLine(m, p.shown) for m, p in zip(members, on_day, strict=True)]
    if day is None:
        return PairLine(registration, lines, None, _("not checked: no last registration day"))
    verdict = check_pair(on_day)
    return PairLine(registration, lines, verdict, verdict_text(verdict, day))


def verdict_text(verdict: Verdict, day: date) -> str:
    """ "eligible", or "not eligible: X has 27,4 on 21 March 2025" in the reader's
    language, every failing player named."""
    if verdict.eligible:
        return _("eligible")
    on = formats.date_format(day, "j F Y")
    reasons = []
    if verdict.players != 2:
        reasons.append(
            _("a pair is two players, the registration has %(count)s") % {"count": verdict.players}
        )
    for player in verdict.failing:
        if player.shown is None:
            reasons.append(
                _("%(name)s has no handicap on %(day)s") % {"name": player.name, "day": on}
            )
        else:
            reasons.append(
                _("%(name)s has %(handicap)s on %(day)s")
                % {
                    "name": player.name,
                    "handicap": formats.number_format(player.shown, 1),
                    "day": on,
                }
            )
    return _("not eligible: %(reasons)s") % {"reasons": "; ".join(reasons)}


def _final_heats(heats: list[Heat]) -> list[FinalHeat]:
    """Each final heat's list with handicap (line 308: the result with handicap
    decides), the places as the awards read them: a pair struck from the results takes
    no place (003 lines 193-195; awards.services.struck_out)."""
    played = [(h, h.tournament) for h in heats if h.tournament is not None]
    if not played:
        return []
    standings = (
        Standing.objects.filter(entry__section__tournament__in=[t.pk for _h, t in played])
        .select_related("entry__section")
        .prefetch_related(
            Prefetch(
                "entry__players",
                queryset=EntryPlayer.objects.select_related("member").order_by("pk"),
            )
        )
        .order_by("entry__section__tournament_id", "handicap_place", "place", "entry__number")
    )
    by_tournament: dict[int, list[Standing]] = defaultdict(list)
    for standing in standings:
        by_tournament[standing.entry.section.tournament_id].append(standing)
    return [_final_heat(h, t, by_tournament.get(t.pk, [])) for h, t in played]


def _final_heat(heat: Heat, tournament: Tournament, standings: list[Standing]) -> FinalHeat:
    listed = [s for s in standings if s.handicap_place is not None]
    handicap = close_up(
        (s.pk, s.handicap_place or 0, s.handicap_place_to or 0, bool(s.entry.struck))
        for s in listed
    )
    fields: dict[tuple, list[Standing]] = defaultdict(list)
    for s in standings:
        key = () if tournament.one_winner else (s.entry.section_id, s.entry.direction)
        fields[key].append(s)
    plain: dict[int, tuple[int, int]] = {}
    for found in fields.values():
        plain.update(close_up((s.pk, s.place, s.place_to, bool(s.entry.struck)) for s in found))
    rows: list[FinalRow] = []
    struck: list[FinalRow] = []
    for s in sorted(listed, key=lambda s: handicap[s.pk]):
        row = FinalRow(
            place=_label(*handicap[s.pk]),
            plain_place=_label(*plain[s.pk]),
            entry=s.entry.name or str(s.entry.number),
            players=[_name(p) for p in s.entry.players.all()],
            percentage=s.percentage,
            struck=s.entry.struck,
        )
        (struck if s.entry.struck else rows).append(row)
    return FinalHeat(
        heat=heat,
        handicap_event=tournament.handicap_event,
        pairs=len(standings),
        rows=rows,
        struck=struck,
    )


def _name(player: EntryPlayer) -> str:
    if player.member is not None:
        return player.member.full_name
    return player.name or player.temporary_id


def _label(place: int, place_to: int) -> str:
    return f"{place}=" if place_to != place else str(place)


def _stage_problems(heats: list[Heat], final: list[FinalHeat]) -> list[str]:
    problems = []
    for heat in heats:
        tournament = heat.tournament
        if tournament is None:
            continue
        if not tournament.handicap_event:
            problems.append(
                _(
                    "%(heat)s: the results are not a handicap event; every stage of "
                    "Hcp 30+ is played with handicap (003 line 308)."
                )
                % {"heat": heat.name}
            )
    for line in final:
        listed = line.rows or line.struck
        if line.pairs and not listed and line.handicap_event:
            problems.append(
                _("%(heat)s: the list with handicap is not computed yet.")
                % {"heat": line.heat.name}
            )
        if line.pairs and not heat_big_enough(line.pairs):
            problems.append(
                _("%(heat)s: %(pairs)s pairs; a heat needs at least %(minimum)s (003 line 316).")
                % {"heat": line.heat.name, "pairs": line.pairs, "minimum": MIN_HEAT_PAIRS}
            )
    return problems
