"""The event pages, included at the site's root (before games' URLs)."""

from django.urls import path

from tournaments.views import (
    calendars,
    events,
    guest_invitations,
    keep_apart,
    league_forms,
    leagues,
    manage,
    organizer_calls,
    printing,
    projector,
    results,
    season,
    table_link,
    verify,
)

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", events.event_list, name="list"),
    path("clubs/<slug:slug>/events/new/", events.create_event, name="create"),
    path("tournaments/<int:pk>/", events.event_page, name="detail"),
    path("tournaments/<int:pk>/standings.csv", events.standings_csv, name="standings_csv"),
    path("tournaments/<int:pk>/register/", events.register, name="register"),
    path("tournaments/<int:pk>/withdraw/", events.withdraw, name="withdraw"),
    path("tournaments/<int:pk>/check-in/", events.check_in, name="check_in"),
    path("tournaments/<int:pk>/join/<str:token>/", events.join, name="join"),
    path("tournaments/<int:pk>/manage/", manage.manage, name="manage"),
    # The organizers' keep-apart pairs (docs/fair-seating.md#keep-apart-pairs).
    path("tournaments/<int:pk>/keep-apart/", keep_apart.event_keep_apart, name="keep_apart"),
    path(
        "tournaments/<int:pk>/keep-apart/<int:pair_pk>/remove/",
        keep_apart.remove_event_keep_apart,
        name="remove_keep_apart",
    ),
    # A card table's result, entered from the players' phones
    # (docs/club-night.md#entering-and-confirming).
    path("tournaments/<int:pk>/results/<int:table_pk>/", results.result, name="card_result"),
    # A card table's own link, for phones without an account
    # (docs/club-night.md#a-tables-own-link).
    path(
        "tournaments/<int:pk>/results/<int:table_pk>/link/<str:token>/",
        table_link.link_page,
        name="card_table_link",
    ),
    path(
        "tournaments/<int:pk>/results/<int:table_pk>/link/<str:token>/call/",
        table_link.link_call,
        name="card_table_link_call",
    ),
    # A player calls the organizer to their table; the console answers
    # (docs/club-night.md#calling-the-organizer).
    path(
        "tournaments/<int:pk>/call/<int:table_pk>/",
        organizer_calls.call,
        name="call_organizer",
    ),
    path(
        "tournaments/<int:pk>/calls/<int:call_pk>/answered/",
        organizer_calls.answered,
        name="organizer_call_answered",
    ),
    # A guest invited to join the club, keeping their results
    # (docs/clubs.md#a-guest-becomes-a-member).
    path(
        "tournaments/<int:pk>/guests/<int:entry_pk>/invite/",
        guest_invitations.invite_guest,
        name="invite_guest",
    ),
    path("tournaments/<int:pk>/screen/", projector.screen, name="screen"),
    # Calendars (docs/calendars.md#the-three-feeds): plain GET addresses, no log-in.
    path("clubs/<slug:slug>/calendar.ics", calendars.club_calendar, name="club_calendar"),
    path("tournaments/<int:pk>/calendar.ics", calendars.event_calendar, name="event_calendar"),
    path("tournaments/calendar/", calendars.my_calendar, name="my_calendar"),
    path(
        "tournaments/calendar/<int:pk>/<str:token>.ics",
        calendars.player_calendar,
        name="player_calendar",
    ),
    # The seating checked against the seed, once revealed (docs/fair-seating.md#drawing-again).
    path("tournaments/<int:pk>/verify/", verify.verify_page, name="verify"),
    path("clubs/<slug:slug>/season/", season.club_season, name="season"),
    path("clubs/<slug:slug>/season/<int:year>/", season.club_season, name="season_year"),
    # A club's leagues (docs/tournaments.md#leagues); `league`, not `pk`: no event's scope.
    path("clubs/<slug:slug>/leagues/", leagues.league_list, name="leagues"),
    path("clubs/<slug:slug>/leagues/new/", league_forms.new_league, name="league_new"),
    path("clubs/<slug:slug>/leagues/<int:league>/", leagues.league_page, name="league"),
    path(
        "clubs/<slug:slug>/leagues/<int:league>/edit/", league_forms.edit_league, name="league_edit"
    ),
    path(
        "clubs/<slug:slug>/leagues/<int:league>/delete/",
        league_forms.delete_league,
        name="league_delete",
    ),
    path(
        "clubs/<slug:slug>/leagues/<int:league>/print/", leagues.league_print, name="league_print"
    ),
    path(
        "clubs/<slug:slug>/leagues/<int:league>/screen/",
        leagues.league_screen,
        name="league_screen",
    ),
    path(
        "clubs/<slug:slug>/leagues/<int:league>/standings.csv",
        leagues.league_csv,
        name="league_csv",
    ),
    # Printed pages (docs/club-night.md#print); without a round: the latest the viewer may see.
    path("tournaments/<int:pk>/print/pairings/", printing.pairings, name="print_pairings"),
    path(
        "tournaments/<int:pk>/print/pairings/<int:number>/",
        printing.pairings,
        name="print_pairings_round",
    ),
    path("tournaments/<int:pk>/print/table-cards/", printing.table_cards, name="print_cards"),
    path(
        "tournaments/<int:pk>/print/table-cards/<int:number>/",
        printing.table_cards,
        name="print_cards_round",
    ),
    path("tournaments/<int:pk>/print/sign-in/", printing.sign_in, name="print_sign_in"),
    path("tournaments/<int:pk>/print/standings/", printing.standings, name="print_standings"),
]
