// The adapters app/ uses as they are (a database handle for a read, the store, the mailer, the
// CMS, the payment provider): app/ takes them from the composition root, never from lib/adapters.
export { getCms } from '../adapters/cms';
export { getDb } from '../adapters/db';
export { getMailer, listOutboxMail } from '../adapters/mail';
export { getPaymentProvider } from '../adapters/payments';
export { getStore } from '../adapters/store';
