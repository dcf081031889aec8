"""Development email backend: print each email readably, links unbroken."""

from django.core.mail.backends.console import EmailBackend


class ReadableConsoleBackend(EmailBackend):
    """Print headers and the plain-text body as written, not MIME-encoded.

    Django's console backend prints the wire format, whose quoted-printable
    encoding splits long lines with ``=``: a verification link copied from the
    terminal would not work.
    """

    def write_message(self, message):
        lines = [
            f"From: {message.from_email}",
            f"To: {', '.join(message.to)}",
            f"Subject: {message.subject}",
            "",
            message.body.rstrip(),
            "-" * 79,
            "",
        ]
        self.stream.write("\n".join(lines))
