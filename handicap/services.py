"""Handicap services: the pipeline's handicap step, the recompute and the start-up seed.

Handicaps follow the reported competitions in date order (002_4426357e9a32e88f.txt,
section 3): ``recompute_from(day)`` takes every member's handicap as it stood the day
before, walks every competition from that day on with the formula in
``handicap.domain``, and replaces their history rows and the current handicaps of
the players it met. The pipeline's step is ``recompute_from`` of the tournament's
own date, so a report sent late recomputes everybody's later changes.

What a tournament gives the formula (decisions in docs/handicap.md):

* pairs and individual events scored with matchpoints: each entry's percentage;
  IMPs against a datum (butler, cross-IMPs): the score divided by the boards;
* team events: not yet (their matches need the per-match forms of 3.3.3); they
  leave handicaps alone;
* a player under a temporary id is a non-member (5.4), a registered foreign guest
  a guest (5.3); an entry with either changes nobody's handicap;
* a tournament without results the formula can read (a ranking list without
  percentages) is skipped, and says so in the log of the step.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from decimal import Decimal

from django.db.models import Max, Sum

from awards.models import MasterPointAward, MasterPointHolding
from members.models import Member
from tournaments.bulk import fetch_rows, replace_rows
from tournaments.models import Entry, EntryPlayer, Standing, Tournament

from .domain import SBF_2007, HandicapPolicy
from .domain.competition import Competition, PlayerChange
from .domain.competition import Entry as FieldEntry
from .domain.event import handicap_event
from .domain.formula import start_handicap
from .domain.walk import walk
from .models import HandicapChange, MemberHandicap

POLICY: HandicapPolicy = SBF_2007
SCORING = {
    Tournament.Scoring.MATCHPOINTS: "topscore",
    Tournament.Scoring.BUTLER: "imp",
    Tournament.Scoring.CROSS_IMPS: "imp",
}
FORM = {Tournament.Kind.PAIRS: "pairs", Tournament.Kind.INDIVIDUAL: "individual"}
_MP_PER_UNIT = {"bronze": Decimal("0.01"), "silver": Decimal("0.1"), "gold": Decimal(1)}


def handicap_list_for(tournament: Tournament) -> None:
    """The pipeline's step before the awards: in a handicap event, each entry's place
    on the list corrected for handicap ("Handikapptävlingar" in the master points
    rules; the charge is the entry's expected result over average, 002 section 8),
    from the players' handicaps the day before. Other events have no such list."""
    standings = Standing.objects.filter(entry__section__tournament=tournament)
    standings.update(handicap_place=None, handicap_place_to=None)
    if not tournament.handicap_event:
        return
    competition = competitions([tournament.pk]).get(tournament.pk)
    if competition is None:
        return
    day = tournament.start_date
    members = [int(p) for e in competition.entries for p in e.players if not p.startswith("t:")]
    known = {str(m): float(h) for m, h in handicaps_before(day, members).items()}
    starts = dict(MemberHandicap.objects.values_list("member_id", "start"))

    def before(player: str) -> float | None:
        if player.startswith("t:"):
            return None  # a non-member: the rules estimate them (5.3, 5.4)
        if player in known:
            return known[player]
        member = int(player)
        if member in starts:
            return float(starts[member])
        return start_handicap(master_points_before(member, day))

    entries = tuple(
        replace(entry, handicaps=tuple(before(p) for p in entry.players))
        for entry in competition.entries
    )
    placings = handicap_event(replace(competition, entries=entries))
    by_entry = {int(p.entry): p for p in placings}
    rows = list(standings.filter(entry_id__in=by_entry))
    for standing in rows:
        placing = by_entry[standing.entry_id]
        standing.handicap_place, standing.handicap_place_to = placing.place, placing.place_to
    Standing.objects.bulk_update(rows, ["handicap_place", "handicap_place_to"])


def update_handicaps_for(tournament: Tournament) -> None:
    """The pipeline's handicap step: this tournament and every one after it."""
    recompute_from(tournament.start_date)


def competitions(
    tournament_ids: Iterable[int], places: dict[str, str] | None = None
) -> dict[int, Competition]:
    """The formula's view of these tournaments (those it can read), by tournament;
    ``places`` gets each entry's place as the history shows it ("3", "3-4")."""
    facts = {
        t["pk"]: t
        for t in Tournament.objects.filter(pk__in=list(tournament_ids)).values(
            "pk", "start_date", "kind", "scoring", "boards"
        )
    }
    readable = {
        pk
        for pk, t in facts.items()
        if t["kind"] in FORM and t["scoring"] in SCORING and t["boards"] > 0
    }
    results: dict[int, list[tuple]] = defaultdict(list)
    for row in fetch_rows(
        Entry.objects.filter(
            section__tournament_id__in=readable, phantom=False, standing__isnull=False
        )
        .order_by("section__tournament_id", "standing__place", "pk")
        .values_list(
            "section__tournament_id",
            "pk",
            "standing__place",
            "standing__place_to",
            "standing__percentage",
            "standing__score",
        )
    ):
        results[row[0]].append(row)
        if places is not None:
            places[str(row[1])] = str(row[2]) if row[2] == row[3] else f"{row[2]}-{row[3]}"
    players: dict[int, list[tuple]] = defaultdict(list)
    for entry, member, status, temporary, boards in fetch_rows(
        EntryPlayer.objects.filter(entry__section__tournament_id__in=readable)
        .order_by("entry_id", "pk")
        .values_list("entry_id", "member_id", "member__status", "temporary_id", "boards_played")
    ):
        players[entry].append((member, status, temporary, boards))
    out: dict[int, Competition] = {}
    for pk in sorted(readable):
        competition = _competition(facts[pk], results.get(pk, ()), players)
        if competition is not None:
            out[pk] = competition
    return out


def _competition(facts: dict, rows, players) -> Competition | None:
    scoring = SCORING[facts["scoring"]]
    boards = facts["boards"]
    entries, guests, outsiders = [], set(), set()
    for _t, entry, _place, _to, percentage, score in rows:
        if scoring == "topscore":
            if percentage is None:
                return None
            result = float(percentage)
        else:
            result = float(score) / boards
        ids, played = [], []
        for member, status, temporary, boards_played in players.get(entry, ()):
            if member is None:
                ids.append(f"t:{temporary}")
                outsiders.add(ids[-1])
            else:
                ids.append(str(member))
                if status == Member.Status.FOREIGN_GUEST:
                    guests.add(ids[-1])
            played.append(boards_played or boards)
        if not ids:
            continue
        entries.append(
            FieldEntry(
                id=str(entry), players=tuple(ids), result=result, boards_played=tuple(played)
            )
        )
    if len(entries) < 2:
        return None
    return Competition(
        id=f"{facts['pk']:012d}",  # zero-padded: the walk orders a day by id, as text
        date=facts["start_date"],
        form=FORM[facts["kind"]],
        scoring=scoring,
        boards=boards,
        entries=tuple(entries),
        guests=frozenset(guests),
        non_members=frozenset(outsiders),
    )


HISTORY_FIELDS = (
    "member_id", "tournament_id", "played_on", "place", "old", "partner", "owner", "field",
    "expected", "achieved", "change", "new", "boards", "scoring", "policy_version",
)  # fmt: skip


def recompute_from(since: date | None, *, policy: HandicapPolicy = POLICY) -> int:
    """Walk every competition from ``since`` (``None``: all) in date order; returns
    how many history rows were written or removed.

    The walk goes a calendar month at a time (a month is also the monthly batch's
    unit), reading that month's standings, writing its history rows, and keeping only
    everybody's current handicap between months: five seasons never sit in memory.
    """
    tournaments = Tournament.objects.all()
    if since:
        tournaments = tournaments.filter(start_date__gte=since)
    months: dict[tuple[int, int], list[int]] = defaultdict(list)
    for pk, day in tournaments.order_by("start_date", "pk").values_list("pk", "start_date"):
        months[(day.year, day.month)].append(pk)
    starts = dict(MemberHandicap.objects.values_list("member_id", "start"))

    def first(player: str, day: date) -> float:
        member = int(player)
        if member not in starts:
            mp = master_points_before(member, day)
            starts[member] = Decimal(_text(start_handicap(mp, policy), 2))
        return float(starts[member])

    current: dict[str, float] = {}
    looked_up: set[str] = set()
    last_day: dict[int, date] = {}
    written = removed = 0
    touched: set[int] = set()
    for ids in months.values():
        places: dict[str, str] = {}
        fields = competitions(ids, places)
        players = {p for c in fields.values() for e in c.entries for p in e.players}
        new = [p for p in players - looked_up if not p.startswith("t:")]
        looked_up.update(new)
        if since and new:
            for member, value in handicaps_before(since, [int(p) for p in new]).items():
                current[str(member)] = float(value)
        rows = []
        for competition, changes in walk(fields.values(), current, policy, first_handicap=first):
            for row in changes:
                if row.counted:
                    rows.append(_history_row(row, places, policy))
                    last_day[int(row.player)] = competition.date
                    if not policy.monthly_batch:
                        # The handicap carried on is the one shown and stored (two
                        # decimals), so a recompute from any day gives the same rows.
                        current[row.player] = round(row.new_handicap, 2)
        changed = replace_rows(
            HandicapChange.objects.filter(tournament_id__in=ids),
            HandicapChange,
            HISTORY_FIELDS,
            ("member_id", "tournament_id"),
            rows,
        )
        written += changed.written
        removed += changed.deleted
        touched.update(m for m, _t in changed.touched)
    _save_current(touched | set(last_day), current, last_day, starts, since, policy)
    return written + removed


def _text(value: float, places: int) -> str:
    """A float as the column keeps it (no "-0.00": the database has no negative zero)."""
    return f"{round(value, places) + 0.0:.{places}f}"


def _history_row(row: PlayerChange, places: dict[str, str], policy: HandicapPolicy) -> tuple:
    partner = row.partner_handicap
    return (
        int(row.player), int(row.competition), row.date, places.get(row.entry, ""),
        _text(row.old_handicap, 2), None if partner is None else _text(partner, 2),
        _text(row.owner_handicap, 2), _text(row.field_handicap, 2), _text(row.expected, 2),
        _text(row.achieved, 2), _text(row.change, 3), _text(row.new_handicap, 2),
        row.boards_played, row.scoring, policy.version,
    )  # fmt: skip


def _save_current(
    members: Iterable[int],
    current: dict[str, float],
    last_day: dict[int, date],
    starts: dict[int, Decimal],
    since: date | None,
    policy: HandicapPolicy,
) -> None:
    """The walked members' handicap is where the walk left them; a member whose rows
    in the range all went (a withdrawn report) falls back to the day before, or H0."""
    members = sorted(set(members))
    gone = [m for m in members if m not in last_day]
    before = handicaps_before(since, gone) if since and gone else {}
    latest_day = dict(
        HandicapChange.objects.filter(member_id__in=gone)
        .values("member_id")
        .annotate(last=Max("played_on"))
        .values_list("member_id", "last")
    )
    rows = []
    for member in members:
        start = starts.get(member)
        if member in last_day:
            value, day = _text(current[str(member)], 2), last_day[member]
        elif member in before:
            value, day = before[member], latest_day.get(member)
        elif start is not None:
            value, day = start, None
        else:
            continue
        rows.append((member, value, start if start is not None else value, day, policy.version))
    replace_rows(
        MemberHandicap.objects.filter(member_id__in=members),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )


def handicaps_before(day: date, members: Iterable[int]) -> dict[int, Decimal]:
    """These members' handicaps at the end of the day before ``day``: their last
    history row before it (members with none are met afresh by the walk)."""
    members = list(members)
    out: dict[int, Decimal] = {}
    for offset in range(0, len(members), 5000):
        part = members[offset : offset + 5000]
        for member, new in fetch_rows(
            HandicapChange.objects.filter(played_on__lt=day, member_id__in=part)
            .order_by("member_id", "played_on", "tournament_id")
            .values_list("member_id", "new")
        ):
            out[member] = new  # the last one wins
    return out


def handicap_on(member: Member | int, day: date) -> Decimal | None:
    """The member's handicap at the end of ``day`` (the DM "Hcp 30+" rule asks this)."""
    member_id = member.pk if isinstance(member, Member) else member
    last = (
        HandicapChange.objects.filter(member_id=member_id, played_on__lte=day)
        .order_by("-played_on", "-tournament_id")
        .values_list("new", flat=True)
        .first()
    )
    if last is not None:
        return last
    return (
        MemberHandicap.objects.filter(member_id=member_id).values_list("start", flat=True).first()
    )


def master_points_before(member_id: int, day: date) -> Decimal:
    """Master points credited before ``day`` (1 mp = 1 gp = 10 sp = 100 bp)."""
    total = Decimal(0)
    for colour, credited in (
        MasterPointAward.objects.filter(member_id=member_id, awarded_on__lt=day)
        .values("colour")
        .annotate(total=Sum("credited"))
        .values_list("colour", "total")
    ):
        total += credited * _MP_PER_UNIT[colour]
    return total


def seed_start_handicaps(*, policy: HandicapPolicy = POLICY) -> int:
    """Give every member without a handicap H0 = 52 / (1 + 0.01 MP) from the master
    points they hold now (5.1); returns how many were seeded."""
    have = set(MemberHandicap.objects.values_list("member_id", flat=True))
    holdings = {
        m: b * _MP_PER_UNIT["bronze"] + s * _MP_PER_UNIT["silver"] + g
        for m, b, s, g in MasterPointHolding.objects.values_list(
            "member_id", "bronze", "silver", "gold"
        )
    }
    rows = []
    for member in Member.objects.exclude(pk__in=have).values_list("pk", flat=True):
        start = Decimal(str(round(start_handicap(holdings.get(member, 0), policy), 2)))
        rows.append((member, start, start, None, policy.version))
    replace_rows(
        MemberHandicap.objects.none(),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )
    return len(rows)
