// Bodies of the console's member routes (/console/api/*): keys, members, invitations, org
// settings, connected OAuth clients.
import { apiKeyScopes, memberRoles } from './stored-values';
import { EmailAddress } from './email';
import { STORABLE, storable } from './text';
import { z } from './zod';

export const ApiKeyScopeSchema = z
  .enum(apiKeyScopes)
  .describe(
    "What the key may do: only scopes the maker's role may give (else 403 SCOPE_NOT_ALLOWED).",
  );
export const MemberRoleSchema = z.enum(memberRoles);

export const MonthlySpendCapCents = z
  .int()
  .min(0)
  .max(100_000_000)
  .nullable()
  .describe(
    'Monthly spend cap of the key in whole US cents (calendar month, UTC): calls and speech through the key are refused with 402 KEY_SPEND_CAP_REACHED once its month reaches it. null: no cap.',
  );

export const CreateKeyRequest = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name.').max(64).refine(storable, STORABLE),
    scopes: z
      .array(ApiKeyScopeSchema)
      .min(1, 'Choose at least one scope.')
      .max(apiKeyScopes.length),
    expires_in_days: z.int().min(1).max(3650).optional().describe('Unset: never expires.'),
    monthly_spend_cap_cents: MonthlySpendCapCents.optional(),
  })
  .strict()
  .meta({ id: 'CreateKeyRequest' });

export const KeyPatch = z
  .object({ monthly_spend_cap_cents: MonthlySpendCapCents })
  .strict()
  .meta({ id: 'KeyPatch' });

export const RotateKeyRequest = z
  .object({
    grace_hours: z
      .number()
      .min(0)
      .max(72)
      .describe('How long the old secret keeps working (0–72 h).'),
  })
  .strict()
  .meta({ id: 'RotateKeyRequest' });

export const InviteRequest = z
  .object({ email: EmailAddress, role: MemberRoleSchema })
  .strict()
  .meta({ id: 'InviteRequest' });

export const MemberPatch = z
  .object({ role: MemberRoleSchema })
  .strict()
  .meta({ id: 'MemberPatch' });

export const AcceptInvitationRequest = z
  .object({ token: z.string().min(16).max(200) })
  .strict()
  .meta({ id: 'AcceptInvitationRequest' });

const OrgName = z.string().trim().min(1).max(200).refine(storable, STORABLE);

export const CreateMemberOrgRequest = z
  .object({ name: OrgName })
  .strict()
  .meta({ id: 'CreateMemberOrgRequest' });

export const RenameOrgRequest = z
  .object({ name: OrgName })
  .strict()
  .meta({ id: 'RenameOrgRequest' });

export const RevokeConnectedAppRequest = z
  .object({
    client_id: z
      .string()
      .min(1)
      .max(2048)
      .refine(storable, STORABLE)
      .describe('The OAuth client to disconnect (a DCR id or a metadata document URL).'),
  })
  .strict()
  .meta({ id: 'RevokeConnectedAppRequest' });
