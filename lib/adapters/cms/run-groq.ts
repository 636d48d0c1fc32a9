import { evaluate, parse } from 'groq-js';
import type { GroqParams } from './types';

/** Evaluates GROQ over in-memory documents the way Sanity's query endpoint would. */
export async function runGroq(
  documents: unknown[],
  groq: string,
  params: GroqParams = {},
): Promise<unknown> {
  const tree = parse(groq, { params });
  const value = await evaluate(tree, { dataset: documents, params });
  return value.get();
}

/** Sanity's `published` perspective: drafts (and versions) are invisible. */
export function isPublishedDocument(document: unknown): boolean {
  if (typeof document !== 'object' || document === null) return false;
  const id = (document as { _id?: unknown })._id;
  return typeof id === 'string' && !id.startsWith('drafts.') && !id.startsWith('versions.');
}
