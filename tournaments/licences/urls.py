from django.urls import path

from . import views

app_name = "licences"

urlpatterns = [
    path("", views.licence_index, name="index"),
    path("office/", views.office_queue, name="office"),
    path("events/", views.public_events, name="events"),
    path("new/", views.licence_new, name="new"),
    path("pre-checks/", views.pre_checks, name="pre_checks"),
    path("allowances/", views.allowance_page, name="allowances"),
    path("<int:pk>/", views.licence_detail, name="detail"),
    path("<int:pk>/step/<str:step>/", views.licence_step, name="step"),
    path("<int:pk>/document/<str:field>/", views.document, name="document"),
    path("<int:pk>/licence/", views.printable, name="licence"),
    path("<int:pk>/licence/pdf/", views.printable_pdf, name="licence_pdf"),
]
