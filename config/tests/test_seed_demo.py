import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone

from members.models import Club, District, Member, Membership, Role
from members.services import current_season
from tournaments.licences import services as licence_services
from tournaments.licences import workflow as licence_workflow
from tournaments.licences.models import Licence, Organisation
from tournaments.sanctions import services as sanction_services
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.workflow import allowed_steps, can_view

pytestmark = pytest.mark.django_db


def _snapshot():
    return list(
        Member.objects.order_by("mid").values_list(
            "mid", "first_name", "last_name", "birth_date", "gender"
        )
    )


def test_seed_demo_builds_a_plausible_deterministic_federation():
    call_command("seed_demo", "--members", "400", "--clubs", "40", "--seed", "7")
    assert District.objects.count() == 21
    assert Club.objects.count() == 40
    assert Member.objects.count() == 400
    season = current_season()
    representing = Membership.objects.filter(season=season, represents=True)
    active = Member.objects.filter(status=Member.Status.ACTIVE)
    assert representing.filter(member__in=active).count() == active.count()
    assert sum(Club.objects.values_list("members_count", flat=True)) == (
        Membership.objects.filter(season=season).count()
    )
    assert Member.objects.filter(gender="F").count() > 100
    assert Member.objects.filter(gender="M").count() > 100
    assert {r.kind for r in Role.objects.all()} == {
        "office_staff",
        "district_official",
        "club_admin",
    }
    assert get_user_model().objects.get(username="kansli").check_password("klover-demo-2026")
    first = _snapshot()

    Sanction.objects.all().delete()  # the demo's applications protect their clubs
    Licence.objects.all().delete()
    Organisation.objects.all().delete()
    Member.objects.all().delete()
    Membership.objects.all().delete()
    Role.objects.all().delete()
    Club.objects.all().delete()
    District.objects.all().delete()
    from members.models import Federation

    Federation.objects.all().delete()
    get_user_model().objects.all().delete()
    call_command("seed_demo", "--members", "400", "--clubs", "40", "--seed", "7")
    assert _snapshot() == first


def test_seed_demo_refuses_a_database_with_data():
    call_command("seed_demo", "--members", "50", "--clubs", "21")
    with pytest.raises(CommandError, match="not empty"):
        call_command("seed_demo", "--members", "50", "--clubs", "21")
    call_command("seed_demo", "--if-empty")
    assert Member.objects.count() == 50


def test_seed_demo_gives_each_demo_login_sanctions_to_handle():
    """Issue #7: the club, the district and the office each find an application in
    their queue; the calendar has approved events to come and one gold report is overdue."""
    call_command("seed_demo", "--members", "200", "--clubs", "25", "--seed", "3")
    users = {u.username: u for u in get_user_model().objects.all()}
    biggest = Club.objects.order_by("-members_count", "number").first()
    sanctions = list(Sanction.objects.select_related("club__district", "district"))
    assert {s.state for s in sanctions} >= {"draft", "submitted", "endorsed", "approved"}
    assert all(s.actions.exists() for s in sanctions)
    assert all(can_view(users["kansli"], s) for s in sanctions)

    def steps(username):
        return {step for s in sanctions for step in allowed_steps(users[username], s)}

    assert {"edit", "submit", "withdraw"} <= steps("klubb")
    assert {"approve", "reject", "endorse_home", "refuse_home"} <= steps("distrikt")
    assert {"approve", "reject"} <= steps("kansli")
    assert steps("spelare") == set()
    away = [s for s in sanctions if s.home_endorsement == "pending"]
    assert [s.club for s in away] == [biggest] and away[0].district != biggest.district

    calendar = list(sanction_services.calendar(since=timezone.localdate()))
    assert {s.level for s in calendar} == {"silver", "gold"}
    [overdue] = sanction_services.overdue_reports()
    assert (overdue.level, overdue.club) == ("gold", biggest)


