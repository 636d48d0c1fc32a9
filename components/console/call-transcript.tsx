import type { CallDetailBody } from '@/schemas/call-detail';
import { playerTime } from '@/lib/console/transcript-offsets';
import { transcriptTimeline, type TimelineEntry } from '@/lib/console/transcript-timeline';
import { SeekButton } from './seek-button';

type ToolCall = NonNullable<TimelineEntry['tool']>;

const TOOL_STATUS_WORDS: Record<ToolCall['status'], string> = {
  ok: 'answered',
  error: 'failed',
  timeout: 'timed out',
  refused: 'refused (address not allowed)',
};

/** A tool's call on the timeline: its name, how it went, how long it took; input and answer folded. */
function ToolCallLine({ tool }: { tool: ToolCall }) {
  const http = tool.http_status === null ? '' : `, HTTP ${tool.http_status}`;
  return (
    <>
      <code>{tool.name}</code>{' '}
      <span data-testid="tool-call-status" data-status={tool.status}>
        {TOOL_STATUS_WORDS[tool.status]}
        {http}
      </span>{' '}
      in {tool.duration_ms} ms
      <details>
        <summary>Input and answer</summary>
        <dl>
          <dt>Input</dt>
          <dd>
            <code>{JSON.stringify(tool.input)}</code>
          </dd>
          <dt>Answer</dt>
          <dd>{tool.output || '—'}</dd>
        </dl>
      </details>
    </>
  );
}

/**
 * The call's transcript as a timeline: both sides' words, and what the agent did in between
 * (tool calls with their `tool_calls` row, keys pressed on either keypad, transfers).
 */
export function CallTranscript({
  call,
  offsets,
}: {
  call: Pick<CallDetailBody, 'transcripts' | 'tool_calls' | 'recording_url'>;
  /** Where each line starts in the call's audio (ms), by line id. */
  offsets: ReadonlyMap<number, number>;
}) {
  if (call.transcripts.length === 0) return <p>Nothing has been said yet.</p>;
  return (
    <ol className="conversation" data-testid="transcript">
      {transcriptTimeline(call).map(({ line, kind, who, tool }) => {
        const at = offsets.get(line.id) ?? 0;
        return (
          <li key={line.id} className={line.user} data-kind={kind} data-start-ms={at}>
            <span className="meta">
              {who} at{' '}
              {call.recording_url ? (
                <SeekButton seconds={at / 1000} label={playerTime(at)} text={playerTime(at)} />
              ) : (
                playerTime(at)
              )}
            </span>
            {tool ? <ToolCallLine tool={tool} /> : line.text}
          </li>
        );
      })}
    </ol>
  );
}
