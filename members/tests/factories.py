import factory
from django.contrib.auth import get_user_model

from members.models import Club, District, Federation, Member, Membership, Role
from members.services import current_season


class FederationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Federation
        django_get_or_create = ("code",)

    code = "SBF"
    name = "Svenska Bridgeförbundet"


class DistrictFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = District

    federation = factory.SubFactory(FederationFactory)
    number = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Distrikt {n + 1}")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    number = factory.Sequence(lambda n: 1001 + n)
    name = factory.Sequence(lambda n: f"BK Test {n}")
    district = factory.SubFactory(DistrictFactory)
    town = "Lund"


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    mid = factory.Sequence(lambda n: 50001 + n)
    first_name = factory.Sequence(lambda n: f"Förnamn{n}")
    last_name = "Testsson"
    search_name = factory.LazyAttribute(
        lambda m: Member.make_search_name(m.first_name, m.last_name)
    )
    birth_date = factory.Faker("date_of_birth", minimum_age=20, maximum_age=80)
    gender = "F"
    email = factory.LazyAttribute(lambda m: f"m{m.mid}@example.se")
    phone = factory.LazyAttribute(lambda m: f"070-{m.mid}")
    street_address = "Hemliga gatan 7"
    postcode = "222 22"
    town = "Lund"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    member = factory.SubFactory(MemberFactory)
    club = factory.SubFactory(ClubFactory)
    season = factory.LazyFunction(current_season)
    represents = True


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass-123")


def member_with_login(**kwargs) -> Member:
    member = MemberFactory(**kwargs)
    member.user = UserFactory(username=str(member.mid))
    member.save(update_fields=["user"])
    return member


def give_role(member: Member, kind: str, **scope) -> Role:
    return Role.objects.create(member=member, kind=kind, **scope)


def club_admin(club, **kwargs):
    member = member_with_login(**kwargs)
    Role.objects.create(member=member, kind=Role.Kind.CLUB_ADMIN, club=club)
    return member.user


def district_official(district, **kwargs):
    member = member_with_login(**kwargs)
    Role.objects.create(member=member, kind=Role.Kind.DISTRICT_OFFICIAL, district=district)
    return member.user


def office_staff(**kwargs):
    member = member_with_login(**kwargs)
    Role.objects.create(member=member, kind=Role.Kind.OFFICE_STAFF)
    return member.user
