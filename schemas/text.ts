// Postgres text and jsonb cannot hold U+0000: such input is refused as a 400 naming its field,
// not left to fail as an insert (a 500).
export const NO_NUL = { message: 'must not contain the NUL character (U+0000)' };

export const noNul = (value: string) => !value.includes('\u0000');

/** No U+0000 in any string or key, however deep. */
export const noNulDeep = (value: unknown): boolean =>
  typeof value === 'string'
    ? noNul(value)
    : Array.isArray(value)
      ? value.every(noNulDeep)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).every(([k, v]) => noNul(k) && noNulDeep(v))
        : true;
