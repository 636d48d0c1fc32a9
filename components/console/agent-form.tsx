'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { AgentBody } from '@/schemas/agents';
import { postJson } from '../account/post-json';

/** A text field's value: blank is "not set" (null), so the call's own value or default applies. */
const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim() || null;

/** The fields the form edits, as the agents API takes them. */
function settingsOf(form: FormData) {
  const minutes = text(form, 'max_duration');
  return {
    name: text(form, 'name') ?? '',
    task: text(form, 'task') ?? '',
    voice: text(form, 'voice'),
    first_sentence: text(form, 'first_sentence'),
    language: text(form, 'language'),
    max_duration: minutes === null ? null : Number(minutes),
    webhook: text(form, 'webhook'),
    wait_for_greeting: form.get('wait_for_greeting') === 'on' ? true : null,
    record: form.get('record') === 'on' ? true : null,
  };
}

/**
 * Saves a new agent or a new version of one (the console route checks the role and every field
 * again). The settings not shown here (end of turn, metadata…) are kept as they are.
 */
export function AgentForm({ orgId, agent }: { orgId: string; agent?: AgentBody }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const id = (name: string) => `agent-${agent ? 'edit' : 'new'}-${name}`;
  return (
    <form
      className="form-grid"
      aria-label={agent ? `Change ${agent.name}` : 'New agent'}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        setBusy(true);
        const base = `/console/api/orgs/${orgId}/agents`;
        const result = agent
          ? await postJson<AgentBody>(
              `${base}/${agent.agent_id}`,
              settingsOf(new FormData(form)),
              'PATCH',
            )
          : await postJson<AgentBody>(base, settingsOf(new FormData(form)));
        setBusy(false);
        if (!result.ok) return setMessage(result.message);
        setMessage(agent ? `Saved as version ${result.data.version}.` : 'Saved.');
        if (!agent) form.reset();
        router.refresh();
      }}
    >
      <div className="field">
        <label htmlFor={id('name')}>Name</label>
        <input id={id('name')} name="name" defaultValue={agent?.name} required maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor={id('task')}>Task</label>
        <textarea
          id={id('task')}
          name="task"
          defaultValue={agent?.task}
          required
          maxLength={20_000}
          rows={5}
          aria-describedby={id('task-hint')}
        />
        <p className="hint" id={id('task-hint')}>
          What the agent should do. <code>{'{{name}}'}</code> is filled from each call’s
          request_data.
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('first_sentence')}>First sentence (optional)</label>
        <input
          id={id('first_sentence')}
          name="first_sentence"
          defaultValue={agent?.first_sentence ?? ''}
          maxLength={1_000}
        />
      </div>
      <div className="field">
        <label htmlFor={id('voice')}>Voice (optional)</label>
        <input
          id={id('voice')}
          name="voice"
          defaultValue={agent?.voice ?? ''}
          maxLength={100}
          aria-describedby={id('voice-hint')}
        />
        <p className="hint" id={id('voice-hint')}>
          A voice id from the voice studio, e.g. <code>ava</code>; blank: en-us.
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('language')}>Language (optional)</label>
        <input
          id={id('language')}
          name="language"
          defaultValue={agent?.language ?? ''}
          maxLength={35}
        />
      </div>
      <div className="field">
        <label htmlFor={id('max_duration')}>Maximum length in minutes (optional, 1–240)</label>
        <input
          id={id('max_duration')}
          name="max_duration"
          type="number"
          min={1}
          max={240}
          step="any"
          defaultValue={agent?.max_duration ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={id('webhook')}>Post-call webhook URL (optional)</label>
        <input
          id={id('webhook')}
          name="webhook"
          type="url"
          defaultValue={agent?.webhook ?? ''}
          maxLength={2_048}
        />
      </div>
      <div className="field">
        <label>
          <input
            type="checkbox"
            name="wait_for_greeting"
            defaultChecked={agent?.wait_for_greeting === true}
          />{' '}
          Wait for the callee to speak first
        </label>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" name="record" defaultChecked={agent?.record === true} /> Record
          calls
        </label>
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          {agent ? 'Save a new version' : 'Save the agent'}
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}
