"""Card payments: number validation (Luhn), masking and the card provider base class."""
from ..errors import CardDeclined
from ..pricing.money import Money
from .base import BaseProvider, PaymentResult

TEST_CARD_PREFIXES = ("4242", "5555")


def luhn_valid(number: str) -> bool:
    """True when the digits pass the Luhn checksum used by all card networks."""
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) < 12:
        return False
    checksum = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        checksum += digit
    return checksum % 10 == 0


def mask_card_number(number: str) -> str:
    """Hide all but the last four digits of a card number for logs and receipts."""
    digits = "".join(c for c in number if c.isdigit())
    return "*" * (len(digits) - 4) + digits[-4:]


class CardProvider(BaseProvider):
    """A provider that charges card numbers; validates them before calling the network."""

    name = "card"
    requires_cvc = True

    def validate_card(self, token: str) -> str:
        """Return the card digits from a ``card:<number>`` token or raise ``CardDeclined``."""
        number = token.split(":", 1)[-1]
        if not luhn_valid(number):
            raise CardDeclined("invalid_number")
        return number

    def charge(self, amount: Money, token: str, *, reference: str) -> PaymentResult:
        self.check_currency(amount)
        number = self.validate_card(token)
        self.calls += 1
        return self.send_charge(amount, number, reference)

    def send_charge(self, amount: Money, number: str, reference: str) -> PaymentResult:
        """Network call of a concrete card provider; the base class cannot send anything."""
        raise NotImplementedError

    def refund(self, payment_ref: str, amount: Money) -> PaymentResult:
        raise NotImplementedError
