"""Vacations: at most 14 days at a time and 30 in any 365, one at a time,
ending in the future; refusals say why; the profile page starts and ends them."""

from datetime import UTC, date, datetime, timedelta

import pytest

from django.urls import reverse

from accounts.models import Vacation
from accounts.services import (
    VacationRefused,
    vacation_end,
    vacation_start,
    vacation_time_left,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
VACATION = reverse("vacation")
PROFILE = reverse("profile")


@pytest.fixture
def clock(time_machine):
    """Time stopped at START (09:00 UTC); `clock.shift(delta)` moves it."""
    time_machine.move_to(START, tick=False)
    return time_machine


def refusal(user, until) -> str:
    with pytest.raises(VacationRefused) as refused:
        vacation_start(user=user, until=until)
    return refused.value.message


def days_left(user) -> int:
    return vacation_time_left(user=user, now=datetime.now(UTC)).days


def test_a_vacation_longer_than_14_days_is_refused(clock, user):
    assert refusal(user, START + 14 * DAY + timedelta(minutes=1)) == (
        "A vacation lasts at most 14 days."
    )
    vacation_start(user=user, until=START + 14 * DAY)
    assert user.away_until == START + 14 * DAY


def test_more_than_30_days_in_365_is_refused_across_vacations(clock, user):
    vacation_start(user=user, until=START + 14 * DAY)
    clock.shift(20 * DAY)
    vacation_start(user=user, until=START + 34 * DAY)
    clock.shift(20 * DAY)
    assert days_left(user) == 2

    assert refusal(user, START + 43 * DAY) == (
        "You have 2 days of vacation left this year."
    )
    assert Vacation.objects.filter(user=user).count() == 2
    vacation_start(user=user, until=START + 42 * DAY)
    assert days_left(user) == 0
    clock.shift(5 * DAY)
    assert refusal(user, START + 46 * DAY) == "You have no vacation left this year."

    # A year after the first one ended, its 14 days are back.
    clock.shift(START + 14 * DAY + 365 * DAY - datetime.now(UTC))
    assert days_left(user) == 14


def test_a_second_vacation_while_away_is_refused(clock, user_factory):
    bea = user_factory("bea", time_zone="Asia/Tokyo")
    vacation_start(user=bea, until=datetime(2026, 12, 2, 15, 0, tzinfo=UTC))
    assert refusal(bea, START + 3 * DAY) == "You are already away until 3 December."
    assert Vacation.objects.filter(user=bea).count() == 1


def test_an_end_in_the_past_is_refused(clock, user):
    assert refusal(user, START - timedelta(minutes=1)) == "Choose a day after today."
    assert refusal(user, START) == "Choose a day after today."
    assert not Vacation.objects.exists()
    user.refresh_from_db()
    assert user.away_until is None


def test_coming_back_early_gives_the_unused_days_back(clock, user):
    vacation_start(user=user, until=START + 10 * DAY)
    assert days_left(user) == 20
    clock.shift(3 * DAY)
    vacation_end(user=user)
    assert days_left(user) == 27
    user.refresh_from_db()
    assert user.away_until is None
    with pytest.raises(VacationRefused, match=r"You are not away\."):
        vacation_end(user=user)


def test_a_vacation_that_ran_its_course_is_over(clock, user):
    vacation_start(user=user, until=START + 2 * DAY)
    clock.shift(2 * DAY)
    user.refresh_from_db()
    assert user.away_at(datetime.now(UTC)) is None
    with pytest.raises(VacationRefused, match=r"You are not away\."):
        vacation_end(user=user)
    vacation_start(user=user, until=START + 3 * DAY)
    assert days_left(user) == 27


# -- the profile page -------------------------------------------------------------


def test_the_profile_page_starts_a_vacation_and_ends_it(clock, client, user_factory):
    ada = user_factory("ada", time_zone="Europe/Paris")
    client.force_login(ada)
    page = client.get(PROFILE).content.decode()
    assert "You have 30 days of vacation left this year." in page
    assert 'min="2026-11-21"' in page and 'max="2026-12-04"' in page

    response = client.post(VACATION, {"until": "2026-11-25"}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(PROFILE, 302)]
    assert "You are away until 25 November." in page
    assert ">I'm back</button>" in page
    ada.refresh_from_db()
    # Midnight at the start of 25 November in Paris.
    assert ada.away_until == datetime(2026, 11, 24, 23, 0, tzinfo=UTC)
    # 4 days and 14 hours away from Friday 09:00 UTC.
    assert "You have 25 days and 10 hours of vacation left this year." in page

    clock.shift(DAY)
    response = client.post(VACATION, {"end": "1"}, follow=True)
    page = response.content.decode()
    assert "Welcome back. The days you did not use are yours again." in page
    assert "You have 29 days of vacation left this year." in page
    ada.refresh_from_db()
    assert ada.away_until is None


@pytest.mark.parametrize(
    ("until", "message"),
    [
        ("2026-12-05", "A vacation lasts at most 14 days."),
        ("2026-11-20", "Choose a day after today."),
        ("2026-11-19", "Choose a day after today."),
        ("someday", "Enter a valid date."),
    ],
)
def test_the_profile_page_refuses_with_the_reason(
    clock, client_logged_in, until, message
):
    response = client_logged_in.post(VACATION, {"until": until})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Vacation.objects.exists()


def test_the_profile_page_says_when_the_allowance_is_short(clock, client, user):
    Vacation.objects.create(
        user=user, started_at=START - 100 * DAY, until=START - 80 * DAY
    )
    client.force_login(user)
    until = date(2026, 11, 20) + 12 * DAY
    response = client.post(VACATION, {"until": until.isoformat()})
    assert response.status_code == 400
    assert "You have 10 days of vacation left this year." in response.content.decode()


def test_im_back_when_not_away_says_so(client_logged_in):
    response = client_logged_in.post(VACATION, {"end": "1"}, follow=True)
    assert "You are not away." in response.content.decode()


def test_the_vacation_form_needs_a_signed_in_post(client, client_logged_in):
    assert client.post(VACATION, {"end": "1"}).status_code == 302
    assert client_logged_in.get(VACATION).status_code == 405


def test_vacation_is_counted_in_hours_so_ten_seconds_cost_nothing(clock, client, user):
    vacation_start(user=user, until=START + 10 * DAY)
    clock.shift(timedelta(seconds=10))
    vacation_end(user=user)
    assert vacation_time_left(user=user, now=datetime.now(UTC)) == 30 * DAY
    client.force_login(user)
    page = client.get(PROFILE).content.decode()
    assert "You have 30 days of vacation left this year." in page
    # Back after 5 hours and 20 minutes: 5 hours are gone.
    vacation_start(user=user, until=START + 10 * DAY)
    clock.shift(timedelta(hours=5, minutes=20))
    vacation_end(user=user)
    page = client.get(PROFILE).content.decode()
    assert "You have 29 days and 19 hours of vacation left this year." in page
