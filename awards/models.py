"""The master points ledger and what follows from it: holdings, classes, ranking.

Every number here is written by ``awards.services`` from the rulebook in
``awards.domain`` and can be rebuilt from the tournaments' standings: the
ledger rows of a tournament are replaced whenever it is reported again.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from members.models import Club, District, Member
from tournaments.models import Tournament

from .domain.core import UNIT
from .domain.core import Colour as DomainColour
from .domain.sbf import conversion


class Colour(models.TextChoices):
    BRONZE = "bronze", _("bronze")
    SILVER = "silver", _("silver")
    GOLD = "gold", _("gold")
    # The EBU's points (seed 001, 2.4.1): a database holds one federation's colours.
    LOCAL = "local", _("local")
    BLUE = "blue", _("blue")
    GREEN = "green", _("green")


class BilingualReason(models.Model):
    """A reason kept in both UI languages; ``reason`` gives the one being shown."""

    reason_sv = models.CharField(_("reason (Swedish)"), max_length=400, blank=True)
    reason_en = models.CharField(_("reason (English)"), max_length=400, blank=True)

    class Meta:
        abstract = True

    @property
    def reason(self) -> str:
        english = (get_language() or "sv").startswith("en")
        return (self.reason_en if english else self.reason_sv) or self.reason_sv


class MasterPointAward(BilingualReason):
    """One ledger row: a member's points of one colour for one tournament.

    ``exact`` is the rule's unrounded value, ``credited`` what the member holds
    (both in the colour's own unit: bp, sp or gp).
    """

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="awards")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="awards")
    colour = models.CharField(_("colour"), max_length=6, choices=Colour.choices)
    exact = models.DecimalField(_("exact"), max_digits=12, decimal_places=4)
    credited = models.DecimalField(_("credited"), max_digits=10, decimal_places=2)
    # The part of ``exact`` that is a bonus: it gives no ranking points (chapter 7).
    bonus = models.DecimalField(_("of which bonus"), max_digits=12, decimal_places=4, default=0)
    # EBU: the gold points a green award gives (seed 001, 2.5.1); 0 for everything else.
    gold_points = models.DecimalField(
        _("EBU gold points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    table = models.CharField(_("table"), max_length=20)
    rule_version = models.CharField(_("rules"), max_length=40)
    awarded_on = models.DateField(_("date"))

    class Meta:
        verbose_name = _("master point award")
        verbose_name_plural = _("master point awards")
        ordering = ["-awarded_on", "tournament_id", "colour"]
        constraints = [
            models.UniqueConstraint(
                fields=["member", "tournament", "colour"], name="award_once_per_colour"
            )
        ]
        indexes = [models.Index(fields=["member", "awarded_on"], name="award_member_date_idx")]

    def __str__(self) -> str:
        return f"{self.member_id} {self.credited} {self.colour} ({self.tournament_id})"

    @property
    def unit(self) -> str:
        return UNIT[DomainColour(self.colour)]


class TournamentAwards(BilingualReason):
    """The award step's outcome for a tournament; ``reason`` says why nobody got points,
    ``warning`` what the office should look at although points were given (an EBU
    event awarded at club status for want of a licence, chapter 1)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="award_run"
    )
    rule_version = models.CharField(_("rules"), max_length=40)
    awards = models.PositiveIntegerField(_("awards"), default=0)
    computed = models.DateTimeField(_("computed"), auto_now=True)
    warning_sv = models.CharField(
        _("warning (Swedish)"), max_length=400, blank=True, default="", db_default=""
    )
    warning_en = models.CharField(
        _("warning (English)"), max_length=400, blank=True, default="", db_default=""
    )
    # EBU: the status the event was awarded at ("county") and the licence it came from.
    status = models.CharField(_("status"), max_length=12, blank=True, default="", db_default="")
    licence = models.CharField(_("licence"), max_length=20, blank=True, default="", db_default="")

    class Meta:
        verbose_name = _("awards of a tournament")
        verbose_name_plural = _("awards of tournaments")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.awards} awards ({self.rule_version})"

    @property
    def warning(self) -> str:
        english = (get_language() or "sv").startswith("en")
        return (self.warning_en if english else self.warning_sv) or self.warning_sv