def test_the_demo_sanctions_are_the_same_every_time():
    from tournaments.sanctions.demo import build_demo_sanctions

    call_command("seed_demo", "--members", "60", "--clubs", "21")
    day = timezone.localdate()

    def snapshot():
        return list(
            Sanction.objects.order_by("pk").values_list(
                "club__number", "district__number", "level", "state", "name", "start_date"
            )
        )

    first = snapshot()
    Sanction.objects.all().delete()
    build_demo_sanctions(today=day)
    assert snapshot() == first


def test_the_sbf_demo_has_no_licences_and_the_ebu_demo_no_sanctions(settings):
    """Issue 14: one coherent federation per profile."""
    call_command("seed_demo", "--members", "60", "--clubs", "21")
    assert Sanction.objects.exists() and not Licence.objects.exists()
    assert not Organisation.objects.exists()
    assert District.objects.filter(name="Skånes BF").exists()
    assert Member.objects.filter(email__endswith="@example.se").count() == 60


@pytest.mark.parametrize("flag", [[], ["--federation", "ebu"]])
def test_the_ebu_demo_is_counties_english_names_and_licences(settings, flag):
    settings.KLOVER_FEDERATION = "ebu"
    call_command("seed_demo", "--members", "300", "--clubs", "40", "--seed", "3", *flag)
    assert not Sanction.objects.exists() and Licence.objects.exists()
    from members.models import Federation

    assert Federation.objects.get().name == "English Bridge Union"
    assert District.objects.count() == 30
    assert District.objects.filter(name="Yorkshire CBA").exists()
    assert Member.objects.filter(email__endswith="@example.org.uk").count() == 300
    assert not Member.objects.filter(first_name="Birgitta").exists()
    assert {u.username for u in get_user_model().objects.all()} == {
        "office",
        "county",
        "club",
        "player",
    }


def test_a_demo_of_another_federation_than_the_databases_is_refused():
    with pytest.raises(CommandError, match="KLOVER_FEDERATION=ebu"):
        call_command("seed_demo", "--federation", "ebu", "--members", "50", "--clubs", "30")
    assert not Member.objects.exists()


def test_seed_demo_gives_the_office_licences_to_handle(settings):
    """Issue #8: a fee table, the club's organisation with an application waiting for
    the office, licensed events to come, and one set of post-event duties overdue."""
    settings.KLOVER_FEDERATION = "ebu"
    call_command("seed_demo", "--members", "200", "--clubs", "40", "--seed", "3")
    users = {u.username: u for u in get_user_model().objects.all()}
    licences = list(Licence.objects.select_related("organisation"))
    assert {lic.state for lic in licences} == {"submitted", "approved", "closed"}
    assert all(lic.actions.exists() and lic.proposed_status for lic in licences)
    waiting = [lic for lic in licences if lic.state == "submitted"]
    assert [licence_workflow.allowed_steps(users["office"], lic) for lic in waiting] == [
        ["approve", "reject"]
    ]
    assert all(licence_workflow.can_view(users["club"], lic) for lic in licences)
    assert not any(licence_workflow.can_view(users["player"], lic) for lic in licences)
    assert [lic.event_name for lic in licence_services.overdue()] == ["Summer Swiss Pairs"]
    assert len(list(licence_services.public_list(since=timezone.localdate()))) == 2
    assert all(lic.fee for lic in licences if lic.state != "submitted")


def test_seed_demo_runs_the_demo_districts_championships():
    """Issue #21: the SBF demo's district official finds a DM-par and a DM Lag season of
    their district (tournaments/championships/demo.py)."""
    from io import StringIO

    from tournaments.championships.models import Championship

    out = StringIO()
    call_command("seed_demo", "--members", "6000", "--clubs", "120", "--seed", "3", stdout=out)
    assert "Demo championships 2" in out.getvalue()
    official = Role.objects.get(kind=Role.Kind.DISTRICT_OFFICIAL)
    this_season = Championship.objects.filter(district=official.district).order_by("-season")
    assert {(c.form, c.discipline) for c in this_season if c.season == this_season[0].season} == {
        ("pairs", "open"),
        ("pairs", "hcp30"),
        ("teams", "open"),
    }
