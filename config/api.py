"""The API under /api/v1/ (docs/api.md): each app's endpoints, the OpenAPI schema
and its documentation. Like urls.py, this may import every app."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from handicap import api as handicap_api
from members.api.errors import not_found

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("members/", handicap_api.MemberLookup.as_view(), name="members"),
    re_path(r"^.*$", not_found),
]
