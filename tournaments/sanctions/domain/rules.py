"""Pre-checks for a club's silver or gold sanction, and the level an event reaches.

Seed 000 chapters 4 (lines 134-253) and 5 (lines 255-371); each table carries its
lines, and the readings where the seed is silent are in docs/sanctions.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import (
    Application,
    Check,
    Context,
    Field,
    Form,
    Level,
    Ref,
    SanctionedEvent,
    Severity,
)

# --- seed references -------------------------------------------------------------

REF_BRIDGE_WEEK = Ref(4, 157, 159)  # "högst två silvertävlingar eller en guld- och en silver"
REF_COLLISIONS = Ref(
    4, 188, 193
)  # "försöka se till att kollisioner ... undviks (även i närliggande dfb)"
REF_OPEN = Ref(5, 257, 271)  # "måste vara öppna och får ... inte spelas med hcp"
REF_SILVER_PAIRS = Ref(5, 280, 283)  # "minst 16 och ... minst 42 brickor"
REF_SILVER_TABLE = Ref(5, 336, 352)  # "Krav på brick- och parantal vid silvertävlingar"
REF_HALF_SCALE = Ref(5, 341, 352)  # "Par 16 36-41*", "* Spelas med halv silverpoängskala"
REF_QUALIFIER = Ref(5, 343, 356)  # "Mästerskapkval. 12 42"; SM-kval, DM-finaler, semifinaler
REF_OTHER_CLUBS_PAIRS = Ref(5, 285, 294)
REF_OTHER_CLUBS_TEAMS = Ref(5, 321, 334)
REF_SEASON = Ref(5, 296, 308)  # 5 (3) / 10 (6) / 15 (9)
REF_SPREAD = Ref(5, 307, 308)  # "Tävlingarna ska spridas över spelåret"
REF_SPRING_AUTUMN = Ref(5, 310, 313)  # "en, två eller tre vår- eller höstsilvertävlingar"
REF_MINORITY = Ref(5, 315, 319)  # "Vid fullteckning har spelare från klubbar ... företräde"
REF_GOLD_PAIRS = Ref(5, 359, 365)  # 24 pairs / 54 boards; 32 pairs / 57 boards
REF_GOLD_INDIVIDUAL = Ref(5, 367, 369)  # 28 / 54, 32 / 57
REF_GOLD_TEAMS = Ref(5, 371)  # "minst 12 lag"

# --- tables ----------------------------------------------------------------------


@dataclass(frozen=True)
class Minimum:
    entries: int
    boards: int


# "Krav på brick- och parantal vid silvertävlingar" (lines 336-349). Entries count
# the form's unit: pairs, teams, players for the individual row.
SILVER_MINIMUMS = {
    Form.PAIRS: Minimum(16, 42),  # line 339
    Form.TEAMS: Minimum(4, 42),  # line 345
    Form.TEAM_BAROMETER: Minimum(8, 42),  # line 347
    Form.INDIVIDUAL: Minimum(16, 38),  # line 349
}
QUALIFIER_MINIMUM = Minimum(12, 42)  # line 343; a pairs row, so pairs only
HALF_SCALE_BOARDS = range(36, 42)  # "Par 16 36-41*" (line 341), pairs only, not qualifiers

# Gold (lines 359-371): (least entries, least boards), largest field first; a field
# at or above the first threshold must play that row's boards.
GOLD_PAIRS = (Minimum(32, 57), Minimum(24, 54))  # lines 359-365
GOLD_INDIVIDUAL = (Minimum(32, 57), Minimum(28, 54))  # lines 367-369, players
GOLD_TEAMS = 12  # line 371; the seed names no board minimum for gold teams
GOLD_PLACES = ((32, 3), (24, 2))  # "Ettan och tvåan erhåller gp" / "De tre främsta" (lines 360-365)


@dataclass(frozen=True)
class SeasonLimit:
    silver: int  # silver events per season
    weekday: int  # of which at most this many on weekdays
    spring_autumn: int  # spring/autumn silver events on top


# Lines 296-313, by club members: up to 99, up to 199, 200 or more. The seed gives
# "en, två eller tre vår- eller höstsilvertävlingar beroende på klubbens storlek"
# without bands; we read them as the same three bands.
SEASON_LIMITS = (
    (99, SeasonLimit(silver=5, weekday=3, spring_autumn=1)),
    (199, SeasonLimit(silver=10, weekday=6, spring_autumn=2)),
    (None, SeasonLimit(silver=15, weekday=9, spring_autumn=3)),
)
TWO_CLUBS_MEMBERS = 100  # "En klubb med minst 100 medlemmar betraktas som två klubbar"
OTHER_CLUBS_PERCENT = 20  # "minst 20 % från annan/andra klubbar" (lines 290-294)
BRIDGE_WEEK_EVENTS = 2  # "högst två silvertävlingar eller en guld- och en silver" (157-159)
BRIDGE_WEEK_GOLD = 1
SPREAD_DAYS = 7  # our reading of "spridas över spelåret": warn within a week

UNIT_EN = {
    Form.PAIRS: "pairs",
    Form.TEAMS: "teams",
    Form.TEAM_BAROMETER: "teams",
    Form.INDIVIDUAL: "players",
}
UNIT_SV = {
    Form.PAIRS: "par",
    Form.TEAMS: "lag",
    Form.TEAM_BAROMETER: "lag",
    Form.INDIVIDUAL: "spelare",
}
FORM_EN = {
    Form.PAIRS: "pairs",
    Form.TEAMS: "teams",
    Form.TEAM_BAROMETER: "team barometer",
    Form.INDIVIDUAL: "individual",
}
FORM_SV = {
    Form.PAIRS: "partävling",
    Form.TEAMS: "lagtävling",
    Form.TEAM_BAROMETER: "lagbarometer",
    Form.INDIVIDUAL: "individuell tävling",
}
LEVEL_EN = {Level.BRONZE: "Bronze", Level.SILVER: "Silver", Level.GOLD: "Gold"}
LEVEL_SV = {Level.BRONZE: "Brons", Level.SILVER: "Silver", Level.GOLD: "Guld"}


# --- small helpers ---------------------------------------------------------------


def _check(rule_id: str, passed: bool, severity: Severity, en: str, sv: str, ref: Ref) -> Check:
    return Check(
        rule_id=rule_id,
        passed=passed,
        severity=severity,
        message_en=f"{en} ({ref.en})",
        message_sv=f"{sv} ({ref.sv})",
        seed_ref=ref.seed,
    )


def season_limit(members: int) -> SeasonLimit:
    """The club's silver quota for the season by its size (lines 296-313)."""
    for most, limit in SEASON_LIMITS:
        if most is None or members <= most:
            return limit
    raise AssertionError("unreachable")  # the last band is open-ended


