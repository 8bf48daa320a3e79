"""Estimated starts for players from abroad (seed 002_4426357e9a32e88f.txt, 5.2 lines
441-443, through (10) of 5.1 lines 393-403): the rule, every walk and sheet starting
from it, the office's page and the walk again after a save."""

from datetime import date
from decimal import Decimal

import pytest

from handicap.domain import SBF_2007
from handicap.domain.formula import estimated_start, for_display
from handicap.estimates import delete_estimate, save_estimate
from handicap.models import HandicapChange, MemberHandicap, StartEstimate
from handicap.selectors import starting_sheet
from handicap.services import recompute_from, update_handicaps_for
from handicap.tests.test_services import _pairs_event, _start
from members.tests.factories import MemberFactory, member_with_login, office_staff

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
MONDAY, NEXT_MONDAY = date(2026, 3, 2), date(2026, 3, 9)


# -- the rule: 002 5.2 lines 441-443 ------------------------------------------------------


@pytest.mark.parametrize(
    ("master_points", "handicap", "start"),
    [
        (150, None, "20.8"),  # 52 / (1 + 0.01 * 150): estimated master points through (10)
        (0, None, "52.0"),  # (10), line 403: MP = 0 -> 52,0
        (300, None, "13.0"),  # (10), line 411: MP = 300 -> 13,0
        (None, "12.5", "12.5"),  # a handicap given directly stays
        (None, "60", "52.0"),  # ... corrected to the maximum, 52 (section 2)
        (None, "-3", "-3.0"),  # no floor: "some on minus" (line 645)
    ],
)
def test_a_start_from_the_offices_estimate_5_2_lines_441_443(master_points, handicap, start):
    points = None if master_points is None else Decimal(master_points)
    given = None if handicap is None else Decimal(handicap)
    assert for_display(estimated_start(points, given, SBF_2007)) == Decimal(start)


@pytest.mark.parametrize(("master_points", "handicap"), [(None, None), (Decimal(150), Decimal(12))])
def test_an_estimate_is_master_points_or_a_handicap_5_2_lines_441_443(master_points, handicap):
    with pytest.raises(ValueError):
        estimated_start(master_points, handicap, SBF_2007)


# -- every walk and the starting sheet ---------------------------------------------------


def _estimate(member, *, master_points=None, handicap=None) -> StartEstimate:
    return StartEstimate.objects.create(
        member=member,
        master_points=master_points,
        handicap=handicap,
        reason="Played for Norway's second team",
        decided_on=date(2026, 2, 1),
    )


@pytest.fixture
def abroad():
    """A player from Norway, estimated at 150 master points (start 20.80), and a
    field of 26s and 16s around their partner."""
    guest, partner, *rest = [MemberFactory() for _ in range(8)]
    _start([partner], 26)
    _start(rest, 16)
    _estimate(guest, master_points=Decimal(150))
    return guest, partner, rest


def _rows():
    return sorted(
        HandicapChange.objects.values_list("member_id", "tournament_id", "old", "new", "change")
    )


@pytest.mark.django_db
def test_the_estimate_starts_the_sheet_the_step_the_late_report_and_the_recompute_alike(
    abroad,
):
    """5.2 lines 441-443: 150 estimated mp give 20.80 wherever the start is looked up."""
    guest, partner, rest = abroad
    sheet = starting_sheet([[guest.mid, partner.mid], [rest[0].mid, rest[1].mid]], [1, 2])
    first = sheet["rows"][0].players[0]
    assert (first.handicap, first.estimated) == (20.8, True)

    pairs = [(guest, partner, "55.00"), (rest[0], rest[1], "50.00"), (rest[2], rest[3], "45.00")]
    later = _pairs_event(NEXT_MONDAY, pairs, name="T2")
    earlier = _pairs_event(MONDAY, pairs, name="T1")
    update_handicaps_for(later)
    assert HandicapChange.objects.get(member=guest, tournament=later).old == Decimal("20.80")
    update_handicaps_for(earlier)  # reported late: the guest is first met a week earlier
    first_row = HandicapChange.objects.get(member=guest, tournament=earlier)
    assert first_row.old == Decimal("20.80")
    assert HandicapChange.objects.get(member=guest, tournament=later).old == first_row.new
    assert MemberHandicap.objects.get(member=guest).start == Decimal("20.80")
    incremental = _rows()

    recompute_from(None)
    assert _rows() == incremental
    HandicapChange.objects.all().delete()
    MemberHandicap.objects.filter(member=guest).delete()
    recompute_from(None)  # from nothing: the walk meets the guest without a start held
    assert _rows() == incremental
    assert MemberHandicap.objects.get(member=guest).start == Decimal("20.80")


@pytest.mark.django_db
def test_without_an_estimate_the_start_is_from_the_players_own_master_points(abroad):
    """(10), line 403: no master points and no estimate give 52."""
    guest, partner, rest = abroad
    StartEstimate.objects.filter(member=guest).delete()
    tournament = _pairs_event(
        MONDAY, [(guest, partner, "55.00"), (rest[0], rest[1], "45.00")], name="T1"
    )
    update_handicaps_for(tournament)
    assert HandicapChange.objects.get(member=guest, tournament=tournament).old == Decimal("52.00")


# -- saving walks the member again -----------------------------------------------------


