"""What brings players back: "your move" emails, reminders and the daily digest.

A `Notification` is one thing to tell one player about one decision (the seat's
deadline entry: its kind and time), on one channel. It is written in the same
transaction that makes the decision due (`decisions.decisions_record`, called
from the games services' one write path) and sent after commit by a task, with
the beat sweep as the backstop. Email is the only channel today; Web Push adds
rows with its own channel and reuses the rest.
"""
