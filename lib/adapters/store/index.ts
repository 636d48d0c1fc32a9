export type {
  LeaseKind,
  LeaseResult,
  Store,
  StoreWrite,
  SetIfAbsentResult,
  SlidingWindowResult,
} from './types';
export { StoreTypeError } from './types';
export { getStore, createStore } from './get-store';
export { EmbeddedStore } from './embedded-store';
export { RedisStore, type RedisDriver } from './redis-store';
export { StoreOutbox } from './store-outbox';
