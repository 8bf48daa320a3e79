"""Bulk writes (members.common.bulk) and the demo seasons written with them."""

from collections import Counter
from datetime import date
from decimal import Decimal
from itertools import combinations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from awards.models import TournamentAwards
from awards.services import award_tournament
from members.common.bulk import insert_rows, replace_rows
from members.demo import build_demo_federation
from members.services import current_season
from tournaments.demo import build_demo_season
from tournaments.models import Entry, EntryPlayer, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db

AWKWARD = "tab\there, back\\slash, new\nline, \\N and ünïcödé"


def _tournament(**extra) -> Tournament:
    return Tournament.objects.create(
        event_id="bulk-1",
        name="Bulk",
        start_date=date(2026, 5, 1),
        end_date=date(2026, 5, 1),
        kind="pairs",
        scoring="matchpoints",
        **extra,
    )


def test_insert_rows_keeps_awkward_text_json_and_defaults():
    t = _tournament()
    insert_rows(
        TournamentAwards,
        ("tournament_id", "rule_version", "awards", "reason_sv", "reason_en"),
        [(t.pk, "v1", 0, AWKWARD, "")],
    )
    run = TournamentAwards.objects.get(tournament=t)
    assert (run.reason_sv, run.reason_en, run.awards) == (AWKWARD, "", 0)
    assert run.computed is not None  # auto_now filled for the raw insert

    t.delete()
    insert_rows(
        Tournament,
        ("event_id", "name", "start_date", "end_date", "kind", "scoring", "award_options"),
        [("bulk-2", AWKWARD, date(2026, 5, 2), date(2026, 5, 2), "pairs", "matchpoints",
          {"division": 2, "note": AWKWARD})],
    )  # fmt: skip
    saved = Tournament.objects.get(event_id="bulk-2")
    assert saved.name == AWKWARD
    assert saved.award_options == {"division": 2, "note": AWKWARD}
    assert (saved.level, saved.report_version, saved.all_met_all) == ("bronze", 1, True)


def test_replace_rows_writes_only_the_difference():
    a, b, c = (_tournament(), *(_tournament_n(n) for n in (2, 3)))
    fields = ("tournament_id", "rule_version", "awards", "reason_sv", "reason_en")
    rows = [(t.pk, "v1", 3, "", "") for t in (a, b, c)]
    first = replace_rows(TournamentAwards.objects.all(), TournamentAwards, fields, fields[:1], rows)
    assert (first.written, first.deleted, first.unchanged) == (3, 0, 0)
    keep = TournamentAwards.objects.get(tournament=a).pk

    rows = [(a.pk, "v1", 3, "", ""), (b.pk, "v1", 4, "", "")]  # b changed, c gone
    second = replace_rows(
        TournamentAwards.objects.all(), TournamentAwards, fields, fields[:1], rows
    )
    assert (second.written, second.deleted, second.unchanged) == (1, 2, 1)
    assert second.touched == {(b.pk,), (c.pk,)}
    assert TournamentAwards.objects.get(tournament=a).pk == keep
    assert dict(TournamentAwards.objects.values_list("tournament_id", "awards")) == {
        a.pk: 3,
        b.pk: 4,
    }


def test_replace_rows_compares_decimals_at_the_columns_precision():
    from awards.models import MasterPointHolding
    from members.tests.factories import MemberFactory

    member = MemberFactory()
    fields = ("member_id", "bronze", "silver", "gold", "master_class", "rank")
    third = Decimal(1) / 3
    row = (member.pk, third, Decimal(0), Decimal(0), "", 0)
    existing = MasterPointHolding.objects.all()
    replace_rows(existing, MasterPointHolding, fields, fields[:1], [row])
    again = replace_rows(existing, MasterPointHolding, fields, fields[:1], [row])
    assert (again.written, again.unchanged) == (0, 1)
    assert MasterPointHolding.objects.get().bronze == Decimal("0.33")


def _tournament_n(n: int) -> Tournament:
    return Tournament.objects.create(
        event_id=f"bulk-n{n}",
        name="Bulk",
        start_date=date(2026, 5, n),
        end_date=date(2026, 5, n),
        kind="pairs",
        scoring="matchpoints",
    )


