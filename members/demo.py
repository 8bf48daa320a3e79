"""A deterministic demo federation: districts, clubs, members, memberships, demo logins.

One federation per profile (``members.federation``): the SBF's districts and Swedish
names, or the EBU's counties and English names. Same ``seed`` → same federation, on
SQLite and PostgreSQL alike. Club sizes
follow a long tail (a few clubs of 400+ members, many small ones), ages are
skewed the way bridge players' are, and each member represents one club, some
belonging to a second one.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django_otp.plugins.otp_totp.models import TOTPDevice

from . import demo_names, demo_names_english
from .common.bulk import insert_rows, reserve_ids, sync_ids
from .common.pages import CLUB_MEMBERS, RANKING_LIST, SEARCH, TOURNAMENT_LIST, lists_changed
from .domain.age import JUNIOR_MAX_AGE
from .federation import EBU, SBF, Profile
from .models import Club, District, Federation, Member, Membership, Role
from .permissions import needs_two_factor
from .services import refresh_members_count

FIRST_MID = 10001
FIRST_CLUB_NUMBER = 1001
# Meets the password rules (12 characters, not common, not all digits).
DEMO_PASSWORD = "klover-demo-2026"
BATCH = 2000


@dataclass(frozen=True)
class DemoSummary:
    districts: int
    clubs: int
    members: int
    memberships: int


@dataclass(frozen=True)
class DemoLogin:
    username: str
    role: str


@dataclass(frozen=True)
class DemoNames:
    """What makes a demo federation look like one country's."""

    regions: list[tuple[str, list[str]]]  # (district or county, its towns)
    club_patterns: list[str]
    club_words: list[str]
    female_first_names: list[str]
    male_first_names: list[str]
    last_names: list[str]
    streets: list[str]
    domain: str  # e-mail addresses
    phone: str  # a format with four numbers
    postcode: str  # a format with two numbers
    number_first: bool  # "12 High Street", not "Storgatan 12"
    logins: tuple[DemoLogin, ...]

    def address(self, rng: random.Random) -> str:
        street, number = rng.choice(self.streets), rng.randint(1, 80)
        return f"{number} {street}" if self.number_first else f"{street} {number}"


SWEDISH = DemoNames(
    regions=demo_names.DISTRICTS,
    club_patterns=demo_names.CLUB_PATTERNS,
    club_words=demo_names.CLUB_WORDS,
    female_first_names=demo_names.FEMALE_FIRST_NAMES,
    male_first_names=demo_names.MALE_FIRST_NAMES,
    last_names=demo_names.LAST_NAMES,
    streets=demo_names.STREETS,
    domain="example.se",
    phone="070-{} {} {}",
    postcode="{} {}",
    number_first=False,
    logins=(
        DemoLogin("kansli", "office_staff"),
        DemoLogin("distrikt", "district_official"),
        DemoLogin("klubb", "club_admin"),
        DemoLogin("spelare", "player"),
    ),
)
ENGLISH = DemoNames(
    regions=demo_names_english.COUNTIES,
    club_patterns=demo_names_english.CLUB_PATTERNS,
    club_words=demo_names_english.CLUB_WORDS,
    female_first_names=demo_names_english.FEMALE_FIRST_NAMES,
    male_first_names=demo_names_english.MALE_FIRST_NAMES,
    last_names=demo_names_english.LAST_NAMES,
    streets=demo_names_english.STREETS,
    domain="example.org.uk",
    phone="07{}{} {}{}",
    postcode="AB{} {}XY",
    number_first=True,
    logins=(
        DemoLogin("office", "office_staff"),
        DemoLogin("county", "district_official"),
        DemoLogin("club", "club_admin"),
        DemoLogin("player", "player"),
    ),
)
DEMO_NAMES: dict[str, DemoNames] = {SBF.code: SWEDISH, EBU.code: ENGLISH}
# The SBF's logins, as the README and the tests name them.
DEMO_LOGINS = list(SWEDISH.logins)


def _birth_date(rng: random.Random, season: int) -> date:
    bucket = rng.random()
    if bucket < 0.04:
        age = rng.randint(12, JUNIOR_MAX_AGE)
    elif bucket < 0.16:
        age = rng.randint(26, 54)
    elif bucket < 0.45:
        age = rng.randint(55, 66)
    else:
        age = rng.randint(67, 92)
    return date(season - age, rng.randint(1, 12), rng.randint(1, 28))


