"""The games app's pages. Lobby pages live in games.views.lobby, the table and its
moves in games.views.table."""

from django.urls import path

from games.views import lobby, rules, table

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("tables/new/", lobby.create_table, name="create_table"),
    path("rules/", rules.rules_index, name="rules_index"),
    path("rules/<slug:key>/", rules.rules_page, name="rules"),
    path("join/<str:token>/", lobby.join_by_link, name="join_by_link"),
    path("tables/<int:pk>/", table.table_page, name="table"),
    path("tables/<int:pk>/seats/", table.seats, name="table_seats"),
    path("tables/<int:pk>/start/", table.start, name="table_start"),
    path("tables/<int:pk>/close/", table.close, name="table_close"),
    path("tables/<int:pk>/leave/", table.leave, name="table_leave"),
    path("games/<int:pk>/play/", table.play, name="play"),
    path("games/<int:pk>/view/", table.game_view, name="game_view"),
    path("games/<int:pk>/manage/", table.manage, name="manage_game"),
    path("games/<int:pk>/shuffles/", table.shuffles, name="shuffles"),
]
