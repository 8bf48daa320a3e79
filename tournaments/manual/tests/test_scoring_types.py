"""Team events scored board by board or on a discrete VP scale (issue 22, "Scoring (004)").

Seed 004 (``004_058b41174697c9d9.txt``): board-a-match, line 170 ("the only possible
results are 1 (won), ½ (tied), and 0 (lost) points per board"); the IMP table, lines
172-185, compared "from the teammates' table" (line 187), with the worked differences
of lines 190-202 (720 → 12, 920 → 14, −30 → −1); the 20- and 30-point VP scales,
lines 203-213.
"""

from datetime import date
from decimal import Decimal

import pytest

from members.models import Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.manual import services
from tournaments.manual.services import (
    BoardScore,
    HalfLineup,
    TeamEntryError,
    create_team_event,
    preview_match,
    record_team_match,
)
from tournaments.models import MatchBoard, Standing, TeamMatch, Tournament
from tournaments.pages import TOURNAMENT_PAGE
from tournaments.teams import SCORING_PART

pytestmark = pytest.mark.django_db
D = Decimal
BASE = "/tournaments/manual"

BOARDS = 12  # award table B4 takes 12-23 boards a match
# Boards 5-12 are flat: the same score in both rooms.
FLAT = [BoardScore(n, 100, 100, n) for n in range(5, BOARDS + 1)]
FLAT_TEXT = "".join(f"{n} 100 100\n" for n in range(5, BOARDS + 1))
# Lines 190-202: +620 against -100, +650 and -300; the fourth board is flat.
IMP_BOARDS = [
    BoardScore(1, 620, -100, 1),
    BoardScore(2, 620, 650, 2),
    BoardScore(3, 620, -300, 3),
    BoardScore(4, 100, 100, 4),
    *FLAT,
]
# Line 170: a tie ½-½, any 10 points more wins (1-0), a loss 0-1, a win; then 8 ties.
BAM_BOARDS = [
    BoardScore(1, 420, 420, 1),
    BoardScore(2, 430, 420, 2),
    BoardScore(3, -50, 110, 3),
    BoardScore(4, 620, -100, 4),
    *FLAT,
]


def make_event(*, scoring=Tournament.Scoring.TEAM_VP, vp_scale="wbf", boards=BOARDS, club=None):
    # A board-a-match is paid by places (the barometer table B1): the match tables
    # read a match won from its VP scale, which board points are not.
    bam = scoring == Tournament.Scoring.BOARD_A_MATCH
    return create_team_event(
        organiser=club or ClubFactory(),
        name="Lagserien",
        date=date(2025, 3, 1),
        boards_per_match=boards,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn"), (4, "Lag Asp")],
        award_table="B1" if bam else "B4",
        scoring=scoring,
        vp_scale=vp_scale,
    )


def teams(event):
    return {e.number: e for e in event.sections.get().entries.all()}


def four(event, team: int) -> tuple[int, ...]:
    """The same four members for a team in every match (the awards count a team's
    players): its roster, which a match's line-up joins."""
    roster = services.team_rosters(event).get(teams(event)[team].pk, [])
    return tuple(m.mid for m in roster[:4]) or tuple(MemberFactory().mid for _ in range(4))


def play(event, home, away, *, round=1, **kwargs):
    return record_team_match(
        tournament=event,
        round=round,
        home=teams(event)[home],
        away=teams(event)[away],
        boards=event.sections.get().boards,
        halves=[HalfLineup(1, four(event, home), four(event, away))],
        **kwargs,
    )


# --- the VP scale ----------------------------------------------------------------------


def test_a_30_point_event_scores_12_imps_25_5_as_line_213_says():
    event = make_event(vp_scale="30")
    assert event.vp_scale == "30"
    match = play(event, 1, 2, imps_home=12, imps_away=0)
    assert (match.vp_home, match.vp_away) == (D("25.00"), D("5.00"))
    assert Standing.objects.get(entry=match.home).score == D("25.00")


def test_a_20_point_event_scores_12_imps_15_5_as_line_209_says():
    match = play(make_event(vp_scale="20"), 1, 2, imps_home=0, imps_away=12)
    assert (match.vp_home, match.vp_away) == (D("5.00"), D("15.00"))


def test_an_unknown_scale_or_scoring_is_refused_whole():
    with pytest.raises(TeamEntryError) as refused:
        make_event(vp_scale="25", scoring="matchpoints")
    assert {p.field for p in refused.value.problems} == {"vp_scale", "scoring"}
    assert not Tournament.objects.exists()


def test_a_walkover_on_the_30_point_scale_is_left_to_the_committee():
    event = make_event(vp_scale="30")
    with pytest.raises(TeamEntryError) as refused:
        record_team_match(
            tournament=event, round=1, home=teams(event)[1], away=teams(event)[2],
            boards=BOARDS, halves=[], walkover_by="home",
        )  # fmt: skip
    assert [p.field for p in refused.value.problems] == ["walkover_by"]
    assert not TeamMatch.objects.exists()