def _club_names(
    rng: random.Random, towns: list[str], count: int, used: set[str], words: DemoNames
) -> list[tuple[str, str]]:
    names: list[tuple[str, str]] = []
    attempts = 0
    while len(names) < count:
        attempts += 1
        town = towns[len(names) % len(towns)] if attempts < 4 * count else rng.choice(towns)
        pattern = rng.choice(words.club_patterns)
        name = pattern.format(town=town, word=rng.choice(words.club_words))
        if attempts > 50 * count:
            name = f"{name} {attempts}"
        if name in used:
            continue
        used.add(name)
        names.append((name, town))
    return names


def _clubs_per_district(total: int, weights: list[int]) -> list[int]:
    """Split ``total`` clubs by the districts' weights: one each, the rest by largest remainder."""
    spare = total - len(weights)
    shares = [spare * w / sum(weights) for w in weights]
    counts = [1 + int(share) for share in shares]
    by_remainder = sorted(
        range(len(weights)), key=lambda i: shares[i] - int(shares[i]), reverse=True
    )
    for i in by_remainder[: total - sum(counts)]:
        counts[i] += 1
    return counts


def build_demo_federation(
    *,
    members: int = 25000,
    clubs: int = 350,
    seed: int = 1,
    season: int,
    profile: Profile = SBF,
    progress: Callable[[str, int, int], None] | None = None,
) -> DemoSummary:
    """Write the demo federation of ``profile`` into an empty registry (one transaction);
    ``progress`` hears (part, done, of) as the members are drawn and written."""

    def tell(part: str, done: int, total: int) -> None:
        if progress:
            progress(part, done, total)

    rng = random.Random(seed)
    names = DEMO_NAMES[profile.code]
    regions = names.regions
    with transaction.atomic():
        federation = Federation.objects.create(code=profile.short_name, name=profile.name)
        districts = District.objects.bulk_create(
            [
                District(federation=federation, number=i, name=name)
                for i, (name, _towns) in enumerate(regions, start=1)
            ]
        )
        for left, right in zip(districts, districts[1:], strict=False):
            left.neighbours.add(right)

        per_district = _clubs_per_district(clubs, [len(towns) for _n, towns in regions])
        used: set[str] = set()
        club_rows = []
        number = FIRST_CLUB_NUMBER
        for district, (_name, towns), count in zip(districts, regions, per_district, strict=True):
            for club_name, town in _club_names(rng, towns, count, used, names):
                club_rows.append(
                    Club(
                        number=number,
                        name=club_name,
                        district=district,
                        town=town,
                        email=f"info@club{number}.{names.domain}",
                    )
                )
                number += 1
        club_objs = Club.objects.bulk_create(club_rows)

        # Long-tailed club sizes: the biggest clubs get 400+ members once members >= 20,000.
        club_weights = [1.0 / (rank + 10) ** 0.9 for rank in range(len(club_objs))]
        rng.shuffle(club_weights)
        member_rows = []
        homes = []
        mids = list(range(FIRST_MID, FIRST_MID + members))
        for n, mid in enumerate(mids):
            if n % BATCH == 0:
                tell("draw", n, members)
            female = rng.random() < 0.48
            first = rng.choice(names.female_first_names if female else names.male_first_names)
            last = rng.choice(names.last_names)
            status_roll = rng.random()
            status = (
                Member.Status.ACTIVE
                if status_roll < 0.93
                else Member.Status.LAPSED
                if status_roll < 0.975
                else Member.Status.SUSPENDED
                if status_roll < 0.98
                else Member.Status.FOREIGN_GUEST
                if status_roll < 0.99
                else Member.Status.TEMPORARY
            )
            home = rng.choices(club_objs, weights=club_weights)[0]
            homes.append(home)
            member_rows.append(
                Member(
                    mid=mid,
                    first_name=first,
                    last_name=last,
                    search_name=Member.make_search_name(first, last),
                    birth_date=_birth_date(rng, season),
                    gender="F" if female else "M",
                    status=status,
                    email=f"{first}.{last}.{mid}@{names.domain}".lower().replace(" ", ""),
                    phone=names.phone.format(
                        rng.randint(100, 999), rng.randint(10, 99), rng.randint(10, 99), ""
                    ),
                    street_address=names.address(rng),
                    postcode=names.postcode.format(rng.randint(100, 989), rng.randint(10, 99)),
                    # private, like the address; follows the home club's town for plausibility
                    town=home.town,
                )
            )
        first_id = _write(Member, MEMBER_FIELDS, member_rows, tell, "members")
        member_ids = {member.mid: first_id + n for n, member in enumerate(member_rows)}

        memberships = []
        for member, home in zip(member_rows, homes, strict=True):
            junior = member.age_category(season).junior
            kind = (
                Membership.Kind.JUNIOR
                if junior
                else Membership.Kind.INTRODUCTORY
                if rng.random() < 0.03
                else Membership.Kind.ORDINARY
            )
            member_id = member_ids[member.mid]
            seasons = [] if member.status == Member.Status.LAPSED else [season]
            if rng.random() < 0.85:
                seasons.append(season - 1)
            for s in seasons:
                memberships.append(
                    Membership(member_id=member_id, club=home, season=s, kind=kind, represents=True)
                )
            if seasons and rng.random() < 0.12:
                second = rng.choices(club_objs, weights=club_weights)[0]
                if second.pk != home.pk:
                    memberships.append(
                        Membership(
                            member_id=member_id,
                            club=second,
                            season=seasons[0],
                            kind=kind,
                            represents=False,
                        )
                    )
        _write(Membership, MEMBERSHIP_FIELDS, memberships, tell, "memberships")
        tell("logins", 1, 1)
        refresh_members_count(season=season)
        _create_demo_logins(season, names.logins)
        # Written in bulk, past the signals: a running portal's lists start afresh.
        lists_changed(RANKING_LIST, CLUB_MEMBERS, TOURNAMENT_LIST, SEARCH)
    return DemoSummary(len(districts), len(club_objs), len(member_rows), len(memberships))


