"""Manual entry of team matches (tournaments/manual/services.py) against seed 003, DM Lag.

VPs are read from the seed's "20-0-skalan" table; W.O. from "Walk Over (W.O.)";
tie-breaks from "Särskiljning inom ett kvalheat"; line-ups from
"Resultatrapportering", "Antal brickor" and "Lag och spelare".
"""

from datetime import date
from decimal import Decimal

import pytest

from members.tests.factories import ClubFactory, MemberFactory, UserFactory
from tournaments.domain.teams import minimum_imps
from tournaments.manual.services import (
    HalfLineup,
    TeamEntryError,
    create_team_event,
    record_team_match,
)
from tournaments.models import (
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    Standing,
    TeamMatch,
    Tournament,
)
from tournaments.teams import compute_team_standings, team_placings

pytestmark = pytest.mark.django_db
D = Decimal


def make_event(
    boards: int = 16, teams: int = 4, award_table: str = "B4"
) -> tuple[Tournament, list[Entry]]:
    tournament = create_team_event(
        organiser=ClubFactory(),
        name="DM Lag kval Linköping",
        date=date(2024, 10, 1),
        boards_per_match=boards,
        teams=[(n, f"Lag {n}") for n in range(1, teams + 1)],
        award_table=award_table,
    )
    entries = list(Entry.objects.filter(section__tournament=tournament).order_by("number"))
    return tournament, entries


def mids(n: int) -> tuple[int, ...]:
    return tuple(MemberFactory().mid for _ in range(n))


def one_half() -> list[HalfLineup]:
    return [HalfLineup(half=1, home=mids(4), away=mids(4))]


def two_halves() -> list[HalfLineup]:
    home, away = mids(4), mids(4)
    return [HalfLineup(1, home, away), HalfLineup(2, home, away)]


def play(tournament, home, away, imps_home, imps_away, *, round=1, halves=None, **kwargs):
    if halves is None and "walkover_by" not in kwargs:
        boards = tournament.sections.get().boards
        halves = one_half() if boards <= 16 else two_halves()
    return record_team_match(
        tournament=tournament,
        round=round,
        home=home,
        away=away,
        boards=tournament.sections.get().boards,
        halves=halves or [],
        imps_home=imps_home,
        imps_away=imps_away,
        user=None,
        **kwargs,
    )


def standings(tournament) -> list[tuple[str, int, int, Decimal]]:
    return [
        (s.entry.name, s.place, s.place_to, s.score)
        for s in Standing.objects.filter(entry__section__tournament=tournament).order_by(
            "place", "entry__number"
        )
    ]


# --- VPs -----------------------------------------------------------------------------


def test_vps_come_from_the_wbf_scale_for_the_board_count():
    tournament, (t1, t2, t3, t4) = make_event(boards=16)
    # Seed 003 table, 16 boards: a 20-IMP margin is 15.00; 17 IMPs is 14.39.
    won = play(tournament, t1, t2, 30, 10)
    lost = play(tournament, t3, t4, 10, D("27"))
    assert (won.vp_home, won.vp_away) == (D("15.00"), D("5.00"))
    assert (lost.vp_home, lost.vp_away) == (D("5.61"), D("14.39"))
    assert (won.imps_home, won.imps_away) == (30, 10)


def test_the_same_margin_scores_differently_over_another_board_count():
    tournament, (t1, t2, *_rest) = make_event(boards=24, teams=2, award_table="B2")
    # Seed 003 worked example: 24 boards, won by 17 IMPs -> 13.72 - 6.28.
    match = play(tournament, t1, t2, 40, 23)
    assert (match.vp_home, match.vp_away) == (D("13.72"), D("6.28"))


