"""Sanction pre-checks and level reached (tournaments.sanctions.domain).

Every case names its place in seed 000 ("Svenska mästarpoäng 2014-2015"), chapter 4
(lines 134-253) and chapter 5 (lines 255-371); the numbers are read from the seed,
not from issue #7.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.sanctions.domain import (
    Application,
    Context,
    Field,
    Form,
    Level,
    NearbyEvent,
    SanctionedEvent,
    Severity,
    level_reached,
    pre_checks,
    refusals,
    season_limit,
)
from tournaments.sanctions.domain.rules import gold_places

SATURDAY = dt.date(2026, 10, 10)
TUESDAY = dt.date(2026, 10, 13)


def silver_pairs(**kw) -> Application:
    base = dict(level=Level.SILVER, form=Form.PAIRS, date=SATURDAY, entries=20, boards=42)
    return Application(**(base | kw))


def by_id(checks, rule_id):
    found = [c for c in checks if c.rule_id == rule_id]
    assert len(found) == 1, [c.rule_id for c in checks]
    return found[0]


BIG = Context(club_members=150)


# --- openness and handicap: chapter 5, lines 257-271 ----------------------------


@pytest.mark.parametrize("level", [Level.SILVER, Level.GOLD])
@pytest.mark.parametrize(("open_", "passed"), [(True, True), (False, False)])
def test_open_lines_257_271(level, open_, passed):
    app = silver_pairs(level=level, open=open_, entries=24, boards=54)
    check = by_id(pre_checks(app, BIG), "open")
    assert check.passed is passed
    assert check.severity is Severity.REFUSAL
    assert check.seed_ref == "000 chapter 5, lines 257-271"


@pytest.mark.parametrize("level", [Level.SILVER, Level.GOLD])
@pytest.mark.parametrize(("handicap", "passed"), [(False, True), (True, False)])
def test_no_handicap_lines_257_259(level, handicap, passed):
    app = silver_pairs(level=level, handicap=handicap, entries=24, boards=54)
    assert by_id(pre_checks(app, BIG), "no_handicap").passed is passed


def test_bronze_needs_no_application_lines_162_164():
    with pytest.raises(ValueError):
        pre_checks(silver_pairs(level=Level.BRONZE), BIG)


# --- silver table: chapter 5, lines 280-283 and 336-356 -------------------------


@pytest.mark.parametrize(
    ("form", "qualifier", "entries", "passed", "ref"),
    [
        (Form.PAIRS, False, 15, False, "line 339"),
        (Form.PAIRS, False, 16, True, "line 339"),
        (Form.PAIRS, True, 11, False, "line 343"),
        (Form.PAIRS, True, 12, True, "line 343"),
        (Form.TEAMS, False, 3, False, "line 345"),
        (Form.TEAMS, False, 4, True, "line 345"),
        (Form.TEAMS, True, 4, True, "line 345: qualifier row is pairs only"),
        (Form.TEAM_BAROMETER, False, 7, False, "line 347"),
        (Form.TEAM_BAROMETER, False, 8, True, "line 347"),
        (Form.INDIVIDUAL, False, 15, False, "line 349"),
        (Form.INDIVIDUAL, False, 16, True, "line 349"),
    ],
)
def test_silver_entries_table_lines_336_349(form, qualifier, entries, passed, ref):
    app = silver_pairs(form=form, championship_qualifier=qualifier, entries=entries)
    check = by_id(pre_checks(app, BIG), "silver.entries")
    assert check.passed is passed, ref
    assert check.severity is Severity.REFUSAL


@pytest.mark.parametrize(
    ("form", "qualifier", "boards", "passed", "ref"),
    [
        (Form.PAIRS, False, 42, True, "line 339"),
        (Form.PAIRS, True, 41, False, "line 343: no half scale for qualifiers"),
        (Form.PAIRS, True, 42, True, "line 343"),
        (Form.TEAMS, False, 41, False, "line 345"),
        (Form.TEAMS, False, 42, True, "line 345"),
        (Form.TEAM_BAROMETER, False, 41, False, "line 347"),
        (Form.TEAM_BAROMETER, False, 42, True, "line 347"),
        (Form.INDIVIDUAL, False, 37, False, "line 349"),
        (Form.INDIVIDUAL, False, 38, True, "line 349"),
    ],
)
def test_silver_boards_table_lines_336_349(form, qualifier, boards, passed, ref):
    app = silver_pairs(form=form, championship_qualifier=qualifier, entries=20, boards=boards)
    check = by_id(pre_checks(app, BIG), "silver.boards")
    assert check.passed is passed, ref


@pytest.mark.parametrize(("boards", "half"), [(35, False), (36, True), (41, True), (42, False)])
def test_silver_pairs_half_scale_lines_341_352(boards, half):
    checks = pre_checks(silver_pairs(boards=boards), BIG)
    ids = {c.rule_id for c in checks}
    assert ("silver.half_scale" in ids) is half
    if half:
        check = by_id(checks, "silver.half_scale")
        assert check.severity is Severity.WARNING and not check.refuses
        assert "half the silver scale" in check.message_en
        assert "halv silverpoängskala" in check.message_sv
    else:
        assert by_id(checks, "silver.boards").passed is (boards >= 42)


def test_failing_message_explains_itself_line_339():
    check = by_id(pre_checks(silver_pairs(entries=12), BIG), "silver.entries")
    assert check.message_en == (
        "Silver pairs need at least 16 pairs; 12 planned (SBF Mästarpoäng 2014-2015, chapter 5)"
    )
    assert check.message_sv == (
        "Silver, partävling, kräver minst 16 par; 12 planerade (SBF Mästarpoäng 2014-2015, kap. 5)"
    )


# --- other clubs: chapter 5, lines 285-294 (pairs) and 321-334 (teams) -----------


@pytest.mark.parametrize(
    ("members", "players", "others", "passed"),
    [
        (99, 1000, 199, False),  # 19.9 %
        (99, 1000, 200, True),  # 20 %
        (8, 40, 7, False),
        (8, 40, 8, True),
        (100, 40, 0, True),  # counts as two clubs, lines 285-289
        (150, 40, 0, True),
    ],
)
@pytest.mark.parametrize("form", [Form.PAIRS, Form.TEAMS, Form.TEAM_BAROMETER])
def test_other_clubs_lines_285_294_321_334(form, members, players, others, passed):
    app = silver_pairs(form=form, players=players, players_from_other_clubs=others)
    check = by_id(pre_checks(app, Context(club_members=members)), "silver.other_clubs")
    assert check.passed is passed
    assert check.severity is Severity.REFUSAL


def test_other_clubs_message_shows_share_line_290():
    app = silver_pairs(players=1000, players_from_other_clubs=199)
    check = by_id(pre_checks(app, Context(club_members=99)), "silver.other_clubs")
    assert "199 of 1000 (19.9 %)" in check.message_en
    assert "199 av 1000 (19.9 %)" in check.message_sv


def test_other_clubs_unknown_share_is_a_warning_lines_290_294():
    check = by_id(pre_checks(silver_pairs(), Context(club_members=50)), "silver.other_clubs")
    assert not check.passed and check.severity is Severity.WARNING


@pytest.mark.parametrize(
    "app",
    [
        silver_pairs(championship_qualifier=True, players=40, players_from_other_clubs=0),
        silver_pairs(form=Form.INDIVIDUAL, players=40, players_from_other_clubs=0),
        silver_pairs(level=Level.GOLD, entries=24, boards=54, players=48),
    ],
    ids=["championship-lines-293-294", "individual-seed-silent", "gold-lines-358-371"],
)
def test_other_clubs_not_applied(app):
    checks = pre_checks(app, Context(club_members=50))
    assert "silver.other_clubs" not in {c.rule_id for c in checks}


# --- gold: chapter 5, lines 358-371 ---------------------------------------------


@pytest.mark.parametrize(
    ("form", "entries", "boards", "entries_ok", "boards_ok", "ref"),
    [
        (Form.PAIRS, 23, 54, False, True, "lines 359-360"),
        (Form.PAIRS, 24, 54, True, True, "lines 359-360"),
        (Form.PAIRS, 24, 53, True, False, "lines 359-360"),
        (Form.PAIRS, 31, 54, True, True, "lines 359-360"),
        (Form.PAIRS, 32, 56, True, False, "lines 363-364"),
        (Form.PAIRS, 32, 57, True, True, "lines 363-364"),
        (Form.INDIVIDUAL, 27, 54, False, True, "lines 367-369"),
        (Form.INDIVIDUAL, 28, 53, True, False, "lines 367-369"),
        (Form.INDIVIDUAL, 28, 54, True, True, "lines 367-369"),
        (Form.INDIVIDUAL, 32, 56, True, False, "lines 367-369"),
        (Form.INDIVIDUAL, 32, 57, True, True, "lines 367-369"),
    ],
)
def test_gold_pairs_and_individual_lines_359_369(form, entries, boards, entries_ok, boards_ok, ref):
    app = silver_pairs(level=Level.GOLD, form=form, entries=entries, boards=boards)
    checks = pre_checks(app, BIG)
    assert by_id(checks, "gold.entries").passed is entries_ok, ref
    assert by_id(checks, "gold.boards").passed is boards_ok, ref


@pytest.mark.parametrize("form", [Form.TEAMS, Form.TEAM_BAROMETER])
@pytest.mark.parametrize(("entries", "passed"), [(11, False), (12, True)])
def test_gold_teams_line_371(form, entries, passed):
    app = silver_pairs(level=Level.GOLD, form=form, entries=entries, boards=30)
    checks = pre_checks(app, BIG)
    assert by_id(checks, "gold.entries").passed is passed
    assert "gold.boards" not in {c.rule_id for c in checks}  # the seed names none


def test_gold_boards_message_line_363():
    app = silver_pairs(level=Level.GOLD, entries=32, boards=54)
    check = by_id(pre_checks(app, BIG), "gold.boards")
    assert check.message_en == (
        "Gold pairs with 32 pairs need at least 57 boards; 54 planned "
        "(SBF Mästarpoäng 2014-2015, chapter 5)"
    )


@pytest.mark.parametrize(("entries", "places"), [(23, 0), (24, 2), (31, 2), (32, 3)])
def test_gold_places_lines_360_365(entries, places):
    assert gold_places(entries) == places


def test_gold_skips_silver_season_quota_lines_296_308():
    full = tuple(
        SanctionedEvent(SATURDAY - dt.timedelta(days=30 * i), Level.SILVER) for i in range(1, 6)
    )
    app = silver_pairs(level=Level.GOLD, entries=24, boards=54)
    ids = {c.rule_id for c in pre_checks(app, Context(club_members=50, season_events=full))}
    assert not ids & {"season.silver", "season.weekday", "season.spread"}


# --- season quota: chapter 5, lines 296-313 -------------------------------------


@pytest.mark.parametrize(
    ("members", "silver", "weekday", "spring_autumn"),
    [
        (8, 5, 3, 1),
        (99, 5, 3, 1),
        (100, 10, 6, 2),
        (199, 10, 6, 2),
        (200, 15, 9, 3),
        (900, 15, 9, 3),
    ],
)
def test_season_limit_bands_lines_296_313(members, silver, weekday, spring_autumn):
    limit = season_limit(members)
    assert (limit.silver, limit.weekday, limit.spring_autumn) == (silver, weekday, spring_autumn)


def _season(n: int, *, weekday: bool = False, spring_autumn: bool = False):
    # Spread a month apart so that only the quota is under test.
    return tuple(
        SanctionedEvent(
            SATURDAY - dt.timedelta(days=30 * (i + 1)),
            Level.SILVER,
            weekday=weekday,
            spring_autumn=spring_autumn,
        )
        for i in range(n)
    )


@pytest.mark.parametrize(
    ("members", "already", "passed"),
    [
        (99, 4, True),
        (99, 5, False),
        (100, 5, True),
        (199, 9, True),
        (199, 10, False),
        (200, 10, True),
        (200, 14, True),
        (200, 15, False),
    ],
)
def test_season_silver_quota_lines_296_307(members, already, passed):
    ctx = Context(club_members=members, season_events=_season(already))
    check = by_id(pre_checks(silver_pairs(), ctx), "season.silver")
    assert check.passed is passed


def test_season_quota_counts_silver_only_lines_296_307():
    gold = tuple(
        SanctionedEvent(SATURDAY - dt.timedelta(days=30 * i), Level.GOLD) for i in range(1, 9)
    )
    ctx = Context(club_members=50, season_events=gold)
    assert by_id(pre_checks(silver_pairs(), ctx), "season.silver").passed


@pytest.mark.parametrize(
    ("members", "already", "passed"),
    [
        (99, 2, True),
        (99, 3, False),
        (199, 5, True),
        (199, 6, False),
        (200, 8, True),
        (200, 9, False),
    ],
)
def test_season_weekday_quota_lines_298_307(members, already, passed):
    ctx = Context(club_members=members, season_events=_season(already, weekday=True))
    checks = pre_checks(silver_pairs(date=TUESDAY), ctx)
    assert by_id(checks, "season.weekday").passed is passed


def test_weekend_event_has_no_weekday_check_line_298():
    ctx = Context(club_members=50, season_events=_season(3, weekday=True))
    ids = {c.rule_id for c in pre_checks(silver_pairs(date=SATURDAY), ctx)}
    assert "season.weekday" not in ids


def test_weekday_override_for_holidays_line_298():
    app = silver_pairs(date=TUESDAY, weekday=False)
    ctx = Context(club_members=50, season_events=_season(3, weekday=True))
    assert "season.weekday" not in {c.rule_id for c in pre_checks(app, ctx)}


@pytest.mark.parametrize(
    ("members", "already", "passed"),
    [
        (99, 0, True),
        (99, 1, False),
        (199, 1, True),
        (199, 2, False),
        (200, 2, True),
        (200, 3, False),
    ],
)
def test_spring_autumn_quota_lines_310_313(members, already, passed):
    ctx = Context(club_members=members, season_events=_season(already, spring_autumn=True))
    checks = pre_checks(silver_pairs(spring_autumn=True), ctx)
    assert by_id(checks, "season.spring_autumn").passed is passed
    assert "season.silver" not in {c.rule_id for c in checks}  # "utöver detta"


def test_spring_autumn_events_are_on_top_lines_310_313():
    # Five ordinary silver events already and one spring/autumn: the ordinary quota
    # of a small club is full, the spring/autumn one does not count against it.
    season = _season(4) + _season(1, spring_autumn=True)
    ctx = Context(club_members=50, season_events=season)
    assert by_id(pre_checks(silver_pairs(), ctx), "season.silver").passed


@pytest.mark.parametrize(("days", "passed"), [(6, False), (7, True), (-6, False)])
def test_spread_over_season_lines_307_308(days, passed):
    other = SanctionedEvent(SATURDAY + dt.timedelta(days=days), Level.SILVER)
    ctx = Context(club_members=150, season_events=(other,))
    check = by_id(pre_checks(silver_pairs(), ctx), "season.spread")
    assert check.passed is passed
    assert check.severity is Severity.WARNING


# --- bridge weeks: chapter 4, lines 157-159 -------------------------------------


@pytest.mark.parametrize(
    ("existing", "new", "passed"),
    [
        ((), Level.SILVER, True),
        ((Level.SILVER,), Level.SILVER, True),
        ((Level.GOLD,), Level.SILVER, True),
        ((Level.SILVER,), Level.GOLD, True),
        ((Level.SILVER, Level.SILVER), Level.SILVER, False),
        ((Level.GOLD,), Level.GOLD, False),
        ((Level.GOLD, Level.SILVER), Level.SILVER, False),
    ],
)
def test_bridge_week_lines_157_159(existing, new, passed):
    season = tuple(
        SanctionedEvent(SATURDAY - dt.timedelta(days=i + 1), lvl, bridge_week="visby-26")
        for i, lvl in enumerate(existing)
    ) + (SanctionedEvent(SATURDAY, Level.SILVER, bridge_week="other-week"),)
    app = silver_pairs(level=new, entries=24, boards=54, bridge_week="visby-26")
    check = by_id(pre_checks(app, Context(club_members=150, season_events=season)), "bridge_week")
    assert check.passed is passed
    assert check.seed_ref == "000 chapter 4, lines 157-159"


def test_no_bridge_week_no_check_lines_157_159():
    assert "bridge_week" not in {c.rule_id for c in pre_checks(silver_pairs(), BIG)}


# --- collisions: chapter 4, lines 188-193 ---------------------------------------


def test_collisions_listed_as_warning_lines_188_193():
    nearby = (
        NearbyEvent(SATURDAY, "Höstsilver", "BK Lyx", "Skåne", Level.SILVER),
        NearbyEvent(
            SATURDAY, "Guldpar", "BK S:t Erik", "Stockholm", Level.GOLD, same_district=False
        ),
        NearbyEvent(
            SATURDAY + dt.timedelta(days=1), "Söndagssilver", "BK Ess", "Skåne", Level.SILVER
        ),
    )
    check = by_id(pre_checks(silver_pairs(), Context(150, nearby_events=nearby)), "collisions")
    assert not check.passed and check.severity is Severity.WARNING and not check.refuses
    assert "2 other sanctioned event(s)" in check.message_en
    assert "Höstsilver (BK Lyx, Skåne, silver)" in check.message_en
    assert "Söndagssilver" not in check.message_en


def test_no_collision_passes_lines_188_193():
    assert by_id(pre_checks(silver_pairs(), BIG), "collisions").passed


# --- the whole application ------------------------------------------------------


def test_good_silver_application_has_no_refusals():
    app = silver_pairs(players=40, players_from_other_clubs=10)
    checks = pre_checks(app, Context(club_members=60))
    assert refusals(checks) == []
    assert [c.rule_id for c in checks] == [
        "open",
        "no_handicap",
        "silver.entries",
        "silver.boards",
        "silver.other_clubs",
        "season.silver",
        "season.spread",
        "collisions",
    ]


def test_every_check_names_its_seed_and_speaks_both_languages():
    app = silver_pairs(
        date=TUESDAY, entries=3, boards=20, open=False, handicap=True, bridge_week="w"
    )
    for check in pre_checks(app, Context(club_members=50)):
        assert check.seed_ref.startswith("000 chapter ")
        chapter = check.seed_ref.split(",")[0].removeprefix("000 chapter ")
        assert check.message_en.endswith(f"(SBF Mästarpoäng 2014-2015, chapter {chapter})")
        assert check.message_sv.endswith(f"(SBF Mästarpoäng 2014-2015, kap. {chapter})")


# --- level reached on the real field ---------------------------------------------


def field(**kw) -> Field:
    base = dict(form=Form.PAIRS, entries=20, boards=42, club_members=150)
    return Field(**(base | kw))


@pytest.mark.parametrize(
    ("sanctioned", "fld", "level", "reason_ids", "ref"),
    [
        (Level.SILVER, field(), Level.SILVER, [], "lines 336-352"),
        (Level.SILVER, field(entries=16), Level.SILVER, [], "line 339"),
        (Level.SILVER, field(entries=15), Level.BRONZE, ["silver.entries"], "line 339"),
        (Level.SILVER, field(boards=41), Level.SILVER, ["silver.half_scale"], "lines 341, 352"),
        (Level.SILVER, field(boards=35), Level.BRONZE, ["silver.boards"], "lines 339-341"),
        (
            Level.SILVER,
            field(club_members=99, players=1000, players_from_other_clubs=199),
            Level.BRONZE,
            ["silver.other_clubs"],
            "lines 290-294",
        ),
        (
            Level.SILVER,
            field(club_members=99, players=1000, players_from_other_clubs=200),
            Level.SILVER,
            [],
            "lines 290-294",
        ),
        (
            Level.SILVER,
            field(championship_qualifier=True, entries=12, club_members=20),
            Level.SILVER,
            [],
            "lines 293-294, 343",
        ),
        (Level.GOLD, field(entries=24, boards=54), Level.GOLD, [], "lines 359-360"),
        (Level.GOLD, field(entries=23, boards=54), Level.SILVER, ["gold.entries"], "line 359"),
        (Level.GOLD, field(entries=32, boards=56), Level.SILVER, ["gold.boards"], "lines 363-364"),
        (
            Level.GOLD,
            field(entries=15, boards=54),
            Level.BRONZE,
            ["gold.entries", "silver.entries"],
            "lines 339, 359",
        ),
        (
            Level.GOLD,
            field(form=Form.TEAMS, entries=11),
            Level.SILVER,
            ["gold.entries"],
            "line 371",
        ),
        (Level.BRONZE, field(entries=3), Level.BRONZE, [], "lines 162-164"),
    ],
)
def test_level_reached(sanctioned, fld, level, reason_ids, ref):
    got, reasons = level_reached(sanctioned, fld)
    assert got is level, ref
    assert [r.rule_id for r in reasons] == reason_ids, ref


def test_level_reached_needs_the_share_for_small_clubs_lines_290_294():
    with pytest.raises(ValueError):
        level_reached(Level.SILVER, field(club_members=50))


def test_level_reached_reason_explains_itself_line_339():
    _, reasons = level_reached(Level.SILVER, field(entries=12))
    assert reasons[0].message_en.startswith("Silver pairs need at least 16 pairs; 12 played")
    assert "12 spelade" in reasons[0].message_sv
