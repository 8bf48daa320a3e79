from django.urls import path

from . import token_views, views

app_name = "members"

urlpatterns = [
    path("", views.search, name="search"),
    path("districts/<int:pk>/", views.district_detail, name="district"),
    path("clubs/<int:pk>/", views.club_detail, name="club"),
    path("clubs/<int:pk>/edit/", views.club_edit, name="club_edit"),
    path("members/lookup/", views.member_lookup, name="member_lookup"),
    path("members/<int:mid>/", views.member_detail, name="member"),
    path("members/<int:mid>/private/", views.private_details_edit, name="private_edit"),
    path(
        "members/<int:mid>/promotion-lists/",
        views.promotion_lists_edit,
        name="promotion_lists_edit",
    ),
    path("me/", views.my_page, name="my_page"),
    path("notifications/", views.notifications, name="notifications"),
    path("office/members/import/", views.member_import, name="member_import"),
    path("api-tokens/", token_views.tokens, name="tokens"),
    path("api-tokens/new/<str:kind>/", token_views.token_create, name="token_create"),
    path("api-tokens/<int:pk>/", token_views.token_detail, name="token"),
    path("api-tokens/<int:pk>/revoke/", token_views.token_revoke, name="token_revoke"),
]
