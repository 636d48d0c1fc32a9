import type { ZodError } from 'zod';
import { isApiError } from '../platform/errors/api-error';
import { consoleOrg, type ConsoleOrg } from './console-org';
import type { SearchParams } from './with-cursor';

/** What Next hands an org page of the console. */
export interface OrgPageProps<P extends { org_id: string }> {
  params: Promise<P>;
  searchParams: Promise<SearchParams>;
}

export interface OrgPage<P> extends ConsoleOrg {
  params: P;
  search: SearchParams;
}

/**
 * What every org page starts with: its path params and query, then the signed-in member's org
 * (signed out: to sign-in and back to `/console/orgs/{org_id}{path}`; not a member: 404).
 */
export async function openOrgPage<P extends { org_id: string }>(
  props: OrgPageProps<P>,
  path: string,
): Promise<OrgPage<P>> {
  const [params, search] = await Promise.all([props.params, props.searchParams]);
  const member = await consoleOrg(params.org_id, `/console/orgs/${params.org_id}${path}`);
  return { ...member, params, search };
}

/** The text a page shows for a query its schema refuses (the first issue names the field). */
export function queryProblem(error: ZodError): string {
  const issue = error.issues[0]!;
  return `The filter ${issue.path.join('.')} ${issue.message}. Correct it and filter again.`;
}

export type ReadOrProblem<T> = { data: T; problem: null } | { data: null; problem: string };

/**
 * A page's read, or the text it shows in its place when the read is refused for the reader (an
 * ApiError below 500: a stale cursor, a filter the data cannot serve), with `advice` after the
 * message (the error's hint unless given). Anything else still fails the render.
 */
export async function readOrProblem<T>(
  read: Promise<T>,
  advice?: string,
): Promise<ReadOrProblem<T>> {
  try {
    return { data: await read, problem: null };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    return { data: null, problem: `${error.message} ${advice ?? error.hint}` };
  }
}
