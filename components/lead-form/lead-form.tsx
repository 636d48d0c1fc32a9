'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { captureAttribution } from '@/lib/site/attribution';
import { pushDataLayer } from '@/lib/site/data-layer';
import { postLead } from '@/lib/site/post-lead';
import { readPostSubmit, type PostSubmit } from '@/lib/site/post-submit';
import type { PublicLeadField, PublicLeadForm } from '@/lib/site/public-lead-form';
import { TURNSTILE_SITE_KEY, TurnstileWidget } from '../turnstile-widget';
import { LeadOutcome } from './lead-outcome';

type Value = string | number | boolean | string[];
interface Failure {
  message: string;
  field?: string;
}

const EMAIL_PATTERN = '[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}';
const URL_PATTERN = 'https?://[^\\s/]+\\.[^\\s]+';
const PHONE_PATTERN = '\\+?[0-9][0-9 ().\\-]{5,38}';

/** The server tests an editor's pattern unanchored; the browser anchors it, so widen it. */
function browserPattern(source: string | undefined): string | undefined {
  if (!source) return undefined;
  const wide = `[\\s\\S]*(?:${source})[\\s\\S]*`;
  try {
    new RegExp(wide, 'v');
    return wide;
  } catch {
    return undefined; // the server ignores a pattern it cannot compile, and so do we
  }
}

function readValues(form: HTMLFormElement, fields: PublicLeadField[]): Record<string, Value> {
  const data = new FormData(form);
  const values: Record<string, Value> = {};
  for (const field of fields) {
    if (field.type === 'multiselect') {
      const picked = data.getAll(field.name).map(String);
      if (picked.length > 0) values[field.name] = picked;
    } else if (field.type === 'checkbox') {
      values[field.name] = data.get(field.name) === 'on';
    } else {
      const raw = String(data.get(field.name) ?? '').trim();
      if (raw === '') continue;
      values[field.name] =
        field.type === 'number' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    }
  }
  return values;
}

/**
 * A CMS lead form: native hints that mirror the server's rules, the render-time field and the
 * honeypot, attribution from the first-party cookie, one event_id per attempt (postLead), and
 * the form's postSubmit outcome afterwards.
 */
export function LeadForm({
  form,
  headingLevel = 2,
}: {
  form: PublicLeadForm;
  headingLevel?: 2 | 3;
}) {
  const renderedAtRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<{
    postSubmit: PostSubmit;
    values: Record<string, Value>;
  } | null>(null);
  const [token, setToken] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = (name: string) => `lead-${form.slug}-${name}`;

  // The render-time field is set once the form is on screen (the server's fill-time trap).
  useEffect(() => {
    if (renderedAtRef.current) renderedAtRef.current.value = String(Date.now());
  }, []);

  const fields = form.fields.filter(
    (f) => f.name !== form.honeypotField && f.name !== form.renderedAtField,
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = readValues(element, fields);
    const missingChoice = fields.find(
      (f) => f.type === 'multiselect' && f.required && values[f.name] === undefined,
    );
    if (missingChoice) {
      setFailure({ field: missingChoice.name, message: 'Pick at least one option.' });
      requestAnimationFrame(() => document.getElementById(id(`${missingChoice.name}-0`))?.focus());
      return;
    }
    const data = new FormData(element);
    if (form.honeypotField) values[form.honeypotField] = String(data.get(form.honeypotField) ?? '');
    const renderedAt = String(data.get(form.renderedAtField) ?? '');
    if (renderedAt) values[form.renderedAtField] = renderedAt;
    const stored = captureAttribution();
    setSending(true);
    setFailure(null);
    const reply = await postLead({
      formSlug: form.slug,
      values,
      attribution: {
        ...stored,
        pageUri: window.location.href.slice(0, 2048),
        ...(document.referrer ? { referrer: document.referrer.slice(0, 2048) } : {}),
      },
      ...(token ? { botCheckToken: token } : {}),
    });
    setSending(false);
    if (reply.kind === 'ok') {
      const gtm = reply.body.gtmEventName;
      if (typeof gtm === 'string' && gtm) {
        pushDataLayer({
          event: gtm,
          formSlug: form.slug,
          submissionId: reply.body.submissionId ?? null,
        });
      }
      setDone({ postSubmit: readPostSubmit(reply.body.postSubmit), values });
      return;
    }
    const field =
      reply.field && fields.some((f) => f.name === reply.field) ? reply.field : undefined;
    setFailure({ message: reply.message, ...(field ? { field } : {}) });
    requestAnimationFrame(() => {
      const target = field
        ? (document.getElementById(id(field)) ?? document.getElementById(id(`${field}-0`)))
        : errorRef.current;
      target?.focus();
    });
  }

  if (done)
    return (
      <LeadOutcome postSubmit={done.postSubmit} values={done.values} headingLevel={headingLevel} />
    );

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const errorFor = (name: string) => (failure?.field === name ? failure.message : null);
  const describedBy = (field: PublicLeadField) =>
    [
      field.allowedDomains || field.type === 'phone' ? id(`${field.name}-hint`) : null,
      errorFor(field.name) ? id(`${field.name}-error`) : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      className="form-card form-grid"
      onSubmit={onSubmit}
      aria-labelledby={id('title')}
      data-form-slug={form.slug}
    >
      <Heading id={id('title')}>{form.title}</Heading>
      {failure && !failure.field ? (
        <p
          className="form-error"
          role="alert"
          tabIndex={-1}
          ref={errorRef}
          data-testid="form-error"
        >
          {failure.message}
        </p>
      ) : null}
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          id={id}
          error={errorFor(field.name)}
          describedBy={describedBy(field)}
        />
      ))}
      <input type="hidden" name={form.renderedAtField} defaultValue="" ref={renderedAtRef} />
      {form.honeypotField ? (
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={id(form.honeypotField)}>Leave this field empty</label>
          <input
            id={id(form.honeypotField)}
            name={form.honeypotField}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
      ) : null}
      {form.requireBotCheck && TURNSTILE_SITE_KEY ? <TurnstileWidget onToken={setToken} /> : null}
      <div>
        <button className="button" type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Submit'}
        </button>
      </div>
    </form>
  );
}

