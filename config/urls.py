from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from members import security

urlpatterns = [
    path(settings.ADMIN_PATH, admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("config.api")),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/two-factor/", security.two_factor_verify, name="two_factor_verify"),
    path("accounts/two-factor/setup/", security.two_factor_setup, name="two_factor_setup"),
    path("tournaments/manual/", include("tournaments.manual.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("sanctions/", include("tournaments.sanctions.urls")),
    path("licences/", include("tournaments.licences.urls")),
    path("championships/", include("tournaments.championships.urls")),
    path("masterpoints/", include("awards.urls")),
    path("handicap/", include("handicap.urls")),
    path("", include("members.urls")),
]

if settings.KLOVER_BENCH_URLS:
    from config import bench_views

    urlpatterns.insert(0, path("bench/minimal/<int:pk>/", bench_views.minimal_page))

handler404 = "members.views.not_found"