# --- team IMPs from the two rooms --------------------------------------------------------


def test_the_imps_are_read_from_both_rooms_board_by_board():
    event = make_event(vp_scale="30")
    match = play(event, 1, 2, board_scores=IMP_BOARDS)
    # 720 → 12, −30 → −1, 920 → 14, 0 → 0 (lines 197-202): 26-1, a margin of 25.
    assert (match.imps_home, match.imps_away) == (D(26), D(1))
    assert (match.vp_home, match.vp_away) == (D("29.00"), D("1.00"))  # 24-27 → 29-1
    assert list(
        MatchBoard.objects.filter(match=match).values_list(
            "board", "open_ns_score", "closed_ns_score"
        )
    )[:4] == [(1, 620, -100), (2, 620, 650), (3, 620, -300), (4, 100, 100)]


def test_typed_imps_that_disagree_with_the_boards_are_refused():
    event = make_event()
    with pytest.raises(TeamEntryError) as refused:
        play(event, 1, 2, imps_home=20, imps_away=1, board_scores=IMP_BOARDS)
    assert [p.field for p in refused.value.problems] == ["imps_home"]
    assert "26" in str(refused.value)
    assert not TeamMatch.objects.exists()


@pytest.mark.parametrize(
    ("boards", "says"),
    [
        (IMP_BOARDS[:3], "boards 4, 5, 6, 7, 8, 9, 10, 11, 12 are missing"),
        ([*IMP_BOARDS, BoardScore(3, 10, 10, 13)], "board 3 is given again (first in line 3)"),
        ([*IMP_BOARDS, BoardScore(13, 10, 10, 13)], "board 13 is not one of the 12 boards"),
        ([*IMP_BOARDS[:3], BoardScore(4, 425, 10, 4), *FLAT], "425 is not a bridge score"),
    ],
)
def test_bad_boards_are_refused_at_their_line(boards, says):
    with pytest.raises(TeamEntryError) as refused:
        play(make_event(), 1, 2, board_scores=boards)
    assert says in str(refused.value)
    assert not TeamMatch.objects.exists() and not MatchBoard.objects.exists()


def test_the_preview_shows_the_imps_and_vps_the_boards_give():
    event = make_event(vp_scale="20")
    vp, _assessed = preview_match(
        tournament=event, round=1, home=teams(event)[1], away=teams(event)[2], boards=BOARDS,
        board_scores=IMP_BOARDS,
    )  # fmt: skip
    assert (vp.imps_home, vp.imps_away, vp.vp_home, vp.vp_away) == (D(26), D(1), D(19), D(1))


# --- board-a-match ---------------------------------------------------------------------


def test_a_board_a_match_scores_1_half_or_0_a_board_line_170():
    event = make_event(scoring=Tournament.Scoring.BOARD_A_MATCH, vp_scale="30")
    assert (event.scoring, event.vp_scale) == ("bam", "wbf")  # no VP scale is read
    match = play(event, 1, 2, board_scores=BAM_BOARDS)
    assert (match.vp_home, match.vp_away) == (D("6.50"), D("5.50"))
    assert (match.imps_home, match.imps_away) == (D(0), D(0))


def test_board_a_match_standings_are_by_board_points():
    event = make_event(scoring=Tournament.Scoring.BOARD_A_MATCH)
    play(event, 1, 2, board_scores=BAM_BOARDS)  # 6.5 - 5.5
    swapped = [BoardScore(b.board, b.closed_ns_score, b.open_ns_score, b.line) for b in BAM_BOARDS]
    play(event, 3, 1, round=2, board_scores=swapped)  # the rooms mirrored: team 1 6.5 again
    standings = list(
        Standing.objects.filter(entry__section__tournament=event)
        .order_by("place", "entry__number")
        .values_list("entry__number", "place", "place_to", "score")
    )
    assert standings == [
        (1, 1, 1, D("13.00")),
        # Equal board points, no IMPs to break the tie: the place is shared.
        (2, 2, 3, D("5.50")),
        (3, 2, 3, D("5.50")),
        (4, 4, 4, D("0.00")),
    ]


def test_a_board_a_match_needs_its_boards():
    event = make_event(scoring=Tournament.Scoring.BOARD_A_MATCH)
    with pytest.raises(TeamEntryError) as refused:
        play(event, 1, 2, imps_home=10, imps_away=0)
    assert "board_scores" in [p.field for p in refused.value.problems]
    assert not TeamMatch.objects.exists()


# --- pages ---------------------------------------------------------------------------


@pytest.fixture
def club():
    return ClubFactory(name="BK Klöver")


@pytest.fixture
def admin_client(client, club):
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    return client


@pytest.fixture
def scoring_part():
    # The tournament page's card: tournaments.apps adds it.
    assert TOURNAMENT_PAGE._parts[SCORING_PART.name] is SCORING_PART


