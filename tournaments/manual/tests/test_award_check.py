"""A team match entered by hand is saved with its awards or refused whole: the
rulebook's award on the event as it stands must be computable (awards.services
.award_refusal, asked through tournaments.manual.awarding). docs/manual-entry.md."""

from datetime import date

import pytest
from django.utils import translation

from awards.services import award_refusal, award_tournament
from members.tests.factories import ClubFactory, MemberFactory
from tournaments.manual.services import (
    HalfLineup,
    TeamEntryError,
    create_team_event,
    record_team_match,
)
from tournaments.models import (
    EntryPlayer,
    ImportLog,
    LineupSlot,
    Standing,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db
BASE = "/tournaments/manual"


def event(table: str, *, boards: int = 20, teams: int = 4, **fields) -> Tournament:
    tournament = create_team_event(
        organiser=ClubFactory(),
        name=f"Serien {table}",
        date=date(2024, 10, 1),
        boards_per_match=boards,
        teams=[(n, f"Lag {n}") for n in range(1, teams + 1)],
        award_table=table,
    )
    if fields:
        Tournament.objects.filter(pk=tournament.pk).update(**fields)
        tournament.refresh_from_db()
    return tournament


def teams(tournament):
    return list(tournament.sections.get().entries.order_by("number"))


def halves(boards: int) -> list[HalfLineup]:
    home = tuple(MemberFactory().mid for _ in range(4))
    away = tuple(MemberFactory().mid for _ in range(4))
    if boards <= 16:
        return [HalfLineup(1, home, away)]
    return [HalfLineup(1, home, away), HalfLineup(2, home, away)]


def play(tournament, home, away, *, round=1, **kwargs):
    boards = tournament.sections.get().boards
    if "walkover_by" not in kwargs:
        kwargs.setdefault("halves", halves(boards))
        kwargs.setdefault("imps_home", 30)
        kwargs.setdefault("imps_away", 10)
    return record_team_match(
        tournament=tournament, round=round, home=home, away=away, boards=boards, **kwargs
    )


def refused(tournament, *args, **kwargs) -> dict[str, str]:
    with pytest.raises(TeamEntryError) as caught:
        play(tournament, *args, **kwargs)
    [problem] = caught.value.problems
    assert problem.field == ""
    texts = {}
    for lang in ("sv", "en"):
        with translation.override(lang):
            texts[lang] = problem.translated()
    return texts


def test_a_match_the_table_does_not_cover_is_refused_whole_in_both_languages():
    tournament = event("B2", boards=20)  # B2: at least 24 boards a match
    t1, t2, *_ = teams(tournament)
    standings = list(Standing.objects.values_list("entry", "place", "score"))
    texts = refused(tournament, t1, t2)
    assert texts["en"] == (
        "Nothing was saved: the master points of the event cannot be computed with this "
        "match (Table B2 needs at least 24 boards per match, not 20 (12-23 boards: table "
        "B4)). Check the boards per match and the award table, or ask the office about "
        "the event's award facts."
    )
    assert texts["sv"].startswith(
        "Inget sparades: tävlingens mästarpoäng kan inte beräknas med den här matchen "
        "(Tabell B2 kräver minst 24 brickor per match, inte 20 (12-23 brickor: tabell B4))."
    )
    # Nothing of the match: no match, line-up, player, log, version or new standings.
    assert not TeamMatch.objects.exists() and not LineupSlot.objects.exists()
    assert not EntryPlayer.objects.exists() and not ImportLog.objects.exists()
    tournament.refresh_from_db()
    assert (tournament.report_version, tournament.rounds, tournament.boards) == (1, 0, 0)
    assert list(Standing.objects.values_list("entry", "place", "score")) == standings


def test_a_match_the_table_covers_is_saved_and_its_awards_follow():
    tournament = event("B4", boards=20)
    t1, t2, *_ = teams(tournament)
    play(tournament, t1, t2)
    assert TeamMatch.objects.count() == 1
    tournament.refresh_from_db()
    award_tournament(tournament)
    assert tournament.award_run.awards == 4  # the winning four, B4's win


def test_a_table_that_needs_a_division_waits_for_the_offices_award_facts():
    tournament = event("B3", boards=24)
    t1, t2, *_ = teams(tournament)
    texts = refused(tournament, t1, t2)
    assert "Table B3 covers 2-6 divisions and a division within them" in texts["en"]
    assert "Tabell B3 gäller 2-6 divisioner" in texts["sv"]
    assert not TeamMatch.objects.exists()

    Tournament.objects.filter(pk=tournament.pk).update(
        award_options={"division": 1, "divisions": 2}
    )
    tournament.refresh_from_db()
    play(tournament, t1, t2)
    assert TeamMatch.objects.count() == 1


def test_an_event_created_before_it_named_its_table_is_refused_with_why():
    tournament = event("B4", award_table="")
    t1, t2, *_ = teams(tournament)
    texts = refused(tournament, t1, t2)
    assert "(the event names no award table the rules know)" in texts["en"]
    assert "(tävlingen anger ingen tabell för mästarpoäng som reglerna känner)" in texts["sv"]


def test_too_few_teams_for_the_table():
    tournament = event("E2", boards=20, teams=3)  # E2: at least four teams
    t1, t2, *_ = teams(tournament)
    texts = refused(tournament, t1, t2)
    assert "Table E2 needs at least 4 teams, not 3" in texts["en"]


def test_a_walkover_alone_awards_nothing_and_refuses_nothing():
    # The W.O. earns no points ("Inga mp utdelas vid seger på W.O."): nothing to check
    # until a match is played; the first one played is.
    tournament = event("B2", boards=20)
    t1, t2, t3, t4 = teams(tournament)
    play(tournament, t1, t2, walkover_by="away", halves=[])
    assert TeamMatch.objects.count() == 1
    refused(tournament, t3, t4)
    assert TeamMatch.objects.count() == 1


def test_a_penalty_that_leaves_both_teams_nothing_is_not_a_refusal():
    tournament = event("B4", boards=20)
    t1, t2, *_ = teams(tournament)
    # 20 IMPs each side: 10-10; 5 VP off each leaves both 5, nothing for either.
    play(tournament, t1, t2, imps_home=20, imps_away=20, penalty_home=5, penalty_away=5)
    assert TeamMatch.objects.count() == 1


def test_a_barometer_is_judged_on_its_boards_once_every_team_has_met_every_other():
    # E1 needs 42 boards in all: 8 teams, 6-board matches reach it after 7 rounds.
    tournament = event("E1", boards=6, teams=8)
    t1, t2, *_ = teams(tournament)
    play(tournament, t1, t2)
    assert TeamMatch.objects.count() == 1
    # Not every team meets every other: the boards as they stand, 6 of 42.
    tournament = event("E1", boards=6, teams=8, all_met_all=False)
    t1, t2, *_ = teams(tournament)
    texts = refused(tournament, t1, t2)
    assert "Table E1 needs at least 42 boards in all, not 6" in texts["en"]


def test_a_player_who_is_not_entitled_is_no_refusal():
    tournament = event("B4", boards=20)
    t1, t2, *_ = teams(tournament)
    lineup = halves(20)
    from members.models import Member

    Member.objects.filter(mid__in=lineup[0].home).update(status=Member.Status.LAPSED)
    play(tournament, t1, t2, halves=lineup)
    assert TeamMatch.objects.count() == 1


def test_an_ebu_event_takes_a_small_field_and_refuses_facts_the_rules_cannot_read(settings):
    """An EBU field too small for the scales is awarded nothing (3.1.1), not refused;
    award facts the EBU rulebook cannot read refuse the match, in both languages."""
    settings.KLOVER_FEDERATION = "ebu"
    tournament = event("", boards=20)
    t1, t2, *_ = teams(tournament)
    assert award_refusal(tournament) is None
    play(tournament, t1, t2)
    assert TeamMatch.objects.count() == 1
    Tournament.objects.filter(pk=tournament.pk).update(award_options={"knockout": "triple"})
    tournament.refresh_from_db()
    texts = refused(tournament, t2, t1, round=2)
    assert "the event's award facts do not fit the EBU rules: --knockout" in texts["en"]
    assert "passar inte EBU:s regler" in texts["sv"]
    assert TeamMatch.objects.count() == 1


def test_an_ebu_team_event_is_created_without_an_sbf_award_table(settings):
    from tournaments.manual.forms import TeamEventForm

    assert "award_table" in TeamEventForm(office=True).fields
    settings.KLOVER_FEDERATION = "ebu"
    assert "award_table" not in TeamEventForm(office=True).fields
    assert event("").award_table == ""
    with pytest.raises(TeamEntryError):
        event("B2")  # an SBF table means nothing to the EBU rulebook
