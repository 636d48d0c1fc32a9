import type { SanityClient } from '@sanity/client';
import { loadOnce } from '../../platform/runtime/load-once';
import { CmsError, type Cms, type GroqParams } from './types';

export interface SanityCmsOptions {
  projectId: string;
  dataset: string;
  apiVersion: string;
  token?: string;
  useCdn?: boolean;
  maxRetries?: number;
  /** Bounds each query, its retries included; default 5 s. */
  timeoutMs?: number;
}

/** The production CMS: Sanity's query API, published perspective only. */
export class SanityCms implements Cms {
  readonly kind = 'sanity' as const;
  readonly description: string;
  readonly source: string;
  private readonly client: () => Promise<SanityClient>;
  private readonly timeoutMs: number;

  constructor(options: SanityCmsOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.client = loadOnce(async () =>
      (await import('@sanity/client')).createClient({
        projectId: options.projectId,
        dataset: options.dataset,
        apiVersion: options.apiVersion,
        token: options.token,
        useCdn: options.useCdn ?? false,
        perspective: 'published',
        maxRetries: options.maxRetries ?? 2,
      }),
    );
    this.source = `sanity:${options.projectId}/${options.dataset}`;
    this.description = `sanity (project ${options.projectId}, dataset ${options.dataset}, api ${options.apiVersion}${options.useCdn ? ', cdn' : ''})`;
  }

  async query(groq: string, params: GroqParams = {}): Promise<unknown> {
    try {
      // The client's own timeout is 5 minutes per attempt: a Sanity that accepts the connection
      // and never answers would hold a blog read or a lead submission that long, three times.
      return await (
        await this.client()
      ).fetch<unknown>(groq, params, {
        perspective: 'published',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CmsError(`sanity query failed: ${(error as Error).message}`, { cause: error });
    }
  }

  async ping(): Promise<void> {
    await this.query('count(*[_type == $type][0...1])', { type: 'sanity.imageAsset' });
  }
}
