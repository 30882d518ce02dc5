"""The games app's pages. Lobby pages live in games.views.lobby, the table's page in
games.views.table, the table between games in games.views.between_games and the moves
in games.views.moves."""

from django.urls import path

from games.views import archive, between_games, chat, lobby, moves, rules, table, turns

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("tables/new/", lobby.create_table, name="create_table"),
    path("turns/", turns.turn_games, name="turn_games"),
    path("rules/", rules.rules_index, name="rules_index"),
    path("rules/<slug:key>/", rules.rules_page, name="rules"),
    path("join/<str:token>/", lobby.join_by_link, name="join_by_link"),
    path("tables/<int:pk>/", table.table_page, name="table"),
    path("tables/<int:pk>/seats/", between_games.seats, name="table_seats"),
    path("tables/<int:pk>/start/", between_games.start, name="table_start"),
    path("tables/<int:pk>/close/", between_games.close, name="table_close"),
    path("tables/<int:pk>/leave/", between_games.leave, name="table_leave"),
    path("games/<int:pk>/play/", moves.play, name="play"),
    path("games/<int:pk>/view/", moves.game_view, name="game_view"),
    path("games/<int:pk>/manage/", moves.manage, name="manage_game"),
    path("games/<int:pk>/levels/", moves.levels, name="game_levels"),
    path("games/<int:pk>/shuffles/", table.shuffles, name="shuffles"),
    path("games/<int:pk>/", archive.game_page, name="game_page"),
    path("games/<int:pk>/replay/", archive.replay, name="replay"),
    path("games/<int:pk>/transcript.txt", archive.transcript, name="transcript"),
    path("replays/import/", archive.import_transcript, name="import_transcript"),
    path("replays/signing-key.pem", archive.signing_key, name="transcript_signing_key"),
    path("replays/<slug:key>/", archive.imported_replay, name="imported_replay"),
    path("tables/<int:pk>/chat/", chat.chat, name="table_chat"),
    path("tables/<int:pk>/chat/mute/", chat.mute, name="table_chat_mute"),
    path("tables/<int:pk>/chat/hide/", chat.hide, name="table_chat_hide"),
]
