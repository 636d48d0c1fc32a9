'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { captureAttribution } from '@/lib/site/attribution';
import { pushDataLayer } from '@/lib/site/data-layer';
import { postLead } from '@/lib/site/post-lead';
import { readPostSubmit, type PostSubmit } from '@/lib/site/post-submit';
import type { PublicLeadField, PublicLeadForm } from '@/lib/site/public-lead-form';
import { TURNSTILE_SITE_KEY, TurnstileWidget } from '../turnstile-widget';
import { FieldInput } from './field-input';
import { LeadOutcome } from './lead-outcome';
import { readValues, type Value } from './read-values';
import { FormError } from './form-error';

interface Failure {
  message: string;
  field?: string;
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
      <FormError message={failure && !failure.field ? failure.message : null} focusRef={errorRef} />
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
