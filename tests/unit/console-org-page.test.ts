import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryProblem, readOrProblem } from '@/lib/console/org-page';
import { ApiError } from '@/lib/platform/errors/api-error';

// The prologue the console's org pages share (issue 38's twin): a read refused for the reader
// becomes the page's problem text, anything else still fails the render.
describe('readOrProblem', () => {
  it('hands the read through when it succeeds', async () => {
    expect(await readOrProblem(Promise.resolve([1, 2]))).toEqual({ data: [1, 2], problem: null });
  });

  it("turns a refusal below 500 into its message and hint, or the page's advice", async () => {
    const refused = () => Promise.reject(new ApiError('NOT_FOUND', { message: 'No such row.' }));
    const hinted = await readOrProblem(refused());
    expect(hinted.data).toBeNull();
    expect(hinted.problem).toBe(`No such row. ${new ApiError('NOT_FOUND').hint}`);
    expect(await readOrProblem(refused(), 'Go back to the newest rows.')).toEqual({
      data: null,
      problem: 'No such row. Go back to the newest rows.',
    });
  });

  it('lets a server fault or a plain error fail the render', async () => {
    await expect(readOrProblem(Promise.reject(new ApiError('INTERNAL_ERROR')))).rejects.toThrow(
      ApiError,
    );
    await expect(readOrProblem(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('queryProblem', () => {
  it('names the first refused filter and asks to correct it', () => {
    const parsed = z.object({ status: z.enum(['queued', 'ended']) }).safeParse({ status: 'x' });
    if (parsed.success) throw new Error('expected a refusal');
    expect(queryProblem(parsed.error)).toMatch(
      /^The filter status .+\. Correct it and filter again\.$/,
    );
  });
});
