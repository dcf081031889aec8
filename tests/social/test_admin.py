"""The social models in the admin: staff find follows, blocks, challenges
(with who was named and their answers), presets and challenge settings by
a player's name; a player who is not staff is kept out."""

import pytest

from games.social import services
from games.social.models import Challenge

pytestmark = pytest.mark.django_db

LISTS = {
    "follow": "bea",
    "block": "cy",
    "challenge": "bea",
    "preset": "Usual",
    "socialsettings": "ada",
}


@pytest.fixture
def social(ada, bea, cy, challenge_of):
    services.follow(user=ada, username="bea")
    services.block(user=bea, username="cy")
    services.challenges_from_set(user=ada, choice="friends")
    services.preset_save(
        user=ada,
        name="Usual",
        data={"kind": "deal", "seat_count": "2", "seconds_per_decision": "3600"},
    )
    return challenge_of(ada, bea)


@pytest.mark.parametrize("model,name", LISTS.items())
def test_staff_find_each_social_record_by_a_players_name(
    admin_client, social, model, name
):
    page = admin_client.get(f"/admin/social/{model}/?q={name}")
    assert page.status_code == 200
    assert "0 results" not in page.text
    missing = admin_client.get(f"/admin/social/{model}/?q=nobody-by-that-name")
    assert missing.status_code == 200 and "0 results" in missing.text


def test_a_challenge_shows_its_invitees_and_cannot_be_added_or_edited(
    admin_client, social
):
    page = admin_client.get(f"/admin/social/challenge/{social.pk}/change/")
    assert page.status_code == 200
    assert "Not answered yet" in page.text and "Bea" in page.text
    assert admin_client.get("/admin/social/challenge/add/").status_code == 403
    admin_client.post(
        f"/admin/social/challenge/{social.pk}/change/", {"status": "started"}
    )
    assert Challenge.objects.get(pk=social.pk).status == Challenge.Status.OPEN


def test_a_player_who_is_not_staff_is_kept_out(client, ada, social):
    client.force_login(ada)
    page = client.get("/admin/social/challenge/")
    assert page.status_code in (302, 403)
    assert "Not answered yet" not in page.text
