"""The pipeline's sanction step: a reported event is played for the level its real
field reached (issue #7; docs/sanctions.md, "Level reached at results time").

Seed references are those of docs/sanctions.md: ``000_18af0e66f52a62b2.txt``
chapter 5, the silver table (lines 336-352), the other clubs' share (lines 285-294
for pairs, 321-334 for teams) and the gold minimums (lines 359-371).

Reports are ranking lists in Klöver's CSV format run through ``import_results``
and then every step of the pipeline, as a club's upload would be.
"""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from awards.models import MasterPointAward, MasterPointHolding
from config import pipeline
from members.domain.age import season_of
from members.models import Member
from members.tests.factories import ClubFactory, MemberFactory, MembershipFactory
from tournaments import services
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament
from tournaments.sanctions.level import apply_sanction
from tournaments.sanctions.models import Sanction

from .factories import SanctionFactory

pytestmark = pytest.mark.django_db

APPROVED = Sanction.State.APPROVED
SILVER_TABLE = "000 chapter 5, lines 336-352"
OTHER_CLUBS_PAIRS = "000 chapter 5, lines 285-294"
GOLD_PAIRS = "000 chapter 5, lines 359-365"
# What the messages cite: the rulebook and its chapter (issue 18), not the seed's lines.
CHAPTER_5 = {
    "en": "SBF Mästarpoäng 2014-2015, chapter 5",
    "sv": "SBF Mästarpoäng 2014-2015, kap. 5",
}


def played_on() -> date:
    """A day of the current season far enough back for a report to be accepted."""
    return timezone.localdate() - timedelta(days=3)


def players(club, *, home: int, other: int = 0, guests: int = 0):
    """Player ids for a ranking list: ``home`` members who represent ``club`` this
    season, ``other`` members who represent another club, ``guests`` without a MID."""
    season = season_of(played_on())
    away = ClubFactory()
    ids = []
    for _ in range(home):
        ids.append(str(MembershipFactory(club=club, season=season).member.mid))
    for _ in range(other):
        ids.append(str(MembershipFactory(club=away, season=season).member.mid))
    ids += [f"G:Gast{n}" for n in range(guests)]
    return ids


def ranking_csv(ids, *, name, day, boards) -> bytes:
    """A pairs ranking list: the pairs in the order of ``ids``, two by two."""
    lines = [f"# event: {name}", f"# date: {day.isoformat()}", f"# boards: {boards}"]
    lines.append("place;players;score")
    for place, start in enumerate(range(0, len(ids), 2), start=1):
        lines.append(f"{place};{ids[start]}+{ids[start + 1]};{500 - 10 * place}")
    return ("\n".join(lines) + "\n").encode()


def report(club, ids, *, name="Klubbsilver", day=None, boards=42, level=""):
    """Report a pairs event and run every step of the pipeline for its version."""
    day = day or played_on()
    tournament = services.import_results(
        data=ranking_csv(ids, name=name, day=day, boards=boards),
        filename="resultat.csv",
        organiser=club,
        run_pipeline=False,
    ).tournament
    if level:  # what the office set by hand
        Tournament.objects.filter(pk=tournament.pk).update(level=level)
    for step in pipeline.step_names():
        assert (
            pipeline.run_step(
                tournament_id=tournament.pk, version=tournament.report_version, step=step
            )
            == "done"
        )
    tournament.refresh_from_db()
    return tournament


def teams_report(club, ids, *, name="Lagsilver", boards=42, size=4):
    """A teams event written as rows, then every step of the pipeline. (A teams
    ranking list cannot be reported today: ``_save_results`` writes its standings
    twice, once as a ranking list and once as a teams event.)"""
    day = played_on()
    tournament = Tournament.objects.create(
        organiser_club=club,
        event_id=f"{day}-{name}",
        name=name,
        start_date=day,
        end_date=day,
        kind=Tournament.Kind.TEAMS,
        scoring=Tournament.Scoring.TEAM_VP,
        boards=boards,
    )
    section = Section.objects.create(tournament=tournament, name="", movement="teams")
    members = {
        str(m.mid): m for m in Member.objects.filter(mid__in=[i for i in ids if i.isdigit()])
    }
    for number, start in enumerate(range(0, len(ids), size), start=1):
        entry = Entry.objects.create(section=section, number=number, printed_place=number)
        Standing.objects.create(entry=entry, place=number, place_to=number, score=100 - number)
        EntryPlayer.objects.bulk_create(
            EntryPlayer(entry=entry, member=members.get(i), temporary_id="" if i in members else i)
            for i in ids[start : start + size]
        )
    for step in pipeline.step_names():
        pipeline.run_step(tournament_id=tournament.pk, version=1, step=step)
    tournament.refresh_from_db()
    return tournament


