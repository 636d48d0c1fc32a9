'use client';

import { useRouter } from 'next/navigation';
import { Fragment, useState } from 'react';
import { agentSettingKeys, type AgentBody, type AgentSettingKey } from '@/schemas/agents';
import { postJson } from '../account/post-json';
import { agentFormFields, readField, sections } from './agent-fields';
import { AgentFieldInput } from './agent-field-input';

/** In the table's order, which reads better than the API's. */
const formKeys = Object.keys(agentFormFields) as AgentSettingKey[];

type Errors = Partial<Record<AgentSettingKey | 'name', string>>;

/**
 * The agent as the API takes it, every setting included (blank: null, "not part of the agent"),
 * or what stops it from being sent, per field.
 */
function bodyOf(form: FormData): { body: Record<string, unknown> } | { errors: Errors } {
  const body: Record<string, unknown> = { name: String(form.get('name') ?? '').trim() };
  const errors: Errors = {};
  for (const key of agentSettingKeys) {
    const read = readField(form, key, agentFormFields[key]);
    if ('error' in read) errors[key] = read.error;
    else body[key] = read.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { body };
}

/** The setting an API refusal names (`retry.on.0` → retry), when the form edits it. */
function fieldOf(path: string | null): AgentSettingKey | 'name' | null {
  const top = path?.split('.')[0];
  if (top === 'name') return 'name';
  return agentSettingKeys.find((key) => key === top) ?? null;
}

/**
 * Saves a new agent or a new version of one, with every setting an agent saves (the console route
 * checks the role and every field again). The fields come from agent-fields.ts, one entry each.
 */
export function AgentForm({ orgId, agent }: { orgId: string; agent?: AgentBody }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = (name: string) => `agent-${agent ? 'edit' : 'new'}-${name}`;
  return (
    <form
      className="form-grid"
      aria-label={agent ? `Change ${agent.name}` : 'New agent'}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const read = bodyOf(new FormData(form));
        if ('errors' in read) {
          setErrors(read.errors);
          setMessage('Nothing was saved: fix the fields marked below.');
          return;
        }
        setErrors({});
        setBusy(true);
        const base = `/console/api/orgs/${orgId}/agents`;
        const result = agent
          ? await postJson<AgentBody>(`${base}/${agent.agent_id}`, read.body, 'PATCH')
          : await postJson<AgentBody>(base, read.body);
        setBusy(false);
        if (!result.ok) {
          const field = fieldOf(result.field);
          if (field) setErrors({ [field]: result.message });
          return setMessage(`Nothing was saved: ${result.message}`);
        }
        setMessage(agent ? `Saved as version ${result.data.version}.` : 'Saved.');
        if (!agent) form.reset();
        router.refresh();
      }}
    >
      <div className="field">
        <label htmlFor={id('name')}>Name</label>
        <input
          id={id('name')}
          name="name"
          defaultValue={agent?.name}
          required
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
        />
        {errors.name ? (
          <p className="field-error" role="alert">
            {errors.name}
          </p>
        ) : null}
      </div>
      {sections.map((section) => (
        <Fragment key={section}>
          <h3>{section}</h3>
          {formKeys
            .filter((key) => agentFormFields[key].section === section)
            .map((key) => (
              <AgentFieldInput
                key={key}
                name={key}
                spec={agentFormFields[key]}
                agent={agent}
                id={id}
                error={errors[key]}
              />
            ))}
        </Fragment>
      ))}
      <p>
        <button className="button" type="submit" disabled={busy}>
          {agent ? 'Save a new version' : 'Save the agent'}
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}
