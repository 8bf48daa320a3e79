from django.urls import path

from . import views

app_name = "sanctions"

urlpatterns = [
    path("", views.sanction_index, name="index"),
    path("calendar/", views.calendar, name="calendar"),
    path("new/", views.sanction_new, name="new"),
    path("pre-checks/", views.pre_checks, name="pre_checks"),
    path("<int:pk>/", views.sanction_detail, name="detail"),
    path("<int:pk>/edit/", views.sanction_edit, name="edit"),
    path("<int:pk>/step/<str:step>/", views.sanction_step, name="step"),
    path("<int:pk>/decision/", views.decision, name="decision"),
    path("<int:pk>/decision/pdf/", views.decision_pdf, name="decision_pdf"),
]
