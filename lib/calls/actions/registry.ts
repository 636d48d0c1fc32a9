import { pressDigits } from './press-digits';
import { transferCall } from './transfer-call';
import type { CallAction } from './types';

// Minimal list by helper B (transfer-keypad) until helper A's registry lands: A's replaces this
// file, keeping these two entries.
export const CALL_ACTIONS: CallAction[] = [transferCall, pressDigits];
