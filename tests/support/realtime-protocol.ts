import type { WebSocket } from 'ws';
import { FRAME_BYTES, ScriptedHearing } from './scripted-hearing';
import type { StandInSettings, StandInStats } from './streaming-stand-in';

/** The least audio a commit takes, as OpenAI's server. */
const MIN_COMMIT_MS = 100;

interface ClientEvent {
  type?: string;
  audio?: string;
  session?: Record<string, unknown> & {
    type?: string;
    audio?: { input?: { format?: { type?: string }; turn_detection?: unknown } };
  };
}

/**
 * OpenAI's Realtime transcription protocol over one connection, as our adapter uses it:
 * `session.update` (a `transcription` session of `audio/pcmu` without server turn detection)
 * answered by `session.updated`; `input_audio_buffer.append` (base64 μ-law) heard as it comes,
 * the words so far streamed as `conversation.item.input_audio_transcription.delta`s of the
 * item being said; `input_audio_buffer.commit` answered by `input_audio_buffer.committed` and,
 * once the hearing's final is due, the item's `…transcription.completed`. A commit of less than
 * 100 ms of audio is answered, as OpenAI's server does, by an `input_audio_buffer_commit_empty`
 * error.
 */
export function speakRealtime(
  socket: WebSocket,
  settings: StandInSettings,
  stats: StandInStats,
  onSession: (session: Record<string, unknown>) => void,
): void {
  let events = 0;
  const send = (event: Record<string, unknown>) => {
    if (socket.readyState === socket.OPEN)
      socket.send(JSON.stringify({ event_id: `event_${++events}`, ...event }));
  };
  const error = (code: string, message: string) =>
    send({ type: 'error', error: { type: 'invalid_request_error', code, message, param: null } });
  let items = 0;
  let item = `item_${++items}`;
  /** The committed item that the next flushed final completes. */
  let committed: string | null = null;
  /** Audio appended since the last commit, in ms. */
  let appendedMs = 0;
  /** Final words of the item, and the text its deltas have carried so far. */
  let finals: string[] = [];
  let sent = '';
  const delta = (itemId: string, partial: string) => {
    const text = [...finals, partial].filter(Boolean).join(' ');
    if (!text.startsWith(sent) || text === sent) return;
    send({
      type: 'conversation.item.input_audio_transcription.delta',
      item_id: itemId,
      content_index: 0,
      delta: text.slice(sent.length),
    });
    sent = text;
  };
  const hearing = new ScriptedHearing(settings.script, settings, {
    partial: (text) => {
      stats.partials++;
      delta(item, text);
    },
    final: (text, flush) => {
      if (text) finals.push(text);
      delta(committed ?? item, '');
      if (!flush || !committed) return;
      stats.finals++;
      send({
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: committed,
        content_index: 0,
        transcript: finals.join(' '),
        usage: { type: 'duration', seconds: 1 },
      });
      committed = null;
      finals = [];
      sent = '';
    },
  });

  send({ type: 'session.created', session: { type: 'transcription', id: 'sess_stand_in' } });
  socket.on('message', (data) => {
    let event: ClientEvent;
    try {
      event = JSON.parse(data.toString()) as ClientEvent;
    } catch {
      return error('invalid_json', 'the event is not JSON');
    }
    switch (event.type) {
      case 'session.update': {
        const session = event.session ?? {};
        onSession(session);
        if (session.type !== 'transcription' || session.audio?.input?.format?.type !== 'audio/pcmu')
          return error('invalid_value', 'the stand-in takes transcription sessions of audio/pcmu');
        return send({ type: 'session.updated', session });
      }
      case 'input_audio_buffer.append': {
        const audio = Buffer.from(event.audio ?? '', 'base64');
        for (let at = 0; at + FRAME_BYTES <= audio.length; at += FRAME_BYTES) {
          stats.frames++;
          hearing.frame(audio.subarray(at, at + FRAME_BYTES));
        }
        appendedMs += audio.length / 8;
        return;
      }
      case 'input_audio_buffer.commit': {
        stats.finalizes++;
        if (appendedMs < MIN_COMMIT_MS) {
          const message = `buffer too small: ${appendedMs} ms, at least ${MIN_COMMIT_MS} ms`;
          return error('input_audio_buffer_commit_empty', message);
        }
        appendedMs = 0;
        committed = item;
        item = `item_${++items}`;
        send({ type: 'input_audio_buffer.committed', item_id: committed, previous_item_id: null });
        return hearing.flush();
      }
      default:
        return error('unknown_event', `the stand-in does not take ${event.type}`);
    }
  });
  socket.on('close', () => hearing.close());
}