def match_post(event, boards_text: str, **fields) -> dict:
    entries = teams(event)
    data = {
        "round": "1",
        "home": entries[1].pk,
        "away": entries[2].pk,
        "boards": str(BOARDS),
        "board_scores": boards_text,
        "walkover_by": "",
        "half-TOTAL_FORMS": "2",
        "half-INITIAL_FORMS": "0",
        "half-MIN_NUM_FORMS": "0",
        "half-MAX_NUM_FORMS": "2",
        "slow-TOTAL_FORMS": "2",
        "slow-INITIAL_FORMS": "0",
        "slow-MIN_NUM_FORMS": "0",
        "slow-MAX_NUM_FORMS": "4",
    }
    from tournaments.manual.services import set_team_roster

    for index, side, number in ((0, "home", 1), (0, "away", 2)):
        mids = [MemberFactory().mid for _ in range(4)]
        set_team_roster(team=entries[number], mids=mids)
        for seat, mid in enumerate(mids, start=1):
            data[f"half-{index}-{side}_{seat}"] = str(mid)
    return data | fields


def test_the_new_event_page_offers_the_scoring_and_the_vp_scale(admin_client, club):
    data = {
        "club": club.pk,
        "name": "Trettio",
        "date": "2025-03-01",
        "boards_per_match": str(BOARDS),
        "scoring": "team_vp",
        "vp_scale": "30",
        "award_table": "B4",
        "teams": "1 Lag Ek\n2 Lag Björk\n3 Lag Lönn",
    }
    response = admin_client.post(f"{BASE}/teams/new/", data)
    assert response.status_code == 302
    event = Tournament.objects.get()
    assert (event.scoring, event.vp_scale) == ("team_vp", "30")
    page = admin_client.get(f"{BASE}/teams/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "VP scale: 30-point (seed 004)" in page.content.decode()


def test_the_match_form_takes_the_boards_and_the_event_page_shows_each_boards_imps(
    admin_client, club, scoring_part
):
    event = make_event(vp_scale="30", club=club)
    lines = "1 620 -100\n2 620 650\n\n3 620 -300\n4 100 100\n" + FLAT_TEXT
    response = admin_client.post(f"{BASE}/teams/{event.pk}/match/", match_post(event, lines))
    assert response.status_code == 302, response.context["form"].errors
    match = TeamMatch.objects.get()
    assert (match.imps_home, match.imps_away, match.vp_home) == (D(26), D(1), D(29))
    page = admin_client.get(f"{BASE}/teams/{event.pk}/")
    boards = page.context["matches"][0]["boards"]
    assert [b["imps"] for b in boards] == [12, -1, 14, 0] + [0] * 8
    assert f'id="boards-{match.pk}"' in page.content.decode()
    # The tournament page's card says the scale and shows the boards too.
    public = admin_client.get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="team-scoring"' in public and "VP scale: 30-point (seed 004)" in public
    assert f'id="boards-{match.pk}"' in public


def test_the_match_form_of_a_board_a_match_asks_for_boards_not_imps(admin_client, club):
    event = make_event(scoring=Tournament.Scoring.BOARD_A_MATCH, club=club)
    form = admin_client.get(f"{BASE}/teams/{event.pk}/match/").context["form"]
    assert "imps_home" not in form.fields and form.fields["board_scores"].required
    bad = admin_client.post(f"{BASE}/teams/{event.pk}/match/", match_post(event, "1 420\n"))
    assert "board_scores" in bad.context["form"].errors
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_post(event, "1 420 420\n2 430 420\n3 -50 110\n4 620 -100\n" + FLAT_TEXT),
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get()
    assert (match.vp_home, match.vp_away) == (D("6.50"), D("5.50"))
    page = admin_client.get(f"{BASE}/teams/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    # Ranked by board points; no IMP columns where there are no IMPs.
    assert 'id="bam-ranking"' in html and "IMP quotient" not in html and "Board points" in html
    assert [b["points"] for b in page.context["matches"][0]["boards"]][:4] == [
        (D("0.5"), D("0.5")),
        (D(1), D(0)),
        (D(0), D(1)),
        (D(1), D(0)),
    ]


def test_a_board_a_match_series_on_a_match_table_is_paid_per_match_won():
    """Board points have no VP scale: the award step reads a board-a-match win as more
    board points (awards/domain/sbf/teams.py, the office's reading), so table B4 pays
    the winner of 6.5-5.5."""
    from awards.models import MasterPointAward
    from awards.services import award_refusal, award_tournament

    event = make_event(scoring=Tournament.Scoring.BOARD_A_MATCH)
    event.award_table = "B4"
    event.save(update_fields=["award_table"])
    match = play(event, 1, 2, board_scores=BAM_BOARDS)
    assert award_refusal(event) is None
    award_tournament(event)
    winners = {p.member.mid for p in match.home.players.all()}
    paid = set(
        MasterPointAward.objects.filter(tournament=event, credited__gt=0).values_list(
            "member__mid", flat=True
        )
    )
    assert winners <= paid
