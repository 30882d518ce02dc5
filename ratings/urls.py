"""The leaderboards, under /ratings/."""

from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("<str:family>/", views.leaderboard, name="family"),
    path("club/<slug:slug>/", views.club_leaderboard, name="club"),
    path("club/<slug:slug>/<str:family>/", views.club_leaderboard, name="club_family"),
]
