import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rule file is the architecture's executable description; these cases prove it bites. Each
// builds a tiny tree with one import the plan forbids and checks the rule that names it fires.
const { forbidden } = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'dep-rule-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(
    ['lib', 'app', 'schemas'].filter((d) => Object.keys(files).some((f) => f.startsWith(d))),
    {
      baseDir: root,
      ruleSet: { forbidden },
      validate: true,
      tsPreCompilationDeps: true,
    },
  );
  if (typeof result.output === 'string') throw new Error('expected the JSON result');
  return [...new Set(result.output.summary.violations.map((v) => v.rule.name))].sort();
}

const ok = 'export const x = 1;\n';

describe('the dependency rule', () => {
  it('passes a tree that keeps the plan', async () => {
    expect(
      await brokenRules({
        'lib/platform/errors/api-error.ts': ok,
        'lib/adapters/db/index.ts': "import '../../platform/errors/api-error';\n",
        'lib/wallet/index.ts': "export * from './hold-call';\n",
        'lib/wallet/hold-call.ts': "import '../adapters/db';\n",
        'lib/calls/dispatch-call.ts': "import '../wallet';\n",
      }),
    ).toEqual([]);
  });

  it('fails an import circle', async () => {
    expect(
      await brokenRules({
        'lib/calls/a.ts': "import './b';\n",
        'lib/calls/b.ts': "import './a';\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('fails an adapter that imports a context', async () => {
    expect(
      await brokenRules({
        'lib/adapters/telephony/dial.ts': "import '../../calls/index';\n",
        'lib/calls/index.ts': ok,
      }),
    ).toEqual(['adapters-know-no-context']);
  });

  it("fails a context that reaches into another's insides", async () => {
    expect(
      await brokenRules({
        'lib/speech/bill.ts': "import '../wallet/billing/types';\n",
        'lib/wallet/billing/types.ts': ok,
      }),
    ).toEqual(['one-door-per-context']);
  });

  it('fails platform importing anything above it', async () => {
    expect(
      await brokenRules({
        'lib/platform/http/auth.ts': "import '../../accounts/index';\n",
        'lib/accounts/index.ts': ok,
      }),
    ).toEqual(['platform-is-the-ground']);
  });

  it('fails app/ importing an adapter directly, and schemas/ importing a context', async () => {
    expect(
      await brokenRules({
        'app/v1/calls/route.ts': "import '../../../lib/adapters/db/index';\n",
        'lib/adapters/db/index.ts': ok,
        'schemas/calls.ts': "import '../lib/calls/index';\n",
        'lib/calls/index.ts': ok,
      }),
    ).toEqual(['app-reaches-adapters-through-composition', 'schemas-stand-on-platform']);
  });
});
