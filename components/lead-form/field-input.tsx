import type { PublicLeadField } from '@/lib/site/public-lead-form';

// Native hints that mirror the server's rules for each field type.
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

/** One CMS field as its native control, labelled, with its hint and error. */
export function FieldInput({
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
      email: {
        type: 'email',
        pattern: EMAIL_PATTERN,
        title: 'An email address such as ada@example.com',
        autoComplete: 'email',
      },
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