def sanction(club, *, level=Sanction.Level.SILVER, form=Sanction.Form.PAIRS, day=None, **kw):
    day = day or played_on()
    return SanctionFactory(
        club=club,
        level=level,
        form_of_play=form,
        state=kw.pop("state", APPROVED),
        start_date=day,
        end_date=day,
        **kw,
    )


def rule_ids(tournament):
    return [(c["rule_id"], c["passed"], c["severity"]) for c in tournament.level_checks]


def colours(tournament):
    return set(
        MasterPointAward.objects.filter(tournament=tournament).values_list("colour", "table")
    )


# --- silver --------------------------------------------------------------------------


def test_a_silver_field_that_holds_stays_silver_and_closes_the_sanction():
    """16 pairs on 42 boards, 7 of 32 players from other clubs in a club of 60:
    the silver table (000 ch. 5, lines 336-352) and the 20 % rule (lines 285-294) hold."""
    club = ClubFactory(members_count=60)
    s = sanction(club)
    t = report(club, players(club, home=25, other=7))
    assert t.level == Tournament.Level.SILVER
    assert t.level_checks == []
    assert t.level_reason == f"sanktion {s.reference}"
    s.refresh_from_db()
    assert s.tournament_id == t.pk
    assert s.state == Sanction.State.RESULTS_REPORTED
    assert t.sanction == s
    trail = list(s.actions.values_list("kind", "from_state", "to_state", "actor_role", "note"))
    assert trail == [
        ("held", "approved", "held", "system", ""),
        ("results_reported", "held", "results_reported", "system", "Klubbsilver"),
    ]
    assert colours(t) == {("silver", "D"), ("bronze", "D")}  # table D: silver, then bronze


def test_twelve_pairs_fall_to_bronze_and_say_why():
    """The silver table asks 16 pairs (000 ch. 5, lines 336-352); 12 played."""
    club = ClubFactory(members_count=150)
    s = sanction(club)
    t = report(club, players(club, home=24))
    assert t.level == Tournament.Level.BRONZE
    assert t.level_checks == [
        {
            "rule_id": "silver.entries",
            "passed": False,
            "severity": "refusal",
            "message_en": f"Silver pairs need at least 16 pairs; 12 played ({CHAPTER_5['en']})",
            "message_sv": f"Silver, partävling, kräver minst 16 par; 12 spelade ({CHAPTER_5['sv']})",
            "seed_ref": SILVER_TABLE,
        }
    ]
    assert t.level_reason == f"sanktion {s.reference}, silver → brons"
    s.refresh_from_db()
    assert (s.state, s.tournament_id) == (Sanction.State.RESULTS_REPORTED, t.pk)


def test_too_few_boards_fall_to_bronze():
    """42 boards for silver pairs, 36-41 at half scale (000 ch. 5, lines 336-352)."""
    club = ClubFactory(members_count=150)
    sanction(club)
    t = report(club, players(club, home=32), boards=35)
    assert t.level == Tournament.Level.BRONZE
    assert rule_ids(t) == [("silver.boards", False, "refusal")]


@pytest.mark.parametrize("boards", [36, 41])
def test_36_to_41_boards_stay_silver_with_the_half_scale_flag(boards):
    """ "Par 16 36-41*", "* Spelas med halv silverpoängskala" (000 ch. 5, lines 341, 352)."""
    club = ClubFactory(members_count=150)
    s = sanction(club)
    t = report(club, players(club, home=32), boards=boards)
    assert t.level == Tournament.Level.SILVER
    assert rule_ids(t) == [("silver.half_scale", False, "warning")]
    [check] = t.level_checks
    assert check["seed_ref"] == "000 chapter 5, lines 341-352"
    assert check["message_en"].startswith(f"{boards} boards: silver pairs on 36-41 boards")
    assert t.level_reason == f"sanktion {s.reference}"
    assert colours(t) == {("silver", "D"), ("bronze", "D")}