def test_a_demo_season_needs_a_federation():
    with pytest.raises(ValueError, match="load the demo federation first"):
        build_demo_season(tournaments=3)
    with pytest.raises(CommandError, match="load the demo federation first"):
        call_command("seed_tournaments", "--tournaments", "3")


def test_a_demo_season_has_standings_and_players(capsys):
    build_demo_federation(members=200, clubs=21, seed=2, season=current_season())
    call_command("seed_tournaments", "--tournaments", "25", "--seed", "2")
    assert "demo season: 25 tournaments" in capsys.readouterr().out
    assert Tournament.objects.count() == 25
    for tournament in Tournament.objects.all():
        standings = Standing.objects.filter(entry__section__tournament=tournament)
        places = sorted(standings.values_list("place", "place_to"))
        assert places[0][0] == 1
        assert all(p <= to for p, to in places)
        players = EntryPlayer.objects.filter(entry__section__tournament=tournament)
        per_entry = {"pairs": 2, "individual": 1, "teams": 4}[tournament.kind]
        assert players.count() == per_entry * standings.count()
        # nobody plays twice in one tournament
        assert players.values("member_id").distinct().count() == players.count()
    # Keys handed out by hand leave the sequences usable.
    assert Tournament.objects.create(
        event_id="after", name="x", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1),
        kind="pairs", scoring="matchpoints",
    ).pk > 25  # fmt: skip


def test_a_demo_team_barometer_is_a_round_robin():
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    build_demo_season(tournaments=25, seed=8)  # team events of 12, 9 and 9 teams
    teams = Tournament.objects.filter(kind="teams")
    assert sorted(len(Entry.objects.filter(section__tournament=t)) for t in teams) == [9, 9, 12]
    better_won = decided = 0
    for tournament in teams:
        place = dict(
            Standing.objects.filter(entry__section__tournament=tournament).values_list(
                "entry_id", "place"
            )
        )
        size = len(place)
        matches = list(
            TeamMatch.objects.filter(tournament=tournament).values_list(
                "round", "home_id", "away_id", "boards", "imps_home", "imps_away", "vp_home",
                "vp_away", "walkover",
            )
        )  # fmt: skip
        # Every team meets every other once; nobody plays twice in a round.
        met = sorted(tuple(sorted((home, away))) for _r, home, away, *_ in matches)
        assert met == sorted(combinations(sorted(place), 2))
        assert tournament.rounds == (size - 1 if size % 2 == 0 else size)
        assert {r for r, *_ in matches} == set(range(1, tournament.rounds + 1))
        seats = Counter((r, team) for r, home, away, *_ in matches for team in (home, away))
        assert set(seats.values()) == {1}
        (boards,) = {m[3] for m in matches}
        assert boards >= 2 and tournament.boards == boards * (size - 1) >= 18
        assert tournament.sections.get().boards == boards
        assert tournament.award_table == "B1"
        for _r, home, away, _b, imps_home, imps_away, vp_home, vp_away, walkover in matches:
            assert not walkover and vp_home + vp_away == 20
            assert (vp_home > vp_away) == (imps_home > imps_away)
            if imps_home != imps_away and place[home] != place[away]:
                decided += 1
                better_won += (imps_home > imps_away) == (place[home] < place[away])
    assert better_won > 0.6 * decided  # the better-placed team tends to win
    # The award step reads them as the barometer they are.
    for tournament in teams:
        award_tournament(tournament)
        assert TournamentAwards.objects.get(tournament=tournament).awards > 0


def test_fetch_rows_of_an_empty_query_is_empty():
    from members.common.bulk import fetch_rows

    _tournament()
    assert list(fetch_rows(Tournament.objects.none().values_list("pk"))) == []
    assert list(fetch_rows(Tournament.objects.filter(pk__in=[]).values_list("pk"))) == []
    assert len(list(fetch_rows(Tournament.objects.values_list("pk", "award_options")))) == 1
