import { permissionsOf, type OpsRole, type Permission } from '../../../src/contract/ops-roles';

/** The console's pages, each with the permission that opens it. */
export const CONSOLE_PAGES = [
  { id: 'members', path: '/members', permission: 'members.read' },
  { id: 'payments', path: '/payments', permission: 'payments.read' },
  /** The refunds waiting for someone: those who decide them. */
  { id: 'refunds', path: '/refunds', permission: 'refunds.approve' },
  { id: 'reports', path: '/reports', permission: 'reports.read' },
  { id: 'operators', path: '/operators', permission: 'operators.manage' },
  { id: 'audit', path: '/audit', permission: 'audit.read' },
] as const satisfies readonly { id: string; path: string; permission: Permission }[];

export type ConsolePage = (typeof CONSOLE_PAGES)[number];
export type ConsolePageId = ConsolePage['id'];

/**
 * The pages a role may open, in menu order: exactly those whose permission the role holds in the
 * contract's table, the one the server's route guard reads. The others are neither in the menu
 * nor routed (their URLs show the not-found page).
 */
export function pagesFor(role: OpsRole): ConsolePage[] {
  const held = new Set<Permission>(permissionsOf(role));
  return CONSOLE_PAGES.filter((page) => held.has(page.permission));
}

/** Whether a role holds a permission (the buttons a page shows: reveal, support actions). */
export function roleCan(role: OpsRole, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
