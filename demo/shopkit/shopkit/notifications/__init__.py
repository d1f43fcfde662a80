"""Notifications sent when orders change: log lines, e-mails and webhooks."""
from ..registry import lookup
from .base import LogNotifier, Notifier
from .email import EmailNotifier
from .webhook import WebhookNotifier

__all__ = ["Notifier", "LogNotifier", "EmailNotifier", "WebhookNotifier", "notifier_for"]


def notifier_for(channel: str, **options) -> Notifier:
    """Instantiate the notifier registered for a channel name (``log``, ``email``, ``webhook``)."""
    return lookup("notifier", channel)(**options)
