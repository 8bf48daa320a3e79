"""Manual results entry, included at /tournaments/manual/ (before tournaments.urls)."""

from django.urls import path

from . import views

app_name = "manual"

urlpatterns = [
    path("", views.index, name="index"),
    path("teams/new/", views.team_event_create, name="team_event_create"),
    path("teams/<int:pk>/", views.team_event, name="team_event"),
    path("teams/<int:pk>/match/", views.team_match, name="team_match"),
    path("teams/<int:pk>/teams/<int:team>/roster/", views.team_roster, name="team_roster"),
    path("pairs/new/", views.pairs_event_create, name="pairs_event_create"),
    path("pairs/<int:pk>/", views.pairs_event, name="pairs_event"),
]
