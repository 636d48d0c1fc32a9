import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import { singleton } from '../runtime/singleton';
import { checkTwilioEnv } from './check-twilio-env';
import { checkPaymentsEnv, paymentsEnvShape } from './payments-env';
import { checkSandboxPayments } from './check-sandbox-payments';
import { mailEnvShape } from './mail-env';
import { checkRecognitionEnv, recognitionEnvShape } from './recognition-env';
import {
  flag,
  flagOnByDefault,
  numberOr,
  optionalString,
  optionalUrl,
} from '../runtime/env-fields';
import { statsEnvShape } from './stats-env';
import { callRulesEnvShape } from './call-rules-env';

const isIpOrCidr = (entry: string) => {
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
};

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOSTNAME: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_SITE_URL: optionalUrl,
    PUBLIC_API_URL: optionalUrl,
    TRUST_PROXY: flag,
    DATA_DIR: z.string().trim().min(1).default('.data'),
    UPSTASH_REDIS_REST_URL: optionalUrl,
    UPSTASH_REDIS_REST_TOKEN: optionalString,
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    SANITY_PROJECT_ID: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, 'must be a Sanity project id (a-z, 0-9, -)')
        .optional(),
    ),
    SANITY_DATASET: optionalString,
    SANITY_API_TOKEN: optionalString,
    SANITY_API_VERSION: z
      .string()
      .regex(/^v?\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-02-19')
      .default('2025-02-19'),
    SANITY_USE_CDN: flag,
    // Prefix of every key in Redis, so several deployments (or test runs) can share one server.
    STORE_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}:$/, 'must be 1-40 letters, digits, _ . - followed by a colon')
      .default('vai:'),
    CMS_DATASET: z.string().trim().min(1).default('content/dataset.ndjson'),
    HUBSPOT_ACCESS_TOKEN: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    SANITY_REVALIDATE_SECRET: optionalString,
    ADMIN_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    // HMAC key for the email hashes of privacy deletion requests; the default is for development.
    PRIVACY_HASH_KEY: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .default('dev-only-privacy-hash-key-change-me'),
    ...statsEnvShape,
    // Signs lead-form destination webhooks (Standard Webhooks); unset keeps them in an outbox.
    LEAD_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'must be a Standard Webhooks secret: whsec_<base64>')
        .optional(),
    ),
    // Private addresses webhook receivers may resolve to (everything private is refused otherwise).
    WEBHOOK_ALLOW_IPS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .superRefine((entries, ctx) => {
        const bad = entries.filter((entry) => !isIpOrCidr(entry));
        if (bad.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `must be IP addresses or CIDR ranges, comma-separated (not: ${bad.join(', ')})`,
          });
        }
      }),
    // The database of record (voice platform): a Postgres URL, or PGlite under DATA_DIR.
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    // What a completed call costs per started minute, in US dollars.
    CALL_PRICE_PER_MINUTE_USD: numberOr(
      0.09,
      z.number('must be a number').min(0, 'must be 0 or more').max(100, 'must be at most 100'),
    ),
    // A phone number's monthly rent in US dollars, charged to the wallet at purchase and each month.
    NUMBER_MONTHLY_FEE_USD: numberOr(
      2,
      z.number('must be a number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
    ),
    // How much faster than real time the sandbox line plays calls (tests use large values).
    SANDBOX_TIME_SCALE: numberOr(
      1,
      z.number('must be a number').min(0.01, 'must be at least 0.01').max(10_000, 'at most 10000'),
    ),
    // An OpenAI-compatible chat-completions server that plays the agent; unset: the scripted agent.
    AGENT_LLM_BASE_URL: optionalUrl,
    AGENT_LLM_API_KEY: optionalString,
    AGENT_LLM_MODEL: optionalString,
    // HMAC key of signed, expiring recording links; the default is for development.
    URL_SIGNING_KEY: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .default('dev-only-url-signing-key-change-me'),
    // What speech costs per 1,000 characters, in US dollars (charged against the wallet).
    SPEECH_PRICE_PER_1K_CHARS_USD: numberOr(
      0.05,
      z.number('must be a number').min(0, 'must be 0 or more').max(100, 'must be at most 100'),
    ),
    // An OpenAI-compatible /v1/audio/speech server; unset: the in-process eSpeak-NG engine.
    SPEECH_UPSTREAM_URL: optionalUrl,
    SPEECH_UPSTREAM_API_KEY: optionalString,
    SPEECH_UPSTREAM_MODEL: optionalString,
    // Tests only: Client ID Metadata Documents may be served over http from a loopback address.
    OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK: flag,
    // Browser origins (hostnames, comma-separated) besides our own that may call the tool server.
    MCP_ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
          // An origin may be given whole: only its hostname is compared (any port).
          .map((s) => s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[:/].*$/, '')),
      ),
    // Tool-server requests per minute per organization (the spec's 120; benchmarks raise it).
    MCP_REQUESTS_PER_MINUTE: numberOr(
      120,
      z.int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'at most 1e6'),
    ),
    // A Twilio account: all three set → real calls through Twilio; unset → the sandbox line.
    TWILIO_ACCOUNT_SID: optionalString.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC + 32 hex digits)')
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString.pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number like +14155550100')
        .optional(),
    ),
    // Scheme and host that replace Twilio's API host (a Twilio-compatible stand-in); unset: Twilio.
    TWILIO_API_BASE_URL: optionalUrl,
    ...recognitionEnvShape,
    // Live calls one instance carries at most (and it stops dialling when its event loop is
    // saturated); unset: no limit. See the README's capacity section.
    LIVE_CALL_CAPACITY: optionalString
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(
        z
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(10_000, 'at most 10000')
          .optional(),
      ),
    ...mailEnvShape,
    // Signs better-auth's session cookies and tokens; the default is for development.
    AUTH_SECRET: z
      .string()
      .trim()
      .min(32, 'must be at least 32 characters')
      .default('dev-only-auth-secret-change-me-0123456789'),
    // Starting credit of the personal organization a sign-up creates, in US dollars.
    SIGNUP_STARTING_CREDIT_USD: numberOr(
      1,
      z.number('must be a number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
    ),
    // false: this process never advances calls or deliveries itself (a cron calls /internal/cron/calls).
    CALL_SCHEDULER: flagOnByDefault,
    // false: route modules load on each route's first request instead of before `ready` (a
    // process that serves a few routes and then exits, as each test server does, starts on ~3 s
    // less CPU; a long-lived server keeps the default so its first requests do not stall).
    PRELOAD_ROUTES: flagOnByDefault,
    ...paymentsEnvShape,
    ...callRulesEnvShape,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
        message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
      });
    }
    if (Boolean(env.AGENT_LLM_BASE_URL) !== Boolean(env.AGENT_LLM_MODEL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.AGENT_LLM_BASE_URL ? 'AGENT_LLM_MODEL' : 'AGENT_LLM_BASE_URL'],
        message: 'AGENT_LLM_BASE_URL and AGENT_LLM_MODEL must be set together',
      });
    }
    checkRecognitionEnv(env, ctx);
    checkTwilioEnv(env, ctx);
    checkPaymentsEnv(env, ctx);
    checkSandboxPayments(env, ctx);
    if (Boolean(env.SANITY_PROJECT_ID) !== Boolean(env.SANITY_DATASET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SANITY_PROJECT_ID ? 'SANITY_DATASET' : 'SANITY_PROJECT_ID'],
        message: 'SANITY_PROJECT_ID and SANITY_DATASET must be set together',
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment; the error message names every offending variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `  ${variable}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

/** The process configuration, validated once. */
export function getConfig(): Config {
  return singleton('config', () => parseConfig(process.env));
}
