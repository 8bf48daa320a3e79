"""A club's application for a silver or gold sanction, and its audit trail.

Seed 000 chapter 4, lines 161-253: one row is one event ("dfb ska ge sanktion för
varje tävling för sig", lines 185-187), with every field of the gold form (lines
222-243). The tables keep the names they had in the tournaments app.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from members.models import Club, District
from tournaments.models import Tournament


class Sanction(models.Model):
    class Level(models.TextChoices):
        SILVER = "silver", _("silver")
        GOLD = "gold", _("gold")

    class Form(models.TextChoices):
        # the rows of the silver table, 000 ch. 5 lines 336-349
        PAIRS = "pairs", _("pairs")
        TEAMS = "teams", _("teams")
        TEAM_BAROMETER = "team_barometer", _("team barometer")
        INDIVIDUAL = "individual", _("individual")

    class State(models.TextChoices):
        DRAFT = "draft", _("draft")
        SUBMITTED = "submitted", _("submitted")
        ENDORSED = "endorsed", _("endorsed by the district")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")
        WITHDRAWN = "withdrawn", _("withdrawn")
        HELD = "held", _("held")
        RESULTS_REPORTED = "results_reported", _("results reported")

    class HomeEndorsement(models.TextChoices):
        NOT_NEEDED = "", _("not needed")
        PENDING = "pending", _("awaited")
        ENDORSED = "endorsed", _("endorsed")
        REFUSED = "refused", _("not endorsed")

    class FieldFull(models.TextChoices):
        # 000 ch. 5 lines 315-319: a full silver field and the minority clubs' priority
        NOT_REPORTED = "", _("not reported")
        REPORTED = "reported", _("reported full, awaiting the district")
        DECIDED = "decided", _("priority decided by the district")

    # None: the district itself applies for a gold event (000 ch. 4 lines 251-253);
    # ``district`` is then both the applicant and where it is played.
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="sanctions",
        verbose_name=_("club"),
        null=True,
        blank=True,
    )
    # Where the event is played: that district decides a silver event (lines 172-180).
    district = models.ForeignKey(
        District,
        on_delete=models.PROTECT,
        related_name="sanctions",
        verbose_name=_("district where it is played"),
    )
    level = models.CharField(_("medal level"), max_length=8, choices=Level.choices)
    form_of_play = models.CharField(_("form of play"), max_length=16, choices=Form.choices)
    name = models.CharField(_("name of the event"), max_length=200)
    state = models.CharField(
        _("state"), max_length=20, choices=State.choices, default=State.DRAFT, db_index=True
    )
    home_endorsement = models.CharField(
        _("home district's endorsement"),
        max_length=10,
        choices=HomeEndorsement.choices,
        blank=True,
        default=HomeEndorsement.NOT_NEEDED,
    )
    # "Speldagar" and "Alternativa speldagar"
    start_date = models.DateField(_("first playing day"), db_index=True)
    end_date = models.DateField(_("last playing day"))
    alternative_days = models.CharField(_("alternative playing days"), max_length=200, blank=True)
    # "Antal Lag/Par": pairs, teams or players (individual) by the form of play
    entries = models.PositiveIntegerField(_("number of teams/pairs"))
    boards = models.PositiveIntegerField(_("number of boards"))
    championship_qualifier = models.BooleanField(_("championship qualifier"), default=False)
    spring_autumn = models.BooleanField(_("spring/autumn silver event"), default=False)
    bridge_week = models.CharField(_("bridge week"), max_length=100, blank=True)
    open = models.BooleanField(_("open to all"), default=True)
    handicap = models.BooleanField(_("played with handicap"), default=False)
    expected_players = models.PositiveIntegerField(_("expected players"), null=True, blank=True)
    expected_players_other_clubs = models.PositiveIntegerField(
        _("of whom from other clubs"), null=True, blank=True
    )
    # "Vid fullteckning" (lines 315-319): the most entries the venue takes and the
    # entry deadline ("stipulerad tid") within which a minority club's pair is never refused.
    field_limit = models.PositiveIntegerField(_("field limit"), null=True, blank=True)
    entry_deadline = models.DateField(_("entry deadline"), null=True, blank=True)
    field_full = models.CharField(
        _("full field"),
        max_length=10,
        choices=FieldFull.choices,
        blank=True,
        default=FieldFull.NOT_REPORTED,
    )
    # The gold form, lines 222-243
    contact_name = models.CharField(_("the club's contact"), max_length=200)
    contact_email = models.EmailField(_("e-mail"))
    address = models.CharField(_("address"), max_length=200, blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    postcode = models.CharField(_("postcode"), max_length=20, blank=True)
    town = models.CharField(_("town"), max_length=100, blank=True)
    jubilee = models.CharField(_("jubilee or similar"), max_length=200, blank=True)
    director = models.CharField(_("tournament director"), max_length=200, blank=True)
    last_gold_event = models.CharField(_("last gold event held"), max_length=200, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    framing = models.TextField(_("framing of the event"), blank=True)
    submitted_by_name = models.CharField(_("application submitted by"), max_length=200, blank=True)
    submitted_by_phone = models.CharField(_("phone"), max_length=40, blank=True)
    # Set when submitted: a gold application after 30 April misses the official
    # calendar of the coming season (lines 200-209) but is still handled.
    outside_calendar_deadline = models.BooleanField(_("after the calendar deadline"), default=False)
    decision_reason = models.TextField(_("reason for the decision"), blank=True)
    submitted_at = models.DateTimeField(_("submitted"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sanction",
        verbose_name=_("reported results"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_sanction"
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")),
                name="sanction_end_not_before_start",
            ),
            # a district applies for gold only (lines 251-253)
            models.CheckConstraint(
                condition=Q(club__isnull=False) | Q(level="gold"),
                name="sanction_district_applies_for_gold",
            ),
        ]
        indexes = [models.Index(fields=["club", "start_date"], name="sanction_club_date_idx")]

    def __str__(self) -> str:
        return f"{self.reference} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("sanctions:detail", args=[self.pk])

    @property
    def reference(self) -> str:
        """ "S-2026-0012": the letter of the level, the year applied for, the number."""
        letter = "G" if self.level == self.Level.GOLD else "S"
        return f"{letter}-{self.start_date.year}-{self.pk or 0:04d}"

    @property
    def by_district(self) -> bool:
        """The district's own application (lines 251-253), not a club's."""
        return self.club_id is None

    @property
    def applicant_name(self) -> str:
        return self.district.name if self.club is None else self.club.name

    @property
    def out_of_district(self) -> bool:
        return self.club is not None and self.district_id != self.club.district_id


class SanctionAction(models.Model):
    """One step of the workflow: who did what, when, from which state to which."""

    class Kind(models.TextChoices):
        CREATED = "created", _("created")
        EDITED = "edited", _("edited")
        SUBMITTED = "submitted", _("submitted")
        HOME_ENDORSED = "home_endorsed", _("endorsed by the home district")
        HOME_REFUSED = "home_refused", _("not endorsed by the home district")
        ENDORSED = "endorsed", _("endorsed by the district")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")
        WITHDRAWN = "withdrawn", _("withdrawn")
        HELD = "held", _("held")
        RESULTS_REPORTED = "results_reported", _("results reported")
        FIELD_FULL = "field_full", _("field reported full")
        PRIORITY_DECIDED = "priority_decided", _("minority priority decided")

    sanction = models.ForeignKey(Sanction, on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(_("action"), max_length=20, choices=Kind.choices)
    from_state = models.CharField(_("from"), max_length=20, blank=True)
    to_state = models.CharField(_("to"), max_length=20)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # kept as written at the time, so the trail survives a deleted login
    actor_name = models.CharField(_("by"), max_length=200, blank=True)
    actor_role = models.CharField(_("as"), max_length=200, blank=True)
    note = models.TextField(_("note"), blank=True)
    at = models.DateTimeField(_("when"))

    class Meta:
        db_table = "tournaments_sanctionaction"
        verbose_name = _("sanction step")
        verbose_name_plural = _("sanction steps")
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.sanction_id} {self.kind} {self.at:%Y-%m-%d %H:%M}"
