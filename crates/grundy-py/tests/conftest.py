"""Shared fixtures of the package's tests."""

import signal

import pytest


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C (SIGINT) raises KeyboardInterrupt, as in an interactive Python, for the tests that send it: a Python
    started with SIGINT ignored (in the background of a non-interactive shell, under nohup) installs no handler, so
    the signal would be dropped and the test would time its call out instead of testing the interruption."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