def silver_minimum(form: Form, *, championship_qualifier: bool = False) -> Minimum:
    """The silver table's row (lines 336-356); qualifiers only relax pairs."""
    if championship_qualifier and form is Form.PAIRS:
        return QUALIFIER_MINIMUM
    return SILVER_MINIMUMS[form]


def gold_boards(form: Form, entries: int) -> int | None:
    """Least boards for a gold field of ``entries``; None where the seed names none."""
    rows = {Form.PAIRS: GOLD_PAIRS, Form.INDIVIDUAL: GOLD_INDIVIDUAL}.get(form)
    if rows is None:
        return None
    for row in rows:
        if entries >= row.entries:
            return row.boards
    return rows[-1].boards


def gold_min_entries(form: Form) -> int:
    if form is Form.PAIRS:
        return GOLD_PAIRS[-1].entries
    if form is Form.INDIVIDUAL:
        return GOLD_INDIVIDUAL[-1].entries
    return GOLD_TEAMS


def gold_places(entries: int) -> int:
    """How many pairs get gp: two from 24 pairs, three from 32 (lines 360-365)."""
    for least, places in GOLD_PLACES:
        if entries >= least:
            return places
    return 0


def other_clubs_enough(players: int, from_other_clubs: int) -> bool:
    """At least 20 % of the players from other clubs, in whole numbers (no float)."""
    return from_other_clubs * 100 >= OTHER_CLUBS_PERCENT * players


def _en(played: bool) -> str:
    return "played" if played else "planned"


def _sv(played: bool) -> str:
    return "spelade" if played else "planerade"