def test_a_penalty_is_deducted_after_the_conversion():
    tournament, (t1, t2, *_rest) = make_event(boards=20)
    # 20 boards, 20 IMPs -> 14.58 - 5.42; then 2 VP off the home team only. Had the
    # penalty been taken off the IMPs first, the scale would give another figure.
    match = play(tournament, t1, t2, 30, 10, penalty_home=2, penalty_away=D("0.5"))
    assert (match.vp_home, match.vp_away) == (D("12.58"), D("4.92"))
    assert (match.penalty_home, match.penalty_away) == (D("2.00"), D("0.50"))
    assert dict((name, score) for name, _p, _t, score in standings(tournament))["Lag 1"] == D(
        "12.58"
    )


# --- W.O. ----------------------------------------------------------------------------


def test_a_walkover_alone_scores_twelve_against_nil_with_minimum_imps():
    tournament, (t1, t2, *_rest) = make_event(boards=16)
    match = play(tournament, t1, t2, 0, 0, walkover_by="home")
    # Giver: 0 VP. Receiver: alternative 2, 12.00 VP; the fewest IMPs giving 12 on
    # the 16-board scale are 7 (12.03; 6 IMPs give 11.76).
    assert match.walkover
    assert (match.vp_home, match.vp_away) == (D("0.00"), D("12.00"))
    assert (match.imps_home, match.imps_away) == (0, 7)
    assert LineupSlot.objects.count() == 0 and EntryPlayer.objects.count() == 0
    placings = {p.key: p for p in team_placings(tournament)}
    # "IMP = minimum för aktuellt antal brickor": the giver lost by the 20-0 margin (60).
    assert (placings[t1.pk].imps_won, placings[t1.pk].imps_lost) == (0, 60)
    assert (placings[t2.pk].imps_won, placings[t2.pk].imps_lost) == (7, 0)


def test_walkover_takes_the_best_average_rounded_up_once_matches_are_played():
    tournament, (t1, t2, t3, t4) = make_event(boards=16)
    wo = play(tournament, t1, t4, 0, 0, walkover_by="away", round=1)
    assert wo.vp_home == D("12.00")

    # T1's own average (15.00) is better than 12: exactly 15, not rounded further.
    play(tournament, t1, t2, 30, 10, round=2)
    wo.refresh_from_db()
    assert (wo.vp_home, wo.vp_away) == (D("15.00"), D("0.00"))
    assert wo.imps_home == minimum_imps(D("15"), 16) == 20

    # What T4's opponents got against it (18.09) rounds up to 19 and beats 15.
    play(tournament, t3, t4, 45, 5, round=2)
    wo.refresh_from_db()
    assert (wo.vp_home, wo.vp_away) == (D("19.00"), D("0.00"))
    assert (wo.imps_home, wo.imps_away) == (49, 0)  # 16 boards: 48 -> 18.97, 49 -> 19.07
    assert standings(tournament)[0] == ("Lag 1", 1, 1, D("34.00"))


def test_a_walkover_takes_no_lineups_and_no_imps():
    tournament, (t1, t2, *_rest) = make_event(boards=16)
    with pytest.raises(TeamEntryError) as refused:
        play(tournament, t1, t2, 20, 0, walkover_by="home", halves=one_half())
    assert {p.field for p in refused.value.problems} == {"walkover_by"}
    assert TeamMatch.objects.count() == 0


# --- line-ups and halves -------------------------------------------------------------


