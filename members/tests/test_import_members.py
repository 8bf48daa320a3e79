import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from members.models import Club, Member, Membership, Role
from members.services import MemberImportError, import_members

from .factories import ClubFactory, MemberFactory, MembershipFactory, give_role, member_with_login

pytestmark = pytest.mark.django_db
HEADER = "mid,first_name,last_name,club_number,birth_date,represents\n"


@pytest.fixture
def clubs():
    return ClubFactory(number=1001), ClubFactory(number=1002)


def test_import_creates_members_memberships_and_counts(clubs):
    summary = import_members(
        text=HEADER + "101,Åsa,Öberg,1001,1950-03-04,yes\n102,Per,Lind,1002,,yes\n"
        "103,Eva,Lind,1001,,no\n",
        season=2026,
    )
    assert (summary.created, summary.updated, summary.memberships) == (3, 0, 3)
    asa = Member.objects.get(mid=101)
    assert asa.search_name == "åsa öberg"
    assert Membership.objects.get(member=asa).represents is True
    assert Membership.objects.get(member__mid=103).represents is False
    assert dict(Club.objects.values_list("number", "members_count")) == {1001: 2, 1002: 1}


def test_existing_mid_is_updated_and_representation_moves(clubs):
    member = MemberFactory(mid=101, first_name="Old")
    MembershipFactory(member=member, club=clubs[0], season=2026, represents=True)
    summary = import_members(text=HEADER + "101,New,Name,1002,,yes\n", season=2026)
    assert (summary.created, summary.updated) == (0, 1)
    member.refresh_from_db()
    assert member.first_name == "New" and member.search_name == "new name"
    assert set(
        Membership.objects.filter(member=member).values_list("club__number", "represents")
    ) == {(1001, False), (1002, True)}


def test_one_bad_row_saves_nothing(clubs):
    text = (
        HEADER + "101,Åsa,Öberg,1001,,yes\n102,Per,Lind,9999,,yes\n103,Bo,Ek,1001,1950-02-30,yes\n"
    )
    with pytest.raises(MemberImportError) as caught:
        import_members(text=text, season=2026, filename="members.csv")
    assert [(e.line, e.field, e.message) for e in caught.value.errors] == [
        (3, "club_number", "unknown club 9999"),
        (4, "birth_date", "bad date '1950-02-30' (use YYYY-MM-DD)"),
    ]
    assert str(caught.value).startswith("members.csv: line 3, club_number: unknown club 9999")
    assert Member.objects.count() == 0 and Membership.objects.count() == 0


def test_command_reports_rows_and_exits_non_zero(tmp_path, clubs):
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + ",Åsa,Öberg,1001,,yes\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"bad.csv: line 2, mid: missing"):
        call_command("import_members", str(path), "--season", "2026")
    good = tmp_path / "good.csv"
    good.write_text(HEADER + "101,Åsa,Öberg,1001,,yes\n", encoding="utf-8")
    call_command("import_members", str(good), "--season", "2026")
    assert Member.objects.filter(mid=101).exists()


def test_upload_page_is_for_office_staff_only(client, clubs):
    player = member_with_login()
    client.force_login(player.user)
    assert client.get("/office/members/import/").status_code == 403

    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    bad = SimpleUploadedFile("m.csv", (HEADER + "101,Åsa,Öberg,4242,,yes\n").encode())
    response = client.post("/office/members/import/", {"file": bad, "season": 2026})
    assert response.status_code == 200
    assert "okänd klubb 4242" in response.content.decode()  # Swedish by default
    assert not Member.objects.filter(mid=101).exists()

    good = SimpleUploadedFile("m.csv", (HEADER + "101,Åsa,Öberg,1001,,yes\n").encode("cp1252"))
    response = client.post("/office/members/import/", {"file": good, "season": 2026})
    assert 'id="import-summary"' in response.content.decode()
    assert Member.objects.get(mid=101).first_name == "Åsa"
