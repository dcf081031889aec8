"""Friends, blocks, challenges and their presets: a way into a game through a
person rather than the lobby (its own Django app, label "social").

- `models`: `Follow`, `Block`, `SocialSettings` (who may challenge), `LastSeen`
  ("online now"), `Challenge` and its `Invitee`s, `Preset`;
- `services`: the only writer of them;
- `selectors`: the reads (who may do what to whom, the friends page, the lists);
- `views`, `urls`, `forms`, `consumers` (the inbox socket), `tasks`: the doors.

The inbox itself (one line per event, the bell) is the notifications' record:
`games.notifications.inbox`.
"""
