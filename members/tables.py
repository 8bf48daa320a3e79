import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .models import Club, Membership


class ClubMembersTable(tables.Table):
    """A club's members for one season; public columns only (no contact details, no birth date)."""

    mid = tables.Column(
        accessor="member__mid",
        verbose_name=_("MID"),
        linkify=lambda record: record.member.get_absolute_url(),
    )
    last_name = tables.Column(accessor="member__last_name", verbose_name=_("Last name"))
    first_name = tables.Column(accessor="member__first_name", verbose_name=_("First name"))
    kind = tables.Column(verbose_name=_("Membership"))
    represents = tables.BooleanColumn(verbose_name=_("Represents the club"))

    class Meta:
        model = Membership
        fields = ("mid", "last_name", "first_name", "kind", "represents")
        order_by = ("last_name", "first_name")
        attrs = {"class": "table table-sm", "id": "club-members"}


class DistrictClubsTable(tables.Table):
    caption = _("Clubs")
    number = tables.Column(verbose_name=_("Club number"))
    name = tables.Column(verbose_name=_("Club"), linkify=True)
    town = tables.Column(verbose_name=_("Town"))
    members_count = tables.Column(verbose_name=_("Members"))

    class Meta:
        model = Club
        fields = ("number", "name", "town", "members_count")
        attrs = {"class": "table table-sm", "id": "district-clubs"}
