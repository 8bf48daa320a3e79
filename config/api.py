"""The API under /api/v1/ (docs/api.md): each app's endpoints, the OpenAPI schema
and its documentation. Like urls.py, this may import every app."""

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from awards import api as awards_api
from handicap import api as handicap_api
from members.api import webhooks as webhooks_api
from members.api.errors import not_found
from tournaments import api as tournaments_api

from . import pipeline

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI sets one <style> of its own at run time: allowed on this page only (its
    # script and the rest of its styles are our static files; the page shows no one's data).
    path(
        "docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(
            SpectacularSwaggerSplitView.as_view(url_name="api:schema")
        ),
        name="docs",
    ),
    path("members/", handicap_api.MemberLookup.as_view(), name="members"),
    path("reports/", tournaments_api.ReportUpload.as_view(), name="reports"),
    path(
        "reports/<int:tournament_id>/",
        tournaments_api.ReportStatus.as_view(step_names=pipeline.step_names),
        name="report-status",
    ),
    path("tournaments/", tournaments_api.TournamentList.as_view(), name="tournaments"),
    path(
        "tournaments/<int:pk>/",
        tournaments_api.TournamentDetail.as_view(),
        name="tournament",
    ),
    path("calendar/", tournaments_api.CalendarList.as_view(), name="calendar"),
    path("calendar.ics", tournaments_api.CalendarFeed.as_view(), name="calendar-ics"),
    path("handicaps/field/", handicap_api.FieldHandicaps.as_view(), name="handicaps-field"),
    path("me/", handicap_api.Me.as_view(), name="me"),
    path("me/awards/", awards_api.OwnAwards.as_view(), name="me-awards"),
    path("me/handicap/", handicap_api.OwnHandicapHistory.as_view(), name="me-handicap"),
    path("rankings/", awards_api.RankingList.as_view(), name="rankings"),
    path("masterpoints/", awards_api.MasterPointsList.as_view(), name="masterpoints"),
    path("webhooks/", webhooks_api.WebhookList.as_view(), name="webhooks"),
    path("webhooks/<int:pk>/", webhooks_api.WebhookDetail.as_view(), name="webhook"),
    path(
        "webhooks/<int:pk>/deliveries/",
        webhooks_api.DeliveryLog.as_view(),
        name="webhook_deliveries",
    ),
    re_path(r"^.*$", not_found),
]
