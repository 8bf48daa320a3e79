"""The API under /api/v1/ (docs/api.md): each app's endpoints, the OpenAPI schema
and its documentation. Like urls.py, this may import every app."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from handicap import api as handicap_api
from members.api import webhooks as webhooks_api
from members.api.errors import not_found

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("members/", handicap_api.MemberLookup.as_view(), name="members"),
    path("webhooks/", webhooks_api.WebhookList.as_view(), name="webhooks"),
    path("webhooks/<int:pk>/", webhooks_api.WebhookDetail.as_view(), name="webhook"),
    path(
        "webhooks/<int:pk>/deliveries/",
        webhooks_api.DeliveryLog.as_view(),
        name="webhook_deliveries",
    ),
    re_path(r"^.*$", not_found),
]
