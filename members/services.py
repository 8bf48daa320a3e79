"""Writes to the member registry. Each public function is one transaction."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, F, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from .common.pages import CLUB_MEMBERS, RANKING_LIST, SEARCH, lists_changed
from .domain.age import season_of
from .domain.member_csv import RowError, gettext_noop, parse_member_csv
from .models import Club, Member, Membership


class MemberImportError(Exception):
    """The CSV had errors; nothing was saved. ``errors`` says what and where."""

    def __init__(self, errors: list[RowError], filename: str = ""):
        self.errors = errors
        self.filename = filename
        prefix = f"{filename}: " if filename else ""
        super().__init__(prefix + "; ".join(str(e) for e in errors[:5]))


@dataclass(frozen=True)
class ImportSummary:
    created: int
    updated: int
    memberships: int
    season: int


def current_season() -> int:
    return season_of(timezone.localdate())


# Past this many members one statement for everybody is cheaper than naming them (and
# stays within SQLite's limit on a statement's parameters).
EVERYBODY_FROM = 5000


def member_pages_changed(member_ids: Iterable[int] | None) -> None:
    """A new page version for these members (``None``: everybody), committed with the
    change that calls for it, so that their cached page parts are not read again.

    A member whose row another transaction holds (it is raising the same version) is
    skipped, not waited for: waiting could close a circle with the other's locks. Such
    a member gets the new version right after the commit instead; a process that dies
    in between leaves the old parts until they expire (members/common/pages.py)."""
    ids = None if member_ids is None else sorted({int(m) for m in member_ids})
    if ids == []:
        return
    if ids is not None and len(ids) > EVERYBODY_FROM:
        ids = None
    with transaction.atomic():
        members = Member.objects.all() if ids is None else Member.objects.filter(pk__in=ids)
        got = set(
            members.select_for_update(no_key=True, skip_locked=True).values_list("pk", flat=True)
        )
        missed = (set(members.values_list("pk", flat=True)) if ids is None else set(ids)) - got
        # Everybody less the few held elsewhere: no statement naming 100,000 members.
        members.exclude(pk__in=missed).update(page_version=F("page_version") + 1)
    if missed:
        transaction.on_commit(lambda: _new_page_versions(sorted(missed)))


def on_member_changed(sender, instance, **kwargs) -> None:
    """A member or a membership saved or deleted one by one (the admin, a member's own
    details): the member's page shows the name, status and clubs."""
    member_pages_changed([instance.pk if sender is Member else instance.member_id])
    lists_changed(RANKING_LIST, CLUB_MEMBERS, SEARCH)


def on_club_changed(sender, instance, **kwargs) -> None:
    """A club or district saved or deleted: the search shows their names and towns."""
    lists_changed(SEARCH)


def _new_page_versions(ids: list[int]) -> None:
    with transaction.atomic():
        members = Member.objects.filter(pk__in=ids)
        # In id order: two of these at once wait for each other, never deadlock.
        list(members.select_for_update(no_key=True).order_by("pk").values_list("pk", flat=True))
        members.update(page_version=F("page_version") + 1)


def import_members(*, text: str, season: int | None = None, filename: str = "") -> ImportSummary:
    """Create or update members and their memberships from the office's CSV.

    A MID already in the registry updates that member (the MID itself never
    changes); a new MID creates one. All rows are saved, or none.
    """
    season = season if season is not None else current_season()
    rows, errors = parse_member_csv(text, today=timezone.localdate())
    clubs = {c.number: c for c in Club.objects.filter(number__in={r.club_number for r in rows})}
    for row in rows:
        if row.club_number not in clubs:
            errors.append(
                RowError(
                    row.line,
                    "club_number",
                    gettext_noop("unknown club %(club)s"),
                    {"club": row.club_number},
                )
            )
    if errors:
        raise MemberImportError(sorted(errors, key=lambda e: (e.line, e.field)), filename)

    with transaction.atomic():
        existing = {m.mid: m for m in Member.objects.filter(mid__in=[r.mid for r in rows])}
        to_create, to_update = [], []
        for row in rows:
            member = existing.get(row.mid) or Member(mid=row.mid)
            member.first_name = row.first_name
            member.last_name = row.last_name
            member.search_name = Member.make_search_name(row.first_name, row.last_name)
            member.birth_date = row.birth_date
            member.gender = row.gender
            member.status = row.status
            member.email = row.email
            member.phone = row.phone
            member.street_address = row.street_address
            member.postcode = row.postcode
            member.town = row.town
            (to_update if member.pk else to_create).append(member)
        Member.objects.bulk_create(to_create, batch_size=1000)
        Member.objects.bulk_update(
            to_update,
            [
                "first_name",
                "last_name",
                "search_name",
                "birth_date",
                "gender",
                "status",
                "email",
                "phone",
                "street_address",
                "postcode",
                "town",
            ],
            batch_size=1000,
        )
        ids = dict(Member.objects.filter(mid__in=[r.mid for r in rows]).values_list("mid", "id"))
        member_pages_changed(ids.values())  # their names, status and clubs
        lists_changed(RANKING_LIST, CLUB_MEMBERS, SEARCH)
        representing = [ids[r.mid] for r in rows if r.represents]
        Membership.objects.filter(member_id__in=representing, season=season).update(
            represents=False
        )
        Membership.objects.bulk_create(
            [
                Membership(
                    member_id=ids[r.mid],
                    club=clubs[r.club_number],
                    season=season,
                    kind=r.membership_kind,
                    represents=r.represents,
                )
                for r in rows
            ],
            update_conflicts=True,
            unique_fields=["member", "club", "season"],
            update_fields=["kind", "represents"],
            batch_size=1000,
        )
        refresh_members_count(season=season, club_ids=[c.pk for c in clubs.values()])
    return ImportSummary(len(to_create), len(to_update), len(rows), season)


def refresh_members_count(*, season: int | None = None, club_ids=None) -> int:
    """Set each club's members_count to its memberships in the season; returns clubs touched."""
    season = season if season is not None else current_season()
    clubs = Club.objects.all()
    if club_ids is not None:
        clubs = clubs.filter(pk__in=list(club_ids))
    counts = (
        Membership.objects.filter(club=OuterRef("pk"), season=season)
        .values("club")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return clubs.update(members_count=Coalesce(Subquery(counts), 0))


@transaction.atomic
def update_private_details(
    *, member: Member, email: str, phone: str, street_address: str, postcode: str, town: str
) -> Member:
    member.email = email
    member.phone = phone
    member.street_address = street_address
    member.postcode = postcode
    member.town = town
    member.save(update_fields=["email", "phone", "street_address", "postcode", "town"])
    return member


@transaction.atomic
def update_club_details(*, club: Club, name: str, town: str, email: str, website: str) -> Club:
    club.name = name
    club.town = town
    club.email = email
    club.website = website
    club.save(update_fields=["name", "town", "email", "website"])
    return club
