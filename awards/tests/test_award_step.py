"""The award and ranking steps of the pipeline, the ledger, holdings and promotions."""

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from awards.models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)
from awards.services import award_tournament, refresh_rankings_for
from config.pipeline import run_step
from members.models import Member
from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services

pytestmark = pytest.mark.django_db


def _ranking_csv(mids, *, day: date, name="Tisdagsparen", pairs=12, boards=24) -> bytes:
    lines = [
        f"# event: {name}",
        f"# date: {day.isoformat()}",
        f"# boards: {boards}",
        "place;players;score",
    ]
    for place in range(1, pairs + 1):
        a, b = mids[2 * place - 2], mids[2 * place - 1]
        lines.append(f"{place};{a}+{b};{300 - 10 * place}")
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def field():
    return [MemberFactory(mid=71001 + n) for n in range(24)]


def _report(field, *, level="bronze", day=None, **kwargs):
    day = day or timezone.localdate() - timedelta(days=10)
    outcome = services.import_results(
        data=_ranking_csv([m.mid for m in field], day=day, **kwargs),
        filename="tisdag.csv",
        organiser=ClubFactory(),
        run_pipeline=False,
    )
    tournament = outcome.tournament
    tournament.level = level
    tournament.save(update_fields=["level"])
    for step in ("handicap_list", "awards", "handicaps", "rankings", "later_handicaps"):
        run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)
    return tournament


def _ledger(tournament):
    return sorted(
        MasterPointAward.objects.filter(tournament=tournament).values_list(
            "member__mid", "colour", "credited", "table", "reason_sv", "reason_en"
        )
    )


def test_a_bronze_pairs_event_gives_table_a1_to_the_best_third(field):
    tournament = _report(field)
    # 000_18af0e66f52a62b2.txt, Tabell A1, 12 par: 24 16 11 8 to the best third.
    assert _ledger(tournament) == [
        (
            71001,
            "bronze",
            Decimal("24.00"),
            "A1",
            "Tabell A1, 12 par, plats 1",
            "Table A1, 12 pairs, place 1",
        ),
        (
            71002,
            "bronze",
            Decimal("24.00"),
            "A1",
            "Tabell A1, 12 par, plats 1",
            "Table A1, 12 pairs, place 1",
        ),
        (
            71003,
            "bronze",
            Decimal("16.00"),
            "A1",
            "Tabell A1, 12 par, plats 2",
            "Table A1, 12 pairs, place 2",
        ),
        (
            71004,
            "bronze",
            Decimal("16.00"),
            "A1",
            "Tabell A1, 12 par, plats 2",
            "Table A1, 12 pairs, place 2",
        ),
        (
            71005,
            "bronze",
            Decimal("11.00"),
            "A1",
            "Tabell A1, 12 par, plats 3",
            "Table A1, 12 pairs, place 3",
        ),
        (
            71006,
            "bronze",
            Decimal("11.00"),
            "A1",
            "Tabell A1, 12 par, plats 3",
            "Table A1, 12 pairs, place 3",
        ),
        (
            71007,
            "bronze",
            Decimal("8.00"),
            "A1",
            "Tabell A1, 12 par, plats 4",
            "Table A1, 12 pairs, place 4",
        ),
        (
            71008,
            "bronze",
            Decimal("8.00"),
            "A1",
            "Tabell A1, 12 par, plats 4",
            "Table A1, 12 pairs, place 4",
        ),
    ]
    holding = MasterPointHolding.objects.get(member__mid=71001)
    assert (holding.bronze, holding.silver, holding.gold) == (24, 0, 0)
    assert TournamentAwards.objects.get(tournament=tournament).awards == 8


def test_running_the_award_step_twice_leaves_the_same_rows(field):
    tournament = _report(field)
    first = _ledger(tournament)
    award_tournament(tournament)
    award_tournament(tournament)
    assert _ledger(tournament) == first
    assert MasterPointHolding.objects.get(member__mid=71001).bronze == 24


def test_players_not_entitled_get_nothing(field):
    Member.objects.filter(mid=71002).update(status=Member.Status.LAPSED)
    tournament = _report(field)
    mids = [row[0] for row in _ledger(tournament)]
    assert 71001 in mids and 71002 not in mids


def test_too_few_pairs_gives_no_award_and_says_why(field):
    tournament = _report(field[:6], pairs=3)
    assert _ledger(tournament) == []
    run = TournamentAwards.objects.get(tournament=tournament)
    assert run.awards == 0
    # Tabell A1: "Minsta antal par: 4".
    assert (run.reason_sv, run.reason_en) == (
        "Tabell A1 gäller 4-32 par",
        "Table A1 covers 4-32 pairs",
    )


