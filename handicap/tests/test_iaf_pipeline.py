"""Team events across the field (handicap/teams.py, handicap/domain/across.py).

Seed ``002_4426357e9a32e88f.txt`` section 2 (lines 41-53), 3.3.3.2 "Match or single
half with IAF/TAF" (lines 252-282) and 3.3.3.3 "Duplicate teams IAF/TAF" (lines
283-303); the cross-IMPs of seed ``004_058b41174697c9d9.txt`` lines 189-202.
"""

from datetime import date
from decimal import Decimal

import pytest

from handicap.domain.competition import Competition, Entry, check
from handicap.domain.walk import walk
from handicap.models import HandicapChange
from handicap.services import update_handicaps_for
from handicap.teams import team_competitions
from handicap.tests.test_services import _start
from handicap.tests.test_teams import _event, _match
from tournaments.models import LineupSlot, MatchBoard, Standing

pytestmark = pytest.mark.django_db
DAY = date(2026, 4, 14)
IAF = "team_match_iaf"
DUPLICATE = "duplicate_teams_iaf"

# Round 1, two boards: (board, open room N-S, closed room N-S) per match.
A_B = [(1, 420, -50), (2, -100, 100)]
C_D = [(1, 420, 450), (2, 110, 140)]


def _boards(match, scores):
    for board, open_ns, closed_ns in scores:
        MatchBoard.objects.create(
            match=match, board=board, open_ns_score=open_ns, closed_ns_score=closed_ns
        )


def _seat(match, entry, rooms, *, half=1):
    """``rooms``: the team's players 0-3 by room, (1, 1, 2, 2) = players 0 and 1 open."""
    players = list(entry.players.order_by("pk"))
    for player, room in zip(players, rooms, strict=True):
        LineupSlot.objects.create(match=match, entry=entry, half=half, player=player, room=room)


def _played(tournament, home, away, scores, *, round=1, home_rooms=(1, 1, 2, 2),
            away_rooms=(1, 1, 2, 2)):  # fmt: skip
    match = _match(tournament, home, away, 0, 0, round=round, boards=len(scores))
    _boards(match, scores)
    _seat(match, home, home_rooms)
    _seat(match, away, away_rooms)
    return match


def _four(form=IAF):
    tournament, teams = _event(4)
    tournament.team_handicap_form = form
    tournament.save(update_fields=["team_handicap_form"])
    return tournament, teams


def _pair(entry, room) -> tuple[str, str]:
    """The team's pair in ``room`` as ``_seat`` puts it: players 0-1 open, 2-3 closed."""
    members = [str(m) for m in entry.players.order_by("pk").values_list("member_id", flat=True)]
    return tuple(members[:2]) if room == 1 else tuple(members[2:])


def _expected_round(tournament, teams, first_match, second_match) -> Competition:
    """Round 1 by hand. Board 1's N-S scores 420 (A open), -50 (B closed), 420 (C open),
    450 (D closed), each IMPed against the other three and averaged (004 lines 190-202):
    420: +10, 0, -1 = 9/3; -50: -10, -10, -11 = -31/3; 450: +1, +11, +1 = 13/3.
    Board 2's -100 (A), 100 (B), 110 (C), 140 (D): -100: -5, -5, -6 = -16/3;
    100: +5, 0, -1 = 4/3; 110: +5, 0, -1 = 4/3; 140: +6, +1, +1 = 8/3. A pair's result
    is the mean of its two boards; E-W's is the negative of the N-S score at its table."""
    a, b, c, d = teams
    t, m1, m2 = tournament.pk, first_match.pk, second_match.pk

    def entry(team, match, room, result, line, opponent):
        return Entry(
            f"{team.pk}.{match}.{room}", _pair(team, room), result,
            line=line, opponent=f"{opponent.pk}.{match}.{room}",
        )  # fmt: skip

    return Competition(
        id=f"{t:012d}.001.{m1:010d}",
        date=DAY,
        form=IAF,
        scoring="imp",
        boards=2,
        entries=(
            entry(a, m1, 1, (3 - 16 / 3) / 2, "NS", b),  # -7/6
            entry(b, m1, 1, -(3 - 16 / 3) / 2, "EW", a),
            entry(a, m1, 2, -(-31 / 3 + 4 / 3) / 2, "EW", b),  # 9/2
            entry(b, m1, 2, (-31 / 3 + 4 / 3) / 2, "NS", a),
            entry(c, m2, 1, (3 + 4 / 3) / 2, "NS", d),  # 13/6
            entry(d, m2, 1, -(3 + 4 / 3) / 2, "EW", c),
            entry(c, m2, 2, -(13 / 3 + 8 / 3) / 2, "EW", d),  # -7/2
            entry(d, m2, 2, (13 / 3 + 8 / 3) / 2, "NS", c),
        ),
    )


