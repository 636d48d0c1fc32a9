/** Fills `{{name}}` from `values`; placeholders without a value stay as written. */
export function fillPlaceholders(template: string, values: Record<string, unknown> | null): string {
  if (!values) return template;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
