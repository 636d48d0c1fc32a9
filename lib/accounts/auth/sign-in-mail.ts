import type { MailMessage } from '../../adapters/mail';

/** The page a mailed link opens: it shows a Continue button that POSTs (a GET consumes nothing). */
export function verifyLink(origin: string, email: string, code: string): string {
  const query = new URLSearchParams({ email, code });
  return `${origin}/sign-in/verify?${query.toString()}`;
}

/** One message with both ways in: a link and the 6-digit code (15 minutes, once). */
export function signInMail(origin: string, email: string, code: string): MailMessage {
  const link = verifyLink(origin, email, code);
  return {
    to: email,
    subject: `Your Voice AI sign-in code: ${code}`,
    text: [
      `Your sign-in code is ${code}.`,
      '',
      `Or open this link and press Continue: ${link}`,
      '',
      'The code and the link work once and expire in 15 minutes.',
      'If you did not ask to sign in, ignore this message.',
    ].join('\n'),
    html: `<p>Your sign-in code is <strong>${code}</strong>.</p><p>Or <a href="${link.replace(/&/g, '&amp;')}">open this link</a> and press Continue.</p><p>The code and the link work once and expire in 15 minutes. If you did not ask to sign in, ignore this message.</p>`,
    links: [link],
  };
}
