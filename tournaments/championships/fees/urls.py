from django.urls import path

from . import views

urlpatterns = [
    path("<int:pk>/fees/", views.fees_overview, name="fees_overview"),
    path("<int:pk>/fees/club/<int:club_id>/", views.fees_club, name="fees_club"),
]
