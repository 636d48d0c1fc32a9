import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@/lib/platform/config/config';
import {
  createMailer,
  listOutboxMail,
  OutboxMailer,
  SmtpMailer,
  MailError,
} from '@/lib/adapters/mail';
import { EmbeddedStore, RedisStore } from '@/lib/adapters/store';
import { createTcpDriver } from '@/lib/adapters/store/tcp-driver';
import { deletePrefix, redisClient, testPrefix, TEST_REDIS_URL } from '../support/redis';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

const message = {
  to: 'Ada@Example.com',
  subject: 'Your sign-in code: 123456',
  text: 'Code 123456\nhttps://app.test/sign-in/verify?token=abc',
  html: '<p>Code <b>123456</b></p>',
  links: ['https://app.test/sign-in/verify?token=abc'],
};

describe('SMTP mailer against a real SMTP server', () => {
  it('delivers a MIME message with subject, text, html, From and To', async () => {
    const mailer = new SmtpMailer(smtp.url, 'VoiceAI <no-reply@voice.test>');
    await mailer.send(message);
    const got = await smtp.next('ada@example.com');
    expect(got.subject).toBe(message.subject);
    expect(got.text).toContain('https://app.test/sign-in/verify?token=abc');
    expect(got.html).toContain('<b>123456</b>');
    expect(got.from).toBe('no-reply@voice.test');
    expect(got.parsed.from?.text).toContain('VoiceAI');
  });

  it('is chosen by SMTP_URL and names it without the password', () => {
    const mailer = createMailer(parseConfig({ SMTP_URL: smtp.url }), new EmbeddedStore());
    expect(mailer.kind).toBe('smtp');
    expect(mailer.description).not.toContain('secret');
  });

  it('throws MailError when the server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'a@b.test');
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailError);
  });
});

describe('embedded mailer', () => {
  it('is the default without SMTP_URL, prints the links and keeps the message', async () => {
    const store = new EmbeddedStore();
    const mailer = createMailer(parseConfig({}), store);
    expect(mailer.kind).toBe('outbox');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await mailer.send(message);
    expect(info.mock.calls.flat().join('\n')).toContain(
      'link: https://app.test/sign-in/verify?token=abc',
    );
    info.mockRestore();
    const { messages } = await listOutboxMail(mailer);
    expect(messages[0]).toMatchObject({ to: message.to, subject: message.subject });
  });

  it('on Redis, another process (another store client) reads the outbox newest first', async () => {
    const prefix = testPrefix('mail');
    const writer = new OutboxMailer(
      new RedisStore('tcp', 'w', createTcpDriver(TEST_REDIS_URL), prefix),
    );
    const reader = new OutboxMailer(
      new RedisStore('tcp', 'r', createTcpDriver(TEST_REDIS_URL), prefix),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await writer.send({ ...message, subject: 'first' });
    await writer.send({ ...message, subject: 'second' });
    vi.restoreAllMocks();
    expect((await reader.list()).map((m) => m.subject)).toEqual(['second', 'first']);
    const redis = redisClient();
    await deletePrefix(redis, prefix);
    redis.disconnect();
  });
});
