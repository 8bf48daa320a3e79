"""Handicaps: each member's current handicap and one history row per competition.

Everything here is written by ``handicap.services`` from the formula in
``handicap.domain`` and can be rebuilt from the reported results in date order
(``python manage.py recompute_handicaps``).
"""

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
