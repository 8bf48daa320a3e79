from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from members.common.pages import MASTERPOINTS_LIST, RANKING_LIST, lists_changed


class AwardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "awards"
    verbose_name = _("Master points")

    def ready(self) -> None:
        # Imported here: the pages' registries and the selectors read models.
        from members.common.pages import MEMBER_PAGE, START_PAGE, Part
        from tournaments.manual.awarding import AWARD_CHECK
        from tournaments.pages import TOURNAMENT_PAGE
        from tournaments.reported import AWARD_QUEUE, LEDGER_ROWS

        from . import licensing, selectors, services

        MEMBER_PAGE.add(
            Part(
                "masterpoints",
                selectors.member_part,
                {"main": "awards/includes/_member_masterpoints.html"},
                order=10,
            )
        )
        MEMBER_PAGE.add(
            Part(
                "ranking_place",
                selectors.ranking_place_part,
                {"facts": "awards/includes/_member_ranking_place.html"},
                order=10,
                live=True,
                select_related=("ranking",),
            )
        )
        TOURNAMENT_PAGE.add(
            Part(
                "awards",
                selectors.tournament_part,
                {"after_results": "awards/includes/_tournament_card.html"},
            )
        )
        # An EBU event's status and the licence it came from (chapter 1).
        TOURNAMENT_PAGE.add(
            Part(
                "award_status",
                licensing.tournament_licence_part,
                {"level": "awards/includes/_tournament_licence.html"},
            )
        )
        START_PAGE.add(
            Part(
                "masterpoints",
                selectors.start_part,
                {"player": "awards/start/_player.html"},
                order=10,
            )
        )
        START_PAGE.add(
            Part(
                "promotions",
                selectors.promotions_part,
                {"club": "awards/start/_promotions.html"},
                order=40,
            )
        )
        START_PAGE.add(
            Part(
                "masterpoints_office",
                selectors.office_part,
                {"office": "awards/start/_office.html"},
                order=60,
            )
        )
        # Manual entry saves a team match only when the rulebook can award the event.
        AWARD_CHECK.answer_with(services.award_refusal)
        # A results file's own awards are shown beside the ledger's.
        LEDGER_ROWS.answer_with(selectors.ledger_rows)
        # The office's queue lists events awarded against or without their licence.
        AWARD_QUEUE.answer_with(licensing.award_queue)

        # Both lists name each member's club: a club renamed or removed, one by one.
        from django.db.models.signals import post_delete, post_save

        from members.models import Club

        for name, signal in (("save", post_save), ("delete", post_delete)):
            signal.connect(
                club_lists_changed, sender=Club, dispatch_uid=f"klover-ranking-club-{name}"
            )


def club_lists_changed(sender, **kwargs) -> None:
    lists_changed(RANKING_LIST, MASTERPOINTS_LIST)
