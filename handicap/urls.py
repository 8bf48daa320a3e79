from django.urls import path

from . import views

app_name = "handicap"

urlpatterns = [
    path("corrections/", views.corrections, name="corrections"),
    path("list/", views.national_list, name="list"),
    path("calculator/", views.calculator, name="calculator"),
    path("clubs/<int:pk>/", views.club_handicaps, name="club"),
    path("members/<int:mid>/", views.member_history, name="member_history"),
    path("members/<int:mid>/why/<int:tournament>/", views.why, name="why"),
    path("dm/<int:pk>/", views.dm_hcp30, name="dm_hcp30"),
    path("estimates/", views.estimates, name="estimates"),
    path("estimates/<int:mid>/delete/", views.estimate_delete, name="estimate_delete"),
    path("checkup/", views.checkup, name="checkup"),
]
