/** The statement a professional clone's speaker reads aloud and records (the studio shows it). */
export function consentStatement(speaker: string, orgName: string): string {
  return `I am ${speaker}. I agree that ${orgName} may make a synthetic copy of my voice on Voice AI and use it for speech and phone calls.`;
}
