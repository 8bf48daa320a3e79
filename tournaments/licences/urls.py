from django.urls import path

from . import ums_views, views

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

# Universal Membership charges (EBU 1.3, issue #20).
urlpatterns += [
    path("ums/", ums_views.office_statements, name="ums_office"),
    path("ums/issue/", ums_views.issue_statements, name="ums_issue"),
    path("ums/club/<int:club_pk>/", ums_views.club_statements, name="ums_club"),
    path(
        "ums/club/<int:club_pk>/<int:year>-<int:month>/",
        ums_views.statement_page,
        name="ums_statement",
    ),
    path(
        "ums/club/<int:club_pk>/<int:year>-<int:month>/printed/",
        ums_views.statement_printed,
        name="ums_printed",
    ),
    path(
        "ums/club/<int:club_pk>/<int:year>-<int:month>/pdf/",
        ums_views.statement_pdf,
        name="ums_pdf",
    ),
    path("ums/statement/<int:pk>/payment/", ums_views.statement_payment, name="ums_payment"),
    path("ums/tournament/<int:pk>/", ums_views.tournament_code, name="ums_code"),
]