class MasterPointHolding(models.Model):
    """A member's credited points by colour and the class they give (rebuilt from the ledger)."""

    member = models.OneToOneField(
        Member, on_delete=models.CASCADE, primary_key=True, related_name="holding"
    )
    bronze = models.DecimalField(
        _("bronze points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    silver = models.DecimalField(
        _("silver points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    gold = models.DecimalField(
        _("gold points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    # EBU (seed 001, 2.4.1, 2.5): local points (whole), blue and green points, and the
    # gold points green awards gave; the SBF's colours above stay 0, and these in an
    # SBF database.
    local = models.PositiveIntegerField(_("local points"), default=0, db_default=0)
    blue = models.DecimalField(
        _("blue points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    green = models.DecimalField(
        _("green points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    gold_points = models.DecimalField(
        _("EBU gold points"), max_digits=10, decimal_places=2, default=0, db_default=0
    )
    # The SBF's master class or the EBU's rank with its stars ("** Premier Master").
    master_class = models.CharField(_("master class"), max_length=40, blank=True)
    rank = models.PositiveSmallIntegerField(default=0, db_index=True)
    # EBU: local + 100 × (blue + green), the overall holding of 2.6.1. SBF:
    # bronze/100 + silver/10 + gold, exact (000 ch. 2: 1 mp = 10 sp = 100 bp), written
    # with the colours by services.refresh_holdings: the master points list is then an
    # index range, not a sum over every holding.
    master_points = models.DecimalField(
        _("master points"), max_digits=14, decimal_places=4, default=0
    )

    class Meta:
        verbose_name = _("master point holding")
        verbose_name_plural = _("master point holdings")
        # The master points list's order, ties by member (awards/views.py).
        indexes = [
            models.Index(fields=["-master_points", "member"], name="holding_order_idx"),
            # The EBU's list by rank: seniority, then master points (awards/views.py).
            models.Index(fields=["-rank", "-master_points", "member"], name="holding_rank_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.master_class}"


class Promotion(models.Model):
    """A master class reached: shown on the member page and listed for the club (pins)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="promotions")
    master_class = models.CharField(_("master class"), max_length=40)
    rank = models.PositiveSmallIntegerField()
    reached_on = models.DateField(_("reached"))
    tournament = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("promotion")
        verbose_name_plural = _("promotions")
        ordering = ["-reached_on", "-rank"]
        constraints = [
            models.UniqueConstraint(fields=["member", "master_class"], name="promotion_once")
        ]
        # The monthly promotion lists are a range of days.
        indexes = [models.Index(fields=["reached_on"], name="promotion_day_idx")]

    def __str__(self) -> str:
        return f"{self.member_id} {self.master_class} {self.reached_on}"


class RankingScore(models.Model):
    """A member's ranking points on ``computed_on`` (chapter 7: 24 months back)."""

    member = models.OneToOneField(
        Member, on_delete=models.CASCADE, primary_key=True, related_name="ranking"
    )
    points = models.DecimalField(_("ranking points"), max_digits=10, decimal_places=2)
    computed_on = models.DateField()
    # The place in the national list (ties share one), kept by every ranking refresh
    # (services.number_places): the member page reads it without counting the list.
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    # The last place of a shared one (000 ch. 7 as docs/master-classes-and-ranking.md
    # reads it: equal totals share "2–3"); == place when nobody shares it.
    place_to = models.PositiveIntegerField(null=True, blank=True)
    # The row's number in the national list (ties by member): page N of the list is a
    # range of these, as fast at page 400 as at page 1.
    position = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    # What the list's filters ask, as of the refresh (services.ranking_facts): the club
    # the member represents this season and its district, gender and age category. A
    # filtered page is then an index range, not a walk of the whole list.
    club = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", db_index=False
    )
    district = models.ForeignKey(
        District, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        db_index=False,
    )  # fmt: skip
    gender = models.CharField(max_length=1, blank=True)
    junior = models.BooleanField(default=False)
    veteran = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("ranking points")
        verbose_name_plural = _("ranking points")
        # The list's order, ties by member, whole and by each filter: a page is read
        # from an index (awards/views.py, ranking_list).
        indexes = [
            models.Index(fields=["-points", "member"], name="ranking_order_idx"),
            models.Index(fields=["district", "-points", "member"], name="ranking_district_idx"),
            models.Index(fields=["club", "-points", "member"], name="ranking_club_idx"),
            models.Index(fields=["gender", "-points", "member"], name="ranking_gender_idx"),
            models.Index(
                fields=["-points", "member"], condition=Q(junior=True), name="ranking_junior_idx"
            ),
            models.Index(
                fields=["-points", "member"], condition=Q(veteran=True), name="ranking_veteran_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.points} rp ({self.computed_on})"


class AwardFacts(Tournament):
    """A tournament as the award rules read it: the office corrects these facts here,
    checked against the federation's rulebook (``awards.admin``)."""

    class Meta:
        proxy = True
        verbose_name = _("award facts of a tournament")
        verbose_name_plural = _("award facts of tournaments")


class ForeignConversion(models.Model):
    """A holding brought from a foreign federation (000 §8, lines 589-599): the office's
    decision, credited as ledger rows of their own by ``services.refresh_holdings``.
    One per member and federation: the whole holding is converted once."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="foreign_conversions")
    federation = models.CharField(_("foreign federation"), max_length=120)
    # The figures as the foreign extract states them, in that federation's own terms.
    foreign_holding = models.CharField(_("foreign holding"), max_length=200)
    extract = models.CharField(_("master points extract"), max_length=200)
    bronze = models.DecimalField(_("bronze points"), max_digits=10, decimal_places=2, default=0)
    silver = models.DecimalField(_("silver points"), max_digits=10, decimal_places=2, default=0)
    gold = models.DecimalField(_("gold points"), max_digits=10, decimal_places=2, default=0)
    note = models.TextField(_("note"), blank=True)
    converted_on = models.DateField(_("converted on"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("foreign conversion")
        verbose_name_plural = _("foreign conversions")
        ordering = ["-converted_on", "-pk"]
        constraints = [
            models.UniqueConstraint(
                "member", Lower("federation"), name="conversion_once_per_federation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member_id} {self.federation} {self.converted_on}"

    @property
    def reason(self) -> str:
        english = (get_language() or "sv").startswith("en")
        words = conversion.reason(self.federation)
        return words.en if english else words.sv
