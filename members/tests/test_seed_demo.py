import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from members.models import Club, District, Member, Membership, Role
from members.services import current_season

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
    assert get_user_model().objects.get(username="kansli").check_password("klover-demo")
    first = _snapshot()

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