# --- the checks ------------------------------------------------------------------


def check_open(app: Application) -> Check:
    """Gold and silver events must be open (lines 257-271). A restricted openness
    (a district, a trade, mixed, ladies, seniors, juniors) still counts as open;
    the caller passes ``open=True`` for those."""
    lvl_en, lvl_sv = LEVEL_EN[app.level], LEVEL_SV[app.level]
    return _check(
        "open",
        app.open,
        Severity.REFUSAL,
        f"{lvl_en} events must be open" + ("" if app.open else "; this one is closed"),
        f"{lvl_sv}tävlingar måste vara öppna" + ("" if app.open else "; denna är stängd"),
        REF_OPEN,
    )


def check_no_handicap(app: Application) -> Check:
    """Gold and silver events are not played with handicap (lines 257-259)."""
    lvl_en, lvl_sv = LEVEL_EN[app.level], LEVEL_SV[app.level]
    return _check(
        "no_handicap",
        not app.handicap,
        Severity.REFUSAL,
        f"{lvl_en} events are not played with handicap" + ("; this one is" if app.handicap else ""),
        f"{lvl_sv}tävlingar spelas inte med hcp" + ("; denna gör det" if app.handicap else ""),
        REF_OPEN,
    )


def silver_field_checks(
    form: Form,
    entries: int,
    boards: int,
    *,
    championship_qualifier: bool = False,
    played: bool = False,
) -> list[Check]:
    """Entries and boards against the silver table (lines 280-283, 336-356), and the
    half-scale flag for pairs on 36-41 boards."""
    least = silver_minimum(form, championship_qualifier=championship_qualifier)
    ref = REF_QUALIFIER if championship_qualifier and form is Form.PAIRS else REF_SILVER_TABLE
    what_en = "Championship qualifiers" if ref is REF_QUALIFIER else f"Silver {FORM_EN[form]}"
    what_sv = "Mästerskapskval" if ref is REF_QUALIFIER else f"Silver, {FORM_SV[form]},"
    unit_en, unit_sv = UNIT_EN[form], UNIT_SV[form]
    checks = [
        _check(
            "silver.entries",
            entries >= least.entries,
            Severity.REFUSAL,
            f"{what_en} need at least {least.entries} {unit_en}; {entries} {_en(played)}",
            f"{what_sv} kräver minst {least.entries} {unit_sv}; {entries} {_sv(played)}",
            ref,
        )
    ]
    half = form is Form.PAIRS and not championship_qualifier and boards in HALF_SCALE_BOARDS
    if half:
        checks.append(
            _check(
                "silver.half_scale",
                False,
                Severity.WARNING,
                f"{boards} boards: silver pairs on {HALF_SCALE_BOARDS.start}-"
                f"{HALF_SCALE_BOARDS.stop - 1} boards are played at half the silver scale",
                f"{boards} brickor: silverpartävling med {HALF_SCALE_BOARDS.start}-"
                f"{HALF_SCALE_BOARDS.stop - 1} brickor spelas med halv silverpoängskala",
                REF_HALF_SCALE,
            )
        )
    else:
        checks.append(
            _check(
                "silver.boards",
                boards >= least.boards,
                Severity.REFUSAL,
                f"{what_en} need at least {least.boards} boards; {boards} {_en(played)}",
                f"{what_sv} kräver minst {least.boards} brickor; {boards} {_sv(played)}",
                ref,
            )
        )
    return checks


def gold_field_checks(
    form: Form, entries: int, boards: int, *, played: bool = False
) -> list[Check]:
    """Entries and boards for gold (lines 359-371). Team barometers count as teams."""
    least = gold_min_entries(form)
    unit_en, unit_sv = UNIT_EN[form], UNIT_SV[form]
    ref = {Form.PAIRS: REF_GOLD_PAIRS, Form.INDIVIDUAL: REF_GOLD_INDIVIDUAL}.get(
        form, REF_GOLD_TEAMS
    )
    checks = [
        _check(
            "gold.entries",
            entries >= least,
            Severity.REFUSAL,
            f"Gold {FORM_EN[form]} need at least {least} {unit_en}; {entries} {_en(played)}",
            f"Guld, {FORM_SV[form]}, kräver minst {least} {unit_sv}; {entries} {_sv(played)}",
            ref,
        )
    ]
    need = gold_boards(form, entries)
    if need is not None:
        field_en = f" with {entries} {unit_en}" if entries >= least else ""
        field_sv = f" med {entries} {unit_sv}" if entries >= least else ""
        checks.append(
            _check(
                "gold.boards",
                boards >= need,
                Severity.REFUSAL,
                f"Gold {FORM_EN[form]}{field_en} need at least {need} boards; {boards} {_en(played)}",
                f"Guld, {FORM_SV[form]},{field_sv} kräver minst {need} brickor; {boards} {_sv(played)}",
                ref,
            )
        )
    return checks


