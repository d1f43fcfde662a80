"""The notifier interface and a notifier that writes events to the log."""
import logging

from ..registry import register

log = logging.getLogger("shopkit.notifications")


class Notifier:
    """Delivers order events (``order_paid``, ``order_refunded``) to one channel."""

    channel = "base"

    def __init__(self):
        self.sent = []

    def send(self, event: str, payload: dict) -> None:
        """Deliver one event and remember it in ``sent`` for inspection in tests."""
        self.deliver(event, payload)
        self.sent.append((event, payload))

    def deliver(self, event: str, payload: dict) -> None:
        """Channel-specific delivery; subclasses override it."""
        raise NotImplementedError


@register("notifier", "log")
class LogNotifier(Notifier):
    """Writes every event to the ``shopkit.notifications`` logger at INFO level."""

    channel = "log"

    def deliver(self, event, payload):
        log.info("%s %s", event, payload)
