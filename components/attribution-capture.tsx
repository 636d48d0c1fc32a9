'use client';
import { useEffect } from 'react';
import { captureAttribution } from '@/lib/site/attribution';

/** Records UTM and click-id parameters of the landing URL in the first-party attribution cookie. */
export function AttributionCapture() {
  useEffect(() => {
    captureAttribution();
  }, []);
  return null;
}
