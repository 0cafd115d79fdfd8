import type { OpsRole, Permission } from './ops-roles';
import type { PasskeyAuthenticationCredential, PasskeyRegistrationCredential } from './passkeys';

/**
 * The operator console's API, on its own listener and origin (OPS_PORT): paths relative to its
 * `/api`, and the shapes of each call. Answers use the member API's envelope
 * (`{status: 1, message, data}` or `{status: 0, message, code, field?}`). Every state-changing
 * call (POST) carries the session's CSRF token in the `X-CSRF-Token` header.
 */
export const OpsPaths = {
  enrolmentStart: '/auth/enrolment/start',
  enrolmentFinish: '/auth/enrolment/finish',
  signIn: '/auth/sign-in',
  /** A passkey instead of a TOTP app: enrolment's creation options and its finish... */
  enrolmentPasskeyOptions: '/auth/enrolment/passkey-options',
  enrolmentFinishPasskey: '/auth/enrolment/finish-passkey',
  /** ...and sign-in: the password first (answering request options), then the passkey. */
  signInPasskeyOptions: '/auth/sign-in/passkey-options',
  signInPasskey: '/auth/sign-in/passkey',
  signOut: '/auth/sign-out',
  session: '/auth/session',
  members: '/members',
  /** With the member id appended: `${OpsPaths.member}/${id}`, and `/reveal` etc. after it. */
  member: '/members',
  operators: '/operators',
  /** What waits for a second admin: changes to approve, operators to confirm. */
  operatorApprovals: '/operator-approvals',
  /** With the change's id appended, then `/approve` or `/reject`. */
  operatorChanges: '/operator-changes',
  audit: '/audit',
  auditExport: '/audit/export',
  auditCheckpoint: '/audit/checkpoint',
} as const;

