"""The Bot API (issue 32): personal tokens with scopes, and JSON doors onto
the same services and views the table uses, so an API client sees exactly
what its seat's table shows and its moves take the one write path."""
