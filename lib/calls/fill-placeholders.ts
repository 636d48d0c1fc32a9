const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** Fills `{{name}}` from `values`; placeholders without a value stay as written. */
export function fillPlaceholders(template: string, values: Record<string, unknown> | null): string {
  if (!values) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** The distinct placeholder names of a template, in order of first use. */
export function promptPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}
