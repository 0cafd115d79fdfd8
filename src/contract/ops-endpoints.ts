import type {
  ApproveChangeResponse,
  AuditCheckpointDto,
  AuditListResponse,
  AuditQuery,
  ChangeRoleRequest,
  ClearSignInLockResponse,
  CreateOperatorRequest,
  EnrolmentFinishPasskeyRequest,
  EnrolmentFinishRequest,
  EnrolmentLinkResponse,
  EnrolmentStartRequest,
  EnrolmentStartResponse,
  MemberDetailResponse,
  MemberSearchQuery,
  MemberSearchResponse,
  OperatorApprovalsResponse,
  OperatorChangeResponse,
  OperatorListResponse,
  OpsSessionResponse,
  PasskeySignInOptionsRequest,
  PasskeySignInRequest,
  ReasonRequest,
  RevealResponse,
  SetSignInRequest,
  SignInRequest,
  SignOutEverywhereResponse,
} from './ops-api';
import { OpsPaths } from './ops-api';
import type {
  PaymentDetailResponse,
  PaymentSearchQuery,
  PaymentSearchResponse,
  RefundCloseBody,
  RefundDecisionBody,
  RefundDto,
  RefundListQuery,
  RefundListResponse,
  RefundRequestBody,
  ReportSummaryQuery,
  ReportSummaryResponse,
  RequeryResponse,
  StepUpRequest,
  StepUpResponse,
} from './ops-payments-api';
import { OpsPaymentPaths } from './ops-payments-api';
import type { PasskeyOptionsResponse } from './passkeys';

/**
 * Every call of the operator console's API, typed once as `ApiEndpoints` types the member API's
 * (api.ts): its path relative to the console's `/api` (an id as `:id`), its method, its request
 * (body for POST, query for GET) and the `data` of a successful answer. The console's client and
 * the server's routes (server/ops-http/routes) take their types from here.
 */
export const OpsApiPaths = {
  enrolmentStart: OpsPaths.enrolmentStart,
  enrolmentFinish: OpsPaths.enrolmentFinish,
  signIn: OpsPaths.signIn,
  enrolmentPasskeyOptions: OpsPaths.enrolmentPasskeyOptions,
  enrolmentFinishPasskey: OpsPaths.enrolmentFinishPasskey,
  signInPasskeyOptions: OpsPaths.signInPasskeyOptions,
  signInPasskey: OpsPaths.signInPasskey,
  signOut: OpsPaths.signOut,
  session: OpsPaths.session,
  searchMembers: OpsPaths.members,
  member: `${OpsPaths.member}/:id`,
  revealMember: `${OpsPaths.member}/:id/reveal`,
  signMemberOutEverywhere: `${OpsPaths.member}/:id/sign-out-everywhere`,
  clearMemberThrottle: `${OpsPaths.member}/:id/clear-throttle`,
  setMemberSignIn: `${OpsPaths.member}/:id/sign-in`,
  operators: OpsPaths.operators,
  createOperator: OpsPaths.operators,
  changeOperatorRole: `${OpsPaths.operators}/:id/role`,
  disableOperator: `${OpsPaths.operators}/:id/disable`,
  enableOperator: `${OpsPaths.operators}/:id/enable`,
  resetOperatorSecondFactor: `${OpsPaths.operators}/:id/reset-second-factor`,
  clearOperatorSignInLock: `${OpsPaths.operators}/:id/clear-sign-in-lock`,
  confirmOperator: `${OpsPaths.operators}/:id/confirm`,
  operatorApprovals: OpsPaths.operatorApprovals,
  approveOperatorChange: `${OpsPaths.operatorChanges}/:id/approve`,
  rejectOperatorChange: `${OpsPaths.operatorChanges}/:id/reject`,
  audit: OpsPaths.audit,
  auditCheckpoint: OpsPaths.auditCheckpoint,
  auditExport: OpsPaths.auditExport,
  searchPayments: OpsPaymentPaths.payments,
  payment: `${OpsPaymentPaths.payment}/:id`,
  requeryPayment: `${OpsPaymentPaths.payment}/:id/${OpsPaymentPaths.requerySuffix}`,
  requestRefund: `${OpsPaymentPaths.payment}/:id/${OpsPaymentPaths.refundsSuffix}`,
  paymentsExport: OpsPaymentPaths.paymentsExport,
  refunds: OpsPaymentPaths.refunds,
  approveRefund: `${OpsPaymentPaths.refund}/:id/approve`,
  rejectRefund: `${OpsPaymentPaths.refund}/:id/reject`,
  retryRefund: `${OpsPaymentPaths.refund}/:id/retry`,
  closeRefund: `${OpsPaymentPaths.refund}/:id/close`,
  stepUp: OpsPaymentPaths.stepUp,
  stepUpPasskeyOptions: OpsPaymentPaths.stepUpPasskeyOptions,
  reportSummary: OpsPaymentPaths.reportSummary,
} as const;

