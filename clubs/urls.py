"""The club pages, under /clubs/ (the tournaments app adds a club's events and season)."""

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/edit/", views.edit, name="edit"),
    path("<slug:slug>/join/", views.join, name="join"),
    path("<slug:slug>/leave/", views.leave, name="leave"),
    path("<slug:slug>/invite/new/", views.new_invite, name="new_invite"),
    path("<slug:slug>/invite/<str:token>/", views.invite, name="invite"),
    path("<slug:slug>/requests/accept-all/", views.accept_all, name="accept_all"),
    path("<slug:slug>/requests/<int:pk>/", views.answer_request, name="answer_request"),
    path("<slug:slug>/members/<int:pk>/", views.member, name="member"),
    path("<slug:slug>/members.csv", views.members_csv, name="members_csv"),
    path("<slug:slug>/members/import/", views.import_members, name="import_members"),
    path("<slug:slug>/members/invite/", views.send_invitations, name="send_invitations"),
    path("<slug:slug>/invitation/<str:token>/", views.invitation, name="invitation"),
    path("<slug:slug>/keep-apart/", views.keep_apart, name="keep_apart"),
    path(
        "<slug:slug>/keep-apart/<int:pk>/remove/",
        views.remove_keep_apart,
        name="remove_keep_apart",
    ),
    path("<slug:slug>/rules/", views.add_rule_set, name="add_rule_set"),
    path("<slug:slug>/rules/new/", views.new_rule_set, name="new_rule_set"),
    path("<slug:slug>/rules/<int:pk>/remove/", views.remove_rule_set, name="remove_rule_set"),
]
