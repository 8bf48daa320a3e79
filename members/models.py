"""The member registry: federation, districts, clubs, members, memberships, roles."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .domain.age import age_category, season_label


class Federation(models.Model):
    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        verbose_name = _("federation")
        verbose_name_plural = _("federations")

    def __str__(self) -> str:
        return self.name


class District(models.Model):
    """SBF "distriktsförbund"; for the EBU, a county."""

    federation = models.ForeignKey(Federation, on_delete=models.PROTECT, related_name="districts")
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=200)
    neighbours = models.ManyToManyField(
        "self", blank=True, symmetrical=True, verbose_name=_("neighbouring districts")
    )

    class Meta:
        verbose_name = _("district")
        verbose_name_plural = _("districts")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "number"], name="district_number_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("members:district", args=[self.pk])


class Club(models.Model):
    number = models.PositiveIntegerField(_("club number"), unique=True)
    name = models.CharField(_("name"), max_length=200, db_index=True)
    district = models.ForeignKey(
        District, on_delete=models.PROTECT, related_name="clubs", verbose_name=_("district")
    )
    town = models.CharField(_("town"), max_length=100, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    website = models.URLField(_("website"), blank=True)
    # The sanction rules (000 ch. 4) limit silver events by the club's size;
    # refreshed from the season's memberships by members.services.
    members_count = models.PositiveIntegerField(_("number of members"), default=0)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("members:club", args=[self.pk])


class MemberQuerySet(models.QuerySet):
    def search(self, text: str) -> "MemberQuerySet":
        """Every word of ``text`` must occur in the member's name.

        ``search_name`` is casefolded in Python (SQLite's LOWER() leaves å, ä, ö
        alone), so the match is case-insensitive for Swedish letters on both
        databases.
        """
        qs = self
        for word in text.casefold().split():
            qs = qs.filter(search_name__contains=word)
        return qs


class Member(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        LAPSED = "lapsed", _("lapsed")
        SUSPENDED = "suspended", _("suspended")
        FOREIGN_GUEST = "foreign_guest", _("foreign guest")
        TEMPORARY = "temporary", _("temporary non-member id")

    class Gender(models.TextChoices):
        FEMALE = "F", _("female")
        MALE = "M", _("male")
        OTHER = "X", _("other / not stated")

    # MID: the key clubs and scoring programs report with; never changes once given.
    mid = models.PositiveIntegerField(_("membership number (MID)"), unique=True)
    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    # casefolded "first last", kept for substring search without functions on the column
    search_name = models.CharField(max_length=201, db_index=True, editable=False)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    gender = models.CharField(_("gender"), max_length=1, choices=Gender.choices, default="X")
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE, db_index=True
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    street_address = models.CharField(_("street address"), max_length=200, blank=True)
    postcode = models.CharField(_("postcode"), max_length=20, blank=True)
    town = models.CharField(_("town"), max_length=100, blank=True)
    # The EBU publishes each month's promotions; a member may ask not to appear (the
    # promotion still stands and shows on their own page). docs/awards-ebu.md.
    in_promotion_lists = models.BooleanField(
        _("listed in published promotions"), default=True, db_default=True
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="member",
        verbose_name=_("login"),
    )
    created = models.DateTimeField(auto_now_add=True)
    # Raised whenever the member's master points, ranking or handicap change
    # (members.services.member_pages_changed): the cached parts of the member page are
    # kept under it, so a page never shows them stale in any process.
    page_version = models.PositiveIntegerField(default=0, db_default=0, editable=False)

    objects = MemberQuerySet.as_manager()

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["last_name", "first_name", "mid"]
        indexes = [models.Index(fields=["last_name", "first_name"], name="member_name_idx")]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name} ({self.mid})"

    def save(self, *args, **kwargs):
        # The page version is only ever raised, by member_pages_changed; a save of an
        # instance read earlier must not write an older one back (a page cached under
        # it would be shown again).
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "page_version"
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("members:member", args=[self.mid])

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def age_category(self, season: int):
        return age_category(self.birth_date, season)

    @staticmethod
    def make_search_name(first_name: str, last_name: str) -> str:
        return f"{first_name} {last_name}".casefold()


class Membership(models.Model):
    """A member's membership of one club for one season (season = start year)."""

    class Kind(models.TextChoices):
        ORDINARY = "ordinary", _("ordinary")
        JUNIOR = "junior", _("junior")
        INTRODUCTORY = "introductory", _("introductory")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="memberships")
    season = models.PositiveSmallIntegerField(_("season"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.ORDINARY)
    # A member may belong to several clubs but represents one of them.
    represents = models.BooleanField(_("represents this club"), default=False)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        ordering = ["-season", "-represents", "club__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["member", "club", "season"], name="membership_once_per_club_season"
            ),
            models.UniqueConstraint(
                fields=["member", "season"],
                condition=Q(represents=True),
                name="membership_one_representation_club",
            ),
        ]
        indexes = [models.Index(fields=["club", "season"], name="membership_club_season_idx")]

    def __str__(self) -> str:
        return f"{self.member} – {self.club} {season_label(self.season)}"


