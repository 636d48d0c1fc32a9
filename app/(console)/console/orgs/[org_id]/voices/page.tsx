import type { Metadata } from 'next';
import Link from 'next/link';
import { CloneActions } from '@/components/console/clone-actions';
import { CloneForm } from '@/components/console/clone-form';
import { RoleLimits } from '@/components/console/role-limits';
import { VoicePreview } from '@/components/console/voice-preview';
import { consoleOrg } from '@/lib/console/console-org';
import { getLimitsUsage } from '@/lib/console/get-limits-usage';
import { microsToUsd } from '@/lib/platform/money';
import { systemClock } from '@/lib/platform/runtime/clock';
import { getStore } from '@/lib/composition/adapters';
import { getVoiceDeps } from '@/lib/composition/get-voice-deps';
import { listConsentRecordings, listVoices } from '@/lib/speech/voices';

export const metadata: Metadata = { title: 'Voice studio · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const reviewText = {
  pending: 'review pending',
  approved: 'review passed',
  rejected: 'review rejected',
};

/** A draft's recorded consent statement in a plain audio player (no client script needed). */
function ConsentRecording({
  orgId,
  voiceId,
  name,
  seconds,
}: {
  orgId: string;
  voiceId: string;
  name: string;
  seconds: number | undefined;
}) {
  if (seconds === undefined)
    return (
      <p className="hint" data-testid="consent-missing">
        No recorded consent statement: this clone cannot be promoted.
      </p>
    );
  const src = `/console/api/orgs/${orgId}/voices/${voiceId}/consent-recording`;
  return (
    <p className="consent-player">
      Consent statement ({seconds.toFixed(1)} s):{' '}
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={`Consent statement recorded for ${name}`}
        data-testid="consent-recording"
      >
        <a href={src}>Download the consent statement (WAV)</a>
      </audio>
    </p>
  );
}

export default async function VoicesPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/voices`);
  const deps = await getVoiceDeps();
  const [voices, usage, consentRecordings] = await Promise.all([
    listVoices(deps, org.orgId, { includeEngine: false }),
    getLimitsUsage({ db: deps.db, store: getStore(), clock: systemClock }, org.orgId),
    listConsentRecordings(deps.db, org.orgId),
  ]);
  const catalogue = voices.filter((v) => v.kind === 'catalogue');
  const clones = voices.filter((v) => v.clone);
  const instantUsed = usage.inUse.instant_clones;
  const instantLimit = usage.limits.instant_clones;
  const writer = can('voices.write');
  return (
    <>
      <h1>Voice studio</h1>
      <RoleLimits
        role={org.role}
        actions={[{ action: 'voices.write', text: 'make, promote or delete clones' }]}
      />
      <p>
        Previews are free: a short fixed greeting, not billed and not counted against your
        concurrent generations. A clone maps the pitch and pace of its samples onto one of the
        engine’s voices; it does not copy a timbre.
      </p>

      <h2>Catalogue</h2>
      <div className="table-scroll">
        <table data-testid="catalogue">
          <caption className="visually-hidden">Catalogue voices</caption>
          <thead>
            <tr>
              <th scope="col">Voice</th>
              <th scope="col">What it sounds like</th>
              <th scope="col">Preview</th>
            </tr>
          </thead>
          <tbody>
            {catalogue.map((voice) => (
              <tr key={voice.id} data-testid="catalogue-row">
                <th scope="row">
                  {voice.name} <code>{voice.id}</code>
                </th>
                <td>{voice.description}</td>
                <td>
                  <VoicePreview orgId={org.orgId} voiceId={voice.id} name={voice.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Your clones</h2>
      {clones.length === 0 ? (
        <p data-testid="clones-empty">No clones yet. Make one below from a recording.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="clones">
            <caption className="visually-hidden">Clones of {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Voice</th>
                <th scope="col">Kind and state</th>
                <th scope="col">Measured</th>
                <th scope="col">Preview</th>
                {writer ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {clones.map((voice) => (
                <tr key={voice.id} data-testid="clone-row" data-voice-id={voice.id}>
                  <th scope="row">
                    {voice.name} <code>{voice.id}</code>
                  </th>
                  <td>
                    {voice.kind}, {voice.state}
                    {voice.kind === 'professional'
                      ? ` (${reviewText[voice.clone!.review.status]}${voice.clone!.review.note ? `: ${voice.clone!.review.note}` : ''})`
                      : ''}
                    {voice.kind === 'professional' ? (
                      <ConsentRecording
                        orgId={org.orgId}
                        voiceId={voice.id}
                        name={voice.name}
                        seconds={consentRecordings.get(voice.id)}
                      />
                    ) : null}
                  </td>
                  <td>
                    {voice.clone!.measured.pitch_hz === null
                      ? 'no pitch found'
                      : `${Math.round(voice.clone!.measured.pitch_hz)} Hz`}
                    , {voice.clone!.measured.sample_seconds.toFixed(1)} s of audio
                  </td>
                  <td>
                    <VoicePreview orgId={org.orgId} voiceId={voice.id} name={voice.name} />
                  </td>
                  {writer ? (
                    <td>
                      <CloneActions
                        orgId={org.orgId}
                        voiceId={voice.id}
                        name={voice.name}
                        draft={voice.state === 'draft'}
                        reviewPassed={
                          voice.kind !== 'professional' || voice.clone!.review.status === 'approved'
                        }
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Instant clones</h2>
      <p data-testid="instant-usage">
        {instantUsed} of {instantLimit} instant clone{instantLimit === 1 ? '' : 's'} in use. An
        instant clone is live at once: use its id as the <code>voice</code> of any speech request or
        call.
      </p>
      {writer && instantUsed >= instantLimit ? (
        <p data-testid="instant-full">
          Your instant clones are all in use: delete one above, or raise the limit on the{' '}
          <Link href={`/console/orgs/${org.orgId}/limits`} prefetch={false}>
            Limits
          </Link>{' '}
          page.
        </p>
      ) : null}
      {writer ? (
        <CloneForm
          orgId={org.orgId}
          orgName={org.name}
          kind="instant"
          full={instantUsed >= instantLimit}
        />
      ) : null}

      <h2>Professional clones</h2>
      <p>
        Drafts are unlimited and can only be previewed. “Request promotion” makes a draft live once
        our consent and rights review has passed (we review each draft by hand), the organization is
        funded (${microsToUsd(usage.unlockMicros).toFixed(2)} in deposits;{' '}
        {usage.unlocked ? 'yours is' : 'yours is not yet'}) and it has room under its live
        professional clone limit ({usage.inUse.live_clones} of {usage.limits.live_clones} live now).
      </p>
      {writer ? <CloneForm orgId={org.orgId} orgName={org.name} kind="professional" /> : null}
    </>
  );
}