@pytest.mark.django_db
def test_saving_an_estimate_walks_the_players_history_again_5_2(abroad):
    """A player whose first competitions came before the office's estimate (5.2 lines
    441-443): the save walks them from their first competition, as a full recompute
    would; taking it away walks them from their own master points (52, line 403)."""
    guest, partner, rest = abroad
    StartEstimate.objects.filter(member=guest).delete()
    pairs = [(guest, partner, "55.00"), (rest[0], rest[1], "50.00"), (rest[2], rest[3], "45.00")]
    first = _pairs_event(MONDAY, pairs, name="T1")
    second = _pairs_event(NEXT_MONDAY, pairs, name="T2")
    update_handicaps_for(first)
    update_handicaps_for(second)
    assert HandicapChange.objects.get(member=guest, tournament=first).old == Decimal("52.00")

    save_estimate(
        member=guest, master_points=None, handicap=Decimal("12.5"), reason="Danish 1st", user=None
    )
    assert HandicapChange.objects.get(member=guest, tournament=first).old == Decimal("12.50")
    last = HandicapChange.objects.get(member=guest, tournament=second)
    held = MemberHandicap.objects.get(member=guest)
    assert (held.start, held.handicap, held.updated_on) == (Decimal("12.50"), last.new, NEXT_MONDAY)
    walked = _rows()
    # The partner's and the field's rows moved with the guest's handicap.
    recompute_from(None)
    assert _rows() == walked

    assert delete_estimate(member=guest, user=None)
    assert HandicapChange.objects.get(member=guest, tournament=first).old == Decimal("52.00")
    assert MemberHandicap.objects.get(member=guest).start == Decimal("52.00")
    assert not delete_estimate(member=guest, user=None)


@pytest.mark.django_db
def test_an_estimate_for_a_player_yet_to_play_is_their_handicap_5_2():
    """5.2 lines 441-443: 150 estimated mp, before any competition, are a start of 20.80."""
    member = MemberFactory()
    save_estimate(
        member=member, master_points=Decimal(150), handicap=None, reason="Norway", user=None
    )
    held = MemberHandicap.objects.get(member=member)
    assert (held.start, held.handicap, held.updated_on) == (Decimal("20.80"),) * 2 + (None,)


# -- the office's page -----------------------------------------------------------------


@pytest.mark.django_db
def test_only_the_office_opens_the_estimates_page(client):
    url = "/handicap/estimates/"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(member_with_login().user)
    assert client.get(url).status_code == 403
    assert client.post("/handicap/estimates/1/delete/").status_code == 403
    client.force_login(office_staff())
    assert client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("form", "error"),
    [
        ({"master_points": "150", "handicap": "12.5"}, "not both"),
        ({}, "Give estimated master points or an estimated handicap."),
        ({"mid": "99999", "handicap": "12.5"}, "No member has MID 99999."),
        ({"master_points": "-1"}, "greater than or equal to 0"),
    ],
)
def test_the_form_says_what_is_wrong(client, form, error):
    member = MemberFactory(mid=76001)
    client.force_login(office_staff())
    data = {"mid": "76001", "reason": "Level abroad", **form}
    page = client.post("/handicap/estimates/", data, **EN)
    assert page.status_code == 200 and error in page.content.decode()
    assert not StartEstimate.objects.filter(member=member).exists()


@pytest.mark.django_db
def test_the_office_gives_changes_and_takes_away_an_estimate(client):
    member = MemberFactory(mid=76002, first_name="Ola", last_name="Nordmann")
    staff = office_staff()
    client.force_login(staff)
    data = {"mid": "76002", "master_points": "150", "reason": "Norwegian first division"}
    response = client.post("/handicap/estimates/", data, **EN)
    assert response.status_code == 302
    estimate = StartEstimate.objects.get(member=member)
    assert (estimate.master_points, estimate.decided_by) == (Decimal(150), staff)
    page = client.get("/handicap/estimates/", **EN).content.decode()
    table = page[page.index('id="start-estimates"') :]
    # 150 estimated master points through (10): 52 / 2.5 = 20.8.
    assert "150 master points" in table and ">20.8<" in table
    assert "Norwegian first division" in table

    form = client.get("/handicap/estimates/?mid=76002", **EN).content.decode()
    assert 'name="reason" value="Norwegian first division"' in form
    assert 'action="/handicap/estimates/76002/delete/"' in form
    client.post("/handicap/estimates/", {**data, "master_points": "", "handicap": "60"})
    # A direct handicap over the maximum counts as 52 (section 2).
    assert MemberHandicap.objects.get(member=member).start == Decimal("52.00")

    assert client.post("/handicap/estimates/76002/delete/").status_code == 302
    assert not StartEstimate.objects.filter(member=member).exists()


@pytest.mark.django_db
def test_the_history_page_says_how_the_start_was_set(client):
    """5.2 lines 441-443 against (10): the estimate's basis, reason and date."""
    estimated, own = MemberFactory(mid=76003), MemberFactory(mid=76004)
    save_estimate(
        member=estimated,
        master_points=Decimal(150),
        handicap=None,
        reason="Norwegian first division",
        user=None,
        day=date(2026, 2, 1),
    )
    _start([own], Decimal("34.67"))
    page = client.get("/handicap/members/76003/", **EN).content.decode()
    assert (
        "Start 20.8: estimated from 150 master points (002 5.2), Norwegian first division, "
        "2026-02-01." in page
    )
    page = client.get("/handicap/members/76004/", **EN).content.decode()
    assert "Start 34.7: from the player's master points (equation 10)." in page
