import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import type { CloneKind } from '../../adapters/db/schema/voices';
import { ApiError } from '../../platform/errors/api-error';
import { effectiveLimits } from '../../wallet';
import type { VoiceAnalysis } from './analyze-samples';
import type { ConsentRecording } from './parse-consent-recording';
import type { CloneRow } from './render-clone';

export interface NewClone {
  orgId: string;
  kind: CloneKind;
  name: string;
  description?: string | null;
  analysis: VoiceAnalysis;
  now: Date;
  /** Who made it, for the audit log (the contract tests leave it out). */
  actor?: AuditActor;
  /** What the person vouched for (the console asks; the REST API does not). */
  consent?: CloneConsent;
  /** A professional draft's recorded consent statement, stored with it (promotion needs it). */
  recording?: ConsentRecording | null;
}

/** The speaker a person says consented, and for a professional clone the recorded statement's length. */
export interface CloneConsent {
  speaker: string;
  statementSeconds: number | null;
}

/**
 * Stores a clone. An instant clone is live at once and is V3, so it takes one of the org's
 * instant-clone slots: the org row is locked while the V3 instant clones are counted, so parallel
 * uploads cannot pass the limit. A professional clone starts as an (unlimited) draft, its consent
 * recording (if any) stored in the same transaction.
 */
export async function createClone(db: Db, clone: NewClone): Promise<CloneRow> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, clone.orgId))
      .for('update');
    if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
    if (clone.kind === 'instant') {
      const limit = effectiveLimits(org).instant_clones;
      const used = await tx.$count(
        schema.voiceClones,
        and(
          eq(schema.voiceClones.orgId, clone.orgId),
          eq(schema.voiceClones.kind, 'instant'),
          eq(schema.voiceClones.generation, 'V3'),
        ),
      );
      if (used >= limit) {
        throw new ApiError('INSTANT_CLONE_LIMIT_REACHED', {
          message: `The organization has ${used} instant voice clone(s) and its limit is ${limit}.`,
        });
      }
    }
    const { analysis } = clone;
    const [row] = await tx
      .insert(schema.voiceClones)
      .values({
        id: randomUUID(),
        orgId: clone.orgId,
        kind: clone.kind,
        generation: 'V3',
        state: clone.kind === 'instant' ? 'live' : 'draft',
        name: clone.name,
        description: clone.description ?? null,
        engineVoice: analysis.engineVoice,
        pitch: analysis.pitch,
        speed: analysis.speed,
        samplePitchHz: analysis.samplePitchHz,
        sampleSyllablesPerSecond: analysis.sampleSyllablesPerSecond,
        sampleSeconds: analysis.sampleSeconds,
        sampleCount: analysis.sampleCount,
        createdAt: clone.now,
      })
      .returning();
    if (clone.recording && clone.kind === 'professional') {
      await tx.insert(schema.voiceConsentRecordings).values({
        voiceId: row!.id,
        orgId: clone.orgId,
        data: Buffer.from(clone.recording.wav),
        seconds: clone.recording.seconds,
        createdAt: clone.now,
      });
    }
    if (clone.actor) {
      await recordAudit(
        tx,
        {
          orgId: clone.orgId,
          actor: clone.actor,
          action: 'voice.clone',
          target: { type: 'voice', id: row!.id },
          after: {
            name: row!.name,
            kind: row!.kind,
            state: row!.state,
            ...(clone.consent && {
              consent_speaker: clone.consent.speaker,
              consent_statement_seconds: clone.consent.statementSeconds,
            }),
          },
        },
        clone.now,
      );
    }
    return row!;
  });
}