def _same(found: Competition, expected: Competition) -> None:
    """Equal, the results to the float's last digits (sums of thirds)."""
    assert [
        (e.id, e.players, e.line, e.opponent, e.team, e.boards_played) for e in found.entries
    ] == [(e.id, e.players, e.line, e.opponent, e.team, e.boards_played) for e in expected.entries]
    assert [e.result for e in found.entries] == pytest.approx([e.result for e in expected.entries])
    assert (found.id, found.date, found.form, found.scoring, found.boards) == (
        expected.id,
        expected.date,
        expected.form,
        expected.scoring,
        expected.boards,
    )


def test_a_round_of_four_teams_gives_each_pair_its_cross_imps():
    """3.3.3.2 (lines 252-282): the round's two matches are one field of pairs, each
    with its direction and its table opponents; results are averaged cross-IMPs per
    board (004 lines 189-202). Home N-S in the open room, away N-S in the closed."""
    tournament, teams = _four()
    a, b, c, d = teams
    first = _played(tournament, a, b, A_B)
    second = _played(tournament, c, d, C_D)
    places: dict[str, str] = {}
    (found,) = team_competitions([tournament.pk], places)[tournament.pk]
    _same(found, _expected_round(tournament, teams, first, second))
    check(found)
    # Each pair's row shows its team's place (Standing: team n is n-th).
    assert places[f"{c.pk}.{second.pk}.2"] == "3"
    assert places[f"{b.pk}.{first.pk}.1"] == "2"


def test_the_step_writes_what_the_domain_gives_the_round_by_hand():
    """The handicap step's rows for an IAF round equal the walk of the hand-built
    competition (002 3.3.3.2, (8)): one row per player, naming the round's first match,
    the partner's handicap and the team's place."""
    tournament, teams = _four()
    a, b, c, d = teams
    for n, team in enumerate(teams):
        _start([p.member for p in team.players.all()], 10 + 4 * n)
    first = _played(tournament, a, b, A_B)
    second = _played(tournament, c, d, C_D)
    update_handicaps_for(tournament)
    expected = _expected_round(tournament, teams, first, second)
    handicaps = {
        str(p.member_id): 10.0 + 4 * n for n, t in enumerate(teams) for p in t.players.all()
    }
    ((_, rows),) = list(walk([expected], handicaps))
    stored = {str(h.member_id): h for h in HandicapChange.objects.filter(tournament=tournament)}
    assert len(stored) == len(rows) == 16
    for row in rows:
        saved = stored[row.player]
        assert saved.match_id == first.pk
        assert saved.change == Decimal(f"{row.change:.3f}")
        assert saved.expected == Decimal(f"{row.expected:.2f}")
        assert saved.achieved == Decimal(f"{row.achieved:.2f}")
        assert saved.partner == Decimal(f"{row.partner_handicap:.2f}")
    # A's open pair (10/10) sits N-S with B's closed (14), C's open (18) and D's closed
    # (22): field 16; its opponents, B's open pair (14), against E-W's 16 adjust by -2:
    # r̂ = (0.4·2/12)·((16 − 10) − 2) = 0.27 IMPs a board; its -7/6 raise its handicap.
    open_a = stored[_pair(a, 1)[0]]
    assert (open_a.owner, open_a.field, open_a.expected) == (10, 16, Decimal("0.27"))
    assert open_a.achieved == Decimal("-1.17") and open_a.change > 0
    assert open_a.place == "1"


def test_a_match_without_rooms_or_boards_counts_team_against_team():
    """A match whose rooms or board scores are missing falls back to 3.3.3.1 (lines
    231-248) for that match; the other matches of the round stay a field of pairs."""
    tournament, (a, b, c, d) = _four()
    first = _played(tournament, a, b, A_B)
    LineupSlot.objects.filter(match=first).update(room=None)
    second = _match(tournament, c, d, 30, 12, round=1, boards=2)  # no boards, no line-up
    third = _match(tournament, a, c, 0, 0, round=2, boards=2)
    _boards(third, A_B)
    fourth = _played(tournament, b, d, C_D, round=2)
    found = team_competitions([tournament.pk])[tournament.pk]
    assert [(c.id.rpartition(".")[2], c.form) for c in found] == [
        (f"{first.pk:010d}", "team_match"),
        (f"{second.pk:010d}", "team_match"),
        (f"{third.pk:010d}", "team_match"),  # boards but no rooms
        (f"{fourth.pk:010d}", IAF),
    ]
    assert [e.line for e in found[3].entries] == ["NS", "EW", "EW", "NS"]


