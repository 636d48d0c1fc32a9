export interface BotCheckInput {
  token: string;
  remoteIp?: string;
  /** Lets the provider answer a retried verification of the same submission consistently. */
  idempotencyKey?: string;
}

/** `unavailable`: the provider could not be asked or gave no usable answer. */
export type BotCheckVerdict = 'valid' | 'invalid' | 'unavailable';

export interface BotCheck {
  readonly kind: 'turnstile' | 'off';
  readonly enabled: boolean;
  readonly description: string;
  verify(input: BotCheckInput): Promise<BotCheckVerdict>;
}
