from django.urls import include, path

from . import views
from .fees import urls as fees_urls
from .lag import urls as lag_urls
from .official import urls as official_urls

app_name = "championships"

urlpatterns = [
    path("", views.championship_list, name="list"),
    path("<int:pk>/", views.championship_detail, name="detail"),
    path("", include(official_urls.urlpatterns)),
    path("", include(lag_urls.urlpatterns)),
    path("", include(fees_urls.urlpatterns)),
]
