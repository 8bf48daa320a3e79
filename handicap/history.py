"""The handicap history as the database holds it: results read as the formula's
competitions, history rows as COPY text, and the handicaps and master points a member
had before a day. Shared by the full recompute (``services``) and the incremental walk
(``incremental``), which both read and write through it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

from django.db import connection
from django.db.models import Q, Sum

from awards.domain.core import MASTER_POINTS_PER_UNIT, Colour
from awards.models import MasterPointAward
from members.common.bulk import (
    fetch_rows,
    replace_rows,
)
from members.models import Member
from members.services import member_pages_changed
from tournaments.models import Entry, EntryPlayer, Section, Standing, TeamMatch, Tournament

from .domain import HandicapPolicy
from .domain.competition import Competition, PlayerChange
from .domain.competition import Entry as FieldEntry
from .models import HandicapChange, MemberHandicap

SCORING = {
    Tournament.Scoring.MATCHPOINTS: "topscore",
    Tournament.Scoring.BUTLER: "imp",
    Tournament.Scoring.CROSS_IMPS: "imp",
}


FORM = {Tournament.Kind.PAIRS: "pairs", Tournament.Kind.INDIVIDUAL: "individual"}


def read_fields(where: str, params: list, places: dict[str, str] | None) -> list[Competition]:
    with connection.cursor() as cursor:
        cursor.execute(fields_sql(where), params)
        return build_fields(cursor.fetchall(), places)


def fields_sql(where: str) -> str:
    """One row per player, in the order the walk needs (date, tournament, place,
    entry, seat), numbers as floats: a month is read as fast as the database hands it
    over (an IN list of a month's tournaments cost more to compile than to run)."""
    return f"""
        SELECT t.id, t.start_date, t.kind, t.scoring, t.boards, e.id, s.place, s.place_to,
               CAST(s.percentage AS DOUBLE PRECISION), CAST(s.score AS DOUBLE PRECISION),
               p.member_id, p.member_id IN ({guests_sql()}), p.temporary_id, p.boards_played
          {fields_from_sql(where)}
    """  # noqa: S608 -- names from the models, values as parameters


# The tournaments ``t`` the formula reads as pairs or individual fields.
TOURNAMENTS_SQL = (
    f"t.kind IN ({', '.join(repr(str(k)) for k in FORM)}) "
    f"AND t.scoring IN ({', '.join(repr(str(k)) for k in SCORING)}) AND t.boards > 0"
)

# The order the walk reads a tournament's players in (date, tournament, place, entry,
# seat).
FIELDS_ORDER = "t.start_date, t.id, s.place, e.id, p.id"


def fields_from_sql(where: str, *, ordered: bool = True) -> str:
    """The FROM, WHERE and ORDER BY (``FIELDS_ORDER``) of :func:`fields_sql`, for
    another choice of columns (tables ``t`` tournament, ``e`` entry, ``s`` standing,
    ``p`` player)."""
    quote = connection.ops.quote_name
    table = {
        model: quote(model._meta.db_table)
        for model in (Tournament, Section, Entry, Standing, EntryPlayer)
    }
    return f"""
          FROM {table[Tournament]} t
          JOIN {table[Section]} sec ON sec.tournament_id = t.id
          JOIN {table[Entry]} e ON e.section_id = sec.id AND NOT e.phantom
          JOIN {table[Standing]} s ON s.entry_id = e.id
          JOIN {table[EntryPlayer]} p ON p.entry_id = e.id
         WHERE {TOURNAMENTS_SQL} AND {where}
         {f"ORDER BY {FIELDS_ORDER}" if ordered else ""}
    """  # noqa: S608 -- names from the models, values as parameters


def guests_sql() -> str:
    """The few foreign guests once, not a join of every player to the members."""
    members = connection.ops.quote_name(Member._meta.db_table)
    return f"SELECT g.id FROM {members} g WHERE g.status = '{Member.Status.FOREIGN_GUEST}'"


def build_fields(rows: list[tuple], places: dict[str, str] | None) -> list[Competition]:
    """The rows of :func:`fields_sql` as competitions, one per tournament (decisions
    in docs/handicap.md, "In the portal"); ``places`` gets each entry's place ("3", "3-4").
    An entry whose players all played every board has no ``boards_played``."""
    out: list[Competition] = []
    for tid, of_tournament in groupby(rows, itemgetter(0)):
        of_tournament = list(of_tournament)
        _t, day, kind, scoring, boards = of_tournament[0][:5]
        if isinstance(day, str):  # SQLite hands dates over as text
            day = date.fromisoformat(day)
        scoring = SCORING[scoring]
        topscore = scoring == "topscore"
        entries: list[FieldEntry] = []
        guests: set[str] = set()
        outsiders: set[str] = set()
        for entry, of_entry in groupby(of_tournament, itemgetter(5)):
            of_entry = list(of_entry)
            _head = of_entry[0]
            if topscore:
                if _head[8] is None:
                    break  # a ranking list without percentages: not for the formula
                result = float(_head[8])
            else:
                result = float(_head[9]) / boards
            key = str(entry)
            if places is not None:
                place, to = _head[6], _head[7]
                places[key] = place_text(place, to)
            players = []
            some_played = False
            for row in of_entry:
                member = row[10]
                if member is None:
                    player = f"t:{row[12]}"
                    outsiders.add(player)
                else:
                    player = str(member)
                    if row[11]:  # a registered foreign guest
                        guests.add(player)
                players.append(player)
                if row[13] is not None:
                    some_played = True
            played = tuple(row[13] or boards for row in of_entry) if some_played else ()
            entries.append(FieldEntry(key, tuple(players), result, (), played))
        else:
            if len(entries) >= 2:
                out.append(
                    Competition(
                        id=f"{tid:012d}",  # zero-padded: the walk orders a day by id, as text
                        date=day, form=FORM[kind], scoring=scoring, boards=boards,
                        entries=tuple(entries), guests=frozenset(guests),
                        non_members=frozenset(outsiders),
                    )
                )  # fmt: skip
    return out


def place_text(place: int, place_to: int) -> str:
    """An entry's place as the history's column keeps it: "3", or "3-4" when shared."""
    return str(place) if place == place_to else f"{place}-{place_to}"


def competition_key(competition: Competition) -> tuple[int, int | None]:
    """(tournament, match) of a competition's id."""
    tournament, _, match = competition.id.partition(".")
    return int(tournament), int(match.rpartition(".")[2]) if match else None


class HistoryText:
    """History rows as COPY text (``COPY_FIELDS`` in order, each with its newline),
    made as the walk goes, with the handicaps carried on (at two decimals, as the
    history shows them) and the day of each member's last row. Decimals are as the
    columns keep them ("%.2f" rounds to the nearest, as the column does; no "-0.00"),
    so the incremental walk can tell a row computed again from the stored one by its
    text.

    What an entry's players share (place, the entry's handicaps and results, the
    competition) is made once per entry; a carried handicap's text once per value
    (a row's old is the new of the member's row before, a pair's partner handicap the
    partner's old): a few thousand values stand for millions of rows."""

    def __init__(self, version: str, current: dict[str, float], last_day: dict[str, date]):
        self.version = version
        self.current = current
        self.last_day = last_day
        self.texts: dict[float, str] = {}
        self.lines: list[str] = []

    def take(
        self, competition: Competition, changes: Iterable[PlayerChange], places: dict[str, str]
    ) -> None:
        tournament, match = competition_key(competition)
        tail = f"\t{tournament}\t{COPY_NULL if match is None else match}\t{competition.date}\t"
        day = competition.date
        version = self.version
        texts, current, last_day = self.texts, self.current, self.last_day
        append = self.lines.append
        shared_by = None
        shared = ""
        change_of = None
        change_text = ""
        for row in changes:
            (_c, _d, _f, scoring, player, entry, _s, old, partner, owner, field, _a, expected,
             achieved, played, _b, change, new, counted) = row  # fmt: skip
            if not counted:
                continue
            if entry != shared_by:
                shared_by = entry
                shared = (
                    f"\t{places.get(entry, '')}\t{owner:.2f}\t{field:.2f}\t{expected:.2f}\t"
                    f"{achieved:.2f}{tail}{scoring}\t{version}\n"
                )
                if "-0.00\t" in shared:  # the column has no negative zero
                    shared = _NEGATIVE_ZERO.sub(r"\1", shared)
            # An entry's players mostly share their change (the same boards played).
            if change != change_of:
                change_of = change
                change_text = f"{change:.3f}"
                if change_text == "-0.000":
                    change_text = "0.000"
            old_text = texts.get(old)
            if old_text is None:
                old_text = texts[old] = column_text(old, 2)
            if partner is None:
                partner_text = COPY_NULL
            else:
                partner_text = texts.get(partner) or column_text(partner, 2)
            # The handicap carried on is the one shown and stored (two decimals), so a
            # recompute from any day gives the same rows. round() gives the float that
            # "%.2f" would print (both round the float's exact value correctly), and
            # adding 0.0 turns a negative zero into the column's zero.
            carried = round(new, 2) + 0.0
            new_text = texts.get(carried)
            if new_text is None:
                new_text = texts[carried] = f"{carried:.2f}"
            current[player] = carried
            last_day[player] = day
            append(
                f"{player}\t{old_text}\t{partner_text}\t{change_text}\t{new_text}\t{played}{shared}"
            )


# COPY's columns, the player's own first and then what the player's entry shares
# (place, the entry's handicaps and results, the competition): that part of the text
# is made once per entry.
COPY_NULL = "\\N"  # COPY's NULL


COPY_FIELDS = (
    "member_id", "old", "partner", "change", "new", "boards", "place", "owner", "field",
    "expected", "achieved", "tournament_id", "match_id", "played_on", "scoring",
    "policy_version",
)  # fmt: skip


_NEGATIVE_ZERO = re.compile(r"(?<![^\t])-(0\.0+)(?=[\t\n])")


@contextmanager
def _quick_handover():
    """The database thread's every answer waits for the walking thread to let go of
    the interpreter: by default up to 5 ms, which adds up to seconds over the many
    short queries of an incremental walk (not over the full recompute's few long
    ones, which it slows). Hand over sooner while the walk runs."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0002)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def column_text(value: float, places: int) -> str:
    """A float as the column keeps it (no "-0.00": the database has no negative zero)."""
    return f"{round(value, places) + 0.0:.{places}f}"


def handicaps_before(
    day: date, members: Iterable[int], from_tournament: int | None = None
) -> dict[int, Decimal]:
    """These members' handicaps at the end of the day before ``day`` (or, with
    ``from_tournament``, just before that tournament of the day): their last history
    row before it (members with none are met afresh by the walk)."""
    members = list(members)
    out: dict[int, Decimal] = {}
    before = from_tournament if from_tournament is not None else 0
    if connection.vendor == "postgresql":
        # One step back along the (member, date) index per member: a late report's
        # players have seasons of rows behind them, of which only the last counts.
        with connection.cursor() as cursor:
            cursor.execute(_last_row_sql(), [members, day, day, before])
            return dict(cursor.fetchall())
    earlier = Q(played_on__lt=day) | Q(played_on=day, tournament_id__lt=before)
    for offset in range(0, len(members), 5000):
        part = members[offset : offset + 5000]
        for member, new in fetch_rows(
            HandicapChange.objects.filter(earlier, member_id__in=part)
            .order_by("member_id", "played_on", "tournament_id", "match__round", "match_id")
            .values_list("member_id", "new")
        ):
            out[member] = new  # the last one wins
    return out


def _last_row_sql() -> str:
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    matches = quote(TeamMatch._meta.db_table)
    return f"""
        SELECT m.id, last.new
          FROM unnest(%s::bigint[]) AS m(id)
          CROSS JOIN LATERAL (
                SELECT h.new
                  FROM {history} h
                  LEFT JOIN {matches} tm ON tm.id = h.match_id
                 WHERE h.member_id = m.id AND h.played_on <= %s
                   AND (h.played_on < %s OR h.tournament_id < %s)
                 ORDER BY h.played_on DESC, h.tournament_id DESC, tm.round DESC NULLS LAST,
                          h.match_id DESC NULLS LAST
                 LIMIT 1
          ) AS last
    """  # noqa: S608 -- names from the models, values as parameters


def master_points_before(member_id: int, day: date) -> Decimal:
    """Master points credited before ``day`` (1 mp = 1 gp = 10 sp = 100 bp)."""
    total = Decimal(0)
    for colour, credited in (
        MasterPointAward.objects.filter(member_id=member_id, awarded_on__lt=day)
        .values("colour")
        .annotate(total=Sum("credited"))
        .values_list("colour", "total")
    ):
        total += credited * MASTER_POINTS_PER_UNIT[Colour(colour)]
    return total


def write_current(
    members: list[int],
    found: dict[int, tuple[object, date | None]],
    starts: dict[int, Decimal],
    policy: HandicapPolicy,
    *,
    changed: Iterable[int] | None = None,
) -> None:
    """``MemberHandicap`` of these members: the handicap and day ``found`` for each,
    else the start handicap (H0) they keep; a member with neither has no row.
    ``changed`` names the members whose history rows changed when that is not all of
    them: their pages, and those of members whose current handicap changed, get a new
    version (not every member's, after a full recompute that changed little)."""
    rows = []
    for member in members:
        start = starts.get(member)
        if member in found:
            value, day = found[member]
        elif start is not None:
            value, day = start, None
        else:
            continue
        rows.append((member, value, start if start is not None else value, day, policy.version))
    replaced = replace_rows(
        MemberHandicap.objects.filter(member_id__in=members),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )
    # Every writer of the history ends here with the members whose rows it wrote.
    if changed is None:
        member_pages_changed(members)
    else:
        member_pages_changed({*changed, *(key[0] for key in replaced.touched)})
