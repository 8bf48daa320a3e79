"""Licences for events under the EBU scheme, and the organisations that hold them.

Seed 001 chapter 1, sections 1.1-1.11. An EBU county is a ``District``. The tables
keep the names they had in the tournaments app.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from members.models import Club, District, Member

STATUS_CHOICES = [
    (1, _("Club")),
    (2, _("District")),
    (3, _("County")),
    (4, _("Regional")),
    (5, _("National")),
]


class Organisation(models.Model):
    """A body that runs events and awards master points (1.1, 1.4.3, 1.4.5)."""

    class Kind(models.TextChoices):
        AFFILIATED_CLUB = "affiliated_club", _("affiliated club")
        COUNTY = "county", _("county association")
        NATIONAL_BODY = "national_body", _("national body")
        OTHER = "other", _("other organisation")
        CLUB_LEAGUE = "club_league", _("club teams league")
        DISTRICT_LEAGUE = "district_league", _("district teams league")
        COUNTY_LEAGUE = "county_league", _("county teams league")
        INTER_COUNTY_LEAGUE = "inter_county_league", _("inter-county teams league")

    name = models.CharField(_("name"), max_length=200, unique=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    club = models.OneToOneField(
        Club, on_delete=models.PROTECT, null=True, blank=True, verbose_name=_("club")
    )
    county = models.ForeignKey(
        District,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="organisations",
        verbose_name=_("county"),
    )
    # 1.11.3: "Different fee levels may apply to commercial ventures."
    commercial = models.BooleanField(_("commercial organiser"), default=False)
    email = models.EmailField(_("e-mail"), blank=True)
    # Who may apply for it beside the club's administrators and the county's officials.
    administrators = models.ManyToManyField(
        Member, blank=True, related_name="organisations", verbose_name=_("administrators")
    )

    class Meta:
        db_table = "tournaments_organisation"
        verbose_name = _("organisation")
        verbose_name_plural = _("organisations")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class AllowanceUse(models.Model):
    """An event run without a licence but counted against a yearly allowance
    (1.2.3 ladders, 1.2.4 major championships, 1.2.5 county simultaneous pairs,
    1.2.6 county blue point events and the event for other counties)."""

    class Kind(models.TextChoices):
        MAJOR_PAIRS = "major_pairs", _("major championship, pairs")
        MAJOR_TEAMS = "major_teams", _("major championship, teams")
        LADDER = "ladder", _("ladder")
        COUNTY_SIMULTANEOUS = "county_simultaneous", _("county simultaneous pairs")
        COUNTY_BLUE_POINT = "county_blue_point", _("county blue point event")
        OTHER_COUNTIES_EVENT = "other_counties_event", _("event for other counties")

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="allowances"
    )
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    year = models.PositiveSmallIntegerField(_("year"))
    name = models.CharField(_("event"), max_length=200)
    date = models.DateField(_("date"))
    boards = models.PositiveIntegerField(_("boards"), null=True, blank=True)
    blue_points = models.BooleanField(_("blue point event"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_allowanceuse"
        verbose_name = _("allowance used")
        verbose_name_plural = _("allowances used")
        ordering = ["-date"]
        indexes = [models.Index(fields=["organisation", "year"], name="allowance_org_year_idx")]

    def __str__(self) -> str:
        return f"{self.organisation} {self.get_kind_display()} {self.year}"


class FeeRate(models.Model):
    """The office's fee table (1.5.4, 1.11): per session and table, per heat for
    simultaneous events, by licence type and kind of organiser."""

    class Payer(models.TextChoices):
        STANDARD = "standard", _("standard")
        CHARITY = "charity", _("charity (reduced)")
        COMMERCIAL = "commercial", _("commercial organiser")

    licence_type = models.CharField(_("licence type"), max_length=24)
    payer = models.CharField(_("payer"), max_length=12, choices=Payer.choices)
    per_table_session = models.DecimalField(
        _("per table and session (£)"), max_digits=8, decimal_places=2
    )
    per_heat = models.DecimalField(_("per heat (£)"), max_digits=8, decimal_places=2, default=0)
    minimum = models.DecimalField(_("minimum (£)"), max_digits=8, decimal_places=2, default=0)
    valid_from = models.DateField(_("valid from"))

    class Meta:
        db_table = "tournaments_feerate"
        verbose_name = _("licence fee rate")
        verbose_name_plural = _("licence fee rates")
        ordering = ["licence_type", "payer", "-valid_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["licence_type", "payer", "valid_from"], name="fee_rate_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.licence_type} {self.payer} {self.valid_from}"


def _upload(folder: str):
    return f"licences/{folder}/%Y/"


class Licence(models.Model):
    """An application for a licence (1.4-1.5) and, once approved, the licence."""

    class Type(models.TextChoices):
        OPEN_EVENT = "open_event", _("open event")
        CLUB_OPEN_EVENT = "club_open_event", _("club open event")
        NOVICE_ANNUAL = "novice_annual", _("novice/beginner annual licence")
        TEAMS_LEAGUE = "teams_league", _("teams league")
        SIMULTANEOUS_PAIRS = "simultaneous_pairs", _("simultaneous pairs")
        CHARITY = "charity", _("charity event")
        PACKAGE = "package", _("package operator")
        SPECIAL = "special", _("special licence")

    class State(models.TextChoices):
        SUBMITTED = "submitted", _("submitted")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")
        RESULTS_RECEIVED = "results_received", _("results received")
        PAID = "paid", _("paid")
        CLOSED = "closed", _("closed")
        REVOKED = "revoked", _("revoked")

    class MajorStanding(models.TextChoices):
        # 1.6.1 c (lines 821-842), set by the office when it decides
        NONE = "", _("not a major event")
        GRANTED = "granted", _("major event, granted by the Board")
        RETAINED = "retained", _("major event, status retained")
        PROVISIONAL = "provisional", _("major event, provisional further year")

    class Protection(models.TextChoices):
        # 1.9.3
        NONE = "", _("not stated")
        BONDING = "bonding", _("bonding (e.g. ABTA)")
        INSURANCE = "insurance", _("insurance for each customer")
        TRUST_FUND = "trust_fund", _("trust fund")
        NO_DEPOSITS = "no_deposits", _("no deposits or pre-payments")

    organisation = models.ForeignKey(
        Organisation, on_delete=models.PROTECT, related_name="licences", verbose_name=_("organiser")
    )
    licence_type = models.CharField(_("licence type"), max_length=24, choices=Type.choices)
    state = models.CharField(
        _("state"), max_length=20, choices=State.choices, default=State.SUBMITTED, db_index=True
    )
    event_name = models.CharField(_("event"), max_length=200)
    start_date = models.DateField(_("first day"), db_index=True)
    end_date = models.DateField(_("last day"))
    sessions = models.PositiveSmallIntegerField(_("sessions"))
    expected_tables = models.PositiveIntegerField(_("expected tables"))
    heats = models.PositiveIntegerField(_("heats"), default=0)
    members_only = models.BooleanField(_("EBU members only"), default=False)
    wide_appeal = models.BooleanField(_("significant entry from outside the area"), default=False)
    systems_level = models.PositiveSmallIntegerField(_("systems level"), default=2)
    systems_authorised = models.BooleanField(_("other systems level authorised"), default=False)
    sponsor = models.CharField(_("sponsor"), max_length=200, blank=True)
    prizes = models.TextField(_("prizes"), blank=True)
    max_prize_per_player = models.DecimalField(
        _("largest prize per player (£)"), max_digits=8, decimal_places=2, default=0
    )
    prize_approved = models.BooleanField(_("larger prize applied for"), default=False)
    head_to_head_knockout = models.BooleanField(_("head-to-head knock-out"), default=False)
    blue_points = models.BooleanField(_("blue point event"), default=False)
    county_support = models.BooleanField(_("supported by the county"), default=False)
    major_event = models.BooleanField(_("asks for major event status"), default=False)
    last_year_best_four_avg_tables = models.DecimalField(
        _("last year's average tables, four best sessions"),
        max_digits=6,
        decimal_places=1,
        null=True,
        blank=True,
    )
    # 1.6.1 c (lines 837-841): last year's licence of the same event, for retaining
    # major status, and the request for the provisional further year.
    previous_licence = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("last year's licence of the event"),
    )
    provisional_extension = models.BooleanField(
        _("asks for the provisional further year as a major event"), default=False
    )
    major_standing = models.CharField(
        _("major event status"), max_length=12, choices=MajorStanding.choices, blank=True
    )
    # 1.4.2 (lines 603-627): what a novice/beginner session typically is.
    for_novices = models.BooleanField(
        _("for novices/beginners, leading them to mainstream club games"), default=False
    )
    above_area_master_percent = models.DecimalField(
        _("players above Area Master (%)"),
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
    )
    awards_master_points = models.BooleanField(_("awards Master Points"), default=False)
    counts_for_grading = models.BooleanField(
        _("counts for the National Grading Scheme, English Bridge or the diary"), default=False
    )
    # 1.2.7 (lines 410-440): players qualify or are selected in other organisations.
    inter_organisation = models.BooleanField(_("inter-organisation event"), default=False)
    partners = models.ManyToManyField(
        Organisation,
        blank=True,
        related_name="partner_licences",
        verbose_name=_("organisations the players come from"),
    )
    responsible_person = models.CharField(
        _("person in charge for the licence holder"), max_length=200, blank=True
    )
    side_event = models.BooleanField(_("open pairs/teams side event"), default=False)
    consolation = models.BooleanField(_("consolation event"), default=False)
    peripheral_activities = models.TextField(_("peripheral activities"), blank=True)
    special_requirements = models.TextField(_("special entry requirements"), blank=True)
    # 1.8.1-1.8.2: copies must accompany a charity application
    charity_agreement = models.FileField(
        _("the charity's written agreement"), upload_to=_upload("charity"), blank=True
    )
    charity_remuneration_statement = models.FileField(
        _("statement of the fund raiser's remuneration"), upload_to=_upload("charity"), blank=True
    )
    charity_donation_statement = models.FileField(
        _("statement of the donation"), upload_to=_upload("charity"), blank=True
    )
    package_protection = models.CharField(
        _("protection against insolvency"),
        max_length=12,
        choices=Protection.choices,
        blank=True,
    )
    # Set by the rules when submitted, and by the office when deciding (1.6).
    proposed_status = models.PositiveSmallIntegerField(
        _("proposed status"), choices=STATUS_CHOICES, null=True
    )
    status_reasons = models.JSONField(_("why this status"), default=list, blank=True)
    status = models.PositiveSmallIntegerField(
        _("status level"), choices=STATUS_CHOICES, null=True, blank=True
    )
    conditions = models.JSONField(_("conditions"), default=list, blank=True)
    special_conditions = models.TextField(_("special conditions"), blank=True)
    checks = models.JSONField(_("checks"), default=list, blank=True)
    fee = models.DecimalField(_("fee (£)"), max_digits=9, decimal_places=2, null=True, blank=True)
    decision_reason = models.TextField(_("reason"), blank=True)
    results_file = models.FileField(_("results file"), upload_to=_upload("results"), blank=True)
    results_received_at = models.DateTimeField(_("results received"), null=True, blank=True)
    amount_paid = models.DecimalField(
        _("amount paid (£)"), max_digits=9, decimal_places=2, null=True, blank=True
    )
    paid_on = models.DateField(_("paid on"), null=True, blank=True)
    payment_reference = models.CharField(_("payment reference"), max_length=100, blank=True)
    accounts_received_on = models.DateField(_("accounts received"), null=True, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(_("submitted"))
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        db_table = "tournaments_licence"
        verbose_name = _("licence")
        verbose_name_plural = _("licences")
        ordering = ["-start_date", "event_name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="licence_end_not_before_start",
            ),
            models.CheckConstraint(
                condition=models.Q(above_area_master_percent__isnull=True)
                | models.Q(above_area_master_percent__gte=0, above_area_master_percent__lte=100),
                name="licence_area_master_share_a_percentage",
            ),
        ]
        indexes = [models.Index(fields=["organisation", "start_date"], name="licence_org_date_idx")]

    def __str__(self) -> str:
        return f"{self.number} {self.event_name}"

    def get_absolute_url(self) -> str:
        return reverse("licences:detail", args=[self.pk])

    @property
    def number(self) -> str:
        """ "L-2027-0012": the year of the event and the application's number."""
        return f"L-{self.start_date.year}-{self.pk or 0:04d}"


