import type { ReactNode } from 'react';
import { SiteShell } from '@/components/site-shell';

// The signed-in console wears the site's header and footer; its own navigation is per org.
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <SiteShell>{children}</SiteShell>;
}
