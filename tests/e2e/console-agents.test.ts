import { describe, expect, it } from 'vitest';
import { AgentObject, type AgentBody } from '@/schemas/agents';
import { browserConsoleForSuite, postFrom, type BrowserConsole } from '../support/console-browser';
import { voice } from '../support/voice-api';

// The console's agent form with every setting an agent saves (issue 34): the results after a call
// (summary and analysis prompts, the analysis schema as JSON) and retries are created and changed
// in the browser, a schema that is not JSON, or that the API refuses, is named under its field with
// nothing saved, and the version history shows what each change did.
let { base, owner, page, orgId } = {} as BrowserConsole;
let agentsKey = '';

browserConsoleForSuite(`console-agents-${Date.now()}@example.com`, 'Ada Agents', (started) => {
  ({ base, owner, page, orgId } = started);
});

const schema = {
  type: 'object',
  properties: {
    confirmed: { type: 'boolean', description: 'Did they confirm the appointment?' },
    new_day: { type: 'string' },
  },
  required: ['confirmed'],
};

async function agents(): Promise<AgentBody[]> {
  if (!agentsKey) {
    const key = await postFrom(owner, base, `/console/api/orgs/${orgId}/keys`, {
      name: 'agents reader',
      scopes: ['agents:read'],
    });
    expect(key.status()).toBe(201);
    agentsKey = ((await key.json()) as { api_key: string }).api_key;
  }
  const response = await voice(base, agentsKey, '/v1/agents');
  expect(response.status).toBe(200);
  return ((await response.json()) as { agents: unknown[] }).agents.map((a) => AgentObject.parse(a));
}

