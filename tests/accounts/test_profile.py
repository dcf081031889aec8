import pytest

from django.urls import reverse

PROFILE = reverse("profile")


def profile_data(**fields):
    data = {
        "display_name": "Ada L.",
        "time_zone": "Europe/Paris",
        "notify": "daily_digest",
        "reminders": "",
    }
    data.update(fields)
    return {key: value for key, value in data.items() if value != ""}


@pytest.mark.django_db
def test_profile_requires_login(client):
    response = client.get(PROFILE)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@pytest.mark.django_db
def test_profile_shows_the_current_preferences(client_logged_in, user):
    response = client_logged_in.get(PROFILE)

    assert response.status_code == 200
    content = response.content.decode()
    assert "Your profile" in content
    assert user.email in content
    assert 'value="UTC" selected' in content


@pytest.mark.django_db
def test_profile_edit_saves_name_time_zone_and_notifications(client_logged_in, user):
    response = client_logged_in.post(PROFILE, profile_data(), follow=True)

    assert "Your profile is saved." in response.content.decode()
    user.refresh_from_db()
    assert user.display_name == "Ada L."
    assert user.time_zone == "Europe/Paris"
    assert user.notify == user.Notify.DAILY_DIGEST
    assert user.reminders is False


@pytest.mark.django_db
def test_profile_rejects_an_unknown_time_zone_and_changes_nothing(
    client_logged_in, user
):
    response = client_logged_in.post(PROFILE, profile_data(time_zone="Mars/Olympus"))

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    user.refresh_from_db()
    assert user.time_zone == "UTC"
    assert user.display_name == "Ada"


@pytest.mark.django_db
def test_profile_rejects_an_unknown_notification_choice(client_logged_in, user):
    response = client_logged_in.post(PROFILE, profile_data(notify="carrier_pigeon"))

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    user.refresh_from_db()
    assert user.notify == user.Notify.EACH_MOVE


@pytest.mark.django_db
def test_profile_display_name_whitespace_is_tidied(client_logged_in, user):
    client_logged_in.post(PROFILE, profile_data(display_name="  Ada   Lovelace "))

    user.refresh_from_db()
    assert user.display_name == "Ada Lovelace"
