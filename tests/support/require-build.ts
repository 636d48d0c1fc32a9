import { existsSync } from 'node:fs';

/** API tests run against the production build; `npm run build` must have happened. */
export default function requireBuild(): void {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error(
      'No production build: run `npm run build` before the API tests (npm test does).',
    );
  }
}
