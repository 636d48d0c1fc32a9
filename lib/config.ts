import { z } from 'zod';
import { singleton } from './runtime/singleton';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

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
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
        message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
      });
    }
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
