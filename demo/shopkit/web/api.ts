/**
 * HTTP client of the shopkit admin UI: a generic JSON client and the admin API on top.
 */
import { ProductModel } from '@/models';
import type { OrderRecord, ProductRecord } from '@/models';
import { formatMoney } from './format.js';

/** Error thrown when the API answers with a non-2xx status. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Minimal JSON-over-fetch client with a base URL and a bearer token. */
export class HttpClient {
  constructor(protected baseUrl: string, protected token?: string) {}

  protected async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new ApiError(response.status, await response.text());
    return (await response.json()) as T;
  }
}

/** Read-only shop API: products and orders. */
export class ShopApi extends HttpClient {
  /** Fetch every product and wrap it in a ProductModel. */
  async products(): Promise<ProductModel[]> {
    const records = await this.request<ProductRecord[]>('GET', '/products');
    return records.map((record) => new ProductModel(record));
  }

  async orders(): Promise<OrderRecord[]> {
    return this.request<OrderRecord[]>('GET', '/orders');
  }
}

/** Admin API: everything ShopApi does plus product edits and refunds. */
export class AdminApi extends ShopApi {
  /** Save a product the admin edited; clears its dirty flag on success. */
  async saveProduct(product: ProductModel): Promise<void> {
    await this.request('PUT', `/products/${product.id}`, product.toRecord());
    product.dirty = false;
  }

  /** Refund an order and return a one-line summary for the toast. */
  async refund(order: OrderRecord): Promise<string> {
    await this.request('POST', `/orders/${order.id}/refund`);
    return `Refunded ${formatMoney(order.totals.total.split(' ')[0], order.totals.total.split(' ')[1] ?? 'EUR')}`;
  }
}