interface Get<Request, Response> {
  method: 'GET';
  request: Request;
  response: Response;
}
interface Post<Request, Response> {
  method: 'POST';
  request: Request;
  response: Response;
}

/** A POST whose body says nothing but must still be a JSON object. */
export type EmptyBody = Record<string, never>;

/** Not an envelope: the answer is the file itself, as an attachment (JSON Lines or CSV). */
type FileAnswer = Uint8Array;

export interface OpsEndpoints {
  enrolmentStart: Post<EnrolmentStartRequest, EnrolmentStartResponse>;
  enrolmentFinish: Post<EnrolmentFinishRequest, void>;
  signIn: Post<SignInRequest, OpsSessionResponse>;
  enrolmentPasskeyOptions: Post<EnrolmentStartRequest, PasskeyOptionsResponse>;
  enrolmentFinishPasskey: Post<EnrolmentFinishPasskeyRequest, void>;
  signInPasskeyOptions: Post<PasskeySignInOptionsRequest, PasskeyOptionsResponse>;
  signInPasskey: Post<PasskeySignInRequest, OpsSessionResponse>;
  signOut: Post<void, void>;
  session: Get<void, OpsSessionResponse>;
  searchMembers: Get<MemberSearchQuery, MemberSearchResponse>;
  member: Get<void, MemberDetailResponse>;
  revealMember: Post<ReasonRequest, RevealResponse>;
  signMemberOutEverywhere: Post<ReasonRequest, SignOutEverywhereResponse>;
  clearMemberThrottle: Post<ReasonRequest, void>;
  setMemberSignIn: Post<SetSignInRequest, void>;
  operators: Get<void, OperatorListResponse>;
  createOperator: Post<CreateOperatorRequest, EnrolmentLinkResponse>;
  changeOperatorRole: Post<ChangeRoleRequest, OperatorChangeResponse>;
  disableOperator: Post<ReasonRequest, void>;
  enableOperator: Post<ReasonRequest, void>;
  resetOperatorSecondFactor: Post<ReasonRequest, OperatorChangeResponse>;
  clearOperatorSignInLock: Post<ReasonRequest, ClearSignInLockResponse>;
  confirmOperator: Post<ReasonRequest, void>;
  operatorApprovals: Get<void, OperatorApprovalsResponse>;
  approveOperatorChange: Post<ReasonRequest, ApproveChangeResponse>;
  rejectOperatorChange: Post<ReasonRequest, void>;
  audit: Get<AuditQuery, AuditListResponse>;
  auditCheckpoint: Post<void, AuditCheckpointDto>;
  /** The audit log as JSON Lines: a header, every entry, every checkpoint. */
  auditExport: Get<void, FileAnswer>;
  searchPayments: Get<PaymentSearchQuery, PaymentSearchResponse>;
  payment: Get<void, PaymentDetailResponse>;
  requeryPayment: Post<void, RequeryResponse>;
  requestRefund: Post<RefundRequestBody, RefundDto>;
  /** The CSV of every payment the search finds (PAYMENT_EXPORT_COLUMNS). */
  paymentsExport: Get<PaymentSearchQuery, FileAnswer>;
  refunds: Get<RefundListQuery, RefundListResponse>;
  approveRefund: Post<RefundDecisionBody, RefundDto>;
  rejectRefund: Post<RefundDecisionBody, RefundDto>;
  retryRefund: Post<EmptyBody, RefundDto>;
  closeRefund: Post<RefundCloseBody, RefundDto>;
  stepUp: Post<StepUpRequest, StepUpResponse>;
  stepUpPasskeyOptions: Post<EmptyBody, PasskeyOptionsResponse>;
  reportSummary: Get<ReportSummaryQuery, ReportSummaryResponse>;
}

