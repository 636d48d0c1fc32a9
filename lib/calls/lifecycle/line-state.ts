import type { CallRow, CarrierLineState, LineState, SandboxLineState } from '../types';

/** Rows written before the line was named carry `phase: 'carrier'` for a real call. */
type StoredLineState = LineState | (Omit<SandboxLineState, 'line' | 'phase'> & { phase: string });

/** The call's line state, read as the union (older rows are named by their phase). */
export function lineStateOf(call: Pick<CallRow, 'lineState'>): LineState {
  const stored = call.lineState as StoredLineState | null;
  if (!stored) return { line: 'sandbox', phase: 'talking', seq: 0 };
  if ('line' in stored) return stored;
  if (stored.phase === 'carrier') {
    const legacy = stored as { carrierStatus?: string };
    return {
      line: 'carrier',
      ...(legacy.carrierStatus ? { carrierStatus: legacy.carrierStatus } : {}),
    };
  }
  return { ...stored, line: 'sandbox', phase: stored.phase as SandboxLineState['phase'] };
}

/** The carrier line's state, or null for a sandbox call. */
export function carrierStateOf(call: Pick<CallRow, 'lineState'>): CarrierLineState | null {
  const state = lineStateOf(call);
  return state.line === 'carrier' ? state : null;
}
