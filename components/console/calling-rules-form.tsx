'use client';

import { useState } from 'react';
import { postJson } from '../account/post-json';
import { useFormAction } from './use-form-action';

const WEEKDAYS = [
  ['mon', 'Mon'],
  ['tue', 'Tue'],
  ['wed', 'Wed'],
  ['thu', 'Thu'],
  ['fri', 'Fri'],
  ['sat', 'Sat'],
  ['sun', 'Sun'],
] as const;

export interface RulesFormValues {
  countries: string[] | null;
  hours: { start: string; end: string; days?: readonly string[] } | null;
  disclosures: { ai: boolean; ai_text: string; recording_text: string };
}

/**
 * The organization's own rules (owners and admins): countries within the service's, a narrower
 * daily window, and what the first line discloses. The route checks everything again.
 */
export function CallingRulesForm({ orgId, values }: { orgId: string; values: RulesFormValues }) {
  const { busy, message, run } = useFormAction();
  const [ownHours, setOwnHours] = useState(values.hours !== null);
  return (
    <form
      className="form-grid"
      aria-label="Calling rules"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const countries = String(form.get('countries') ?? '')
          .split(/[\s,]+/)
          .filter((c) => c !== '');
        const days = form.getAll('days').map(String);
        const body = {
          countries: countries.length > 0 ? countries : null,
          hours: ownHours
            ? {
                start: String(form.get('start') ?? ''),
                end: String(form.get('end') ?? ''),
                ...(days.length > 0 && days.length < 7 ? { days } : {}),
              }
            : null,
          disclosures: {
            ai: form.get('ai') === 'on',
            ai_text: String(form.get('ai_text') ?? '').trim() || null,
            recording_text: String(form.get('recording_text') ?? '').trim() || null,
          },
        };
        await run(
          () => postJson(`/console/api/orgs/${orgId}/calling-rules`, body, 'PUT'),
          () => 'Saved. Calls dialled from now on follow these rules.',
        );
      }}
    >
      <div className="field">
        <label htmlFor="rules-countries">
          Countries (ISO codes, comma-separated; empty: all of the service’s)
        </label>
        <input
          id="rules-countries"
          name="countries"
          defaultValue={values.countries?.join(', ') ?? ''}
          placeholder="US, CA"
        />
      </div>
      <fieldset>
        <legend>Calling hours in the callee’s time</legend>
        <label>
          <input
            type="checkbox"
            name="own_hours"
            checked={ownHours}
            onChange={(event) => setOwnHours(event.currentTarget.checked)}
          />{' '}
          Narrow the service’s window
        </label>
        {ownHours ? (
          <>
            <div className="field">
              <label htmlFor="rules-start">From</label>
              <input
                id="rules-start"
                name="start"
                type="time"
                required
                defaultValue={values.hours?.start ?? '09:00'}
              />
            </div>
            <div className="field">
              <label htmlFor="rules-end">Until</label>
              <input
                id="rules-end"
                name="end"
                type="time"
                required
                defaultValue={values.hours?.end ?? '17:00'}
              />
            </div>
            <p>
              {WEEKDAYS.map(([day, label]) => (
                <label key={day} className="inline-check">
                  <input
                    type="checkbox"
                    name="days"
                    value={day}
                    defaultChecked={values.hours?.days?.includes(day) ?? true}
                  />{' '}
                  {label}
                </label>
              ))}
            </p>
          </>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Disclosures</legend>
        <label>
          <input type="checkbox" name="ai" defaultChecked={values.disclosures.ai} /> Every call
          opens by saying it is an automated assistant
        </label>
        <div className="field">
          <label htmlFor="rules-ai-text">AI disclosure</label>
          <input
            id="rules-ai-text"
            name="ai_text"
            maxLength={300}
            defaultValue={values.disclosures.ai_text}
          />
        </div>
        <div className="field">
          <label htmlFor="rules-recording-text">
            Recording notice (recorded calls to all-party-consent places)
          </label>
          <input
            id="rules-recording-text"
            name="recording_text"
            maxLength={300}
            defaultValue={values.disclosures.recording_text}
          />
        </div>
      </fieldset>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Save the rules
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}
