/**
 * Data models of the shopkit admin UI: products, orders and their JSON shapes.
 */

/** JSON shape of a product as returned by the shopkit API. */
export interface ProductRecord {
  sku: string;
  name: string;
  price: string;
  currency: string;
  category: string | null;
  tags: string[];
  active: boolean;
}

/** JSON shape of an order as stored by the shopkit storage backends. */
export interface OrderRecord {
  id: string;
  status: OrderStatus;
  customer: string | null;
  totals: { subtotal: string; discount: string; tax: string; total: string };
  created_at: string;
}

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled' | 'refunded';

/** Base class of client-side models: every entity has an id and a dirty flag. */
export abstract class Entity {
  dirty = false;

  constructor(readonly id: string) {}

  /** Mark the entity as changed so the admin UI offers to save it. */
  touch(): void {
    this.dirty = true;
  }

  abstract toRecord(): object;
}

/** A product being viewed or edited in the admin UI. */
export class ProductModel extends Entity {
  constructor(public record: ProductRecord) {
    super(record.sku);
  }

  /** Net price as a number, for sorting and charts. */
  get price(): number {
    return Number(this.record.price);
  }

  rename(name: string): void {
    this.record = { ...this.record, name };
    this.touch();
  }

  toRecord(): ProductRecord {
    return { ...this.record };
  }
}

/** A product shown with a sale badge: the price after a percentage discount. */
export class DiscountedProduct extends ProductModel {
  constructor(record: ProductRecord, readonly percent: number) {
    super(record);
  }

  override get price(): number {
    return Math.round(super.price * (100 - this.percent)) / 100;
  }
}
