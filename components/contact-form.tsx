'use client';
import { useRef, useState, type FormEvent } from 'react';
import type { PublicLeadField } from '@/lib/site/public-lead-form';
import { FieldInput } from './lead-form/field-input';
import { TURNSTILE_SITE_KEY, TurnstileWidget } from './turnstile-widget';
import { FormError } from './lead-form/form-error';

type FieldName = 'name' | 'email' | 'company' | 'message';
interface Failure {
  message: string;
  field?: FieldName;
}

// The same controls as a CMS lead form's (hints, patterns, marks), from one component.
const CONTACT_FIELDS: PublicLeadField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, options: [], maxLength: 200 },
  { name: 'email', label: 'Email', type: 'email', required: true, options: [], maxLength: 254 },
  { name: 'company', label: 'Company', type: 'text', required: false, options: [], maxLength: 200 },
  {
    name: 'message',
    label: 'Message',
    type: 'textarea',
    required: true,
    options: [],
    maxLength: 10_000,
  },
];
const FIELDS = new Set<string>(CONTACT_FIELDS.map((field) => field.name));

/** POST /api/contact with inline errors from the envelope's message and field. */
export function ContactForm() {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [token, setToken] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setState('sending');
    setFailure(null);
    let next: Failure | null = null;
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: text('name'),
          email: text('email'),
          company: text('company'),
          message: text('message'),
          ...(token ? { botCheckToken: token } : {}),
        }),
      });
      if (response.ok) {
        setState('sent');
        requestAnimationFrame(() => doneRef.current?.focus());
        return;
      }
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string; field?: string };
      } | null;
      const field = body?.error?.field;
      next = {
        message: body?.error?.message ?? 'Your message could not be sent. Please try again.',
        ...(field && FIELDS.has(field) ? { field: field as FieldName } : {}),
      };
    } catch {
      next = { message: 'We could not reach the server. Check your connection and try again.' };
    }
    setFailure(next);
    setState('idle');
    requestAnimationFrame(() => {
      const target = next?.field
        ? document.getElementById(`contact-${next.field}`)
        : errorRef.current;
      target?.focus();
    });
  }

  if (state === 'sent') {
    return (
      <div className="outcome" role="status" tabIndex={-1} ref={doneRef}>
        <h2>Thanks, we got your message</h2>
        <p>We reply within one business day.</p>
      </div>
    );
  }

  const invalid = (field: FieldName) => failure?.field === field;
  const describedBy = (field: FieldName) => (invalid(field) ? `contact-${field}-error` : undefined);

  return (
    <form
      className="form-card form-grid"
      onSubmit={onSubmit}
      aria-labelledby="contact-title"
      noValidate={false}
    >
      <h2 id="contact-title" className="visually-hidden">
        Contact form
      </h2>
      <FormError message={failure && !failure.field ? failure.message : null} focusRef={errorRef} />
      {CONTACT_FIELDS.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          id={(name) => `contact-${name}`}
          error={invalid(field.name as FieldName) ? (failure?.message ?? null) : null}
          describedBy={describedBy(field.name as FieldName)}
        />
      ))}
      {TURNSTILE_SITE_KEY ? <TurnstileWidget onToken={setToken} /> : null}
      <div>
        <button className="button" type="submit" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
