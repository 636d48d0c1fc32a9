// The keys of an attribution touch, without zod, so browser code can share them.

/** The URL parameters a touch is captured from (UTM and ad click ids). */
export const urlTouchKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'li_fat_id',
  'msclkid',
  'ttclid',
  'twclid',
] as const;

export const touchKeys = [...urlTouchKeys, 'referrer', 'landing_path', 'seen_at'] as const;
