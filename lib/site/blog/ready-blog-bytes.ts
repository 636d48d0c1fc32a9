import { LRUCache } from 'lru-cache';
import { singleton } from '../../platform/runtime/singleton';

const ONE_HOUR_MS = 3_600_000;

interface ReadyBytes {
  cache: LRUCache<string, Uint8Array<ArrayBuffer>>;
  /** Raised by every revalidation, so a read that started before one is not kept after it. */
  generation: number;
}

const ready = () =>
  singleton<ReadyBytes>('blog-ready-bytes', () => ({
    cache: new LRUCache({ max: 200, ttl: ONE_HOUR_MS }),
    generation: 0,
  }));

/**
 * A blog answer as the bytes sent on the wire, made once per hour (or revalidation) and per key:
 * a hot list page then costs no cache lookup, parse or serialization on each request.
 */
export async function readyBlogBytes(
  key: string,
  read: () => Promise<unknown>,
): Promise<Uint8Array<ArrayBuffer>> {
  const state = ready();
  const hit = state.cache.get(key);
  if (hit) return hit;
  const generation = state.generation;
  const bytes = new TextEncoder().encode(JSON.stringify(await read()));
  if (state.generation === generation) state.cache.set(key, bytes);
  return bytes;
}

/** Drops every ready answer (the CMS published a change). */
export function forgetReadyBlogBytes(): void {
  const state = ready();
  state.generation++;
  state.cache.clear();
}
