import type { AgentBody, AgentSettingKey } from '@/schemas/agents';
import { retryEndings, shownValue, type FieldSpec } from './agent-fields';

/**
 * One setting of the agent form, drawn from its FieldSpec. Its hint and any error (the browser's
 * JSON check or the API's refusal naming it) are tied to the input for screen readers.
 */
export function AgentFieldInput({
  name,
  spec,
  agent,
  id,
  error,
}: {
  name: AgentSettingKey;
  spec: FieldSpec;
  agent?: AgentBody;
  id: (name: string) => string;
  error?: string;
}) {
  const hintId = spec.hint ? id(`${name}-hint`) : null;
  const errorId = error ? id(`${name}-error`) : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  } as const;
  const notes = (
    <>
      {spec.hint ? (
        <p className="hint" id={hintId!}>
          {spec.hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId!} role="alert" data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );

  switch (spec.kind) {
    case 'checkbox':
      return (
        <div className="field">
          <label>
            <input
              type="checkbox"
              name={name}
              defaultChecked={agent?.[name] === true}
              {...common}
            />{' '}
            {spec.label}
          </label>
          {notes}
        </div>
      );
    case 'end_of_turn':
      return (
        <div className="field">
          <fieldset {...common}>
            <legend>{spec.label}</legend>
            {(['min_ms', 'max_ms'] as const).map((part) => (
              <label key={part}>
                {part === 'min_ms' ? 'When they sound done (ms)' : 'At most (ms)'}{' '}
                <input
                  name={`${name}.${part}`}
                  type="number"
                  min={100}
                  max={5_000}
                  step={1}
                  defaultValue={agent?.end_of_turn?.[part] ?? ''}
                />
              </label>
            ))}
          </fieldset>
          {notes}
        </div>
      );
    case 'retry':
      return (
        <div className="field">
          <fieldset {...common}>
            <legend>{spec.label}</legend>
            <label>
              Attempts in all{' '}
              <input
                name={`${name}.max_attempts`}
                type="number"
                min={2}
                max={5}
                step={1}
                defaultValue={agent?.retry?.max_attempts ?? ''}
              />
            </label>{' '}
            <label>
              Minutes between attempts{' '}
              <input
                name={`${name}.wait_minutes`}
                type="number"
                min={1}
                max={1_440}
                step={1}
                defaultValue={agent?.retry?.wait_minutes ?? ''}
              />
            </label>
            <p>
              After:{' '}
              {retryEndings.map((ending) => (
                <label key={ending}>
                  <input
                    type="checkbox"
                    name={`${name}.on`}
                    value={ending}
                    defaultChecked={agent?.retry?.on.includes(ending) ?? false}
                  />{' '}
                  {ending}{' '}
                </label>
              ))}
            </p>
          </fieldset>
          {notes}
        </div>
      );
    case 'number':
      return (
        <div className="field">
          <label htmlFor={id(name)}>{spec.label}</label>
          <input
            id={id(name)}
            name={name}
            type="number"
            min={spec.min}
            max={spec.max}
            step={spec.step}
            defaultValue={shownValue(agent, name)}
            {...common}
          />
          {notes}
        </div>
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id(name)}>{spec.label}</label>
          <select id={id(name)} name={name} defaultValue={shownValue(agent, name)} {...common}>
            <option value="">not set</option>
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {notes}
        </div>
      );
    case 'lines':
      return (
        <div className="field">
          <label htmlFor={id(name)}>{spec.label}</label>
          <textarea
            id={id(name)}
            name={name}
            rows={4}
            spellCheck={false}
            defaultValue={shownValue(agent, name)}
            {...common}
          />
          {notes}
        </div>
      );
    case 'json':
      return (
        <div className="field">
          <label htmlFor={id(name)}>{spec.label}</label>
          <textarea
            id={id(name)}
            name={name}
            rows={spec.rows ?? 4}
            spellCheck={false}
            className="code"
            placeholder={spec.placeholder}
            defaultValue={shownValue(agent, name)}
            {...common}
          />
          {notes}
        </div>
      );
    case 'text':
      return (
        <div className="field">
          <label htmlFor={id(name)}>{spec.label}</label>
          {spec.rows ? (
            <textarea
              id={id(name)}
              name={name}
              rows={spec.rows}
              maxLength={spec.maxLength}
              required={spec.required}
              defaultValue={shownValue(agent, name)}
              {...common}
            />
          ) : (
            <input
              id={id(name)}
              name={name}
              type={spec.type ?? 'text'}
              maxLength={spec.maxLength}
              required={spec.required}
              defaultValue={shownValue(agent, name)}
              {...common}
            />
          )}
          {notes}
        </div>
      );
  }
}
