import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { botCheckOff, TurnstileBotCheck } from './turnstile';
import type { BotCheck } from './types';

export type { BotCheck, BotCheckInput, BotCheckVerdict } from './types';
export { TurnstileBotCheck, botCheckOff, SITEVERIFY_URL } from './turnstile';

export function createBotCheck(config: Config): BotCheck {
  return config.TURNSTILE_SECRET_KEY
    ? new TurnstileBotCheck(config.TURNSTILE_SECRET_KEY)
    : botCheckOff;
}

export function getBotCheck(): BotCheck {
  return singleton('botcheck', () => createBotCheck(getConfig()));
}