def test_a_pair_that_changes_at_half_time_sends_its_match_to_the_team_form():
    """A pair is the two players sharing a room in a half (3.3.3.2 "match or single
    half"): a change of pairs or rooms at half-time makes the match team against team,
    as one competition per half would name the match twice in the history."""
    tournament, (a, b, *_rest) = _four()
    match = _played(tournament, a, b, A_B)
    _seat(match, a, (1, 2, 1, 2), half=2)
    _seat(match, b, (1, 1, 2, 2), half=2)
    (found,) = team_competitions([tournament.pk])[tournament.pk]
    assert found.form == "team_match"


def _two_rounds(tournament, teams, *, swap=False):
    a, b, c, d = teams
    first = _played(tournament, a, b, A_B)
    _played(tournament, c, d, C_D)
    # Round 2: every N-S score the same, so every pair scores 0 there.
    level = [(3, 420, 420), (4, 420, 420)]
    third = _played(
        tournament, a, c, level, round=2, away_rooms=(2, 2, 1, 1) if swap else (1, 1, 2, 2)
    )
    _played(tournament, b, d, level, round=2)
    return first, third


def test_duplicate_teams_is_one_competition_of_rooms():
    """3.3.3.3 (lines 283-303): the same pairs in the same rooms all event long make
    one competition, each pair in its room (line) with its team; its result the mean
    per board over all four boards: round 1's as in 3.3.3.2, round 2's 0."""
    tournament, teams = _four(DUPLICATE)
    a, b, c, d = teams
    first, _third = _two_rounds(tournament, teams)
    notes: dict[int, str] = {}
    (found,) = team_competitions([tournament.pk], notes=notes)[tournament.pk]
    check(found)
    assert notes == {}
    assert (found.id, found.form, found.boards) == (
        f"{tournament.pk:012d}.001.{first.pk:010d}",
        DUPLICATE,
        4,
    )
    results = {(e.team, e.line): (e.players, e.result) for e in found.entries}
    by_hand = {  # round 1's mean over 2 boards, halved by round 2's two boards of 0
        (a, "open"): -7 / 12, (a, "closed"): 9 / 4, (b, "open"): 7 / 12,
        (b, "closed"): -9 / 4, (c, "open"): 13 / 12, (c, "closed"): -7 / 4,
        (d, "open"): -13 / 12, (d, "closed"): 7 / 4,
    }  # fmt: skip
    assert results == {
        (str(team.pk), line): (_pair(team, 1 if line == "open" else 2), pytest.approx(value))
        for (team, line), value in by_hand.items()
    }


def test_duplicate_teams_with_a_room_changed_is_read_round_by_round():
    """3.3.3.3's condition (lines 285-287), "no change is made between open and closed
    rooms", fails when C's pairs swap rooms in round 2: the event is read as 3.3.3.2,
    a competition per round, and the note says why."""
    tournament, teams = _four(DUPLICATE)
    _two_rounds(tournament, teams, swap=True)
    notes: dict[int, str] = {}
    found = team_competitions([tournament.pk], notes=notes)[tournament.pk]
    assert [(c.form, len(c.entries)) for c in found] == [(IAF, 8), (IAF, 8)]
    assert notes == {
        tournament.pk: f"round 2: team {teams[2].pk} changed its pair in the open room"
    }


def test_duplicate_teams_with_a_match_without_rooms_is_read_round_by_round():
    """The condition needs every pair known: a match without rooms sends the event to
    3.3.3.2 round by round, and that match to 3.3.3.1."""
    tournament, teams = _four(DUPLICATE)
    first, _third = _two_rounds(tournament, teams)
    LineupSlot.objects.filter(match=first).delete()
    notes: dict[int, str] = {}
    found = team_competitions([tournament.pk], notes=notes)[tournament.pk]
    assert [c.form for c in found] == ["team_match", IAF, IAF]
    assert "the rooms or the board scores are not given" in notes[tournament.pk]


def test_board_a_match_is_topscore_across_the_field():
    """Footnote 1 (line 50): TAF is IAF in a board-a-match event, topscored as in a
    pairs event. Board 1: 420 beats -50, ties 420, loses to 450: (2+1+0)/6 = 50 %;
    -50: 0 %; 450: 100 %. Board 2: -100 0 %, 100 33⅓ %, 110 66⅔ %, 140 100 %."""
    tournament, teams = _four()
    tournament.scoring = "bam"
    tournament.save(update_fields=["scoring"])
    a, b, c, d = teams
    _played(tournament, a, b, A_B)
    _played(tournament, c, d, C_D)
    (found,) = team_competitions([tournament.pk])[tournament.pk]
    check(found)
    assert found.scoring == "topscore"
    assert [e.result for e in found.entries] == pytest.approx(
        [25, 75, 100 - 100 / 6, 100 / 6, (50 + 200 / 3) / 2, 100 - (50 + 200 / 3) / 2, 0, 100]
    )