# --- other clubs ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home", "other", "level"),
    [
        (26, 6, Tournament.Level.BRONZE),  # 18.75 % from other clubs
        (25, 7, Tournament.Level.SILVER),  # 21.9 %
        (32, 8, Tournament.Level.SILVER),  # 20 pairs, exactly 20 %
    ],
)
def test_a_small_club_needs_a_fifth_of_the_players_from_other_clubs(home, other, level):
    """A club of 8-99 members: "minst 20 % från annan/andra klubbar" (000 ch. 5,
    lines 285-294), counted in players."""
    club = ClubFactory(members_count=60)
    sanction(club)
    t = report(club, players(club, home=home, other=other))
    assert t.level == level
    if level == Tournament.Level.BRONZE:
        assert rule_ids(t) == [("silver.other_clubs", False, "refusal")]
        [check] = t.level_checks
        assert check["seed_ref"] == OTHER_CLUBS_PAIRS
        assert "32" in check["message_en"] and "6" in check["message_en"]
    else:
        assert t.level_checks == []


def test_a_club_of_100_members_needs_no_players_from_other_clubs():
    """ "En klubb med minst 100 medlemmar betraktas som två klubbar" (000 ch. 5, lines 285-294)."""
    club = ClubFactory(members_count=100)
    sanction(club)
    t = report(club, players(club, home=32))
    assert (t.level, t.level_checks) == (Tournament.Level.SILVER, [])


def test_guests_without_a_membership_count_as_from_another_club():
    """Our reading (docs/sanctions.md, services): only those who represent the
    organising club this season are its own; 000 ch. 5, lines 285-294."""
    club = ClubFactory(members_count=60)
    sanction(club)
    t = report(club, players(club, home=25, guests=7))
    assert (t.level, t.level_checks) == (Tournament.Level.SILVER, [])


def test_a_member_without_this_seasons_membership_counts_as_from_another_club():
    """000 ch. 5, lines 285-294: members with no membership this season, and members
    of the club who represent another club, are not the club's own."""
    club = ClubFactory(members_count=60)
    sanction(club)
    ids = players(club, home=25)
    season = season_of(played_on())
    loose = [str(MemberFactory().mid) for _ in range(3)]  # no membership at all
    for _ in range(4):  # belong to the club, represent another
        member = MembershipFactory(season=season).member
        MembershipFactory(member=member, club=club, season=season, represents=False)
        loose.append(str(member.mid))
    t = report(club, ids + loose)
    assert (t.level, t.level_checks) == (Tournament.Level.SILVER, [])


def test_a_members_last_season_membership_does_not_make_them_the_clubs_own():
    club = ClubFactory(members_count=60)
    sanction(club)
    season = season_of(played_on())
    last_year = [str(MembershipFactory(club=club, season=season - 1).member.mid) for _ in range(8)]
    t = report(club, players(club, home=24) + last_year)
    assert t.level == Tournament.Level.SILVER


# --- gold ----------------------------------------------------------------------------


def test_gold_with_20_pairs_falls_to_silver_when_silver_holds():
    """Gold pairs need 24 pairs (000 ch. 5, lines 359-365); 20 pairs on 54 boards
    still meet the silver table (lines 336-352)."""
    club = ClubFactory(members_count=150)
    s = sanction(club, level=Sanction.Level.GOLD)
    t = report(club, players(club, home=40), boards=54, name="Guldparen")
    assert t.level == Tournament.Level.SILVER
    assert rule_ids(t) == [("gold.entries", False, "refusal")]
    assert t.level_checks[0]["seed_ref"] == GOLD_PAIRS
    assert t.level_checks[0]["message_en"] == (
        f"Gold pairs need at least 24 pairs; 20 played ({CHAPTER_5['en']})"
    )
    assert t.level_reason == f"sanktion {s.reference}, guld → silver"
    assert s.reference.startswith("G-")
    assert colours(t) == {("silver", "D"), ("bronze", "D")}  # no gold table


def test_gold_with_20_pairs_of_one_small_club_falls_to_bronze():
    """Gold fails (000 ch. 5, lines 359-365) and so does silver's 20 % rule (lines
    285-294), which gold itself does not have."""
    club = ClubFactory(members_count=60)
    s = sanction(club, level=Sanction.Level.GOLD)
    t = report(club, players(club, home=40), boards=54)
    assert t.level == Tournament.Level.BRONZE
    assert rule_ids(t) == [
        ("gold.entries", False, "refusal"),
        ("silver.other_clubs", False, "refusal"),
    ]
    assert t.level_reason == f"sanktion {s.reference}, guld → brons"


