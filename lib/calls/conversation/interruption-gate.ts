import { FRAME_MS } from './mulaw';
import type { TurnEvent } from './turn-detector';

/** When the callee may cut the agent short (block_interruptions, interruption_threshold). */
export interface InterruptionRules {
  block: boolean;
  thresholdMs: number;
}

/**
 * Decides barge-in frame by frame. Speech that starts while the agent is silent stops nothing
 * but a pending answer, as ever. Speech over the agent stops it once it has been voiced for
 * `thresholdMs` (never with `block`); a turn that stayed over the agent without stopping it —
 * a "mhm", or anything while interruptions are blocked — is dropped, so the agent neither stops
 * nor answers it. Should the agent finish mid-turn, the rest of the turn is an ordinary one.
 */
export class InterruptionGate {
  private overAgent = false;
  private cut = false;
  private voicedMs = 0;

  constructor(private readonly rules: InterruptionRules) {}

  /** One inbound frame and what the detector made of it: true when the agent must stop now. */
  push(event: TurnEvent | null, voiced: boolean, agentSpeaking: boolean): boolean {
    if (event?.kind === 'speech-start') {
      this.overAgent = agentSpeaking;
      this.cut = !agentSpeaking;
      this.voicedMs = 0;
      if (!agentSpeaking) return true;
    } else if (!this.overAgent || this.cut) {
      return false;
    }
    if (voiced) this.voicedMs += FRAME_MS;
    if (!agentSpeaking) {
      this.cut = true;
      return true;
    }
    if (this.rules.block || this.voicedMs < this.rules.thresholdMs) return false;
    this.cut = true;
    return true;
  }

  /** At the turn's end: false when it only talked over the agent (it is not answered). */
  keep(): boolean {
    return !this.overAgent || this.cut;
  }
}