MEMBER_FIELDS = (
    "mid", "first_name", "last_name", "search_name", "birth_date", "gender", "status",
    "email", "phone", "street_address", "postcode", "town",
)  # fmt: skip
MEMBERSHIP_FIELDS = ("member_id", "club_id", "season", "kind", "represents")


def _write(model, fields: tuple[str, ...], objects: list, tell, part: str) -> int:
    """Insert unsaved ``objects`` as plain rows (``members.common.bulk``: the ORM's
    bulk_create spends most of its time preparing values one by one); returns the
    first of their consecutive ids."""
    first = reserve_ids(model, len(objects))
    for start in range(0, len(objects), BATCH):
        tell(part, start, len(objects))
        insert_rows(
            model,
            ("id", *fields),
            (
                (first + n, *(getattr(o, f) for f in fields))
                for n, o in enumerate(objects[start : start + BATCH], start)
            ),
        )
    sync_ids(model)
    return first


def _create_demo_logins(season: int, logins: tuple[DemoLogin, ...]) -> None:
    """Four logins for trying the portal (password in README), on the first members."""
    user_model = get_user_model()
    biggest = Club.objects.order_by("-members_count", "number").first()
    representing = Membership.objects.filter(season=season, represents=True, club=biggest)
    people = list(
        Member.objects.filter(
            pk__in=representing.values("member_id"), status=Member.Status.ACTIVE, user__isnull=True
        ).order_by("mid")[: len(logins)]
    )
    # Hashed once for all of them: a hash takes most of a second, on purpose, and the
    # demo's password is in the README anyway.
    hashed = make_password(DEMO_PASSWORD)
    for login, member in zip(logins, people, strict=False):
        user = user_model.objects.create(
            username=login.username,
            email=user_model.objects.normalize_email(member.email),
            password=hashed,
            first_name=member.first_name,
            last_name=member.last_name,
            is_staff=login.role == "office_staff",
        )
        member.user = user
        member.save(update_fields=["user"])
        if login.role == "office_staff":
            Role.objects.create(member=member, kind=Role.Kind.OFFICE_STAFF)
            user.is_superuser = True
            user.save(update_fields=["is_superuser"])
        elif login.role == "district_official":
            Role.objects.create(
                member=member, kind=Role.Kind.DISTRICT_OFFICIAL, district=biggest.district
            )
        if needs_two_factor(user):
            # The demo's officials have their second factor set up; without a phone,
            # ``manage.py two_factor_code <login>`` shows the code (README).
            TOTPDevice.objects.create(user=user, name="Klöver demo", confirmed=True)
        elif login.role == "club_admin":
            Role.objects.create(member=member, kind=Role.Kind.CLUB_ADMIN, club=biggest)