/** The member support actions, each by its path segment after the member's id. */
export const MEMBER_ACTIONS = [
  'reveal',
  'sign-out-everywhere',
  'clear-throttle',
  'sign-in',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** The operator actions, each by its path segment after the operator's id. */
export const OPERATOR_ACTIONS = [
  'role',
  'disable',
  'enable',
  'reset-second-factor',
  'confirm',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const CSRF_HEADER = 'x-csrf-token';

export interface EnrolmentStartRequest {
  token: string;
}
export interface EnrolmentStartResponse {
  name: string;
  email: string;
  role: OpsRole;
  /** The TOTP secret in base32 and its otpauth:// URI (for an authenticator app's QR code). */
  totp_secret: string;
  totp_uri: string;
}
export interface EnrolmentFinishRequest {
  token: string;
  password: string;
  /** A current code of the authenticator app set up with the secret from the start. */
  totp_code: string;
}

export interface EnrolmentFinishPasskeyRequest {
  token: string;
  password: string;
  credential: PasskeyRegistrationCredential;
}

export interface PasskeySignInOptionsRequest {
  email: string;
  password: string;
}

export interface PasskeySignInRequest {
  email: string;
  credential: PasskeyAuthenticationCredential;
}

export interface SignInRequest {
  email: string;
  password: string;
  totp_code: string;
}

export interface OperatorDto {
  id: string;
  name: string;
  email: string;
  role: OpsRole;
}

/** The signed-in operator, what they may do, and when the session ends unless used. */
export interface OpsSessionResponse {
  operator: OperatorDto;
  permissions: Permission[];
  csrf_token: string;
  /** ISO times: the idle end moves on with every call; the absolute end never does. */
  idle_expires_at: string;
  expires_at: string;
  /** ISO time until which refund actions need no second factor again (then a step-up). */
  step_up_until: string;
}

export interface MemberSearchQuery {
  /** A phone or IC/passport (exact), else a name prefix (case-insensitive). */
  q: string;
  cursor?: string;
}

/** A member as a list shows them: personal data masked. */
export interface MemberSummaryDto {
  id: string;
  name: string;
  phone_no: string;
  ic_or_passport: string;
  created_at: string;
  sign_in_disabled: boolean;
}

export interface MemberSearchResponse {
  items: MemberSummaryDto[];
  next_cursor: string | null;
}

export interface MemberDetailResponse {
  member: MemberSummaryDto;
  last_sign_in_at: string | null;
  sessions: { device: string | null; started_at: string; last_active_at: string }[];
  passkeys: { name: string; created_at: string }[];
  payments: {
    payment_id: string;
    /** Null until the payment completes: the console names a payment by it, as everywhere. */
    receipt_number: string | null;
    amount: string;
    status: string;
    created_at: string;
  }[];
  throttle: { failures: number; locked: boolean };
  /**
   * The latest codes sent to the member's phone, newest first: the purpose, when it was asked
   * for, and what became of its SMS (null: not sent yet), with the provider's error code. Never
   * the code nor the text.
   */
  sms_messages: {
    purpose: string;
    requested_at: string;
    status: 'queued' | 'sent' | 'delivered' | 'failed' | null;
    error: string | null;
    status_at: string | null;
  }[];
}

/** Every member action asks for a written reason. */
export interface ReasonRequest {
  reason: string;
}
export interface SetSignInRequest extends ReasonRequest {
  enabled: boolean;
}
export interface RevealResponse {
  name: string;
  phone_no: string;
  ic_or_passport: string;
}
export interface SignOutEverywhereResponse {
  signed_out: number;
}

export interface OperatorListResponse {
  items: (OperatorDto & { enrolled: boolean; disabled: boolean; created_at: string })[];
}
export interface CreateOperatorRequest {
  name: string;
  email: string;
  role: OpsRole;
}
/** A one-time enrolment link, valid for 24 hours. */
export interface EnrolmentLinkResponse {
  enrolment_url: string;
  expires_at: string;
}
export interface ChangeRoleRequest extends ReasonRequest {
  role: OpsRole;
}

/** An operator or admin by id and name. */
export interface OperatorRef {
  id: string;
  name: string;
}
/** A change one admin asked for that another must approve: a reset, or a grant of finance/admin. */
export interface OperatorChangeDto {
  id: string;
  operator: OperatorRef;
  kind: 'reset-second-factor' | 'role';
  /** The role granted; null for a reset. */
  role: OpsRole | null;
  reason: string;
  requested_by: OperatorRef;
  requested_at: string;
}
/** A role change or reset: `pending` is the change waiting for a second admin, if it waits. */
export interface OperatorChangeResponse {
  pending: OperatorChangeDto | null;
}
/** An operator's sign-in lock cleared: how many failed sign-ins it held. */
export interface ClearSignInLockResponse {
  cleared: number;
}
/** An operator an admin created or re-enrolled, until another admin confirms them. */
export interface UnconfirmedOperatorDto {
  operator: OperatorRef;
  /** The admin who was given the enrolment link (null: the command line): not the confirmer. */
  link_holder: OperatorRef | null;
  enrolled: boolean;
  since: string;
}
export interface OperatorApprovalsResponse {
  changes: OperatorChangeDto[];
  unconfirmed: UnconfirmedOperatorDto[];
}
/** An approved change: a reset's new enrolment link, for the approving admin to hand over. */
export interface ApproveChangeResponse {
  link: EnrolmentLinkResponse | null;
}

export interface AuditQuery {
  operator?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

export interface AuditEntryDto {
  seq: number;
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string | null;
  address: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  prev_hash: string;
  hash: string;
}

export interface AuditChainStatus {
  verified: boolean;
  entries: number;
  /** The first entry that does not verify, when one does not. */
  first_bad_seq: number | null;
  last_checkpoint: AuditCheckpointDto | null;
}

/** A signed checkpoint of the audit chain: how many entries it covers and the head's hash. */
export interface AuditCheckpointDto {
  entries: number;
  head_hash: string;
  signed_at: string;
}

export interface AuditListResponse {
  items: AuditEntryDto[];
  next_cursor: string | null;
  chain: AuditChainStatus;
  /**
   * The items' targets by name, keyed `${target_type}:${target_id}`: an operator's name, a
   * member's masked name, a payment's receipt number; a target without one is absent.
   */
  target_labels: Record<string, string>;
}
