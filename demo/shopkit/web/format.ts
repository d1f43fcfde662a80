/**
 * Formatting helpers for the admin UI: money amounts, dates and order statuses.
 */
import type { OrderStatus } from './models';

export const DEFAULT_LOCALE = 'en-GB';

/** Format a decimal string amount with its currency, e.g. "29.90 EUR" -> "€29.90". */
export function formatMoney(amount: string, currency: string, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}

/** Short local date for an ISO timestamp. */
export function formatDate(iso: string, locale = DEFAULT_LOCALE): string {
  return new Date(iso).toLocaleDateString(locale);
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Human label for an order status. */
export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}
