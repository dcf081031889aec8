"""A stand-in push service and device for the Web Push tests.

- ``PushService``: a real HTTP server on 127.0.0.1 in a thread that records
  every POST (headers and body) and answers ``status`` (201 unless told).
  Its ``endpoint(name)`` is a subscription endpoint on it.
- ``Device``: what a browser holds for one subscription: a real P-256 key pair
  and auth secret; ``subscription(endpoint)`` is ``PushSubscription.toJSON()``
  and ``read(body)`` decrypts what the site sent (RFC 8291, aes128gcm).
"""

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Device:
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.private_key.public_key().public_bytes(
                serialization.Encoding.X962,
                serialization.PublicFormat.UncompressedPoint,
            )
        )

    def subscription(self, endpoint: str) -> dict:
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body,
            private_key=self.private_key,
            auth_secret=self.auth,
            version="aes128gcm",
        )
        return json.loads(plain)


class PushService:
    def __init__(self):
        self.received: list[Received] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                service.received.append(
                    Received(
                        path=self.path,
                        headers={k.lower(): v for k, v in self.headers.items()},
                        body=self.rfile.read(length),
                    )
                )
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def endpoint(self, name: str) -> str:
        return f"{self.url}/push/{name}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
