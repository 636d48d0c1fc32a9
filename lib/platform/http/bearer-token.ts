/** Reads `Bearer <token>`; with `allowBare`, a bare token too (the voice API accepts both). */
export function bearerToken(header: string | null, allowBare = false): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (match) return match[1];
  if (allowBare && /^\S+$/.test(header.trim())) return header.trim();
  return undefined;
}