def check_other_clubs(
    form: Form, club_members: int, players: int | None, from_other_clubs: int | None
) -> Check:
    """Silver pairs and teams: a club of 100+ members counts as two clubs and may
    play silver among its own members; a smaller club needs at least 20 % of the
    players from other clubs (lines 285-294, 321-334). Unknown share: a warning,
    checked again on the real field."""
    ref = REF_OTHER_CLUBS_PAIRS if form is Form.PAIRS else REF_OTHER_CLUBS_TEAMS
    if club_members >= TWO_CLUBS_MEMBERS:
        return _check(
            "silver.other_clubs",
            True,
            Severity.REFUSAL,
            f"A club of {club_members} members counts as two clubs; "
            "no players from other clubs are needed",
            f"En klubb med {club_members} medlemmar betraktas som två klubbar; "
            "inga spelare från andra klubbar krävs",
            ref,
        )
    if players is None or from_other_clubs is None:
        return _check(
            "silver.other_clubs",
            False,
            Severity.WARNING,
            f"A club of {club_members} members needs at least {OTHER_CLUBS_PERCENT} % "
            "of the players from other clubs; checked on the real field",
            f"En klubb med {club_members} medlemmar behöver minst {OTHER_CLUBS_PERCENT} % "
            "spelare från andra klubbar; kontrolleras på det verkliga startfältet",
            ref,
        )
    share = f"{from_other_clubs} of {players}"
    share_sv = f"{from_other_clubs} av {players}"
    return _check(
        "silver.other_clubs",
        other_clubs_enough(players, from_other_clubs),
        Severity.REFUSAL,
        f"A club of {club_members} members needs at least {OTHER_CLUBS_PERCENT} % "
        f"of the players from other clubs; {share} ({_percent(players, from_other_clubs)} %)",
        f"En klubb med {club_members} medlemmar behöver minst {OTHER_CLUBS_PERCENT} % "
        f"spelare från andra klubbar; {share_sv} ({_percent(players, from_other_clubs)} %)",
        ref,
    )


def _percent(players: int, part: int) -> str:
    if players <= 0:
        return "0"
    tenths = (part * 1000) // players  # truncated: 19.99 % shows as 19.9, never 20
    return f"{tenths // 10}.{tenths % 10}"


def _silver_in_season(app: Application, context: Context) -> list[SanctionedEvent]:
    return [
        e
        for e in context.season_events
        if e.level is Level.SILVER and e.spring_autumn == app.spring_autumn
    ]


def season_checks(app: Application, context: Context) -> list[Check]:
    """The club's silver quota for the season (lines 296-313). Spring/autumn silver
    events are counted on their own quota, "utöver detta"; the others against the
    season and weekday limits. Gold events are not counted."""
    limit = season_limit(context.club_members)
    same = _silver_in_season(app, context)
    members = context.club_members
    if app.spring_autumn:
        n = len(same) + 1
        return [
            _check(
                "season.spring_autumn",
                n <= limit.spring_autumn,
                Severity.REFUSAL,
                f"A club of {members} members may arrange {limit.spring_autumn} spring/autumn "
                f"silver event(s); this would be number {n}",
                f"En klubb med {members} medlemmar får arrangera {limit.spring_autumn} "
                f"vår- eller höstsilvertävling(ar); denna blir nummer {n}",
                REF_SPRING_AUTUMN,
            )
        ]
    n = len(same) + 1
    checks = [
        _check(
            "season.silver",
            n <= limit.silver,
            Severity.REFUSAL,
            f"A club of {members} members may arrange {limit.silver} silver events a season; "
            f"this would be number {n}",
            f"En klubb med {members} medlemmar får arrangera {limit.silver} silvertävlingar "
            f"per spelår; denna blir nummer {n}",
            REF_SEASON,
        )
    ]
    if app.on_weekday:
        w = sum(1 for e in same if e.on_weekday) + 1
        checks.append(
            _check(
                "season.weekday",
                w <= limit.weekday,
                Severity.REFUSAL,
                f"A club of {members} members may hold at most {limit.weekday} silver events "
                f"on weekdays; this would be number {w}",
                f"En klubb med {members} medlemmar får ha högst {limit.weekday} silvertävlingar "
                f"på vardagar; denna blir nummer {w}",
                REF_SEASON,
            )
        )
    return checks


