/** The envelope's message without its field prefix ("scopes: Choose…" reads "Choose…"). */
export const envelopeWords = (message: string) => message.replace(/^[a-z_]+: /, '');
