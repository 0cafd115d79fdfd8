/**
 * The operator console's roles and what each may do: one table, read by the server's route guard
 * and by the console's menu, so the menu never offers what the server refuses.
 */
export const OPS_ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const isOpsRole = (value: unknown): value is OpsRole =>
  typeof value === 'string' && (OPS_ROLES as readonly string[]).includes(value);

const EVERYONE: readonly OpsRole[] = OPS_ROLES;

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
  /** Find members and read one member's page, personal data masked. */
  'members.read': EVERYONE,
  /** Show one member's personal data unmasked, with a written reason. */
  'members.reveal': ['support', 'admin'],
  /** Sign a member out everywhere, clear their login throttle, disable or enable their sign-in. */
  'members.support': ['support', 'admin'],
  /** Find payments and read one payment's page and timeline, member data masked. */
  'payments.read': EVERYONE,
  /** Ask the gateway about one payment now and apply its final answer. */
  'payments.requery': ['support', 'finance', 'admin'],
  /** Ask for a refund (amount and reason); another operator decides it. */
  'refunds.request': ['finance'],
  /** Approve or reject another operator's refund request, send it again, close a bank transfer. */
  'refunds.approve': ['finance', 'admin'],
  /** The payments summary by day and the CSV export of a search. */
  'reports.read': ['finance', 'admin'],
  /** Read the audit log, verify its chain, export it, write a checkpoint. */
  'audit.read': ['admin'],
  /** Create operators, change their role, disable them, reset their second factor. */
  'operators.manage': ['admin'],
} as const satisfies Record<string, readonly OpsRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: OpsRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OpsRole[]).includes(role);
}

/** Every permission a role holds, in the table's order (what the console's menu shows). */
export function permissionsOf(role: OpsRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}
