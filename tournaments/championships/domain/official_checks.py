"""The checks the district official's pages make on heats and registrations, and the
search for players who qualified twice.

Source: seed ``003_796cec548aee39db.txt`` (ÖMBF's district championships 2024-2025):

- "Kvaltävlingar i DM" (lines 159-167): heats inside the qualifying period, no move or
  cancellation after the registration period without the district's consent, the
  invitation four weeks ahead, district pairs never refused, outside pairs by
  dispensation;
- lines 185-187: a bronze heat's pairs declare before the start;
- lines 193-195: a pair in which a player qualified earlier in the season in the same
  discipline is struck;
- lines 272-276: the reigning champions register before the qualifying period ends;
- the qualifying periods of the pairs (lines 350-355) and DM Lag's (line 390);
- DM Lag (lines 401-409, 500): at most eight players, the district's players not
  outnumbered by another district's, one team per player, one heat per club.

Plain data in, findings out; each finding names the form field at fault and the lines.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

# 003 line 163: "senast fyra veckor före kvaltävlingens start".
INVITATION_NOTICE: Final = dt.timedelta(weeks=4)
# 003 line 401: "maximalt åtta (8) spelare".
MAX_TEAM_PLAYERS: Final = 8
PAIR_PLAYERS: Final = 2

# 003 lines 350-355 ("Kvalperiod") and line 390 (DM Lag "Spelperiod för kvalheaten"):
# first and last day as (month, day); months from September belong to the season's
# first year. Hcp 30+ has no heats (a direct final, line 352).
QUALIFYING_PERIODS: Final[dict[tuple[str, str], tuple[tuple[int, int], tuple[int, int]]]] = {
    ("pairs", "ladies"): ((10, 14), (3, 2)),  # 003 line 351
    ("pairs", "mixed"): ((10, 14), (2, 9)),  # 003 line 353
    ("pairs", "open"): ((10, 14), (3, 23)),  # 003 line 354
    ("pairs", "veterans"): ((10, 14), (1, 26)),  # 003 line 355
    ("teams", "open"): ((9, 29), (12, 15)),  # 003 line 390
}


@dataclass(frozen=True)
class Finding:
    """What a check found: ``refuse`` stops the step, ``warn`` lets it through and the
    trail keeps the words. ``field`` is the form field at fault."""

    level: str
    field: str
    en: str
    sv: str
    lines: str

    @property
    def refuses(self) -> bool:
        return self.level == "refuse"


def _day(season: int, month_day: tuple[int, int]) -> dt.date:
    month, day = month_day
    return dt.date(season if month >= 9 else season + 1, month, day)


def qualifying_period(form: str, discipline: str, season: int) -> tuple[dt.date, dt.date] | None:
    """The seed's qualifying period for a championship of ``season`` (its first year), or
    None where the seed names none. The stage's own dates, when the district set them,
    come first (:func:`heat_day_in_period`)."""
    period = QUALIFYING_PERIODS.get((form, discipline))
    if period is None:
        return None
    return _day(season, period[0]), _day(season, period[1])


def heat_day_in_period(day: dt.date, period: tuple[dt.date, dt.date] | None) -> Finding | None:
    """A heat is played inside the qualifying period (003 line 159; the periods on lines
    350-355 and 390)."""
    if period is None:
        return None
    first, last = period
    if first <= day <= last:
        return None
    return Finding(
        "refuse", "day",
        f"The heat's day {day:%Y-%m-%d} is outside the qualifying period {first:%Y-%m-%d} – {last:%Y-%m-%d} (003 line 159).",
        f"Heatets dag {day:%Y-%m-%d} ligger utanför kvalperioden {first:%Y-%m-%d} – {last:%Y-%m-%d} (003 rad 159).",
        "003 lines 159, 350-355, 390",
    )  # fmt: skip


def invitation_notice(day: dt.date, sent_on: dt.date | None) -> Finding | None:
    """The organiser sends the invitation at least four weeks before the heat (003 line
    163). Decision: a late or missing invitation warns and is kept in the trail; it does
    not refuse the heat, since the heat is played all the same and the district, not the
    page, decides what follows."""
    if sent_on is None:
        return Finding(
            "warn", "invitation_sent_on",
            "No invitation is recorded; it is due four weeks before the heat (003 line 163).",
            "Ingen inbjudan är registrerad; den ska skickas fyra veckor före heatet (003 rad 163).",
            "003 line 163",
        )  # fmt: skip
    if day - sent_on >= INVITATION_NOTICE:
        return None
    days = (day - sent_on).days
    return Finding(
        "warn", "invitation_sent_on",
        f"The invitation was sent {days} days before the heat, not four weeks (003 line 163).",
        f"Inbjudan skickades {days} dagar före heatet, inte fyra veckor (003 rad 163).",
        "003 line 163",
    )  # fmt: skip


def one_heat_per_club(form: str, club_heats: int) -> Finding | None:
    """A club runs only one DM Lag heat (003 line 500); ``club_heats`` counts the club's
    other heats of the championship."""
    if form != "teams" or club_heats == 0:
        return None
    return Finding(
        "refuse", "club",
        "This club already runs a heat of DM Lag; a club may run only one (003 line 500).",
        "Klubben arrangerar redan ett kvalheat i DM Lag; en klubb får bara arrangera ett (003 rad 500).",
        "003 line 500",
    )  # fmt: skip


def change_needs_consent(
    registration_closes: dt.date | None, today: dt.date, *, moved: bool
) -> bool:
    """After the registration period a heat may not be moved or cancelled without the
    district's express consent (003 line 161). The official's step is that consent: the
    page then says so and the trail keeps it."""
    return moved and registration_closes is not None and today > registration_closes


# -- registrations ----------------------------------------------------------------------


def registration_window(
    registered_on: dt.date, opens: dt.date | None, closes: dt.date | None
) -> Finding | None:
    """The championship takes registrations inside its own period (issue #21 point 2)."""
    if opens is not None and registered_on < opens:
        return Finding(
            "refuse", "registered_on",
            f"Registration opens on {opens:%Y-%m-%d}.",
            f"Anmälan öppnar {opens:%Y-%m-%d}.",
            "003 line 163",
        )  # fmt: skip
    if closes is not None and registered_on > closes:
        return Finding(
            "refuse", "registered_on",
            f"Registration closed on {closes:%Y-%m-%d}.",
            f"Anmälan stängde {closes:%Y-%m-%d}.",
            "003 line 163",
        )  # fmt: skip
    return None


def heat_open(
    registered_on: dt.date, closes: dt.date | None, entered: int, limit: int | None
) -> Finding | None:
    """The heat's own last day to register and its limit, as its invitation states them
    (003 line 163). Decision: the limit applies to every pair; line 165 (district pairs
    cannot be refused) forbids refusing them on other grounds, not a full room."""
    if closes is not None and registered_on > closes:
        return Finding(
            "refuse", "heat",
            f"The heat's last day to register was {closes:%Y-%m-%d} (003 line 163).",
            f"Heatets sista anmälningsdag var {closes:%Y-%m-%d} (003 rad 163).",
            "003 line 163",
        )  # fmt: skip
    if limit is not None and entered >= limit:
        return Finding(
            "refuse", "heat",
            f"The heat is full: its invitation allows {limit} (003 line 163).",
            f"Heatet är fullt: inbjudan tillåter {limit} (003 rad 163).",
            "003 line 163",
        )  # fmt: skip
    return None


def needs_dispensation(form: str, district_id: int, player_districts: Sequence[int | None]) -> bool:
    """Pairs: both players from another district play by the committee's dispensation
    (003 line 167); a pair with a district player is never refused (line 165). Teams:
    the district's players may not be fewer than any other district's (line 403).
    A player with no representing club this season counts as from elsewhere
    (decision: the organiser checks membership, line 106)."""
    ours = sum(1 for d in player_districts if d == district_id)
    if form == "pairs":
        return ours == 0
    others: dict[int | None, int] = {}
    for d in player_districts:
        if d != district_id:
            others[d] = others.get(d, 0) + 1
    return bool(others) and ours < max(others.values())


def dispensation_missing(form: str) -> Finding:
    if form == "pairs":
        return Finding(
            "refuse", "dispensation",
            "Both players are from another district: the pair plays only by the committee's dispensation (003 line 167).",
            "Båda spelarna tillhör annat distrikt: paret spelar bara med TK:s dispens (003 rad 167).",
            "003 line 167",
        )  # fmt: skip
    return Finding(
        "refuse", "dispensation",
        "Another district has more players in the team than this district: the team plays only by the committee's dispensation (003 line 403).",
        "Ett annat distrikt har fler spelare i laget än detta distrikt: laget spelar bara med TK:s dispens (003 rad 403).",
        "003 line 403",
    )  # fmt: skip


def team_size(players: int) -> Finding | None:
    """A team has at most eight players (003 line 401), the captain among them."""
    if players <= MAX_TEAM_PLAYERS:
        return None
    return Finding(
        "refuse", "players",
        f"A team has at most {MAX_TEAM_PLAYERS} players, not {players} (003 line 401).",
        f"Ett lag har högst {MAX_TEAM_PLAYERS} spelare, inte {players} (003 rad 401).",
        "003 line 401",
    )  # fmt: skip


def declaration_open(heat_day: dt.date | None, today: dt.date) -> Finding | None:
    """A bronze heat's pair declares before the start whether it plays the
    qualification (003 lines 185-187). Decision: the page knows the heat's day, not its
    starting time, so the declaration may be set or changed up to the heat's day and is
    refused after it."""
    if heat_day is None or today <= heat_day:
        return None
    return Finding(
        "refuse", "plays_qualification",
        f"The heat was played on {heat_day:%Y-%m-%d}: the declaration is made before the start (003 lines 185-187).",
        f"Heatet spelades {heat_day:%Y-%m-%d}: anmälan till kvalet görs före start (003 rad 185-187).",
        "003 lines 185-187",
    )  # fmt: skip


def champions_in_time(registered_on: dt.date, period_ends: dt.date | None) -> Finding | None:
    """The reigning champions keep their direct place only if they register before the
    qualifying period ends (003 line 274)."""
    if period_ends is None or registered_on <= period_ends:
        return None
    return Finding(
        "refuse", "reigning_champions",
        f"The reigning champions register before the qualifying period ends ({period_ends:%Y-%m-%d}, 003 line 274).",
        f"Regerande mästare anmäler sig före kvalperiodens utgång ({period_ends:%Y-%m-%d}, 003 rad 274).",
        "003 line 274",
    )  # fmt: skip


def one_team_per_player(names: Iterable[str]) -> Finding | None:
    """A player plays in one DM Lag team only (003 line 409); ``names``: the players
    already in another team."""
    taken = sorted(names)
    if not taken:
        return None
    listed = ", ".join(taken)
    return Finding(
        "refuse", "players",
        f"Already in another team: {listed}. A player plays in one team only (003 line 409).",
        f"Redan med i ett annat lag: {listed}. En spelare får bara delta i ett lag (003 rad 409).",
        "003 line 409",
    )  # fmt: skip


# -- a player who qualified twice -------------------------------------------------------


@dataclass(frozen=True)
class QualifyingLine:
    """A pair's line in a heat of the discipline this season: the heat (its day and an
    id to order heats of the same day), the line's id, its players' ids, and whether it
    counts in the qualification (a bronze heat's declaration, 003 line 187; not
    struck)."""

    heat: str
    day: dt.date
    line: int
    players: frozenset[int]
    qualifying: bool = True


@dataclass(frozen=True)
class QualifiedTwice:
    """A player in the qualifying lines of more than one heat: ``first`` the line that
    stands, ``later`` the lines to strike (003 lines 193-195)."""

    player: int
    first: QualifyingLine
    later: tuple[QualifyingLine, ...]


def qualified_twice(lines: Iterable[QualifyingLine]) -> list[QualifiedTwice]:
    """Players found in the qualifying lines of two or more heats of one discipline and
    season, in any district (003 line 193: "i samma distriktsförbund (dfb) eller annat
    dfb"). The first heat by day stands; the pair in each later heat "qualified at an
    earlier occasion" and is struck there (lines 193-195). Same day: the order of
    ``heat`` (decision: the committee looks at the times; the page proposes)."""
    by_player: dict[int, list[QualifyingLine]] = {}
    for line in lines:
        if not line.qualifying:
            continue
        for player in line.players:
            by_player.setdefault(player, []).append(line)
    found = []
    for player, played in sorted(by_player.items()):
        ordered = sorted(played, key=lambda line: (line.day, line.heat, line.line))
        heats = {line.heat for line in ordered}
        if len(heats) < 2:
            continue
        first = ordered[0]
        later = tuple(line for line in ordered[1:] if line.heat != first.heat)
        found.append(QualifiedTwice(player, first, later))
    return found
