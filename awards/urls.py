from django.urls import path

from . import views

app_name = "awards"

urlpatterns = [
    path("conversions/", views.conversions, name="conversions"),
    path("pin-orders/", views.pin_orders, name="pin_orders"),
    path("clubs/<int:pk>/pin-orders/", views.club_pin_orders, name="club_pin_orders"),
    path("calculator/", views.calculator, name="calculator"),
    path("ranking/", views.ranking_list, name="ranking"),
    path("list/", views.masterpoints_list, name="masterpoints_list"),
    path("clubs/<int:pk>/promotions/", views.club_promotions, name="club_promotions"),
    path("promotions/", views.promotions_latest, name="promotions"),
    path("promotions/<int:year>/<int:month>/", views.promotions_month, name="promotions_month"),
    path("members/<int:mid>/awards/", views.member_awards, name="member_awards"),
    path(
        "members/<int:mid>/promotions/<slug:code>/",
        views.certificate,
        name="certificate",
    ),
    path(
        "members/<int:mid>/promotions/<slug:code>/pdf/",
        views.certificate_pdf,
        name="certificate_pdf",
    ),
]