class LicenceAction(models.Model):
    """One step of a licence: who did what, when, from which state to which."""

    licence = models.ForeignKey(Licence, on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(_("action"), max_length=24)
    from_state = models.CharField(_("from"), max_length=20, blank=True)
    to_state = models.CharField(_("to"), max_length=20)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(_("by"), max_length=200, blank=True)
    note = models.TextField(_("note"), blank=True)
    at = models.DateTimeField(_("when"))

    class Meta:
        db_table = "tournaments_licenceaction"
        verbose_name = _("licence step")
        verbose_name_plural = _("licence steps")
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.licence_id} {self.kind} {self.at:%Y-%m-%d %H:%M}"


# --- Universal Membership charges (EBU 1.3, issue #20) --------------------------------


CHARGE_CODE_CHOICES = [
    ("02", "02"),
    ("03", "03"),
    ("04", "04"),
    ("06", "06"),
    ("07", "07"),
    ("10", "10"),
    ("11", "11"),
    ("20", "20"),
    ("21", "21"),
    ("22", "22"),
    ("30", "30"),
    ("40", "40"),
    ("50", "50"),
    ("60", "60"),
    ("70", "70"),
    ("71", "71"),
    ("99", "99"),
]


class UmsRate(models.Model):
    """The standard Universal Membership subscription price per player session, or a
    county's charge added to it (Appendix code 10), from a day on. The Handbook gives
    no figure ("Current levels can be found on the EBU web-site", 1.3.2): the office
    keeps them, a new row each 1 April."""

    county = models.ForeignKey(
        District,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ums_rates",
        verbose_name=_("county (empty: the EBU's standard price)"),
    )
    per_player_session = models.DecimalField(
        _("per player session (£)"), max_digits=7, decimal_places=3
    )
    valid_from = models.DateField(_("valid from"))

    class Meta:
        verbose_name = _("rate of Universal Membership")
        verbose_name_plural = _("rates of Universal Membership")
        ordering = ["county", "-valid_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["county", "valid_from"],
                condition=models.Q(county__isnull=False),
                name="ums_county_rate_once",
            ),
            models.UniqueConstraint(
                fields=["valid_from"],
                condition=models.Q(county__isnull=True),
                name="ums_standard_rate_once",
            ),
            models.CheckConstraint(
                condition=models.Q(per_player_session__gte=0), name="ums_rate_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.county or 'EBU'} {self.valid_from} {self.per_player_session}"


class UmsEvent(models.Model):
    """How a reported tournament is charged: its UMS charge code (Appendix) and, where
    the results do not tell, its sessions. A tournament without one is a normal club
    session (code 10) of one session a day, or the sessions of its licence."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="ums"
    )
    charge_code = models.CharField(
        _("UMS charge code"), max_length=2, choices=CHARGE_CODE_CHOICES, default="10"
    )
    sessions = models.PositiveSmallIntegerField(_("sessions"), null=True, blank=True)
    master_points = models.BooleanField(_("Master Points awarded"), default=True)
    # 1.3.1: "Any other special 'one-off' session/event for which specific exemption
    # has been granted by the EBU" – set by the office only.
    special_exemption = models.BooleanField(_("exempted by the EBU"), default=False)
    exemption_reason = models.CharField(_("why exempted"), max_length=200, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("charge code of a tournament (UMS)")
        verbose_name_plural = _("charge codes of tournaments (UMS)")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(sessions__isnull=True) | models.Q(sessions__gte=1),
                name="ums_event_sessions_positive",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} {self.charge_code}"


class UmsStatement(models.Model):
    """A club's monthly Universal Membership statement (1.3.3 a), due 30 days after the
    month (docs/ums.md)."""

    class State(models.TextChoices):
        ISSUED = "issued", _("issued")
        PAID = "paid", _("paid")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="ums_statements", verbose_name=_("club")
    )
    month = models.DateField(_("month"))  # the month's first day
    state = models.CharField(
        _("state"), max_length=8, choices=State.choices, default=State.ISSUED, db_index=True
    )
    total = models.DecimalField(_("total (£)"), max_digits=10, decimal_places=2)
    due_date = models.DateField(_("due"))
    issued_at = models.DateTimeField(_("issued"))
    amount_paid = models.DecimalField(
        _("amount paid (£)"), max_digits=10, decimal_places=2, null=True, blank=True
    )
    paid_on = models.DateField(_("paid on"), null=True, blank=True)
    payment_reference = models.CharField(_("payment reference"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("statement of UMS charges")
        verbose_name_plural = _("statements of UMS charges")
        ordering = ["-month", "club__name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "month"], name="ums_statement_once"),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.month:%Y-%m}"

    def get_absolute_url(self) -> str:
        return reverse(
            "licences:ums_statement",
            args=[self.club_id, self.month.year, self.month.month],
        )


class UmsStatementLine(models.Model):
    """Players of one status in one tournament: players x sessions x price x share."""

    statement = models.ForeignKey(UmsStatement, on_delete=models.CASCADE, related_name="lines")
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    tournament_name = models.CharField(_("event"), max_length=200)
    date = models.DateField(_("date"))
    charge_code = models.CharField(_("code"), max_length=2)
    status = models.CharField(_("players' status"), max_length=12)
    players = models.PositiveIntegerField(_("players"))
    sessions = models.PositiveSmallIntegerField(_("sessions"))
    share = models.DecimalField(_("share"), max_digits=4, decimal_places=2)
    price = models.DecimalField(_("price (£)"), max_digits=7, decimal_places=3)
    county_charge = models.DecimalField(_("county charge (£)"), max_digits=7, decimal_places=3)
    exact = models.DecimalField(_("unrounded (£)"), max_digits=14, decimal_places=6)
    amount = models.DecimalField(_("amount (£)"), max_digits=10, decimal_places=2)
    seed_ref = models.CharField(_("rule"), max_length=60)
    note_en = models.CharField(max_length=200, blank=True)
    note_sv = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("line of a UMS statement")
        verbose_name_plural = _("lines of UMS statements")
        ordering = ["date", "tournament_name", "pk"]

    def __str__(self) -> str:
        return f"{self.tournament_name} {self.status} {self.amount}"


class UmsStatementAction(models.Model):
    """One step of a statement: issued, issued again, paid."""

    statement = models.ForeignKey(UmsStatement, on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(_("action"), max_length=24)
    from_state = models.CharField(_("from"), max_length=8, blank=True)
    to_state = models.CharField(_("to"), max_length=8)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(_("by"), max_length=200, blank=True)
    note = models.TextField(_("note"), blank=True)
    at = models.DateTimeField(_("when"))

    class Meta:
        verbose_name = _("step of a UMS statement")
        verbose_name_plural = _("steps of UMS statements")
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.statement_id} {self.kind} {self.at:%Y-%m-%d %H:%M}"
