from django.urls import include, path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/status/", views.tournament_status, name="status"),
    path("report/", views.report_upload, name="report"),
    path("scoresheet/", include("tournaments.scoresheet.urls")),
    path("office/processing/", views.processing, name="processing"),
    path("office/processing/<int:pk>/run-again/", views.run_again, name="run_again"),
]
