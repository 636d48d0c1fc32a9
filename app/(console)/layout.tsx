import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console/console-shell';
import { consoleUser } from '@/lib/console/console-org';
import './console/console.css';

// The signed-in console is an application of its own: its shell, not the marketing header.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  return <ConsoleShell user={await consoleUser()}>{children}</ConsoleShell>;
}