def test_a_promotion_is_recorded_on_the_day_the_class_is_reached(field):
    """Bronze only, Rutermästare at 20 mp = 2 000 bp (000, 3. Mästarklasser)."""
    earlier = _report(field, day=timezone.localdate() - timedelta(days=40), name="Måndag")
    winner = Member.objects.get(mid=71001)
    # An old bronze award brought in by hand: 1 990 bp before the evening.
    MasterPointAward.objects.filter(tournament=earlier, member=winner).update(
        credited=Decimal("1990")
    )
    later = _report(field, name="Tisdag")  # +24 bp: 2 014 bp
    promotion = Promotion.objects.get(member=winner, master_class="ruter")
    assert (promotion.reached_on, promotion.tournament_id) == (later.start_date, later.pk)
    holding = MasterPointHolding.objects.get(member=winner)
    assert (holding.bronze, holding.master_class) == (Decimal("2014"), "ruter")
    # The Klöver stars on the way (500, 1 000 and 1 500 bp) were reached on the earlier day.
    stars = Promotion.objects.filter(member=winner, master_class__startswith="klover-")
    assert {p.reached_on for p in stars} == {earlier.start_date}


def test_silver_awards_give_ranking_points(field):
    tournament = _report(field, level="silver", pairs=12, boards=42)
    assert MasterPointAward.objects.filter(tournament=tournament, colour="silver").exists()
    winner_sp = MasterPointAward.objects.get(
        tournament=tournament, member__mid=71001, colour="silver"
    ).exact
    # 7. Regler för rankingpoäng: 1 rp per sp in a silver event, rounded up.
    assert RankingScore.objects.get(member__mid=71001).points == winner_sp.to_integral_value(
        rounding="ROUND_CEILING"
    )
    refresh_rankings_for(tournament)
    assert RankingScore.objects.filter(member__mid=71001).count() == 1


def test_award_scale_prints_json_in_the_colours_units(capsys):
    call_command("award_scale", "--table", "D", "--pairs", "46", "--json")
    import json

    payload = json.loads(capsys.readouterr().out)
    places = {p["place"]: (p["points"], p["colour"]) for p in payload["places"]}
    assert payload["table"] == "D"
    assert places[1] == (46, "silver")
    assert places[13] == (10, "bronze")


def test_award_scale_lists_the_tables_for_an_unknown_one():
    with pytest.raises(CommandError) as caught:
        call_command("award_scale", "--table", "Q", "--pairs", "46")
    assert "A1, A2, B1" in str(caught.value) and "gold" in str(caught.value)


def test_a_team_match_with_a_vp_penalty_is_judged_on_the_vp_before_it():
    """A saved match holds its VP after the penalty (what the standings add up); the
    team tables read the scale's VP and the penalty beside it (docs/awards-teams.md).
    20 boards, 20 IMPs: 14.58-5.42 on the 20-0 scale, the home team 2 VP off. Read
    after the penalty, 12.58 + 4.92 is no VP scale and the event got nothing."""
    from tournaments.manual.services import HalfLineup, create_team_event, record_team_match

    event = create_team_event(
        organiser=ClubFactory(),
        name="Höstserien",
        date=timezone.localdate() - timedelta(days=3),
        boards_per_match=20,
        teams=[(1, "Lag Ek"), (2, "Lag Björk")],
        award_table="B4",
    )
    home, away = event.sections.get().entries.order_by("number")
    players = [MemberFactory(mid=72001 + n) for n in range(16)]
    lineup = [
        HalfLineup(1, tuple(p.mid for p in players[0:4]), tuple(p.mid for p in players[4:8])),
        HalfLineup(2, tuple(p.mid for p in players[0:4]), tuple(p.mid for p in players[4:8])),
    ]
    match = record_team_match(
        tournament=event,
        round=1,
        home=home,
        away=away,
        boards=20,
        halves=lineup,
        imps_home=30,
        imps_away=10,
        penalty_home=2,
    )
    assert (match.vp_home, match.vp_away) == (Decimal("12.58"), Decimal("5.42"))
    event.refresh_from_db()
    award_tournament(event)
    assert TournamentAwards.objects.get(tournament=event).reason_en == ""
    # 12.58 of 20 after the penalty is a draw for the home team (won from 14), and
    # 5.42 is nothing for the away team (6 or less): B4's draw, 16 bp, to the home four.
    ledger = _ledger(event)
    assert [(mid, colour, credited) for mid, colour, credited, *_ in ledger] == [
        (72001 + n, "bronze", Decimal("4.00")) for n in range(4)
    ]