def test_lineups_are_saved_per_half_and_count_each_players_halves():
    tournament, (t1, t2, t3, _t4) = make_event(boards=20)
    a, b, c, d, e, f = mids(6)
    away = mids(4)
    halves = [HalfLineup(1, (a, b, c, d), away), HalfLineup(2, (a, b, e, f), away)]
    play(tournament, t1, t2, 31, 12, halves=halves)

    assert LineupSlot.objects.count() == 16
    assert set(
        LineupSlot.objects.filter(half=2, entry=t1).values_list("player__member__mid", flat=True)
    ) == {a, b, e, f}

    def halves_of(team):
        return dict(
            EntryPlayer.objects.filter(entry=team).values_list("member__mid", "halves_played")
        )

    assert halves_of(t1) == {a: 2, b: 2, c: 1, d: 1, e: 1, f: 1}
    assert set(halves_of(t2).values()) == {2}

    away2 = mids(4)
    second = [HalfLineup(h, (a, b, c, d), away2) for h in (1, 2)]
    play(tournament, t1, t3, 20, 20, round=2, halves=second)
    assert halves_of(t1) == {a: 4, b: 4, c: 3, d: 3, e: 1, f: 1}

    # Entering round 2 again replaces it: counts are restated, not added up, and a
    # player who no longer played a half for the team is no longer in it.
    again = [HalfLineup(h, (a, b, c, e), away2) for h in (1, 2)]
    play(tournament, t1, t3, 25, 20, round=2, halves=again)
    assert TeamMatch.objects.filter(round=2).count() == 1
    assert halves_of(t1) == {a: 4, b: 4, c: 3, d: 1, e: 3, f: 1}
    assert ImportLog.objects.filter(outcome=ImportLog.Outcome.REPLACED).count() == 1


def test_an_unknown_mid_is_refused_naming_its_field_and_nothing_is_saved():
    tournament, (t1, t2, *_rest) = make_event(boards=20)
    version = tournament.report_version
    home, away = mids(4), mids(4)
    unknown = 999_999
    halves = [
        HalfLineup(1, home, away),
        HalfLineup(2, home, (away[0], away[1], unknown, away[3])),
    ]
    with pytest.raises(TeamEntryError) as refused:
        play(tournament, t1, t2, 30, 10, halves=halves)

    [problem] = refused.value.problems
    assert problem.field == "half-2-away-3"
    assert "999999" in problem.translated() and "Lag 2" in problem.translated()
    assert TeamMatch.objects.count() == 0
    assert LineupSlot.objects.count() == 0
    assert EntryPlayer.objects.count() == 0
    assert ImportLog.objects.count() == 0
    tournament.refresh_from_db()
    assert tournament.report_version == version


@pytest.mark.parametrize(
    ("boards", "which", "field"),
    [
        (16, "two halves", "half-2"),  # 8-16 boards: no half-time change
        (24, "one half", "half-2"),  # 21-28 boards: always two halves
        (20, "eight players", "halves"),  # at most six players of a team in a match
        (20, "three players", "half-1-home-4"),
        (20, "both teams", "halves"),
        (20, "seated twice", "half-1-away-1"),
    ],
)
def test_lineup_rules_of_seed_003(boards, which, field):
    tournament, (t1, t2, *_rest) = make_event(boards=boards)
    home, away = mids(4), mids(4)
    halves = {
        "two halves": [HalfLineup(1, home, away), HalfLineup(2, home, away)],
        "one half": [HalfLineup(1, home, away)],
        "eight players": [HalfLineup(1, home, away), HalfLineup(2, mids(4), away)],
        "three players": [HalfLineup(1, home[:3], away), HalfLineup(2, home, away)],
        "both teams": [HalfLineup(1, home, away), HalfLineup(2, home, (home[0], *away[1:]))],
        "seated twice": [HalfLineup(1, home, (home[0], *away[1:])), HalfLineup(2, home, away)],
    }[which]
    with pytest.raises(TeamEntryError) as refused:
        play(tournament, t1, t2, 30, 10, halves=halves)
    assert field in {p.field for p in refused.value.problems}
    assert TeamMatch.objects.count() == 0


def test_a_player_plays_for_one_team_of_the_event_only():
    tournament, (t1, t2, t3, t4) = make_event(boards=16)
    first = one_half()
    play(tournament, t1, t2, 30, 10, halves=first)
    borrowed = HalfLineup(1, (first[0].home[0], *mids(3)), mids(4))
    with pytest.raises(TeamEntryError) as refused:
        play(tournament, t3, t4, 30, 10, halves=[borrowed])
    assert [p.field for p in refused.value.problems] == ["half-1-home-1"]


