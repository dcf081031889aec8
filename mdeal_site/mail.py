"""Development email backends: each email written readably, links unbroken.

Django's console and file backends write the wire format, whose
quoted-printable encoding splits long lines with ``=``: a verification link
copied from the terminal or the file would not work. These write the headers
and the bodies as they were written instead.
"""

from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.core.mail.backends.filebased import EmailBackend as FileBackend

SEPARATOR = "-" * 79


def readable(message, *, alternatives: bool) -> str:
    """The email as a person reads it: headers, the text, and, when asked,
    each alternative (the HTML) as written."""
    lines = [
        f"From: {message.from_email}",
        f"To: {', '.join(message.to)}",
    ]
    if message.cc:
        lines.append(f"Cc: {', '.join(message.cc)}")
    lines.append(f"Subject: {message.subject}")
    lines += [f"{name}: {value}" for name, value in message.extra_headers.items()]
    lines += ["", message.body.rstrip()]
    for alternative in getattr(message, "alternatives", ()) if alternatives else ():
        content, mimetype = alternative
        lines += ["", f"[{mimetype}]", str(content).rstrip()]
    lines += [SEPARATOR, ""]
    return "\n".join(lines)


class ReadableConsoleBackend(ConsoleBackend):
    """Print the headers and the plain-text body, not MIME-encoded."""

    def write_message(self, message):
        self.stream.write(readable(message, alternatives=False))


class ReadableFileBackend(FileBackend):
    """Write the headers, the plain-text body and the HTML, in UTF-8, to a
    file in the folder (one file per connection, as Django's file backend)."""

    def write_message(self, message):
        self.stream.write(readable(message, alternatives=True).encode())
