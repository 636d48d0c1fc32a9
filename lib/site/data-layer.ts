declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Google Tag Manager's queue: created when missing, then the event appended. */
export function pushDataLayer(event: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
