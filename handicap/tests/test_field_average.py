"""The field's average handicap the award step reads for raised gold (000 lines 373-379;
awards/field.py): the handicap app answers it with the players' handicaps the day
before, as the handicap list reads them."""

from decimal import Decimal

import pytest

from awards.field import FIELD_HANDICAP
from handicap.models import MemberHandicap
from handicap.services import field_average_handicaps
from handicap.tests.test_incremental import _members, _report
from members.tests.factories import MemberFactory
from tournaments.models import EntryPlayer, Tournament

pytestmark = pytest.mark.django_db


def test_the_registered_reader_is_the_handicap_apps():
    assert FIELD_HANDICAP._reader is field_average_handicaps


def test_the_field_average_is_the_players_handicaps_the_day_before():
    members = _members()
    tournament = _report(("pairs", 0, list(range(12)), [0] * 6, 2), members)
    players = list(
        EntryPlayer.objects.filter(entry__section__tournament=tournament).values_list(
            "member_id", flat=True
        )
    )
    held = dict(MemberHandicap.objects.values_list("member_id", "start"))
    expected = sum(held[m] for m in players) / len(players)
    (average,) = field_average_handicaps([tournament.pk]).values()
    assert average is not None and abs(average - expected) < Decimal("0.001")


def test_a_player_without_a_handicap_leaves_the_field_unknown():
    """A start worked out from master points would tie the average to the ledger the
    award step writes: the field is unknown instead, and the report's handicaps decide."""
    members = _members()  # the last member holds no handicap: seat 12 plays
    tournament = _report(("pairs", 0, [12, 0, 1, 2], [0] * 6, 2), members)
    assert field_average_handicaps([tournament.pk]) == {tournament.pk: None}


def _team_gold(starts, *, reserve_start=None):
    """A 12-team gold event (table "gold", E1 in gold) whose players hold ``starts[i]``
    by team; ``reserve_start`` gives each team a reserve who did not play."""
    from handicap.tests.test_teams import _event

    tournament, entries = _event(12)
    Tournament.objects.filter(pk=tournament.pk).update(
        level="gold", award_table="gold", boards=70, scoring="team_vp"
    )
    for entry, start in zip(entries, starts, strict=True):
        for player in EntryPlayer.objects.filter(entry=entry):
            MemberHandicap.objects.create(
                member_id=player.member_id, handicap=start, start=start, policy_version="SBF 2007"
            )
        if reserve_start is not None:
            reserve = EntryPlayer.objects.create(entry=entry, member=MemberFactory(), reserve=True)
            MemberHandicap.objects.create(
                member_id=reserve.member_id, handicap=reserve_start, start=reserve_start,
                policy_version="SBF 2007",
            )  # fmt: skip
    return tournament


def test_a_team_events_field_is_every_player_who_played():
    """Lines 373-380: "De fyra främsta paren/lagen" — a team event's field average is its
    players' (reserves who did not play left out)."""
    starts = [Decimal(n) for n in range(8, 20)]
    tournament = _team_gold(starts, reserve_start=Decimal(52))
    (average,) = field_average_handicaps([tournament.pk]).values()
    assert average == sum(starts) / len(starts)


@pytest.mark.parametrize(
    ("start", "first"), [(Decimal(12), Decimal(10)), (Decimal(16), Decimal(2))]
)
def test_a_gold_team_event_is_raised_by_its_players_handicaps(start, first):
    """The award step reads the team field's average: under 15 the first four teams get
    10-7-5-4 gp per player (lines 379-380); at 16 the ordinary scale, E1's 18 sp for 12
    teams in gold, 1.8 credited 2 (lines 1360, 1772-1778)."""
    from awards.models import MasterPointAward
    from config.pipeline import run_step

    tournament = _team_gold([start] * 12)
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    winners = MasterPointAward.objects.filter(
        tournament=tournament, member__entries__entry__number=1, colour="gold"
    )
    assert winners.count() == 4
    assert {award.credited for award in winners} == {first}