describe('the agent form in the console', () => {
  it('creates an agent with its analysis, prompts and retries, refusing a schema it cannot send', async () => {
    await page.goto(`${base}/console/orgs/${orgId}/agents`);
    await page.getByTestId('agents-empty').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Reminders');
    await page.getByLabel('Task', { exact: true }).fill('Confirm the appointment for {{day}}.');
    await page.getByLabel('Summary prompt (optional)').fill('One line: outcome and next step.');
    await page
      .getByLabel('Analysis prompt (optional)')
      .fill('A new day only if they asked for one.');
    await page.getByLabel('Attempts in all').fill('3');
    await page.getByLabel('Minutes between attempts').fill('30');
    await page.getByLabel('no-answer', { exact: true }).check();
    await page.getByLabel('busy', { exact: true }).check();
    await page.getByLabel('Metadata (optional JSON object)').fill('{ "campaign": "spring" }');
    const schemaField = page.getByLabel('Analysis schema (optional JSON Schema)');

    // Not JSON: said under the field, in the browser, and nothing is sent.
    await schemaField.fill('{ "type": "object", "properties": {');
    await page.getByRole('button', { name: 'Save the agent' }).click();
    const error = page.getByTestId('analysis_schema-error');
    await expect.poll(() => error.textContent()).toMatch(/^Not valid JSON: /);
    expect(await schemaField.getAttribute('aria-invalid')).toBe('true');
    expect(await schemaField.getAttribute('aria-describedby')).toContain(
      (await error.getAttribute('id')) ?? 'missing',
    );
    expect(await agents()).toEqual([]);

    // JSON the API refuses (a keyword analysis schemas do not take): its message, same place.
    await schemaField.fill(
      JSON.stringify({ type: 'object', properties: { code: { type: 'string', pattern: 'x' } } }),
    );
    await page.getByRole('button', { name: 'Save the agent' }).click();
    await expect.poll(() => error.textContent()).toMatch(/keyword "pattern" is not supported/);
    expect(await agents()).toEqual([]);

    await schemaField.fill(JSON.stringify(schema, null, 2));
    await page.getByRole('button', { name: 'Save the agent' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect(await error.count()).toBe(0);
    await page.getByRole('link', { name: 'Reminders' }).waitFor();

    const [saved] = await agents();
    expect(saved).toMatchObject({
      name: 'Reminders',
      version: 1,
      summary_prompt: 'One line: outcome and next step.',
      analysis_schema: schema,
      analysis_prompt: 'A new day only if they asked for one.',
      retry: { max_attempts: 3, wait_minutes: 30, on: ['no-answer', 'busy'] },
      metadata: { campaign: 'spring' },
      end_of_turn: null,
    });
  });

  it('changes those settings as a new version, whose diff shows each one before and after', async () => {
    const [agent] = await agents();
    await page.goto(`${base}/console/orgs/${orgId}/agents/${agent!.agent_id}`);
    // The form opens on the saved values.
    const schemaField = page.getByLabel('Analysis schema (optional JSON Schema)');
    expect(JSON.parse(await schemaField.inputValue())).toEqual(schema);
    expect(await page.getByLabel('Attempts in all').inputValue()).toBe('3');
    expect(await page.getByLabel('busy', { exact: true }).isChecked()).toBe(true);

    await page.getByLabel('Analysis prompt (optional)').fill('Note any new day they ask for.');
    await page.getByLabel('Minutes between attempts').fill('60');
    await page.getByLabel('busy', { exact: true }).uncheck();
    await page.getByLabel('Metadata (optional JSON object)').fill('');
    await page.getByLabel('When they sound done (ms)').fill('400');
    await page.getByLabel('At most (ms)').fill('1200');
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 2.').waitFor();

    const [changed] = await agents();
    expect(changed).toMatchObject({
      version: 2,
      analysis_schema: schema,
      analysis_prompt: 'Note any new day they ask for.',
      retry: { max_attempts: 3, wait_minutes: 60, on: ['no-answer'] },
      metadata: null,
      end_of_turn: { min_ms: 400, max_ms: 1200 },
    });

    await page.reload();
    const diff = page.getByTestId('agent-version-2-diff');
    expect((await diff.locator('summary').textContent())?.trim()).toBe(
      'end of turn, metadata, analysis prompt, retry',
    );
    await diff.locator('summary').click();
    expect(await diff.getByTestId('diff-analysis_prompt').textContent()).toBe(
      'analysis promptA new day only if they asked for one. → Note any new day they ask for.',
    );
    // Objects as the database keeps them (jsonb orders keys by length, then alphabetically).
    expect(await diff.getByTestId('diff-retry').textContent()).toBe(
      'retry{"on":["no-answer","busy"],"max_attempts":3,"wait_minutes":30} → ' +
        '{"on":["no-answer"],"max_attempts":3,"wait_minutes":60}',
    );
    expect(await diff.getByTestId('diff-metadata').textContent()).toBe(
      'metadata{"campaign":"spring"} → not set',
    );
    expect(await page.getByTestId('diff-analysis_schema').count()).toBe(0);
  });

  it('saves tools with a secret header shown as hidden, kept on the next save, named in the diff', async () => {
    const [agent] = await agents();
    await page.goto(`${base}/console/orgs/${orgId}/agents/${agent!.agent_id}`);
    const tools = page.getByLabel('Tools (optional JSON list)');
    const tool = {
      name: 'book_slot',
      description: 'Books a slot.',
      input_schema: { type: 'object' },
      // A public address written as an IP: checked without a lookup.
      url: 'https://93.184.216.34/book',
      headers: { Authorization: 'Bearer sk-e2e-secret' },
    };
    await tools.fill(JSON.stringify([tool]));
    await page.getByLabel('Keywords (optional, one a line)').fill('Invisalign\nBright Dental');
    await page.getByLabel('Transfer mode (optional)').selectOption('warm');
    await page.getByLabel('Transfer number (optional)').fill('+14155550111');
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 3.').waitFor();

    await page.reload();
    expect(await page.content()).not.toContain('sk-e2e-secret');
    const shown = JSON.parse(await tools.inputValue()) as { headers: unknown }[];
    expect(shown[0]!.headers).toEqual({ Authorization: '[hidden]' });
    expect(await page.getByLabel('Keywords (optional, one a line)').inputValue()).toBe(
      'Invisalign\nBright Dental',
    );
    // Saved again as shown, with another change: the hidden value is kept, not replaced by it.
    await page.getByLabel('Temperature (optional, 0–2)').fill('0.5');
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 4.').waitFor();
    const [kept] = await agents();
    expect(kept).toMatchObject({
      version: 4,
      temperature: 0.5,
      transfer_mode: 'warm',
      keywords: ['Invisalign', 'Bright Dental'],
      tools: [{ name: 'book_slot', headers: { Authorization: '[hidden]' } }],
    });

    // A new value alone is a version whose diff names the change without showing it.
    await page.reload();
    await tools.fill(
      JSON.stringify([{ ...tool, headers: { Authorization: 'Bearer sk-e2e-other' } }]),
    );
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 5.').waitFor();
    await page.reload();
    expect(await page.getByTestId('agent-version-5-diff').textContent()).toBe(
      'tool header values (hidden)',
    );
    expect(await page.content()).not.toMatch(/sk-e2e-(secret|other)/);
  });
});
