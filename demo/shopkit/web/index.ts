/**
 * Public entry of the shopkit admin UI client: re-exports the API, models and formatters.
 */
export { AdminApi, ApiError, HttpClient, ShopApi } from './api';
export { DiscountedProduct, Entity, ProductModel } from './models';
export type { OrderRecord, OrderStatus, ProductRecord } from './models';
export * from './format';
