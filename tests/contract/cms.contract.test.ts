import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mswServer } from '../support/msw/msw-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsError, EmbeddedCms, SanityCms, type Cms } from '@/lib/adapters/cms';
import {
  FAKE_SANITY_DATASET,
  FAKE_SANITY_PROJECT,
  sanityHandlers,
  type SanityFake,
} from '../support/msw/sanity';

const documents = [
  { _id: 'author-a', _type: 'author', name: 'Ada' },
  {
    _id: 'p1',
    _type: 'post',
    title: 'One',
    slug: { current: 'one' },
    publishedAt: '2025-01-01T00:00:00Z',
    author: { _type: 'reference', _ref: 'author-a' },
  },
  {
    _id: 'p2',
    _type: 'post',
    title: 'Two',
    slug: { current: 'two' },
    publishedAt: '2025-02-01T00:00:00Z',
  },
  { _id: 'p3', _type: 'post', title: 'Three', slug: { current: 'three' } },
  { _id: 'drafts.p2', _type: 'post', title: 'Two (draft)', slug: { current: 'two' } },
  { _id: 'drafts.p4', _type: 'post', title: 'Draft only', slug: { current: 'draft-only' } },
];

/** Every row runs on both adapters; the results must be identical. */
const table: [string, string, Record<string, unknown>][] = [
  ['count of posts', 'count(*[_type == "post"])', {}],
  ['ordered titles', '*[_type == "post"] | order(_id asc).title', {}],
  [
    'by slug param',
    '*[_type == "post" && slug.current == $slug][0]{ _id, title }',
    { slug: 'two' },
  ],
  [
    'draft-only slug is not found',
    '*[_type == "post" && slug.current == $slug][0]',
    { slug: 'draft-only' },
  ],
  ['no draft ids at all', '*[_id in path("drafts.**")]._id', {}],
  ['dereference', '*[_id == "p1"][0]{ title, "author": author->name }', {}],
  [
    'slice with params',
    '*[_type == "post"] | order(_id desc) [$start...$end]._id',
    { start: 1, end: 3 },
  ],
  [
    'object projection',
    '{ "total": count(*[_type == "post"]), "first": *[_type == "post"] | order(_id asc)[0]._id }',
    {},
  ],
];

const fake: SanityFake = { documents, requests: [] };
const msw = mswServer(...sanityHandlers(fake));
let embedded: Cms;
let sanity: Cms;

beforeAll(() => {
  msw.listen({ onUnhandledRequest: 'error' });
  const dir = mkdtempSync(join(tmpdir(), 'cms-contract-'));
  const file = join(dir, 'dataset.ndjson');
  writeFileSync(file, documents.map((d) => JSON.stringify(d)).join('\n') + '\n');
  embedded = new EmbeddedCms(file);
  sanity = new SanityCms({
    projectId: FAKE_SANITY_PROJECT,
    dataset: FAKE_SANITY_DATASET,
    apiVersion: '2025-02-19',
    maxRetries: 0,
  });
});
afterAll(() => msw.close());

describe('CMS adapters agree', () => {
  it.each(table)('%s', async (_label, groq, params) => {
    const fromEmbedded = await embedded.query(groq, params);
    const fromSanity = await sanity.query(groq, params);
    expect(fromSanity).toEqual(fromEmbedded);
    expect(fromEmbedded).not.toBeUndefined();
  });

  it('the Sanity adapter asks for the published perspective', async () => {
    fake.requests.length = 0;
    await sanity.query('count(*)');
    expect(fake.requests[0]?.searchParams.get('perspective')).toBe('published');
  });

  it('never returns drafts', async () => {
    for (const cms of [embedded, sanity]) {
      const ids = (await cms.query('*[]._id')) as string[];
      expect(ids.some((id) => id.startsWith('drafts.'))).toBe(false);
      expect(ids).toContain('p2');
    }
  });

  it('reports a Sanity outage as a CmsError', async () => {
    fake.failWith = 503;
    try {
      await expect(sanity.query('count(*)')).rejects.toBeInstanceOf(CmsError);
    } finally {
      fake.failWith = undefined;
    }
  });

  it('reports an unreadable dataset as a CmsError', async () => {
    const missing = new EmbeddedCms('/nonexistent/dataset.ndjson');
    await expect(missing.query('count(*)')).rejects.toBeInstanceOf(CmsError);
    expect(missing.description).toContain('unreadable');
  });
});
