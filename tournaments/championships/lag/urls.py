from django.urls import path

from . import views

urlpatterns = [
    path("<int:pk>/lag/heats/", views.lag_heats, name="lag_heats"),
    path("<int:pk>/lag/semifinals/", views.lag_semifinals, name="lag_semifinals"),
    path(
        "<int:pk>/lag/semifinals/official/",
        views.lag_semifinals_official,
        name="lag_semifinals_official",
    ),
    path("<int:pk>/lag/final/", views.lag_final, name="lag_final"),
    path("<int:pk>/lag/sm/", views.lag_sm, name="lag_sm"),
]
