import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '@/lib/platform/config/config';

// Every variable the app reads is explained where an operator looks: README and .env.example.
const variables = Object.keys(envSchema.shape).filter((name) => name !== 'NODE_ENV');
const readme = readFileSync('README.md', 'utf8');
const example = readFileSync('.env.example', 'utf8');

describe('configuration docs', () => {
  it.each(variables)('%s is in the README table and in .env.example', (name) => {
    expect(readme).toContain(`\`${name}\``);
    expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });
});