def test_gold_with_24_pairs_on_54_boards_is_gold():
    """000 ch. 5, lines 359-365: 24 pairs, 54 boards."""
    club = ClubFactory(members_count=60)
    s = sanction(club, level=Sanction.Level.GOLD)
    t = report(club, players(club, home=48), boards=54)
    assert (t.level, t.level_checks) == (Tournament.Level.GOLD, [])
    assert t.level_reason == f"sanktion {s.reference}"
    assert colours(t) == {("gold", "gold"), ("silver", "gold"), ("bronze", "gold")}


def test_gold_with_24_pairs_on_50_boards_falls_to_silver():
    """000 ch. 5, lines 359-365: 24 pairs must play 54 boards; silver's 42 hold."""
    club = ClubFactory(members_count=150)
    sanction(club, level=Sanction.Level.GOLD)
    t = report(club, players(club, home=48), boards=50)
    assert t.level == Tournament.Level.SILVER
    assert rule_ids(t) == [("gold.boards", False, "refusal")]


# --- which sanction --------------------------------------------------------------------


def test_a_tournament_without_a_sanction_keeps_the_level_the_office_gave_it():
    club = ClubFactory(members_count=150)
    t = report(club, players(club, home=24), level=Tournament.Level.SILVER)
    assert (t.level, t.level_checks, t.level_reason) == ("silver", [], "")
    assert not Sanction.objects.exists()
    assert colours(t) == {("silver", "D"), ("bronze", "D")}


def test_another_clubs_or_another_days_sanction_is_not_used():
    club = ClubFactory(members_count=150)
    elsewhere = sanction(ClubFactory(district=club.district, members_count=150))
    earlier = sanction(club, day=played_on() - timedelta(days=7))
    t = report(club, players(club, home=24))
    assert (t.level, t.level_checks, t.level_reason) == ("bronze", [], "")
    for s in (elsewhere, earlier):
        s.refresh_from_db()
        assert (s.state, s.tournament_id) == (APPROVED, None)
        assert not s.actions.exists()


def test_a_sanction_over_several_days_holds_a_report_of_any_of_them():
    club = ClubFactory(members_count=150)
    day = played_on()
    s = SanctionFactory(club=club, state=APPROVED, start_date=day - timedelta(days=1), end_date=day)
    t = report(club, players(club, home=32), day=day)
    assert t.level == Tournament.Level.SILVER
    s.refresh_from_db()
    assert s.tournament_id == t.pk


@pytest.mark.parametrize(
    "state",
    [
        Sanction.State.DRAFT,
        Sanction.State.SUBMITTED,
        Sanction.State.ENDORSED,
        Sanction.State.REJECTED,
        Sanction.State.WITHDRAWN,
    ],
)
def test_a_sanction_not_approved_is_not_used(state):
    club = ClubFactory(members_count=150)
    s = sanction(club, state=state)
    t = report(club, players(club, home=32))
    assert t.level == Tournament.Level.BRONZE
    s.refresh_from_db()
    assert (s.state, s.tournament_id) == (state, None)


def test_a_held_sanction_takes_the_report():
    club = ClubFactory(members_count=150)
    s = sanction(club, state=Sanction.State.HELD)
    t = report(club, players(club, home=32))
    assert t.level == Tournament.Level.SILVER
    s.refresh_from_db()
    assert s.state == Sanction.State.RESULTS_REPORTED
    assert list(s.actions.values_list("kind", flat=True)) == ["results_reported"]


def test_a_teams_report_takes_a_teams_or_team_barometer_sanction_only():
    """The silver table's teams rows (000 ch. 5, lines 345-347): 4 teams or a
    barometer of 8, 42 boards."""
    club = ClubFactory(members_count=150)
    pairs = sanction(club)
    barometer = sanction(club, form=Sanction.Form.TEAM_BAROMETER)
    t = teams_report(club, players(club, home=32), name="Lagbarometern")
    assert t.kind == Tournament.Kind.TEAMS
    assert t.level == Tournament.Level.SILVER
    barometer.refresh_from_db()
    pairs.refresh_from_db()
    assert (barometer.tournament_id, pairs.tournament_id) == (t.pk, None)
    assert pairs.state == APPROVED