def test_places_follow_the_standings_of_the_team():
    tournament, (a, b, c, d) = _four()
    Standing.objects.filter(entry__in=[a, b]).update(place=1, place_to=2)
    match = _played(tournament, a, b, A_B)
    places: dict[str, str] = {}
    team_competitions([tournament.pk], places)
    assert places[f"{b.pk}.{match.pk}.2"] == "1-2"


def test_a_match_entered_by_hand_writes_a_row_per_pair_player(django_capture_on_commit_callbacks):
    """Through the manual match form's service and the report's steps (run in-process):
    an event counted across the field (3.3.3.2) writes each player's row as a pair's.
    Every board is board 1 of ``_expected_round``: averaged cross-IMPs 3 (420, twice),
    -31/3 (-50) and 13/3 (450) for N-S, the negative for E-W at the same table."""
    from members.tests.factories import ClubFactory, MemberFactory
    from tournaments.manual.services import (
        BoardScore,
        HalfLineup,
        create_team_event,
        record_team_match,
        set_team_roster,
    )

    event = create_team_event(
        organiser=ClubFactory(),
        name="Lag-IAF",
        date=DAY,
        boards_per_match=16,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn"), (4, "Lag Alm")],
        award_table="B4",
        team_handicap_form=IAF,
    )
    teams = {e.number: e for e in event.sections.get().entries.order_by("number")}
    mids = {n: tuple(MemberFactory().mid for _ in range(4)) for n in teams}
    for n, team in teams.items():
        set_team_roster(team=team, mids=list(mids[n]))
    with django_capture_on_commit_callbacks(execute=True):
        for home, away, open_ns, closed_ns in ((1, 2, 420, -50), (3, 4, 420, 450)):
            record_team_match(
                tournament=event,
                round=1,
                home=teams[home],
                away=teams[away],
                boards=16,
                halves=[
                    HalfLineup(1, mids[home], mids[away], (1, 1, 2, 2), (2, 2, 1, 1)),
                ],
                board_scores=[BoardScore(n, open_ns, closed_ns) for n in range(1, 17)],
            )
    rows = {
        h.member.mid: h
        for h in HandicapChange.objects.filter(tournament=event).select_related("member")
    }
    assert len(rows) == 16
    achieved = {
        # home players 0-1 open (N-S), 2-3 closed (E-W); away players 2-3 open (E-W)
        mids[1][0]: "3.00", mids[1][2]: "10.33", mids[2][2]: "-3.00", mids[2][0]: "-10.33",
        mids[3][1]: "3.00", mids[3][3]: "-4.33", mids[4][3]: "-3.00", mids[4][1]: "4.33",
    }  # fmt: skip
    assert {mid: str(rows[mid].achieved) for mid in achieved} == achieved
    assert len({row.match_id for row in rows.values()}) == 1


@pytest.mark.parametrize("form", [IAF, DUPLICATE])
def test_the_why_page_explains_a_pair_row_with_its_own_form_and_field(form):
    """A pair's row names its field's first match; the why page reads the form and the
    field's boards (3.3.3.2: the round's; 3.3.3.3: the whole event's, line 290) from the
    competition, and its equations give back the stored change."""
    from handicap.selectors import why

    tournament, teams = _four(form)
    for n, team in enumerate(teams):
        _start([p.member for p in team.players.all()], 10 + 4 * n)
    if form == IAF:
        _played(tournament, teams[0], teams[1], A_B)
        _played(tournament, teams[2], teams[3], C_D)
        boards = 2
    else:
        _two_rounds(tournament, teams)
        boards = 4
    update_handicaps_for(tournament)
    member = teams[0].players.order_by("pk").first().member
    _tournament, _line, (explained,) = why(member, tournament.pk)
    assert explained.explanation is not None and explained.problem == ""
    assert (explained.explanation.row.form, explained.boards) == (form, boards)
    # the datum's extra units read back give the stored expected result and change
    assert abs(explained.explanation.expected - float(explained.row.expected)) < 0.005
    assert abs(explained.explanation.change - float(explained.row.change)) < 0.01


def test_the_why_page_shows_a_pairs_datum_term(client):
    """The page (handicap:why) writes the pair's expected result with its Δ."""
    from handicap.selectors import why  # noqa: F401  (the page uses it)

    tournament, teams = _four(IAF)
    for n, team in enumerate(teams):
        _start([p.member for p in team.players.all()], 10 + 4 * n)
    _played(tournament, teams[0], teams[1], A_B)
    _played(tournament, teams[2], teams[3], C_D)
    update_handicaps_for(tournament)
    member = teams[0].players.order_by("pk").first().member
    page = client.get(
        f"/handicap/members/{member.mid}/why/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "A pair across the field of a team event" in page and "+ Δ" in page
