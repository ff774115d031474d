"""Child processes (mkdocs, Datasette) that never outlive hoyle."""

from __future__ import annotations


def die_with_parent() -> None:
    """In a child, before exec: be sent SIGTERM when hoyle dies, even by SIGKILL (Linux prctl
    PR_SET_PDEATHSIG); elsewhere nothing."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM))   # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
