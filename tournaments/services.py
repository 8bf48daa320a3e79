"""Saving reported results and computing what follows from them.

``report_results`` is one transaction: the whole report is saved, or nothing
(a refused report only leaves its line in the import log). A second report of
the same event (same organiser and event id) replaces the first in place: the
tournament keeps its id, its results are rewritten, ``report_version`` goes up
and the pipeline runs again for the new version. Two uploads of the same new event
at once take turns: the second replaces the first, as a later upload would.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from members.common.bulk import insert_rows
from members.common.locks import lock_report
from members.models import Club, Member

from .importers import limits, plausibility
from .importers.report import Problem, ReportedEvent, check_report, loggable, report_warnings
from .importers.text import Text, gettext_noop, in_file
from .importers.usebio_ebu import licence_warnings
from .models import (
    BoardResult,
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    MatchBoard,
    ReportedAward,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)
from .reported import licence_facts_for
from .signals import results_changed, results_withdrawn
from .standings import compute_standings, printed_standings
from .teams import team_placings


class ReportRefused(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems[:5]))


@dataclass
class ReportOutcome:
    tournament: Tournament
    replaced: bool
    warnings: list[Problem] = field(default_factory=list)


def checksum_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _resolve_players(report: ReportedEvent) -> tuple[dict[str, Member], list[Problem]]:
    """Members by national id; unknown MIDs are reported and become guests."""
    ids = {
        int(p.national_id)
        for e in report.entries
        for p in e.players
        if p.national_id and p.national_id.isdigit()
    }
    members = {str(m.mid): m for m in Member.objects.filter(mid__in=ids)}
    warnings = [
        Problem(
            entry.where or f"{entry.section} {entry.key}".strip(),
            Text(
                gettext_noop("unknown MID %(mid)s (%(name)s): recorded as a guest")
                if p.name
                else gettext_noop("unknown MID %(mid)s (no name): recorded as a guest"),
                {"mid": p.national_id, "name": p.name},
            ),
        )
        for entry in report.entries
        for p in entry.players
        if p.national_id and p.national_id not in members
    ]
    return members, warnings


def _temporary_id(national_id: str | None, name: str, entry_key: str, seat: int) -> str:
    """A guest's id in the results: "G-" and the file's id, else the seat and name;
    one too long for the column is named by its digest (cut, two would be one)."""
    full = f"G-{national_id}" if national_id else f"G-{entry_key}-{seat}-{name}"
    if len(full) <= 40:
        return full
    return "G-" + hashlib.sha256(full.encode()).hexdigest()[:38]


def report_results(
    *,
    report: ReportedEvent,
    organiser: Club,
    data: bytes,
    filename: str,
    user=None,
    run_pipeline: bool = True,
) -> ReportOutcome:
    """Save a report (or refuse it with every problem listed) and queue the pipeline."""
    checksum = checksum_of(data)
    problems = check_report(report, today=timezone.localdate())
    problems += plausibility.problems(
        report,
        first_day=settings.KLOVER_FIRST_DAY,
        # A manual entry is no file: its places name the form's fields.
        filename="" if report.source_format == "manual" else filename,
    )
    if problems:
        ImportLog.objects.create(
            user=user if getattr(user, "is_authenticated", False) else None,
            organiser_club=organiser,
            filename=filename,
            checksum=checksum,
            source_format=report.source_format,
            outcome=ImportLog.Outcome.REFUSED,
            errors=loggable(problems),
        )
        raise ReportRefused(problems)

    members, warnings = _resolve_players(report)
    # An EBU scorer's scale, rating and charge code against the organiser's licence:
    # saved with a located warning where they contradict it, never trusted.
    licence = licence_facts_for(organiser, report.date) if report.file_awards else None
    file_warnings = licence_warnings(
        report.file_awards, licence, boards=report.boards, filename=filename
    )
    warnings = [*report_warnings(report), *warnings, *file_warnings]
    for attempt in (1, 2):
        replaced = False
        try:
            with transaction.atomic():
                # PostgreSQL: a second upload of the same event waits here until the
                # first is committed, then finds its tournament (SQLite's IMMEDIATE
                # transactions already let one writer at a time).
                lock_report(organiser.pk, report.event_id)
                tournament = _earlier_report(organiser, report.event_id)
                replaced = tournament is not None
                tournament = _save_report(tournament, report, organiser, members)
                _save_file_awards(
                    tournament, report, licence.number if licence else "", file_warnings
                )
                ImportLog.objects.create(
                    tournament=tournament,
                    user=user if getattr(user, "is_authenticated", False) else None,
                    organiser_club=organiser,
                    filename=filename,
                    checksum=checksum,
                    source_format=report.source_format,
                    outcome=ImportLog.Outcome.REPLACED if replaced else ImportLog.Outcome.SAVED,
                    errors=loggable(warnings),
                )
                if run_pipeline:
                    results_changed.send(
                        Tournament, tournament_id=tournament.pk, version=tournament.report_version
                    )
            break
        except IntegrityError:
            # The same new event saved meanwhile by another upload that did not wait for
            # the lock (a read made before the other's commit): this one replaces it, as a
            # later upload would (tournament_club_event_once).
            if replaced or attempt == 2 or not _reported(organiser, report.event_id).exists():
                raise
    return ReportOutcome(tournament=tournament, replaced=replaced, warnings=warnings)


def _reported(organiser: Club, event_id: str):
    return Tournament.objects.filter(organiser_club=organiser, event_id=event_id)


def _earlier_report(organiser: Club, event_id: str) -> Tournament | None:
    """The tournament an earlier report of this event saved, locked for its replacement."""
    return _reported(organiser, event_id).select_for_update(no_key=True).first()


def _save_report(
    tournament: Tournament | None,
    report: ReportedEvent,
    organiser: Club,
    members: dict[str, Member],
) -> Tournament:
    """The report's tournament and results: new, or in place of the earlier report's."""
    if tournament is None:
        tournament = Tournament(organiser_club=organiser, event_id=report.event_id)
    else:
        tournament.sections.all().delete()
        tournament.matches.all().delete()
        tournament.report_version += 1
    tournament.name = report.name
    tournament.start_date = tournament.end_date = report.date
    tournament.kind = report.kind
    tournament.scoring = report.scoring
    tournament.boards = report.boards
    tournament.one_winner = report.one_winner
    tournament.source_format = report.source_format
    tournament.set_pipeline(Tournament.Pipeline.QUEUED)
    tournament.save()
    _save_results(tournament, report, members)
    return tournament


def _save_file_awards(
    tournament: Tournament, report: ReportedEvent, licence: str, warnings: list[Problem]
) -> None:
    """The file's own master point facts (a new version replaces them; the players'
    ReportedAward rows were written with the players, _save_results)."""
    facts = report.file_awards
    tournament.file_mp_scale = (facts.scale if facts else "")[:20]
    tournament.file_event_rating = (facts.event_rating if facts else "")[:20]
    tournament.file_mp_type = (facts.point_type if facts else "")[:20]
    tournament.file_mps_awarded = facts.awarded_flag if facts else None
    tournament.file_charge_code = (facts.charge_code if facts else "")[:10]
    tournament.file_p2p_rate = facts.p2p_rate if facts else None
    tournament.file_licence = licence
    tournament.file_warnings = loggable(warnings)
    tournament.save(update_fields=FILE_AWARD_FIELDS)


FILE_AWARD_FIELDS = (
    "file_mp_scale",
    "file_event_rating",
    "file_mp_type",
    "file_mps_awarded",
    "file_charge_code",
    "file_p2p_rate",
    "file_licence",
    "file_warnings",
)


def _save_results(
    tournament: Tournament, report: ReportedEvent, members: dict[str, Member]
) -> None:
    sections = {
        s.name: Section(
            tournament=tournament, name=s.name, movement=s.movement, boards=report.boards
        )
        for s in report.sections
    }
    Section.objects.bulk_create(sections.values())
    entries = {
        (e.section, e.key): Entry(
            section=sections[e.section],
            number=e.number,
            direction=e.direction,
            name=e.name,
            handicap=e.handicap,
            printed_place=e.printed_place,
            printed_score=e.printed_score,
            printed_percentage=e.printed_percentage,
        )
        for e in report.entries
    }
    Entry.objects.bulk_create(entries.values())
    Tournament.count_entries([tournament.pk])
    players = []
    for e in report.entries:
        for seat, p in enumerate(e.players, start=1):
            member = members.get(p.national_id or "")
            players.append(
                EntryPlayer(
                    entry=entries[(e.section, e.key)],
                    member=member,
                    temporary_id=""
                    if member
                    else _temporary_id(p.national_id, p.name, e.key, seat),
                    name=p.name,
                    boards_played=p.boards_played or e.boards_played,
                    reserve=p.reserve,
                )
            )
    EntryPlayer.objects.bulk_create(players, batch_size=2000)
    seated_players = iter(players)  # created above in entry, then seat, order
    ReportedAward.objects.bulk_create(
        ReportedAward(
            tournament=tournament,
            player=player,
            points=e.awarded,
            point_type=e.awarded_type,
        )
        for e in report.entries
        for player in [next(seated_players) for _ in e.players]
        if e.awarded is not None
    )
    section_ids = {name: section.pk for name, section in sections.items()}
    entry_ids = {key: entry.pk for key, entry in entries.items()}
    # ids rather than instances: a season's imports build millions of these rows
    rows = [
        BoardResult(
            section_id=section_ids[line.section],
            board=line.board,
            ns_entry_id=entry_ids[(line.section, line.ns)],
            ew_entry_id=entry_ids[(line.section, line.ew)],
            contract=line.contract,
            declarer=line.declarer,
            lead=line.lead,
            tricks=line.tricks,
            score_ns=line.score_ns,
            adjusted=_adjusted_label(line.adjusted),
            not_played=line.not_played,
        )
        for line in report.lines
    ]
    # Points are computed before the insert: one INSERT, no UPDATE per row.
    compute_standings(tournament, unsaved_rows=rows)
    insert_board_results(rows)
    if report.scoring == "ranking":
        # Saved with their shared ranges at once, not only when the pipeline runs.
        printed_standings(tournament)
    if report.matches:
        # Team matches (USEBIO teams): one TeamMatch a match; IMPs the file does
        # not give are saved as 0. Line-ups name seats in the entry's players.
        matches = [
            TeamMatch(
                tournament=tournament,
                round=m.round,
                home=entries[(m.section, m.home)],
                away=entries[(m.section, m.away)],
                boards=m.boards,
                imps_home=m.imps_home if m.imps_home is not None else Decimal(0),
                imps_away=m.imps_away if m.imps_away is not None else Decimal(0),
                vp_home=m.vp_home,
                vp_away=m.vp_away,
                penalty_home=m.penalty_home,
                penalty_away=m.penalty_away,
                walkover=m.walkover,
            )
            for m in report.matches
        ]
        TeamMatch.objects.bulk_create(matches)
        # The two rooms' scores of each board, when the file gives them (seed 004).
        MatchBoard.objects.bulk_create(
            MatchBoard(
                match=saved,
                board=b.board,
                open_ns_score=b.open_ns_score,
                closed_ns_score=b.closed_ns_score,
            )
            for saved, m in zip(matches, report.matches, strict=True)
            for b in m.board_scores
        )
        seated = iter(players)  # created above in entry, then seat, order
        seats = {(e.section, e.key): [next(seated) for _ in e.players] for e in report.entries}
        LineupSlot.objects.bulk_create(
            LineupSlot(
                match=saved,
                entry=entries[(m.section, key)],
                half=lineup.half,
                player=seats[(m.section, key)][seat - 1],
                room=lineup.room,
            )
            for saved, m in zip(matches, report.matches, strict=True)
            for lineup in m.lineups
            for key in [m.home if lineup.side == "home" else m.away]
            for seat in lineup.players
        )
    if report.kind == "teams" and report.scoring != "ranking":
        # A ranking list's standings are written above, as printed. Otherwise
        # compute_standings leaves team events alone: their standings are the
        # printed places (3= and 3= share places 3-4), else the ranking of the
        # saved matches by the seed 003 rules (teams.team_placings).
        placed = [e for e in report.entries if e.printed_place is not None]
        if placed:
            sharing = Counter((e.section, e.printed_place) for e in placed)
            Standing.objects.bulk_create(
                Standing(
                    entry=entries[(e.section, e.key)],
                    place=e.printed_place,
                    place_to=e.printed_place + sharing[(e.section, e.printed_place)] - 1,
                    score=e.printed_score if e.printed_score is not None else Decimal(0),
                    percentage=e.printed_percentage,
                )
                for e in placed
            )
        elif report.matches:
            Standing.objects.bulk_create(
                Standing(
                    entry_id=p.key,
                    place=p.place,
                    place_to=p.place_to,
                    score=p.vp.quantize(Decimal("0.01")),
                )
                for p in team_placings(tournament)
            )


BOARD_RESULT_COLUMNS = (
    "section_id",
    "board",
    "ns_entry_id",
    "ew_entry_id",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "score_ns",
    "adjusted",
    "not_played",
    "points_ns",
    "points_ew",
)


def insert_board_results(rows: list[BoardResult]) -> None:
    """Insert traveller lines (a season's reports are mostly these rows): COPY on
    PostgreSQL, through the house's one bulk writer."""
    insert_rows(
        BoardResult,
        BOARD_RESULT_COLUMNS,
        ([getattr(row, name) for name in BOARD_RESULT_COLUMNS] for row in rows),
    )


def _adjusted_label(adjusted) -> str:
    if adjusted is None:
        return ""
    return f"A{int(adjusted.ns_percent)}{int(adjusted.ew_percent)}"


FORMATS = ("usebio", "pbn", "csv")


def guess_format(filename: str, data: bytes) -> str:
    name = filename.lower()
    if name.endswith(".xml") or data.lstrip()[:5] == b"<?xml" or b"<USEBIO" in data[:2000]:
        return "usebio"
    if name.endswith(".pbn") or data.lstrip().startswith((b"%", b"[")):
        return "pbn"
    return "csv"


def parse_report(*, data: bytes, filename: str, fmt: str | None = None) -> ReportedEvent:
    """Read a results file into the common report; a file that cannot be read is refused."""
    fmt = fmt or guess_format(filename, data)
    too_large = limits.refusal(data, filename, fmt)  # the importers ask it too
    if too_large is not None:
        raise ReportRefused([too_large])
    if fmt == "usebio":
        from .importers.usebio import UsebioError, parse_usebio
        from .importers.usebio_report import report_from_usebio

        try:
            return report_from_usebio(parse_usebio(data))
        except UsebioError as exc:
            raise ReportRefused([Problem(in_file(filename, exc.place), exc.text)]) from exc
        except SyntaxError as exc:  # xml.etree's ParseError; its words are kept as written
            raise ReportRefused(
                [
                    Problem(
                        filename,
                        Text(gettext_noop("not well-formed XML: %(error)s"), {"error": exc}),
                    )
                ]
            ) from exc
    if fmt == "pbn":
        from .importers.pbn_report import PbnReportError, report_from_pbn_bytes

        try:
            return report_from_pbn_bytes(data, filename)
        except PbnReportError as exc:
            raise ReportRefused(list(exc.problems)) from exc
    if fmt == "csv":
        from .importers.csv_report import CsvReportError, report_from_csv_bytes

        try:
            return report_from_csv_bytes(data, filename)
        except CsvReportError as exc:
            raise ReportRefused(list(exc.problems)) from exc
    raise ReportRefused(
        [
            Problem(
                filename,
                Text(
                    gettext_noop("unknown format %(format)s (use %(formats)s)"),
                    {"format": repr(fmt), "formats": ", ".join(FORMATS)},
                ),
            )
        ]
    )


def import_results(
    *,
    data: bytes,
    filename: str,
    organiser: Club,
    fmt: str | None = None,
    user=None,
    run_pipeline: bool = True,
) -> ReportOutcome:
    try:
        report = parse_report(data=data, filename=filename, fmt=fmt)
    except ReportRefused as refused:
        ImportLog.objects.create(
            user=user if getattr(user, "is_authenticated", False) else None,
            organiser_club=organiser,
            filename=filename,
            checksum=checksum_of(data),
            source_format=fmt or guess_format(filename, data),
            outcome=ImportLog.Outcome.REFUSED,
            errors=loggable(refused.problems),
        )
        raise
    return report_results(
        report=report,
        organiser=organiser,
        data=data,
        filename=filename,
        user=user,
        run_pipeline=run_pipeline,
    )


def stuck_reports(now: datetime | None = None):
    """Reports queued or in progress whose pipeline has not moved for
    ``settings.PIPELINE_STUCK_AFTER`` seconds (the sweep runs them again; the office's
    list shows them)."""
    edge = (now or timezone.now()) - timedelta(seconds=settings.PIPELINE_STUCK_AFTER)
    waiting = (Tournament.Pipeline.QUEUED, Tournament.Pipeline.PROCESSING)
    return Tournament.objects.filter(pipeline_status__in=waiting).filter(
        Q(pipeline_updated__lt=edge) | Q(pipeline_updated__isnull=True, reported_at__lt=edge)
    )


def failed_or_stuck(now: datetime | None = None):
    """The reports the office's processing page lists: a step failed, or the pipeline
    has not moved for ``settings.PIPELINE_STUCK_AFTER`` seconds; newest first."""
    failed = Tournament.objects.filter(pipeline_status=Tournament.Pipeline.FAILED)
    return (
        (failed | stuck_reports(now))
        .select_related("organiser_club", "organiser_district")
        .order_by(
            F("pipeline_updated").desc(nulls_last=True), F("reported_at").desc(), F("pk").desc()
        )
    )


def run_again(tournament_id: int) -> bool:
    """The office's "run again" on a failed or stuck report: every step once more for
    the report's current version, from the first (False: the report is gone)."""
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update(no_key=True).filter(pk=tournament_id).first()
        )
        if tournament is None:
            return False
        tournament.set_pipeline(Tournament.Pipeline.QUEUED)
        tournament.save(update_fields=Tournament.PIPELINE_FIELDS)
        results_changed.send(
            Tournament, tournament_id=tournament.pk, version=tournament.report_version
        )
    return True


def withdraw_report(tournament: Tournament) -> None:
    """Remove a reported tournament, in one transaction with what follows from it: the
    apps above first take back what they derived from it, and bring its players' master
    points and handicaps to where they would be without it."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        if locked is None:
            return
        results_withdrawn.send(Tournament, tournament=locked)
        locked.delete()


def standings_payload(tournament: Tournament) -> list[dict]:
    """The standings as the import command prints them (players by MID or temporary id)."""
    standings = (
        Standing.objects.filter(entry__section__tournament=tournament)
        .select_related("entry__section")
        .prefetch_related("entry__players__member")
        .order_by("entry__section__name", "entry__direction", "place", "entry__number")
    )
    return [
        {
            "section": s.entry.section.name,
            "direction": s.entry.direction,
            "place": s.place,
            "shared_to": s.place_to,
            "entry": s.entry.number,
            "players": [p.player_id for p in s.entry.players.all()],
            "score": str(s.score),
            "percentage": None if s.percentage is None else str(s.percentage),
        }
        for s in standings
    ]
