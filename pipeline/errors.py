"""The one error type users see: a message that names the file (and line) and what to do."""


class HoyleError(Exception):
    """A problem with the user's input. The CLI prints it on one line and exits non-zero."""

    def __init__(self, message: str, *, hint: str | None = None):
        self.message = message
        self.hint = hint
        super().__init__(message if not hint else f"{message} ({hint})")
