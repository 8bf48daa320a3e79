"""The field's average handicap the award step reads for raised gold (000 lines 373-379;
awards/field.py): the handicap app answers it with the players' handicaps the day
before, as the handicap list reads them."""

from decimal import Decimal

import pytest

from awards.field import FIELD_HANDICAP
from handicap.models import MemberHandicap
from handicap.services import field_average_handicaps
from handicap.tests.test_incremental import _members, _report
from tournaments.models import EntryPlayer

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