def test_a_team_plays_one_match_a_round_and_boards_are_the_events():
    tournament, (t1, t2, t3, _t4) = make_event(boards=16)
    play(tournament, t1, t2, 30, 10)
    with pytest.raises(TeamEntryError) as busy:
        play(tournament, t3, t2, 30, 10)
    assert [p.field for p in busy.value.problems] == ["away"]
    with pytest.raises(TeamEntryError) as boards:
        record_team_match(
            tournament=tournament,
            round=2,
            home=t1,
            away=t3,
            boards=20,
            halves=one_half(),
            imps_home=1,
            imps_away=0,
            user=None,
        )
    assert [p.field for p in boards.value.problems] == ["boards"]


def test_saving_queues_the_pipeline_for_the_new_version_after_commit(
    monkeypatch, django_capture_on_commit_callbacks
):
    calls = []
    monkeypatch.setattr("config.tasks.start_pipeline", lambda *args: calls.append(args))
    tournament, (t1, t2, *_rest) = make_event(boards=16)
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        record_team_match(
            tournament=tournament,
            round=1,
            home=t1,
            away=t2,
            boards=16,
            halves=one_half(),
            imps_home=30,
            imps_away=10,
            user=user,
        )
    tournament.refresh_from_db()
    assert calls == [(tournament.pk, tournament.report_version)]
    assert tournament.report_version == 2
    assert (tournament.rounds, tournament.boards) == (1, 16)
    log = ImportLog.objects.get()
    assert (log.user, log.source_format, log.tournament) == (user, "manual", tournament)


# --- standings -----------------------------------------------------------------------


def test_standings_are_saved_with_shared_places_and_are_idempotent():
    tournament, (t1, t2, t3, t4) = make_event(boards=16)
    play(tournament, t1, t2, 20, 10)  # 10 IMPs over 16 boards: 12.80 - 7.20
    play(tournament, t3, t4, 20, 10)
    expected = [
        ("Lag 1", 1, 2, D("12.80")),
        ("Lag 3", 1, 2, D("12.80")),
        ("Lag 2", 3, 4, D("7.20")),
        ("Lag 4", 3, 4, D("7.20")),
    ]
    assert standings(tournament) == expected

    compute_team_standings(tournament)
    compute_team_standings(tournament)
    assert standings(tournament) == expected
    assert Standing.objects.count() == 4

    # A stale row is replaced, not kept beside the new ones.
    Standing.objects.filter(entry=t4).update(place=1, score=99)
    compute_team_standings(tournament)
    assert standings(tournament) == expected

    # Their match breaks the tie on VP.
    play(tournament, t1, t3, 11, 10, round=2)
    assert [row[:3] for row in standings(tournament)][:2] == [("Lag 1", 1, 1), ("Lag 3", 2, 2)]


def test_create_team_event_refuses_what_cannot_be_an_event():
    club = ClubFactory()
    with pytest.raises(TeamEntryError) as refused:
        create_team_event(
            organiser=club,
            name="Lagserie",
            date=date(2024, 10, 1),
            boards_per_match=0,
            teams=[(1, "Lag A"), (1, "Lag B")],
            award_table="B9",
        )
    assert {p.field for p in refused.value.problems} == {"boards_per_match", "teams", "award_table"}
    assert Tournament.objects.count() == 0

    tournament = create_team_event(
        organiser=club,
        name="Lagserie",
        date=date(2024, 10, 1),
        boards_per_match=20,
        teams=[(1, "Lag A"), (2, "Lag B")],
        award_table="B4",
    )
    assert (tournament.kind, tournament.scoring, tournament.source_format) == (
        "teams",
        "team_vp",
        "manual",
    )
    assert tournament.award_table == "B4"
    assert tournament.sections.get().boards == 20
    # Before any match both teams share first place on 0 VP.
    assert [row[1:3] for row in standings(tournament)] == [(1, 2), (1, 2)]