def test_a_pairs_report_does_not_take_a_teams_sanction():
    club = ClubFactory(members_count=150)
    teams = sanction(club, form=Sanction.Form.TEAMS)
    t = report(club, players(club, home=32))
    assert t.level == Tournament.Level.BRONZE
    teams.refresh_from_db()
    assert teams.tournament_id is None


def test_of_two_sanctions_that_day_the_one_of_the_same_name_is_used():
    club = ClubFactory(members_count=150)
    sanction(club, name="Morgonsilver")
    evening = sanction(club, name="Kvällssilver")
    t = report(club, players(club, home=32), name="Kvällssilver")
    assert t.sanction == evening


def test_a_teams_field_of_three_teams_falls_to_bronze():
    """Silver teams need 4 teams (000 ch. 5, line 345)."""
    club = ClubFactory(members_count=150)
    sanction(club, form=Sanction.Form.TEAMS)
    t = teams_report(club, players(club, home=12))
    assert t.level == Tournament.Level.BRONZE
    assert rule_ids(t) == [("silver.entries", False, "refusal")]
    assert t.level_checks[0]["message_en"] == (
        f"Silver teams need at least 4 teams; 3 played ({CHAPTER_5['en']})"
    )


def test_phantom_entries_are_not_pairs_of_the_field():
    """A sit-out is no pair: 15 pairs and a phantom are 15 (000 ch. 5, lines 336-352)."""
    club = ClubFactory(members_count=150)
    sanction(club)
    t = report(club, players(club, home=30))
    section = t.sections.get()
    Entry.objects.create(section=section, number=99, phantom=True)
    apply_sanction(t)
    t.refresh_from_db()
    assert t.level == Tournament.Level.BRONZE
    assert "15 played" in t.level_checks[0]["message_en"]


# --- running again -------------------------------------------------------------------


def test_running_the_step_again_changes_nothing():
    club = ClubFactory(members_count=150)
    s = sanction(club)
    t = report(club, players(club, home=24))
    before = (t.level, t.level_checks, t.level_reason)
    awards = sorted(MasterPointAward.objects.filter(tournament=t).values_list("member", "credited"))
    for step in pipeline.step_names():
        pipeline.run_step(tournament_id=t.pk, version=t.report_version, step=step)
    t.refresh_from_db()
    assert (t.level, t.level_checks, t.level_reason) == before
    assert s.actions.count() == 2
    s.refresh_from_db()
    assert (s.state, s.tournament_id) == (Sanction.State.RESULTS_REPORTED, t.pk)
    assert (
        sorted(MasterPointAward.objects.filter(tournament=t).values_list("member", "credited"))
        == awards
    )


@pytest.mark.parametrize(
    ("first", "second", "level"),
    [(16, 12, Tournament.Level.BRONZE), (12, 16, Tournament.Level.SILVER)],
)
def test_a_second_report_of_the_event_is_judged_again(first, second, level):
    """A corrected report (report_version + 1) runs the field checks again
    (000 ch. 5, lines 336-352) against the sanction already linked."""
    club = ClubFactory(members_count=150)
    s = sanction(club)
    ids = players(club, home=32)
    t = report(club, ids[: 2 * first])
    again = report(club, ids[: 2 * second])
    assert (again.pk, again.report_version) == (t.pk, 2)
    assert again.level == level
    assert bool(again.level_checks) == (level == Tournament.Level.BRONZE)
    s.refresh_from_db()
    assert (s.state, s.tournament_id) == (Sanction.State.RESULTS_REPORTED, t.pk)
    assert s.actions.count() == 2  # the trail records the first report only
    assert level.value in {c for c, _ in colours(again)}


# --- awards --------------------------------------------------------------------------


def test_a_silver_event_that_fell_to_bronze_gets_bronze_points():
    """The award step reads the level the sanction step wrote: table A1's bronze
    points, not the silver scale. 12 pairs fail the silver table (000 ch. 5, lines
    336-352); Tabell A1, 12 par, gives 24 bp to the winners (as in awards' tests)."""
    club = ClubFactory(members_count=150)
    sanction(club)
    ids = players(club, home=24)
    # The office had marked it silver by hand; the real field decides.
    fell = report(club, ids, level=Tournament.Level.SILVER)
    assert fell.level == Tournament.Level.BRONZE
    assert colours(fell) == {("bronze", "A1")}
    winner = MasterPointHolding.objects.get(member__mid=int(ids[0]))
    assert (winner.bronze, winner.silver, winner.gold) == (24, 0, 0)
