import { http, HttpResponse } from 'msw';
import { isPublishedDocument, runGroq } from '@/lib/adapters/cms/run-groq';

export const FAKE_SANITY_PROJECT = 'fakeproj';
export const FAKE_SANITY_DATASET = 'production';

export interface SanityFake {
  documents: unknown[];
  /** When set, the query endpoint answers with this status instead. */
  failWith?: number;
  requests: URL[];
  /** Consulted first on every query; a response it returns is answered instead (fault modes). */
  intercept?: (request: Request) => Promise<Response | undefined>;
}

/**
 * Answers Sanity's query endpoint (API and CDN hosts) by evaluating the received GROQ with
 * groq-js over `fake.documents`, honouring the `published` perspective like Sanity does.
 */
export function sanityHandlers(fake: SanityFake) {
  const answer = async (request: Request) => {
    const url = new URL(request.url);
    fake.requests.push(url);
    const early = await fake.intercept?.(request);
    if (early) return early;
    if (fake.failWith)
      return HttpResponse.json({ error: 'fake outage' }, { status: fake.failWith });
    const query = url.searchParams.get('query') ?? '';
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) {
      if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value);
    }
    const perspective = url.searchParams.get('perspective') ?? 'raw';
    const documents =
      perspective === 'published' ? fake.documents.filter(isPublishedDocument) : fake.documents;
    const result = await runGroq(documents, query, params);
    return HttpResponse.json({ query, result, ms: 1 });
  };
  const path = `/:version/data/query/${FAKE_SANITY_DATASET}`;
  return [
    http.get(`https://${FAKE_SANITY_PROJECT}.api.sanity.io${path}`, ({ request }) =>
      answer(request),
    ),
    http.get(`https://${FAKE_SANITY_PROJECT}.apicdn.sanity.io${path}`, ({ request }) =>
      answer(request),
    ),
  ];
}
