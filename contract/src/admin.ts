// Roles and the administration (/beheer): people, brands and the log (decision 029).
// changed: adminPersonUpdate no longer defaults `roles` to [] when left out (a PATCH of a name wiped the roles);
// the shape it accepts is the same.
import { z } from 'zod';
import { id } from './ids';
import { TEXT_LIMITS } from './limits';
import { mailAddress } from './mail';
import { ROLES } from './roles';
export { ROLES } from './roles';
import { CONTROL_CHARACTER, plainText } from './text';

/** Everyone who signs in is a `medewerker`; `manager` reads the team's work; `beheerder` administers. */
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;
/** The roles an administrator may give in the app besides `medewerker`, which every account has. */
export const ASSIGNABLE_ROLES = ['manager', 'beheerder'] as const;
export const assignableRole = z.enum(ASSIGNABLE_ROLES);

const name = (max: number) => plainText(max).trim().min(1);

// --- people ---
/** A person as the administration sees them: the account, its employee, its roles and whether it is active. */
export const adminPerson = z.object({
  userId: z.number().int(),
  employeeId: z.number().int().nullable(),
  login: z.string(),
  /** The address the administration set for her mail, when her login is not one (contract/src/mail.ts). */
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  name: z.string().nullable(),
  /** The roles set in the app (besides medewerker). */
  roles: z.array(assignableRole),
  active: z.boolean(),
  /** Whether the account signed in once by single sign-on (its issuer identifier is stored). */
  linked: z.boolean(),
});
export type AdminPerson = z.infer<typeof adminPerson>;
export const adminPeopleQuery = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export const adminPersonCreate = z.object({
  login: z
    .string()
    .trim()
    .min(3)
    .max(TEXT_LIMITS.login)
    .refine((v) => !CONTROL_CHARACTER.test(v) && !/\s/.test(v)),
  firstName: name(TEXT_LIMITS.name),
  name: name(TEXT_LIMITS.name),
  /** An address for her mail; left out or null: her login, when it is an address. */
  email: mailAddress.nullable().optional(),
  roles: z.array(assignableRole).max(2).default([]),
});
export type AdminPersonCreate = z.input<typeof adminPersonCreate>;
/** Only what is sent changes: no defaults here (roles left out keep the roles the account has). */
export const adminPersonUpdate = adminPersonCreate
  .extend({ roles: z.array(assignableRole).max(2) })
  .partial()
  .extend({ active: z.boolean().optional() });
export type AdminPersonUpdate = z.input<typeof adminPersonUpdate>;

// --- brands (FC70 brands and competitor brands alike) ---
export const BRAND_KINDS = ['brands', 'competitor-brands'] as const;
export const brandKind = z.enum(BRAND_KINDS);
export type BrandKind = z.infer<typeof brandKind>;
export const adminBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Set when this entry was merged into another (it is then inactive). */
  mergedInto: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** How many visits name it. */
  visitCount: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrand>;
export const adminBrandCreate = z.object({ name: name(TEXT_LIMITS.name) });
export const adminBrandUpdate = z.object({ name: name(TEXT_LIMITS.name).optional(), active: z.boolean().optional() });
export const adminBrandMerge = z.object({ intoId: id });

// --- the log ---
export const AUDIT_ACTIONS = [
  'person.create',
  'person.update',
  'person.deactivate',
  'person.reactivate',
  'person.provision',
  'brand.create',
  'brand.update',
  'brand.deactivate',
  'brand.reactivate',
  'brand.merge',
  'competitor-brand.create',
  'competitor-brand.update',
  'competitor-brand.deactivate',
  'competitor-brand.reactivate',
  'competitor-brand.merge',
  'shop.import',
  'shop.merge',
  /** A beheerder's pin of a shop's place (decision 071). */
  'shop.place',
  'city.import',
  'season.create',
  'season.update',
  'season.delete',
  /** An export of the overview's visits (decision 033): its filter and row count, never the rows. */
  'overview.export',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who made the change; null for the command line or the sign-in itself. */
  actor: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  action: auditAction,
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /**
   * A shop import: the field shops its rows offered as possible duplicates (mergeCandidate) that are still there, so
   * the merge stays offered from the log until it is done.
   */
  pendingMerges: z.array(z.number().int()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  /** Entries older than this id (the next page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditPage = z.object({ entries: z.array(auditEntry), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
