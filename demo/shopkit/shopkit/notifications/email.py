"""E-mail notifications: renders a small HTML receipt and hands it to an SMTP relay."""
import html
import smtplib
from email.message import EmailMessage

from ..registry import register
from .base import Notifier

TEMPLATE = """<html><body>
<h1>{title}</h1>
<p>Order <b>{order_id}</b>: total {total}.</p>
</body></html>"""

SUBJECTS = {"order_paid": "Thanks for your order", "order_refunded": "Your refund is on its way"}


def render_html(event: str, payload: dict) -> str:
    """Render the receipt as HTML, e.g. ``<h1>Thanks for your order</h1><p>Order <b>ord_1</b>...</p>``.

    Values are escaped, so a customer name like ``<script>`` cannot inject markup.
    """
    return TEMPLATE.format(
        title=html.escape(SUBJECTS.get(event, event)),
        order_id=html.escape(str(payload.get("order_id", ""))),
        total=html.escape(str(payload.get("total", ""))),
    )


@register("notifier", "email")
class EmailNotifier(Notifier):
    """Sends HTML e-mails through an SMTP relay; ``dry_run`` keeps them in ``outbox``."""

    channel = "email"

    def __init__(self, sender="shop@example.com", recipient="customer@example.com", host="localhost", dry_run=True):
        super().__init__()
        self.sender = sender
        self.recipient = recipient
        self.host = host
        self.dry_run = dry_run
        self.outbox = []

    def build_message(self, event, payload) -> EmailMessage:
        """Compose the e-mail with a plain-text part and the HTML receipt."""
        message = EmailMessage()
        message["Subject"] = SUBJECTS.get(event, event)
        message["From"] = self.sender
        message["To"] = self.recipient
        message.set_content(f"Order {payload.get('order_id')}: {payload.get('total')}")
        message.add_alternative(render_html(event, payload), subtype="html")
        return message

    def deliver(self, event, payload):
        message = self.build_message(event, payload)
        if self.dry_run:
            self.outbox.append(message)
            return
        with smtplib.SMTP(self.host) as smtp:
            smtp.send_message(message)