class Role(models.Model):
    """What a member may do beyond being a player (every member is a player)."""

    class Kind(models.TextChoices):
        CLUB_ADMIN = "club_admin", _("club administrator")
        DISTRICT_OFFICIAL = "district_official", _("district official")
        OFFICE_STAFF = "office_staff", _("federation office staff")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="roles")
    kind = models.CharField(_("role"), max_length=20, choices=Kind.choices)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, null=True, blank=True)
    district = models.ForeignKey(District, on_delete=models.CASCADE, null=True, blank=True)

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(kind="club_admin", club__isnull=False, district__isnull=True)
                    | Q(kind="district_official", district__isnull=False, club__isnull=True)
                    | Q(kind="office_staff", club__isnull=True, district__isnull=True)
                ),
                name="role_scope_matches_kind",
            ),
            models.UniqueConstraint(
                fields=["member", "club"],
                condition=Q(kind="club_admin"),
                name="role_club_admin_once",
            ),
            models.UniqueConstraint(
                fields=["member", "district"],
                condition=Q(kind="district_official"),
                name="role_district_official_once",
            ),
            models.UniqueConstraint(
                fields=["member"], condition=Q(kind="office_staff"), name="role_office_staff_once"
            ),
        ]

    def __str__(self) -> str:
        scope = self.club or self.district or ""
        return f"{self.member}: {self.get_kind_display()} {scope}".strip()


class Notification(models.Model):
    """The in-site list of what happened to a user's applications (the same news
    also goes by e-mail). Text in both languages, as written when it happened."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    text_sv = models.CharField(max_length=300)
    text_en = models.CharField(max_length=300)
    url = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(_("when"), db_index=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "-created"], name="notification_recipient_idx")
        ]

    def __str__(self) -> str:
        return self.text_en

    def text(self, language: str) -> str:
        return self.text_sv if language.startswith("sv") else self.text_en


class ApiToken(models.Model):
    """A key to the API (docs/api.md) for a club, a scoring program or a member. Only
    a hash of the secret is kept; the whole key is shown once, when it is created."""

    class Kind(models.TextChoices):
        CLUB = "club", _("club")
        PROGRAM = "program", _("scoring program")
        MEMBER = "member", _("member")

    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=100)
    # The first characters of the key, unhashed: how a request's key finds its row.
    prefix = models.CharField(max_length=12, unique=True, editable=False)
    secret_hash = models.CharField(max_length=64, editable=False)
    scopes = models.JSONField(_("scopes"), default=list)
    # A club's token reports for that club; a program's for the clubs listed; a
    # member's reads that member's own data.
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, null=True, blank=True, related_name="api_tokens"
    )
    clubs = models.ManyToManyField(Club, blank=True, related_name="program_tokens")
    member = models.ForeignKey(
        "Member", on_delete=models.CASCADE, null=True, blank=True, related_name="api_tokens"
    )
    rate_per_minute = models.PositiveIntegerField(_("requests per minute"), default=120)
    created_at = models.DateTimeField(_("created"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("token for the API")
        verbose_name_plural = _("tokens for the API")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="club") & Q(club__isnull=False) & Q(member__isnull=True))
                | (Q(kind="program") & Q(club__isnull=True) & Q(member__isnull=True))
                | (Q(kind="member") & Q(member__isnull=False) & Q(club__isnull=True)),
                name="api_token_owner_by_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class ApiAuditEntry(models.Model):
    """Every write through the API: who (the token), what, and how it ended."""

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(_("when"), db_index=True)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    status = models.PositiveSmallIntegerField()
    action = models.CharField(_("action"), max_length=60)
    object_id = models.CharField(max_length=40, blank=True)
    detail = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("audit entry of the API")
        verbose_name_plural = _("audit entries of the API")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.method} {self.path} {self.status}"


class Webhook(models.Model):
    """An address a club or program wants told of events (``members.domain.api_access.EVENTS``),
    each delivery signed with HMAC-SHA256 under the hook's own secret."""

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(_("address"), max_length=500)
    events = models.JSONField(_("events"), default=list)
    secret = models.CharField(max_length=64, editable=False)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created"))

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event sent to one webhook, with its attempts: the delivery log."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(_("event"), max_length=40)
    # The event's own key (e.g. "report.processed:812:3"): an event is sent once per hook.
    event_key = models.CharField(max_length=100)
    payload = models.JSONField()
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING, db_index=True
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"))
    delivered_at = models.DateTimeField(_("delivered"), null=True, blank=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["webhook", "event_key"], name="webhook_event_once")
        ]

    def __str__(self) -> str:
        return f"{self.event} → {self.webhook_id}: {self.state}"