def check_spread(app: Application, context: Context) -> Check:
    """ "Tävlingarna ska spridas över spelåret" (lines 307-308). The seed names no
    measure; we flag another silver event of the club within ``SPREAD_DAYS``."""
    near = sorted(
        e.date
        for e in context.season_events
        if e.level is Level.SILVER and abs((e.date - app.date).days) < SPREAD_DAYS
    )
    dates = ", ".join(d.isoformat() for d in near)
    return _check(
        "season.spread",
        not near,
        Severity.WARNING,
        "Silver events should be spread over the season"
        + (f"; the club already has silver on {dates}" if near else ""),
        "Silvertävlingarna ska spridas över spelåret"
        + (f"; klubben har redan silver {dates}" if near else ""),
        REF_SPREAD,
    )


def check_bridge_week(app: Application, context: Context) -> Check:
    """A bridge week holds at most two silver events, or one gold and one silver
    (lines 157-159): at most two sanctioned events, at most one of them gold."""
    same = [e for e in context.season_events if e.bridge_week == app.bridge_week]
    levels = [e.level for e in same if e.level in (Level.SILVER, Level.GOLD)] + [app.level]
    gold = levels.count(Level.GOLD)
    silver = levels.count(Level.SILVER)
    ok = len(levels) <= BRIDGE_WEEK_EVENTS and gold <= BRIDGE_WEEK_GOLD
    return _check(
        "bridge_week",
        ok,
        Severity.REFUSAL,
        "A bridge week may hold at most two silver events, or one gold and one silver; "
        f"this would make {gold} gold and {silver} silver",
        "Vid bridgeveckor får arrangör arrangera högst två silvertävlingar eller en guld- "
        f"och en silvertävling; detta blir {gold} guld och {silver} silver",
        REF_BRIDGE_WEEK,
    )


def check_collisions(app: Application, context: Context) -> Check:
    """Other sanctioned events on the same day in the same or a neighbouring district
    (lines 188-193): listed for the district, never a refusal."""
    same_day = [e for e in context.nearby_events if e.date == app.date]
    listed = "; ".join(f"{e.name} ({e.club}, {e.district}, {e.level})" for e in same_day)
    return _check(
        "collisions",
        not same_day,
        Severity.WARNING,
        "No other sanctioned event nearby that day"
        if not same_day
        else f"{len(same_day)} other sanctioned event(s) nearby on {app.date}: {listed}",
        "Inga andra sanktionerade tävlingar i närheten den dagen"
        if not same_day
        else f"{len(same_day)} andra sanktionerade tävling(ar) i närheten {app.date}: {listed}",
        REF_COLLISIONS,
    )


