export type GroqParams = Record<string, unknown>;

/**
 * The CMS port: run a GROQ query against published documents. Callers validate the result
 * with their own zod schema, so adapters hand back plain JSON.
 */
export interface Cms {
  readonly kind: 'sanity' | 'embedded';
  readonly description: string;
  /** Identifies the content source (dataset file, or project/dataset) for cache keys. */
  readonly source: string;
  query(groq: string, params?: GroqParams): Promise<unknown>;
  ping(): Promise<void>;
}

export class CmsError extends Error {
  override name = 'CmsError';
}
