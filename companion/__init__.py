"""Ursuppe Companion: the referee's laptop and the players' phones beside a real game."""

__version__ = "0.1.0"


def create_app(test_config=None):
    """The Flask app factory (`flask --app companion run`); the rules engine needs no Flask."""
    from companion.web.app import build_app

    return build_app(test_config)
