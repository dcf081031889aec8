"""The embedded broker (kombu's filesystem transport, `mdeal_site.broker`):
a worker never reads a message before it is whole."""

from queue import Empty

import pytest
from kombu import Connection
from kombu.transport import filesystem

from mdeal_site import broker


@pytest.fixture
def channel(tmp_path):
    queue = tmp_path / "queue"
    queue.mkdir()
    (tmp_path / "processed").mkdir()
    connection = Connection(
        "mdealfiles://",
        transport_options={
            "data_folder_in": str(queue),
            "data_folder_out": str(queue),
            "processed_folder": str(tmp_path / "processed"),
            "control_folder": str(tmp_path / "control"),
            "store_processed": False,
        },
    )
    channel = connection.channel()
    yield channel
    connection.release()


def test_a_message_is_read_whole(channel):
    channel._put("moves", {"body": "play seat 2"})

    assert channel._get("moves") == {"body": "play seat 2"}
    with pytest.raises(Empty):
        channel._get("moves")


def test_a_worker_looking_while_a_message_is_written_finds_nothing_yet(
    channel, monkeypatch
):
    # A worker lists the queue folder while the web process writes: kombu's
    # own transport had created the file empty by then, and the worker took
    # it, failed on its JSON and lost the message.
    seen = []

    def dumps_while_a_worker_looks(payload):
        try:
            seen.append(channel._get("moves"))
        except Empty:
            seen.append("nothing")
        return original(payload)

    original = broker.dumps
    monkeypatch.setattr(broker, "dumps", dumps_while_a_worker_looks)
    monkeypatch.setattr(filesystem, "dumps", dumps_while_a_worker_looks)

    channel._put("moves", {"body": "play seat 2"})

    assert seen == ["nothing"]
    assert channel._get("moves") == {"body": "play seat 2"}


def test_the_site_uses_this_channel():
    assert broker.Transport.Channel is broker.Channel
    assert issubclass(broker.Channel, filesystem.Channel)
