"""The full recompute over a stored history, a month as arrays (PostgreSQL; issue #15).

A month's results come straight into numpy (``records``: one value per query, no
Python object per player), its competitions of the plain forms are walked level by
level (``domain.batch``), the rest one at a time through ``domain.walk``, and the
month's rows, as numbers, are compared with the stored ones, read the same way. A
month that comes out as stored writes nothing and costs a few numpy operations per
level; a month that differs is walked again by the text path (``services``), which
finds and writes the difference. docs/handicap.md, "Speed".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cache

import numpy as np
import psycopg
from django.db import connection

from members.models import Member
from tournaments.models import Tournament

from .domain import HandicapPolicy
from .domain.batch import (
    COLUMNS,
    NO_MATCH,
    NO_PARTNER,
    SCORING_CODES,
    Plain,
    levels,
    rows,
    walk_level,
)
from .domain.competition import Competition, check, plainly_valid
from .domain.errors import HandicapInputError
from .domain.formula import gain
from .domain.policy import AVERAGE, FORMS, TEAM_MATCH
from .domain.walk import walk
from .history import (
    FORM,
    SCORING,
    TOURNAMENTS_SQL,
    HistoryText,
    fields_from_sql,
    place_text,
    read_fields,
)
from .models import HandicapChange
from .records import EPOCH, MONTH, column, days, records
from .team_arrays import PlainMatches, read_plain_matches
from .teams import team_competitions

_KIND_CODES = {kind: code for code, kind in enumerate(FORM, 1)}
_FORMS = {code: FORM[kind] for kind, code in _KIND_CODES.items()}
_PLAYERS = np.array([0] + [FORMS[_FORMS[code]].players for code in sorted(_FORMS)])
_SCORINGS = SCORING_CODES
_SCORING_NAMES = {code: name for name, code in _SCORINGS.items()}
_TOURNAMENT_SCORING = {key: _SCORINGS[value] for key, value in SCORING.items()}
_NO_PLACE = -999


_RESULTS = np.dtype(
    [("tournament", "i8"), ("day", "i8"), ("kind", "i8"), ("scoring", "i8"), ("boards", "i8"),
     ("entry", "i8"), ("place", "i8"), ("place_to", "i8"), ("percentage", "f8"),
     ("score", "f8"), ("member", "i8"), ("guest", "bool"), ("played", "i8")]
)  # fmt: skip


def _read_results(start: date, end: date) -> np.ndarray:
    """The month's pairs and individual results, a row per player in the walk's order
    (``history.fields_sql``'s rows). What a tournament or an entry shares is read
    once per tournament and per player only where it differs: the database's part
    is sending the values."""
    kind = " ".join(f"WHEN '{k}' THEN {c}" for k, c in _KIND_CODES.items())
    scoring = " ".join(f"WHEN '{k}' THEN {c}" for k, c in _TOURNAMENT_SCORING.items())
    tournaments = records(
        (
            column("tournament", "i8", "t.id"),
            column("day", "i8", "t.start_date - DATE '1970-01-01'"),
            column("kind", "i8", f"CASE t.kind {kind} END"),
            column("scoring", "i8", f"CASE t.scoring {scoring} END"),
            column("boards", "i8", "t.boards"),
        ),
        f"FROM {connection.ops.quote_name(Tournament._meta.db_table)} t WHERE {TOURNAMENTS_SQL}"
        f" AND {MONTH}",
        days(start, end),
    )
    topscore = ", ".join(f"'{k}'" for k, v in SCORING.items() if v == "topscore")
    players = records(
        (
            column("tournament", "i8", "t.id"),
            column("entry", "i8", "e.id"),
            column("place", "i8", f"COALESCE(s.place, {_NO_PLACE})"),
            column("place_to", "i8", f"COALESCE(s.place_to, {_NO_PLACE})"),
            # The result: a percentage by topscore, else the score.
            (
                "value",
                "f8",
                f"COALESCE(CAST(CASE WHEN t.scoring IN ({topscore}) THEN s.percentage "
                "ELSE s.score END AS DOUBLE PRECISION), 'NaN')",
            ),
            column("member", "i8", "COALESCE(p.member_id, -1)"),
            column("played", "i8", "COALESCE(p.boards_played, -1)"),
            column("seat", "i8", "p.id"),
        ),
        fields_from_sql(MONTH, ordered=False),
        days(start, end),
    )
    guests = np.array(
        list(
            Member.objects.filter(status=Member.Status.FOREIGN_GUEST).values_list("pk", flat=True)
        ),
        dtype=np.int64,
    )
    assert tournaments is not None and players is not None  # every column of a fixed width
    tournaments = np.sort(tournaments, order="tournament")
    at = np.searchsorted(tournaments["tournament"], players["tournament"])
    out = np.empty(len(players), dtype=_RESULTS)
    for name in ("tournament", "entry", "place", "place_to", "member", "played"):
        out[name] = players[name]
    for name in ("day", "kind", "scoring", "boards"):
        out[name] = tournaments[name][at] if len(players) else 0
    value = players["value"].astype(np.float64)
    by_topscore = out["scoring"] == _SCORINGS["topscore"]
    out["percentage"] = np.where(by_topscore, value, np.nan)
    out["score"] = np.where(by_topscore, np.nan, value)
    out["guest"] = np.isin(out["member"], guests)
    # In the walk's order (history.FIELDS_ORDER), sorted here: the database's sort of
    # the records cost more than numpy's of five keys.
    order = np.lexsort((players["seat"], out["entry"], out["place"], out["tournament"], out["day"]))
    return out[order]


NO_PARTNER_4 = -(2**31)
# A place as stored: its text and a bar, padded (the bar tells "3 " from "3").
_PLACE_WIDTH = 13


def stored_rows(
    start: date, end: date, version: str, reader: psycopg.Connection | None = None
) -> np.ndarray | None:
    """The stored history rows of the tournaments dated from ``start`` up to ``end``
    as :func:`walk_month` gives the rows it computes: the decimals as integers, the
    place padded, the scoring as a code, whether the version is ``version``. A place
    with letters beyond ASCII reads as none the walk writes."""
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    tournaments = quote(Tournament._meta.db_table)
    scoring = " ".join(f"WHEN '{k}' THEN {c}" for k, c in SCORING_CODES.items())
    columns = (
        column("member", "i8", "h.member_id"),
        column("tournament", "i8", "h.tournament_id"),
        column("match", "i8", f"COALESCE(h.match_id, {NO_MATCH})"),
        column("day", "i4", "h.played_on - DATE '2000-01-01'"),
        (
            "place",
            f"S{_PLACE_WIDTH}",
            "CASE WHEN octet_length(h.place) = char_length(h.place) "
            f"THEN convert_to(rpad(h.place || '|', {_PLACE_WIDTH}), 'UTF8') "
            f"ELSE '\\x{'3f' * _PLACE_WIDTH}'::bytea END",
        ),
        column("old", "i4", "h.old * 100"),
        column("partner", "i4", f"COALESCE((h.partner * 100)::int4, {NO_PARTNER_4 + 1} - 1)"),
        column("change", "i4", "h.change * 1000"),
        column("new", "i4", "h.new * 100"),
        column("boards", "i2", "h.boards"),
        column("owner", "i4", "h.owner * 100"),
        column("field", "i4", "h.field * 100"),
        column("expected", "i4", "h.expected * 100"),
        column("achieved", "i4", "h.achieved * 100"),
        column("scoring", "i2", f"CASE h.scoring {scoring} ELSE -2 END"),
        ("policy", "?", "h.policy_version = %s"),
    )
    # The month's tournaments as an array, so that their rows come by the tournament
    # index (a join scans the whole history for every month).
    tail = f"""
          FROM {history} h
         WHERE h.tournament_id = ANY(ARRAY(SELECT t.id FROM {tournaments} t WHERE {MONTH}))
    """  # noqa: S608 -- names from the models, values as parameters
    return records(columns, tail, [version, *days(start, end)], reader)


_STORED_VALUES = np.dtype(
    [("member", ">i8"), ("tournament", ">i8"), ("match", ">i8"), ("day", ">i4"),
     ("place", f"S{_PLACE_WIDTH}"), ("old", ">i4"), ("partner", ">i4"), ("change", ">i4"),
     ("new", ">i4"), ("boards", ">i2"), ("owner", ">i4"), ("field", ">i4"),
     ("expected", ">i4"), ("achieved", ">i4"), ("scoring", ">i2"), ("policy", "?")]
)  # fmt: skip
_DATE_EPOCH = date(2000, 1, 1).toordinal()


_CANONICAL = re.compile(r"0|[1-9][0-9]{0,8}")


def place_numbers(text: str) -> tuple[int, int]:
    """A place as the history writes it, as (from, to); -2 for anything else (as
    :func:`stored_rows` reads it)."""
    if text == "":
        return (-1, -1)
    first, dash, second = text.partition("-")
    if _CANONICAL.fullmatch(first):
        if not dash:
            return (int(first), int(first))
        if _CANONICAL.fullmatch(second) and first != second:
            return (int(first), int(second))
    return (-2, -2)


def lines_as_rows(lines: list[str], version: str) -> np.ndarray:
    """History rows in COPY's text (``history.COPY_FIELDS``) as integers (``COLUMNS``)."""
    out = np.empty((len(lines), len(COLUMNS)), dtype=np.int64)
    for i, line in enumerate(lines):
        (member, old, partner, change, new, boards, place, owner, field_, expected, achieved,
         tournament, match, day, scoring, policy) = line.rstrip("\n").split("\t")  # fmt: skip
        out[i] = (
            int(member), int(tournament), NO_MATCH if match == "\\N" else int(match),
            date.fromisoformat(day).toordinal() - EPOCH, *place_numbers(place),
            _hundredths(old), NO_PARTNER if partner == "\\N" else _hundredths(partner),
            _hundredths(change), _hundredths(new), int(boards), _hundredths(owner),
            _hundredths(field_), _hundredths(expected), _hundredths(achieved),
            SCORING_CODES.get(scoring, -2), int(policy == version),
        )  # fmt: skip
    return out


def _hundredths(text: str) -> int:
    """ "12.34" as 1234 ("0.125" as 125: the change's thousandths)."""
    return int(text.replace(".", ""))


class MemberIndex:
    """Every member's position in the walk's arrays."""

    def __init__(self, ids: list[int]):
        self.ids = np.array(sorted(ids), dtype=np.int64)
        self.position = {member: i for i, member in enumerate(self.ids.tolist())}

    def __len__(self) -> int:
        return len(self.ids)

    def of(self, members: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.ids, members)


@dataclass
class Month:
    """A month ready to walk: the plain competitions as arrays, level by level, and the
    others (``Competition``) by level, each level's after its plain ones."""

    plain: Plain
    comp_columns: np.ndarray  # per plain competition: tournament, match, day
    entry_places: np.ndarray
    scoring: np.ndarray
    row_day: np.ndarray
    others: list[list[Competition]]
    places: dict[str, str]
    newcomers: np.ndarray  # member positions met this month
    newcomer_days: np.ndarray  # the day each is first met (from 1970-01-01)


@dataclass
class _Source:
    """Plain competitions gathered from both sources before they are put in order."""

    keys: list[tuple[int, str]] = field(default_factory=list)  # walk order: (day, id)
    entry_lo: list[int] = field(default_factory=list)
    row_lo: list[int] = field(default_factory=list)
    form: list[str] = field(default_factory=list)
    scoring: list[int] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    columns: list[tuple[int, int, int]] = field(default_factory=list)


def read_month(
    start: date, end: date
) -> tuple[np.ndarray, PlainMatches, list[Competition], dict[str, str]]:
    """The month's competitions as the database gives them (as ``services._read_between``
    reads them, every tournament of the month), for :func:`assemble`: the pairs and
    individual results, the plain team matches, the other team matches (read by
    ``teams``), and the places of those."""
    results = _read_results(start, end)
    plain, slow = read_plain_matches(start, end)
    places: dict[str, str] = {}
    matches: list[Competition] = []
    if slow:
        for found in team_competitions(slow, places).values():
            matches.extend(found)
    return results, plain, matches, places


def assemble(
    results: np.ndarray,
    plain_matches: PlainMatches,
    matches: list[Competition],
    places: dict[str, str],
    index: MemberIndex,
    policy: HandicapPolicy,
    on_refused: Callable,
) -> Month:
    """A month read by :func:`read_month`, ready for :func:`walk_month`: refused
    competitions handed to ``on_refused`` and left out."""
    source = _Source()
    others: list[Competition] = []
    # Per player and per entry of the plain competitions, in source order.
    members: list[np.ndarray] = []
    played: list[np.ndarray] = []
    entry_size: list[np.ndarray] = []
    entry_result: list[np.ndarray] = []
    entry_place: list[np.ndarray] = []
    rows_so_far = entries_so_far = 0
    odd_tournaments: list[int] = []

    def refused_or(competition: Competition) -> bool:
        try:
            check(competition)
        except HandicapInputError as refusal:
            on_refused(competition, refusal)
            return True
        return False

    # Pairs and individual tournaments: boundaries found on the arrays.
    n = len(results)
    if n:
        tid = results["tournament"]
        new_t = np.r_[True, tid[1:] != tid[:-1]]
        new_e = new_t | np.r_[True, results["entry"][1:] != results["entry"][:-1]]
        t_start = np.flatnonzero(new_t)
        t_end = np.r_[t_start[1:], n]
        e_start = np.flatnonzero(new_e)
        e_end = np.r_[e_start[1:], n]
        e_tournament = np.cumsum(new_t)[e_start] - 1
        boards = results["boards"]
        topscore = results["scoring"] == _SCORINGS["topscore"]
        head = e_start
        result = np.where(
            topscore[head], results["percentage"][head], results["score"][head] / boards[head]
        )
        size = e_end - e_start
        wanted = _PLAYERS[results["kind"][head]]
        # ``boards_played or boards``: none (-1 here) or 0 is every board.
        count = np.where(results["played"] <= 0, boards, results["played"])
        # A ranking list without percentages: the tournament is not for the formula.
        without = np.isnan(result) & topscore[head]
        entries_of = np.bincount(e_tournament, minlength=len(t_start))
        dropped = np.bincount(e_tournament, weights=without, minlength=len(t_start)) > 0
        dropped |= entries_of < 2
        # What only the checks and the Python builder read: guests, players without
        # membership, a place missing, odd board counts, a player twice, a result out
        # of range.
        odd_entry = (size != wanted) | ~np.isfinite(result) | (results["place"][head] < 0)
        odd_entry |= results["place_to"][head] < 0
        odd_entry |= np.where(topscore[head], (result < 0) | (result > 100), False)
        odd_row = (results["member"] < 0) | (results["guest"] != 0)
        odd_row |= (count < 1) | (count > boards)
        order = np.lexsort((results["member"], tid))
        twice = np.zeros(n, dtype=bool)
        twice[order[1:]] = (tid[order[1:]] == tid[order[:-1]]) & (
            results["member"][order[1:]] == results["member"][order[:-1]]
        )
        row_tournament = np.cumsum(new_t) - 1
        odd = np.bincount(e_tournament, weights=odd_entry, minlength=len(t_start)) > 0
        odd |= np.bincount(row_tournament, weights=odd_row | twice, minlength=len(t_start)) > 0
        plain_rows = np.repeat(~dropped & ~odd, t_end - t_start)
        plain_entries = np.repeat(~dropped & ~odd, entries_of)
        members.append(index.of(results["member"][plain_rows]))
        played.append(count[plain_rows])
        entry_size.append(size[plain_entries])
        entry_result.append(result[plain_entries])
        entry_place.append(
            np.stack([results["place"][head], results["place_to"][head]], axis=1)[plain_entries]
        )
        for t, lo, hi, drop, other, entries in zip(
            tid[t_start].tolist(), t_start.tolist(), t_end.tolist(), dropped.tolist(),
            odd.tolist(), entries_of.tolist(), strict=True,
        ):  # fmt: skip
            if drop:
                continue
            if other:
                odd_tournaments.append(t)
                continue
            day = int(results["day"][lo])
            source.keys.append((day, f"{t:012d}"))
            source.entry_lo.append(entries_so_far)
            source.row_lo.append(rows_so_far)
            source.form.append(_FORMS[int(results["kind"][lo])])
            source.scoring.append(int(results["scoring"][lo]))
            source.boards.append(int(boards[lo]))
            source.columns.append((t, NO_MATCH, day))
            entries_so_far += entries
            rows_so_far += hi - lo
    if odd_tournaments:
        # The Python builder says what is wrong, or reads what the arrays do not.
        marks = ", ".join(["%s"] * len(odd_tournaments))
        for competition in read_fields(f"t.id IN ({marks})", odd_tournaments, places):
            if not refused_or(competition):
                others.append(competition)
    # Team matches: built by handicap.teams, the plain ones taken apart here.
    team_members: list[int] = []
    team_played: list[int] = []
    team_size: list[int] = []
    team_result: list[float] = []
    team_place: list[tuple[int, int]] = []
    place_of: dict[str, tuple[int, int]] = {}
    for competition in matches:
        entries = competition.entries
        if not _plain_match(competition):
            if not refused_or(competition):
                others.append(competition)
            continue
        entry_places = []
        for entry in entries:
            text = places.get(entry.id, "")
            place = place_of.get(text)
            if place is None:
                place = place_of[text] = place_numbers(text)
            entry_places.append(place)
        if (-2, -2) in entry_places:
            others.append(competition)
            continue
        tournament, _, rest = competition.id.partition(".")
        match = int(rest.rpartition(".")[2])
        day = competition.date.toordinal() - EPOCH
        source.keys.append((day, competition.id))
        source.entry_lo.append(entries_so_far)
        source.row_lo.append(rows_so_far)
        source.form.append(TEAM_MATCH)
        source.scoring.append(_SCORINGS[competition.scoring])
        source.boards.append(competition.boards)
        source.columns.append((int(tournament), match, day))
        for entry, place in zip(competition.entries, entry_places, strict=True):
            team_members.extend(map(int, entry.players))
            team_played.extend(entry.boards_played or [competition.boards] * len(entry.players))
            team_size.append(len(entry.players))
            team_result.append(entry.result)
            team_place.append(place)
            entries_so_far += 1
            rows_so_far += len(entry.players)
    members.append(index.of(np.array(team_members, dtype=np.int64)))
    played.append(np.array(team_played, dtype=np.int64))
    entry_size.append(np.array(team_size, dtype=np.int64))
    entry_result.append(np.array(team_result, dtype=np.float64))
    entry_place.append(np.array(team_place, dtype=np.int64).reshape(-1, 2))
    # Plain team matches, read as arrays: two teams of four each (after the others:
    # the arrays are put together in the order the competitions were gathered).
    count = len(plain_matches.match)
    if count:
        ids = zip(
            plain_matches.tournament.tolist(), plain_matches.round.tolist(),
            plain_matches.match.tolist(), strict=True,
        )  # fmt: skip
        day_list = plain_matches.day.tolist()
        source.keys.extend(
            (day, f"{t:012d}.{r:03d}.{pk:010d}")
            for day, (t, r, pk) in zip(day_list, ids, strict=True)
        )
        source.entry_lo.extend(range(entries_so_far, entries_so_far + 2 * count, 2))
        source.row_lo.extend(range(rows_so_far, rows_so_far + 2 * _TEAM * count, 2 * _TEAM))
        source.form.extend([TEAM_MATCH] * count)
        source.scoring.extend([_SCORINGS["imp"]] * count)
        source.boards.extend(plain_matches.boards.tolist())
        source.columns.extend(
            zip(
                plain_matches.tournament.tolist(), plain_matches.match.tolist(), day_list,
                strict=True,
            )
        )  # fmt: skip
        entries_so_far += 2 * count
        rows_so_far += 2 * _TEAM * count
        members.append(index.of(plain_matches.member))
        played.append(plain_matches.played)
        entry_size.append(np.full(2 * count, _TEAM, dtype=np.int64))
        entry_result.append(plain_matches.result)
        entry_place.append(plain_matches.place)
    return _in_order(
        source, others, places, index, policy,
        np.concatenate(members), np.concatenate(played), np.concatenate(entry_size),
        np.concatenate(entry_result), np.concatenate(entry_place),
    )  # fmt: skip


def _plain_match(competition: Competition) -> bool:
    """A team match of members only that ``check`` passes as it stands (the checks of
    ``competition.plainly_valid`` for two teams of four): the others go to ``check``
    and ``compute``."""
    entries = competition.entries
    boards = competition.boards
    if (
        competition.form != TEAM_MATCH
        or competition.guests
        or competition.non_members
        or len(entries) != 2
        or type(boards) is not int
        or boards < 1
        or competition.scoring not in _SCORINGS
    ):
        return False
    return plainly_valid(entries, _TEAM, boards, topscore=False)


_TEAM = FORMS[TEAM_MATCH].players


@cache
def _factors(form: str, scoring: str, boards: int, policy: HandicapPolicy):
    return (
        FORMS[form].tables, gain(form, scoring, boards, policy), policy.slope(scoring),
        AVERAGE[scoring],
    )  # fmt: skip


def _in_order(
    source: _Source,
    others: list[Competition],
    places: dict[str, str],
    index: MemberIndex,
    policy: HandicapPolicy,
    members: np.ndarray,
    played: np.ndarray,
    entry_size: np.ndarray,
    entry_result: np.ndarray,
    entry_place: np.ndarray,
) -> Month:
    """The plain competitions put in walk order, cut into levels with the others."""
    plain_count = len(source.keys)
    entry_lo = np.array(source.entry_lo + [len(entry_size)], dtype=np.int64)
    row_lo = np.array(source.row_lo + [len(members)], dtype=np.int64)
    member_list = members.tolist()
    row_bounds = row_lo.tolist()
    # Walk order over both kinds: (day, competition id), as ``walk`` sorts them.
    everything = [(key, i) for i, key in enumerate(source.keys)]
    everything += [
        ((c.date.toordinal() - EPOCH, c.id), plain_count + i) for i, c in enumerate(others)
    ]
    everything.sort()
    position = index.position
    players: list[list[int]] = []
    for _key, i in everything:
        if i < plain_count:
            players.append(member_list[row_bounds[i] : row_bounds[i + 1]])
        else:
            c = others[i - plain_count]
            outsiders = c.guests | c.non_members
            players.append(
                [position[int(p)] for e in c.entries for p in e.players if p not in outsiders]
            )
    level_of = levels(players, len(index))
    top = max(level_of, default=-1) + 1
    by_level: list[list[Competition]] = [[] for _ in range(top)]
    plain_order: list[tuple[int, int]] = []
    for walk_position, ((_key, i), level) in enumerate(zip(everything, level_of, strict=True)):
        if i < plain_count:
            plain_order.append((level, walk_position, i))  # type: ignore[arg-type]
        else:
            by_level[level].append(others[i - plain_count])
    plain_order.sort()
    comps = np.array([i for *_, i in plain_order], dtype=np.int64)
    comp_level = np.array([level for level, *_ in plain_order], dtype=np.int64)
    # Entries and players of the competitions in that order.
    entry_index = _ranges(entry_lo[comps], entry_lo[comps + 1])
    row_index = _ranges(row_lo[comps], row_lo[comps + 1])
    counts = (entry_lo[comps + 1] - entry_lo[comps]) if plain_count else np.zeros(0, np.int64)
    sizes = entry_size[entry_index]
    comp_entry_start = np.r_[0, np.cumsum(counts)].astype(np.int64)
    entry_row_start = np.r_[0, np.cumsum(sizes)].astype(np.int64)
    comp_of_entry = np.repeat(np.arange(plain_count), counts)
    entry_of_row = np.repeat(np.arange(len(sizes)), sizes)
    forms = [source.form[i] for i in comps.tolist()]
    scorings = [source.scoring[i] for i in comps.tolist()]
    factor_of: dict[tuple[str, int, int], tuple] = {}
    factors = []
    for form, scoring, i in zip(forms, scorings, comps.tolist(), strict=True):
        key = (form, scoring, source.boards[i])
        found = factor_of.get(key)
        if found is None:
            found = factor_of[key] = _factors(form, _SCORING_NAMES[scoring], key[2], policy)
        factors.append(found)
    team = np.array([form == TEAM_MATCH for form in forms], dtype=bool)
    first_entry = comp_entry_start[:-1][comp_of_entry]
    other = first_entry + 1 - (np.arange(len(sizes)) - first_entry)
    plain = Plain(
        comp_entry_start=comp_entry_start,
        comp_row_start=entry_row_start[comp_entry_start],
        rest=(counts - 1).astype(np.float64),
        team=team,
        tables=np.array([f[0] for f in factors], dtype=np.float64),
        gain=np.array([f[1] for f in factors], dtype=np.float64),
        slope=np.array([f[2] for f in factors], dtype=np.float64),
        average=np.array([f[3] for f in factors], dtype=np.float64),
        level_start=np.searchsorted(comp_level, np.arange(top + 1)).astype(np.int64),
        entry_row_start=entry_row_start,
        comp=comp_of_entry,
        size=sizes,
        result=entry_result[entry_index],
        other=np.where(team[comp_of_entry], other, 0),
        member=members[row_index],
        entry=entry_of_row,
        played=played[row_index],
    )  # fmt: skip
    columns = np.array(source.columns, dtype=np.int64).reshape(-1, 3)[comps]
    row_day = columns[comp_of_entry[entry_of_row], 2] if len(row_index) else row_index
    # Members met this month and the day each is first met (the day their start is
    # taken): competitions are walked day by day, so it is the earliest.
    met = [
        (position[int(p)], c.date.toordinal() - EPOCH)
        for level in by_level for c in level for e in c.entries for p in e.players
        if p not in c.guests and p not in c.non_members
    ]  # fmt: skip
    met_members = np.r_[plain.member, np.array([m for m, _ in met], dtype=np.int64)]
    met_days = np.r_[row_day, np.array([d for _, d in met], dtype=np.int64)]
    order = np.lexsort((met_days, met_members))
    first = np.r_[True, met_members[order][1:] != met_members[order][:-1]] if len(order) else order
    return Month(
        plain=plain,
        comp_columns=columns,
        entry_places=entry_place[entry_index],
        scoring=np.array(scorings, dtype=np.int64),
        row_day=row_day,
        others=by_level,
        places=places,
        newcomers=met_members[order][first],
        newcomer_days=met_days[order][first],
    )


def _ranges(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The indices lo[0]..hi[0]-1, lo[1]..hi[1]-1, ... as one array."""
    lengths = hi - lo
    if not len(lengths):
        return np.zeros(0, dtype=np.int64)
    offsets = np.r_[0, np.cumsum(lengths)[:-1]]
    return (np.repeat(lo - offsets, lengths) + np.arange(lengths.sum())).astype(np.int64)


@dataclass
class WalkState:
    """Everybody's handicap as the walk carries it, by member position: the value,
    whether the member has been met, and the day of their last row (-1: none)."""

    handicap: np.ndarray
    met: np.ndarray
    last_day: np.ndarray

    @classmethod
    def empty(cls, members: int) -> WalkState:
        return cls(np.zeros(members), np.zeros(members, dtype=bool), np.full(members, -1, np.int64))

    def copy(self) -> WalkState:
        return WalkState(self.handicap.copy(), self.met.copy(), self.last_day.copy())


def walk_month(
    month: Month,
    state: WalkState,
    index: MemberIndex,
    policy: HandicapPolicy,
    first: Callable[[str, date], float],
    on_refused: Callable,
) -> np.ndarray:
    """Walk the month from ``state`` (updated); returns its history rows as integers."""
    handicap, met, last_day = state.handicap, state.met, state.last_day
    ids = index.ids
    new = np.flatnonzero(~met[month.newcomers])
    for at in new.tolist():
        member = int(month.newcomers[at])
        day = date.fromordinal(int(month.newcomer_days[at]) + EPOCH)
        handicap[member] = first(str(int(ids[member])), day)
        met[member] = True
    plain = month.plain
    cap = policy.max_handicap
    other_rows: list[np.ndarray] = []
    position = index.position
    for level, others in enumerate(month.others):
        walked = walk_level(plain, level, handicap, cap)
        if len(walked):
            r0 = plain.comp_row_start[plain.level_start[level]]
            last_day[walked] = month.row_day[r0 : r0 + len(walked)]
        for competition in others:
            outsiders = competition.guests | competition.non_members
            current = {
                p: float(handicap[position[int(p)]])
                for e in competition.entries
                for p in e.players
                if p not in outsiders
            }
            days: dict[str, date] = {}
            text = HistoryText(policy.version, current, days)
            for c, changes in walk([competition], current, policy, on_refused=on_refused):
                text.take(c, changes, month.places)
            for player, value in current.items():
                handicap[position[int(player)]] = value
            for player, day in days.items():
                last_day[position[int(player)]] = day.toordinal() - EPOCH
            other_rows.append(lines_as_rows(text.lines, policy.version))
    computed = rows(plain, ids, month.comp_columns, month.entry_places, month.scoring)
    if other_rows:
        computed = np.concatenate([computed, *other_rows])
    return _as_stored(computed)


_PLACE_FROM, _PLACE_TO, _PARTNER, _DAY, _OLD = (
    COLUMNS.index(name) for name in ("place_from", "place_to", "partner", "played_on", "old")
)
_INT4 = 2**31 - 1


def same_rows(computed: np.ndarray | None, stored: np.ndarray | None) -> bool:
    """Whether the rows computed are the rows stored, in any order (False when either
    could not be read as numbers). A row is one member's in one tournament or match
    (the history's unique keys), so both sorted by that key line up row for row."""
    if computed is None or stored is None or computed.dtype != stored.dtype:
        return False
    if len(computed) != len(stored):
        return False

    def by_key(rows: np.ndarray) -> np.ndarray:
        member = rows["member"].astype(np.int64)
        match = rows["match"].astype(np.int64)
        event = np.where(match >= 0, match + 2**31, rows["tournament"].astype(np.int64))
        if len(rows) and (member.max() >= 2**31 or event.max() >= 2**32 or event.min() < 0):
            order = np.lexsort((event, member))  # ids too large for one key
        else:
            order = np.argsort(member << 32 | event)
        return rows.view(np.dtype((np.void, rows.dtype.itemsize)))[order]

    return bool(np.array_equal(by_key(computed), by_key(stored)))


def _as_stored(computed: np.ndarray) -> np.ndarray | None:
    """Rows as integers (``COLUMNS``) as :func:`stored_rows` reads them; None when a
    place cannot be written back (then only the text can tell)."""
    out = np.zeros(len(computed), dtype=_STORED_VALUES)
    places = computed[:, [_PLACE_FROM, _PLACE_TO]]
    numbers = computed[:, _OLD:]
    if (places == -2).any() or ((np.abs(numbers) > _INT4) & (numbers != NO_PARTNER)).any():
        return None
    # The place's text once per place met: "3", "3-4", or empty (-1).
    keys, at = np.unique(places[:, 0] * 2**32 + (places[:, 1] + 1), return_inverse=True)
    texts = []
    for key in keys.tolist():
        first, to = key >> 32, (key & (2**32 - 1)) - 1
        texts.append("" if first < 0 else place_text(first, to))
    out["place"] = np.array(
        [f"{text}|".ljust(_PLACE_WIDTH).encode() for text in texts], dtype=f"S{_PLACE_WIDTH}"
    )[at]
    for name in ("member_id", "tournament_id", "match_id"):
        out[name.removesuffix("_id")] = computed[:, COLUMNS.index(name)]
    out["day"] = computed[:, _DAY] + (EPOCH - _DATE_EPOCH)
    for name in (
        "old",
        "change",
        "new",
        "boards",
        "owner",
        "field",
        "expected",
        "achieved",
        "scoring",
    ):
        out[name] = computed[:, COLUMNS.index(name)]
    partner = computed[:, _PARTNER]
    out["partner"] = np.where(partner == NO_PARTNER, NO_PARTNER_4, partner)
    out["policy"] = computed[:, COLUMNS.index("policy")] == 1
    return out


def to_dicts(
    state: WalkState, index: MemberIndex, current: dict[str, float], last_day: dict[str, date]
) -> None:
    """The state as the text path keeps it: by player id, only members met."""
    met = np.flatnonzero(state.met)
    ids = index.ids[met].tolist()
    current.update(zip(map(str, ids), state.handicap[met].tolist(), strict=True))
    days = state.last_day[met].tolist()
    last_day.update(
        (str(member), date.fromordinal(day + EPOCH))
        for member, day in zip(ids, days, strict=True)
        if day >= 0
    )


def from_dicts(
    index: MemberIndex, current: dict[str, float], last_day: dict[str, date]
) -> WalkState:
    state = WalkState.empty(len(index))
    position = index.position
    for player, value in current.items():
        at = position[int(player)]
        state.handicap[at] = value
        state.met[at] = True
    for player, day in last_day.items():
        state.last_day[position[int(player)]] = day.toordinal() - EPOCH
    return state
