from django.urls import path

from . import views

app_name = "scoresheet"

urlpatterns = [
    path("", views.score_sheet_page, name="sheet"),
    path("print/", views.printable_sheet, name="print"),
]
