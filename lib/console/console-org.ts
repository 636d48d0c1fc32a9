import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import {
  currentUser,
  findMembership,
  listMemberOrgs,
  roleAllows,
  type MemberAction,
  type MemberOrg,
  type SessionUser,
} from '../accounts';
import { getDb } from '../adapters/db';
import { isUuid } from '../platform/http/path-id';

export interface ConsoleOrg {
  user: SessionUser;
  org: MemberOrg;
  can: (action: MemberAction) => boolean;
}

/**
 * The signed-in member and the organization a console page is about: signed out → /sign-in,
 * not a member (or no such org) → 404, so an org's existence is not revealed. The membership is
 * the routes' own check (`findMembership`). Pages use `can` only to hide what the role cannot do;
 * the console routes enforce it again on every action.
 */
export async function consoleOrg(orgId: string, next: string): Promise<ConsoleOrg> {
  const user = await sessionUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  if (!isUuid(orgId)) notFound();
  const org = await membership(user.id, orgId.toLowerCase());
  if (!org) notFound();
  return { user, org, can: (action) => roleAllows(org.role, action) };
}

// The layout and the page of one request both ask: one session lookup and one membership per render.
const sessionUser = cache(currentUser);
const membership = cache(async (userId: string, orgId: string) =>
  findMembership(await getDb(), userId, orgId),
);

/** The signed-in person of this render (the shell's menu and the page share one lookup). */
export const consoleUser = sessionUser;

/** The organizations of the signed-in member, oldest membership first (the org switcher). */
export const consoleOrgs = cache(async (userId: string) => listMemberOrgs(await getDb(), userId));