function FieldInput({
  field,
  id,
  error,
  describedBy,
}: {
  field: PublicLeadField;
  id: (name: string) => string;
  error: string | null;
  describedBy: string | undefined;
}) {
  const inputId = id(field.name);
  const common = {
    id: inputId,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  const mark = field.required ? (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const errorLine = error ? (
    <p className="field-error" id={id(`${field.name}-error`)}>
      {error}
    </p>
  ) : null;
  const hint = field.allowedDomains ? (
    <p className="hint" id={id(`${field.name}-hint`)}>
      Use an address at {field.allowedDomains.join(' or ')}.
    </p>
  ) : field.type === 'phone' ? (
    <p className="hint" id={id(`${field.name}-hint`)}>
      International format, for example +1 555 010 0123.
    </p>
  ) : null;

  if (field.type === 'hidden') {
    return <input type="hidden" name={field.name} defaultValue="" />;
  }
  if (field.type === 'checkbox') {
    return (
      <div className="field">
        <label className="check" htmlFor={inputId}>
          <input type="checkbox" {...common} />
          <span>
            {field.label}
            {mark}
          </span>
        </label>
        {errorLine}
      </div>
    );
  }
  if (field.type === 'multiselect') {
    return (
      <div className="field">
        <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          <legend>
            {field.label}
            {mark}
          </legend>
          {field.options.map((option, index) => (
            <label className="check" key={option.value} htmlFor={id(`${field.name}-${index}`)}>
              <input
                type="checkbox"
                id={id(`${field.name}-${index}`)}
                name={field.name}
                value={option.value}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        {errorLine}
      </div>
    );
  }
  let control;
  if (field.type === 'select') {
    control = (
      <select {...common} defaultValue="">
        <option value="">Choose…</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...common} maxLength={field.maxLength} />;
  } else {
    const byType = {
      text: { type: 'text', pattern: browserPattern(field.pattern) },
      email: { type: 'email', pattern: EMAIL_PATTERN, autoComplete: 'email' },
      phone: { type: 'tel', pattern: PHONE_PATTERN, autoComplete: 'tel' },
      url: { type: 'url', pattern: URL_PATTERN, autoComplete: 'url' },
      number: { type: 'number', step: 'any', inputMode: 'decimal' as const },
    }[field.type];
    const autoComplete =
      { firstname: 'given-name', lastname: 'family-name', name: 'name', company: 'organization' }[
        field.name
      ] ?? undefined;
    control = (
      <input
        autoComplete={autoComplete}
        {...byType}
        {...common}
        maxLength={field.type === 'number' ? undefined : field.maxLength}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>
        {field.label}
        {mark}
      </label>
      {control}
      {hint}
      {errorLine}
    </div>
  );
}
