'use client';
import { useRef, useState, type FormEvent } from 'react';
import { TURNSTILE_SITE_KEY, TurnstileWidget } from './turnstile-widget';

type FieldName = 'name' | 'email' | 'company' | 'message';
interface Failure {
  message: string;
  field?: FieldName;
}

/** The browser's hint for the server's rule: a dotted domain ending in letters. */
export const EMAIL_PATTERN = '[^@\s]+@[^@\s]+\.[A-Za-z]{2,}';

const FIELDS = new Set<string>(['name', 'email', 'company', 'message']);

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
  const describedBy = (field: FieldName, hint?: string) =>
    [hint, invalid(field) ? `contact-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (field: FieldName) =>
    invalid(field) ? (
      <p className="field-error" id={`contact-${field}-error`}>
        {failure?.message}
      </p>
    ) : null;

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
      <div className="field">
        <label htmlFor="contact-name">
          Name{' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="contact-name"
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          aria-invalid={invalid('name') || undefined}
          aria-describedby={describedBy('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">
          Email{' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="contact-email"
          name="email"
          type="email"
          pattern={EMAIL_PATTERN}
          title="An email address such as ada@example.com"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={invalid('email') || undefined}
          aria-describedby={describedBy('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-company">Company</label>
        <input
          id="contact-company"
          name="company"
          autoComplete="organization"
          maxLength={200}
          aria-invalid={invalid('company') || undefined}
          aria-describedby={describedBy('company')}
        />
        {fieldError('company')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          Message{' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          maxLength={10_000}
          aria-invalid={invalid('message') || undefined}
          aria-describedby={describedBy('message')}
        />
        {fieldError('message')}
      </div>
      {TURNSTILE_SITE_KEY ? <TurnstileWidget onToken={setToken} /> : null}
      <div>
        <button className="button" type="submit" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
