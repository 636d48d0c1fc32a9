import { randomUUID } from 'node:crypto';
import { signRecordingUrl } from '../recording-link';
import type { RenderOptions } from '../render-call';
import type { Executor } from '../../adapters/db';
import { getRenderStamp } from './get-render-stamp';
import { listBatchCalls } from './list-batch-calls';
import { stampedCache, type Stamped } from './stamped-cache';

/** `json` is the calls serialized once, with recording links marked, not signed. */
interface Entry extends Stamped {
  /** The mark standing where a link goes: random, so no stored text can pose as one. */
  mark: string;
  /** Calls whose link is marked. */
  recorded: Set<string>;
}

// 10,000 rendered calls are ~7 MB of JSON.
const renderings = stampedCache<Entry>('batch-call-data-cache', 128 * 1024 * 1024);

async function render(db: Executor, batchId: string, transcripts: boolean): Promise<Entry> {
  // The stamp is read before the calls: a change in between makes the entry look older than it
  // is (rendered again next time), never newer.
  const stamp = await getRenderStamp(db, batchId);
  const mark = `\u0001${randomUUID()}:`;
  const recorded = new Set<string>();
  const calls = await listBatchCalls(db, batchId, {
    origin: '',
    urlSigningKey: '',
    nowMs: 0,
    transcripts,
    recordingUrl: (callId) => {
      recorded.add(callId);
      return mark + callId;
    },
  });
  return { stamp, json: JSON.stringify(calls), mark, recorded };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A batch's calls as JSON (GET /batch `call_data`). `stamp` is what the caller just read of the
 * batch's calls (`renderStamp`): while it is unchanged no call changed or spoke, so the last
 * rendering is served again, with recording links signed now, instead of reading and rendering
 * every call once more. Checked against the database on every request, so instances sharing one
 * database never serve each other's stale calls.
 */
export async function cachedCallDataJson(
  db: Executor,
  batchId: string,
  stamp: string,
  options: RenderOptions & { transcripts: boolean },
): Promise<string> {
  const entry = await renderings(`${batchId}:${options.transcripts}`, stamp, () =>
    render(db, batchId, options.transcripts),
  );
  if (entry.recorded.size === 0) return entry.json;
  const { recorded } = entry;
  const marked = new RegExp(
    `"${escapeRegExp(JSON.stringify(entry.mark).slice(1, -1))}([0-9a-f-]{36})"`,
    'g',
  );
  return entry.json.replace(marked, (text, callId: string) =>
    recorded.has(callId)
      ? JSON.stringify(
          signRecordingUrl(options.origin, options.urlSigningKey, callId, options.nowMs),
        )
      : text,
  );
}