export type OpsEndpoint = keyof OpsEndpoints;
export type OpsRequestOf<E extends OpsEndpoint> = OpsEndpoints[E]['request'];
export type OpsResponseOf<E extends OpsEndpoint> = OpsEndpoints[E]['response'];

/** The endpoints answered to a GET (their request is the query string); every other is a POST. */
type OpsGetEndpoint = {
  [E in OpsEndpoint]: OpsEndpoints[E]['method'] extends 'GET' ? E : never;
}[OpsEndpoint];
const GET_ENDPOINTS = {
  session: true,
  searchMembers: true,
  member: true,
  operators: true,
  operatorApprovals: true,
  audit: true,
  auditExport: true,
  searchPayments: true,
  payment: true,
  paymentsExport: true,
  refunds: true,
  reportSummary: true,
} satisfies Record<OpsGetEndpoint, true>;

/** Whether a name is one of the contract's calls. */
export const isOpsEndpoint = (name: string): name is OpsEndpoint =>
  Object.hasOwn(OpsApiPaths, name);

/** An endpoint's HTTP method, as `OpsEndpoints` declares it. */
export function opsMethodOf<E extends OpsEndpoint>(endpoint: E): OpsEndpoints[E]['method'] {
  return (Object.hasOwn(GET_ENDPOINTS, endpoint) ? 'GET' : 'POST') as OpsEndpoints[E]['method'];
}

/**
 * The calls made without a session (enrolment and sign-in): they carry no CSRF token, for there
 * is no session yet to hold one. Every other call needs a signed-in operator.
 */
const SIGNED_OUT_ENDPOINTS = [
  'enrolmentStart',
  'enrolmentFinish',
  'enrolmentPasskeyOptions',
  'enrolmentFinishPasskey',
  'signIn',
  'signInPasskeyOptions',
  'signInPasskey',
] as const satisfies readonly OpsEndpoint[];

/** Whether a call is made by a signed-in operator (and so carries the session's cookie). */
export function opsNeedsSession(endpoint: OpsEndpoint): boolean {
  return !(SIGNED_OUT_ENDPOINTS as readonly OpsEndpoint[]).includes(endpoint);
}

/** The GETs that write: the exports, each audited as it is taken. */
const WRITING_GETS: readonly OpsGetEndpoint[] = ['auditExport', 'paymentsExport'];

/** Whether a call writes something: every POST, and the GETs that write. */
export function opsWrites(endpoint: OpsEndpoint): boolean {
  return opsMethodOf(endpoint) === 'POST' || (WRITING_GETS as readonly string[]).includes(endpoint);
}

/**
 * Whether a call carries the session's CSRF token (and the server refuses it from another
 * origin): every call of a signed-in operator that writes.
 */
export function opsNeedsCsrf(endpoint: OpsEndpoint): boolean {
  return opsWrites(endpoint) && opsNeedsSession(endpoint);
}

/** An endpoint's path with its id put in (URL-encoded) where the path has `:id`. */
export function opsPathOf(endpoint: OpsEndpoint, id?: string): string {
  const path: string = OpsApiPaths[endpoint];
  if (!path.includes(':id')) return path;
  if (id === undefined || id === '') throw new Error(`${endpoint} needs an id`);
  return path.replace(':id', encodeURIComponent(id));
}
