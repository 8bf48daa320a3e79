"""Handicaps: each member's current handicap and one history row per competition.

Everything here is written by ``handicap.services`` from the formula in
``handicap.domain`` and can be rebuilt from the reported results in date order
(``python manage.py recompute_handicaps``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from members.models import Member
from tournaments.models import TeamMatch, Tournament


class MemberHandicap(models.Model):
    """A member's handicap now: 52 for a beginner, lower for better players."""

    member = models.OneToOneField(
        Member, on_delete=models.CASCADE, primary_key=True, related_name="current_handicap"
    )
    handicap = models.DecimalField(_("handicap"), max_digits=6, decimal_places=2)
    # H0 = 52 / (1 + 0.01 MP) from the master points when the member entered the system.
    start = models.DecimalField(_("start handicap"), max_digits=6, decimal_places=2)
    updated_on = models.DateField(_("updated"), null=True, blank=True)
    policy_version = models.CharField(_("rules"), max_length=40)

    class Meta:
        verbose_name = _("handicap")
        verbose_name_plural = _("handicaps")
        indexes = [models.Index(fields=["handicap"], name="handicap_value_idx")]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.handicap}"


class HandicapChange(models.Model):
    """One competition in a member's handicap history, with the columns members see
    (002_4426357e9a32e88f.txt, "Presentation"): place, old hcp, partner hcp, pair (or
    team) hcp, field hcp, expected and achieved result, change."""

    # No index of its own: the (member, date) index below serves every lookup by member.
    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="handicap_history", db_index=False
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="handicap_changes"
    )
    # A team event moves handicaps match by match (3.3.3.1: a single match or half is
    # one competition), so its rows name the match; other events have one row.
    # A match reported again is deleted and written anew; its rows stay (naming a
    # match no longer there) until the tournament's handicap step, which needs them to
    # know whose later handicaps the old rows moved (the incremental walk). Deleting
    # the tournament still takes its rows with it.
    match = models.ForeignKey(
        TeamMatch,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="handicap_changes",
        verbose_name=_("match"),
        db_index=False,
    )
    played_on = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=12, blank=True)
    old = models.DecimalField(_("old hcp"), max_digits=6, decimal_places=2)
    partner = models.DecimalField(
        _("partner hcp"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    owner = models.DecimalField(_("pair hcp"), max_digits=6, decimal_places=2)
    field = models.DecimalField(_("field hcp"), max_digits=6, decimal_places=2)
    expected = models.DecimalField(_("expected"), max_digits=8, decimal_places=2)
    achieved = models.DecimalField(_("achieved"), max_digits=8, decimal_places=2)
    change = models.DecimalField(_("change"), max_digits=7, decimal_places=3)
    new = models.DecimalField(_("new hcp"), max_digits=6, decimal_places=2)
    boards = models.PositiveSmallIntegerField(_("boards played"))
    scoring = models.CharField(_("scoring"), max_length=12)
    policy_version = models.CharField(_("rules"), max_length=40)

    class Meta:
        verbose_name = _("handicap change")
        verbose_name_plural = _("handicap changes")
        ordering = ["-played_on", "-tournament_id", "-match_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["member", "tournament"],
                condition=Q(match__isnull=True),
                name="handicap_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["member", "match"],
                condition=Q(match__isnull=False),
                name="handicap_once_per_match",
            ),
        ]
        # No index by match: nothing looks rows up by their match (a match deleted leaves
        # its rows to the tournament's handicap step, which reads them by tournament).
        indexes = [
            models.Index(fields=["member", "played_on"], name="handicap_member_date_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id} {self.played_on}: {self.old} -> {self.new}"


class StartEstimate(models.Model):
    """The office's estimate for a player arriving from abroad (002 5.2, lines 430-441):
    an estimated holding of master points that reflects the level of play, turned into
    a start handicap by (10), or an estimated handicap given directly. It replaces the
    start from the member's own master points when the member is first met."""

    member = models.OneToOneField(
        Member, on_delete=models.CASCADE, primary_key=True, related_name="handicap_estimate"
    )
    master_points = models.DecimalField(
        _("estimated master points"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    handicap = models.DecimalField(
        _("estimated handicap"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    reason = models.CharField(_("reason"), max_length=300)
    decided_on = models.DateField(_("decided"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("estimated start handicap")
        verbose_name_plural = _("estimated start handicaps")
        constraints = [
            models.CheckConstraint(
                condition=Q(master_points__isnull=True) ^ Q(handicap__isnull=True),
                name="estimate_one_way",
            )
        ]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.master_points or self.handicap}"


class FormHandicap(models.Model):
    """A separate handicap for one kind of scoring (002 7.1, lines 516-520): the walk
    of the member's topscore competitions only, or of the IMP ones only. Informative;
    handicap events use the general handicap (``MemberHandicap``)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="form_handicaps")
    scoring = models.CharField(_("scoring"), max_length=12)
    handicap = models.DecimalField(_("handicap"), max_digits=6, decimal_places=2)
    competitions = models.PositiveIntegerField(_("competitions"))
    boards = models.PositiveIntegerField(_("boards played"))
    updated_on = models.DateField(_("updated"), null=True, blank=True)
    policy_version = models.CharField(_("rules"), max_length=80)

    class Meta:
        verbose_name = _("handicap by scoring")
        verbose_name_plural = _("handicaps by scoring")
        constraints = [
            models.UniqueConstraint(fields=["member", "scoring"], name="form_handicap_once")
        ]

    def __str__(self) -> str:
        return f"{self.member_id} {self.scoring}: {self.handicap}"


class PolicyAdjustment(models.Model):
    """The one collective adjustment after a check-up (002 6.1, lines 502-512): new
    values for the factors that set the impact and the spread, in force for the whole
    history from the recompute that follows. The seed: "should not be carried out more
    than once", so the table holds at most one row."""

    once = models.BooleanField(default=True, unique=True, editable=False)
    impact = models.FloatField(_("impact divisor"))
    topscore_slope = models.FloatField(_("expected result per handicap unit"))
    start_mp_factor = models.FloatField(_("start factor C"))
    reason = models.TextField(_("reason"))
    decided_on = models.DateField(_("decided"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    applied_at = models.DateTimeField(_("recomputed"), null=True, blank=True)

    class Meta:
        verbose_name = _("collective handicap adjustment")
        verbose_name_plural = _("collective handicap adjustments")
        constraints = [models.CheckConstraint(condition=Q(once=True), name="adjustment_once")]

    def __str__(self) -> str:
        return f"{self.decided_on}: 1/{self.impact:g}, {self.topscore_slope:g}, C {self.start_mp_factor:g}"