def check_minority_priority(app: Application) -> Check | None:
    """A silver pairs event that limits its field: "Vid fullteckning har spelare från
    klubbar som är i minoritet företräde. Inget sådant par kan nekas plats i tävlingen
    om anmälan inkommer inom stipulerad tid" (lines 315-319). The rule binds only
    entries made "within the stipulated time", so a limited field must state its
    entry deadline, before the first playing day. The minority clubs are the clubs
    other than the organiser (docs/sanctions.md). No limit: nothing to check."""
    if app.field_limit is None:
        return None
    limit = app.field_limit
    deadline = app.entry_deadline
    if deadline is None or deadline >= app.date:
        when_en = "states none" if deadline is None else f"{deadline} is not before the event"
        when_sv = "saknas" if deadline is None else f"{deadline} är inte före tävlingen"
        return _check(
            "silver.minority_priority",
            False,
            Severity.REFUSAL,
            f"A field limited to {limit} pairs needs an entry deadline before the first "
            f"playing day, as pairs from minority clubs entering in time cannot be refused; "
            f"the deadline {when_en}",
            f"Ett startfält begränsat till {limit} par kräver ett sista anmälningsdatum före "
            f"första speldagen, eftersom par från klubbar i minoritet som anmäler sig i tid "
            f"inte kan nekas plats; sista anmälningsdag {when_sv}",
            REF_MINORITY,
        )
    return _check(
        "silver.minority_priority",
        True,
        Severity.REFUSAL,
        f"Field limited to {limit} pairs: when it is full, pairs from minority clubs "
        f"(other than the organiser) entering by {deadline} go first and cannot be refused",
        f"Startfältet begränsat till {limit} par: vid fullteckning har par från klubbar i "
        f"minoritet (andra än arrangören) som anmäler sig senast {deadline} företräde och "
        f"kan inte nekas plats",
        REF_MINORITY,
    )


# --- top level -------------------------------------------------------------------


def pre_checks(app: Application, context: Context) -> list[Check]:
    """Every check that applies to ``app``, passed or not, in a fixed order."""
    if app.level is Level.BRONZE:
        raise ValueError("bronze needs no sanction application (lines 162-164)")
    checks = [check_open(app), check_no_handicap(app)]
    if app.level is Level.GOLD:
        checks += gold_field_checks(app.form, app.entries, app.boards)
    else:
        checks += silver_field_checks(
            app.form, app.entries, app.boards, championship_qualifier=app.championship_qualifier
        )
        if _other_clubs_apply(app.form, app.championship_qualifier):
            checks.append(
                check_other_clubs(
                    app.form, context.club_members, app.players, app.players_from_other_clubs
                )
            )
        if app.form is Form.PAIRS:
            priority = check_minority_priority(app)
            if priority is not None:
                checks.append(priority)
        checks += season_checks(app, context)
        checks.append(check_spread(app, context))
    if app.bridge_week is not None:
        checks.append(check_bridge_week(app, context))
    checks.append(check_collisions(app, context))
    return checks


def refusals(checks: Sequence[Check]) -> list[Check]:
    return [c for c in checks if c.refuses]


def _other_clubs_apply(form: Form, championship_qualifier: bool) -> bool:
    # Pairs (lines 285-294) and teams (321-334); not championships; the seed says
    # nothing for individual events.
    return form is not Form.INDIVIDUAL and not championship_qualifier


def _silver_field_failures(field: Field) -> list[Check]:
    checks = silver_field_checks(
        field.form,
        field.entries,
        field.boards,
        championship_qualifier=field.championship_qualifier,
        played=True,
    )
    if _other_clubs_apply(field.form, field.championship_qualifier):
        if field.club_members < TWO_CLUBS_MEMBERS and (
            field.players is None or field.players_from_other_clubs is None
        ):
            raise ValueError("the real field needs players and players_from_other_clubs")
        checks.append(
            check_other_clubs(
                field.form, field.club_members, field.players, field.players_from_other_clubs
            )
        )
    return [c for c in checks if not c.passed]


def level_reached(sanctioned_level: Level, field: Field) -> tuple[Level, list[Check]]:
    """The level the real field reached, and why it is lower (or flagged).

    The field-dependent checks run again on the real field: gold falls to silver
    when the gold minimums fail and the silver ones hold, and to bronze when
    those fail too. A silver pairs field on 36-41 boards stays silver with the
    half-scale warning among the reasons.
    """
    reasons: list[Check] = []
    if sanctioned_level is Level.GOLD:
        checks = gold_field_checks(field.form, field.entries, field.boards, played=True)
        failed = [c for c in checks if not c.passed]
        if not failed:
            return Level.GOLD, reasons
        reasons += failed
        sanctioned_level = Level.SILVER
    if sanctioned_level is Level.SILVER:
        failed = _silver_field_failures(field)
        reasons += failed
        if not any(c.refuses for c in failed):
            return Level.SILVER, reasons
    return Level.BRONZE, reasons
