import { afterEach, beforeEach } from 'vitest';
import { checkTestConsole, guardConsoleError, startTestConsole } from './console-guard';
import { resetMswHandlers } from './msw/msw-server';

// Runs before every test file of every project (vitest.config.ts `setupFiles`).
guardConsoleError();
beforeEach(() => startTestConsole());
afterEach(() => {
  resetMswHandlers();
  checkTestConsole();
});
