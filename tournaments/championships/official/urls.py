"""The district official's pages: heats, registrations, confirming the final's places, replacements, and the audit trail."""

from django.urls import path

from . import views

urlpatterns = [
    path("<int:pk>/official/", views.championship, name="official_championship"),
    path("<int:pk>/official/trail/", views.trail, name="official_trail"),
    path(
        "<int:pk>/official/stages/<int:stage_pk>/heats/new/",
        views.heat_add,
        name="official_heat_add",
    ),
    path("<int:pk>/official/heats/<int:heat_pk>/", views.heat_edit, name="official_heat"),
    path(
        "<int:pk>/official/heats/<int:heat_pk>/cancel/",
        views.heat_cancel,
        name="official_heat_cancel",
    ),
    path("<int:pk>/official/heats/<int:heat_pk>/strike/", views.strike, name="official_strike"),
    path("<int:pk>/official/registrations/new/", views.register, name="official_register"),
    path(
        "<int:pk>/official/registrations/<int:registration_pk>/",
        views.registration,
        name="official_registration",
    ),
    path("<int:pk>/official/places/", views.places, name="official_places"),
    path("<int:pk>/official/qualified-twice/", views.twice, name="official_twice"),
]
