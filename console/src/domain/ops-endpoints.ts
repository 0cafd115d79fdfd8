import {
  OpsPaths,
  type ApproveChangeResponse,
  type AuditListResponse,
  type AuditQuery,
  type ChangeRoleRequest,
  type CreateOperatorRequest,
  type EnrolmentFinishPasskeyRequest,
  type EnrolmentFinishRequest,
  type EnrolmentLinkResponse,
  type EnrolmentStartRequest,
  type EnrolmentStartResponse,
  type MemberDetailResponse,
  type MemberSearchQuery,
  type MemberSearchResponse,
  type OperatorApprovalsResponse,
  type OperatorChangeResponse,
  type ClearSignInLockResponse,
  type OperatorListResponse,
  type OpsSessionResponse,
  type PasskeySignInOptionsRequest,
  type PasskeySignInRequest,
  type ReasonRequest,
  type RevealResponse,
  type SetSignInRequest,
  type SignInRequest,
  type SignOutEverywhereResponse,
} from '../../../src/contract/ops-api';
import {
  OpsPaymentPaths,
  type PaymentDetailResponse,
  type PaymentSearchQuery,
  type PaymentSearchResponse,
  type RefundCloseBody,
  type RefundDecisionBody,
  type RefundListQuery,
  type RefundListResponse,
  type RefundRequestBody,
  type ReportSummaryQuery,
  type ReportSummaryResponse,
  type RequeryResponse,
  type StepUpRequest,
  type StepUpResponse,
} from '../../../src/contract/ops-payments-api';
import type { PasskeyOptionsResponse } from '../../../src/contract/passkeys';

interface EndpointSpec {
  method: 'GET' | 'POST';
  path: string;
  /** Follows the id, for the endpoints under `/members/:id`, `/operators/:id`, `/payments/:id`... */
  suffix?: string;
  /** Whether the call carries the session's CSRF token (every POST but sign-in and enrolment). */
  csrf: boolean;
}

const get = (path: string, suffix?: string): EndpointSpec => ({
  method: 'GET',
  path,
  csrf: false,
  ...(suffix !== undefined ? { suffix } : {}),
});
const post = (path: string, suffix?: string): EndpointSpec => ({
  method: 'POST',
  path,
  csrf: true,
  ...(suffix !== undefined ? { suffix } : {}),
});
const open = (path: string): EndpointSpec => ({ method: 'POST', path, csrf: false });

/** Every console API call: its method, its path (relative to `/api`) and whether it needs CSRF. */
export const OPS_ENDPOINTS = {
  enrolmentStart: open(OpsPaths.enrolmentStart),
  enrolmentFinish: open(OpsPaths.enrolmentFinish),
  signIn: open(OpsPaths.signIn),
  enrolmentPasskeyOptions: open(OpsPaths.enrolmentPasskeyOptions),
  enrolmentFinishPasskey: open(OpsPaths.enrolmentFinishPasskey),
  signInPasskeyOptions: open(OpsPaths.signInPasskeyOptions),
  signInPasskey: open(OpsPaths.signInPasskey),
  signOut: post(OpsPaths.signOut),
  session: get(OpsPaths.session),
  searchMembers: get(OpsPaths.members),
  member: get(OpsPaths.member, ''),
  revealMember: post(OpsPaths.member, '/reveal'),
  signMemberOutEverywhere: post(OpsPaths.member, '/sign-out-everywhere'),
  clearMemberThrottle: post(OpsPaths.member, '/clear-throttle'),
  setMemberSignIn: post(OpsPaths.member, '/sign-in'),
  operators: get(OpsPaths.operators),
  createOperator: post(OpsPaths.operators),
  changeOperatorRole: post(OpsPaths.operators, '/role'),
  disableOperator: post(OpsPaths.operators, '/disable'),
  enableOperator: post(OpsPaths.operators, '/enable'),
  resetOperatorSecondFactor: post(OpsPaths.operators, '/reset-second-factor'),
  clearOperatorSignInLock: post(OpsPaths.operators, '/clear-sign-in-lock'),
  confirmOperator: post(OpsPaths.operators, '/confirm'),
  operatorApprovals: get(OpsPaths.operatorApprovals),
  approveOperatorChange: post(OpsPaths.operatorChanges, '/approve'),
  rejectOperatorChange: post(OpsPaths.operatorChanges, '/reject'),
  audit: get(OpsPaths.audit),
  auditCheckpoint: post(OpsPaths.auditCheckpoint),
  searchPayments: get(OpsPaymentPaths.payments),
  payment: get(OpsPaymentPaths.payment, ''),
  requeryPayment: post(OpsPaymentPaths.payment, `/${OpsPaymentPaths.requerySuffix}`),
  requestRefund: post(OpsPaymentPaths.payment, `/${OpsPaymentPaths.refundsSuffix}`),
  refunds: get(OpsPaymentPaths.refunds),
  approveRefund: post(OpsPaymentPaths.refund, '/approve'),
  rejectRefund: post(OpsPaymentPaths.refund, '/reject'),
  retryRefund: post(OpsPaymentPaths.refund, '/retry'),
  closeRefund: post(OpsPaymentPaths.refund, '/close'),
  stepUp: post(OpsPaymentPaths.stepUp),
  stepUpPasskeyOptions: post(OpsPaymentPaths.stepUpPasskeyOptions),
  reportSummary: get(OpsPaymentPaths.reportSummary),
} as const satisfies Record<string, EndpointSpec>;

export type OpsEndpoint = keyof typeof OPS_ENDPOINTS;

/** A POST whose body says nothing but must still be a JSON object. */
type EmptyBody = Record<string, never>;

/** Each endpoint's request and answer data. */
interface OpsShapes {
  enrolmentStart: [EnrolmentStartRequest, EnrolmentStartResponse];
  enrolmentFinish: [EnrolmentFinishRequest, null];
  signIn: [SignInRequest, OpsSessionResponse];
  enrolmentPasskeyOptions: [EnrolmentStartRequest, PasskeyOptionsResponse];
  enrolmentFinishPasskey: [EnrolmentFinishPasskeyRequest, null];
  signInPasskeyOptions: [PasskeySignInOptionsRequest, PasskeyOptionsResponse];
  signInPasskey: [PasskeySignInRequest, OpsSessionResponse];
  signOut: [undefined, null];
  session: [undefined, OpsSessionResponse];
  searchMembers: [MemberSearchQuery, MemberSearchResponse];
  member: [undefined, MemberDetailResponse];
  revealMember: [ReasonRequest, RevealResponse];
  signMemberOutEverywhere: [ReasonRequest, SignOutEverywhereResponse];
  clearMemberThrottle: [ReasonRequest, null];
  setMemberSignIn: [SetSignInRequest, null];
  operators: [undefined, OperatorListResponse];
  createOperator: [CreateOperatorRequest, EnrolmentLinkResponse];
  changeOperatorRole: [ChangeRoleRequest, OperatorChangeResponse];
  disableOperator: [ReasonRequest, null];
  enableOperator: [ReasonRequest, null];
  resetOperatorSecondFactor: [ReasonRequest, OperatorChangeResponse];
  clearOperatorSignInLock: [ReasonRequest, ClearSignInLockResponse];
  confirmOperator: [ReasonRequest, null];
  operatorApprovals: [undefined, OperatorApprovalsResponse];
  approveOperatorChange: [ReasonRequest, ApproveChangeResponse];
  rejectOperatorChange: [ReasonRequest, null];
  audit: [AuditQuery, AuditListResponse];
  auditCheckpoint: [undefined, unknown];
  searchPayments: [PaymentSearchQuery, PaymentSearchResponse];
  payment: [undefined, PaymentDetailResponse];
  requeryPayment: [undefined, RequeryResponse];
  requestRefund: [RefundRequestBody, unknown];
  refunds: [RefundListQuery, RefundListResponse];
  approveRefund: [RefundDecisionBody, unknown];
  rejectRefund: [RefundDecisionBody, unknown];
  retryRefund: [EmptyBody, unknown];
  closeRefund: [RefundCloseBody, unknown];
  stepUp: [StepUpRequest, StepUpResponse];
  stepUpPasskeyOptions: [EmptyBody, PasskeyOptionsResponse];
  reportSummary: [ReportSummaryQuery, ReportSummaryResponse];
}
// The refund actions' answers are not read: the payment's page reloads after each.

export type OpsRequestOf<E extends OpsEndpoint> = OpsShapes[E][0];
export type OpsResponseOf<E extends OpsEndpoint> = OpsShapes[E][1];

/** The path of a call, its id (URL-encoded) and suffix after the endpoint's path. */
export function opsPathOf(endpoint: OpsEndpoint, id?: string): string {
  const spec: EndpointSpec = OPS_ENDPOINTS[endpoint];
  if (spec.suffix === undefined) return spec.path;
  if (id === undefined || id === '') throw new Error(`${endpoint} needs an id`);
  return `${spec.path}/${encodeURIComponent(id)}${spec.suffix}`;
}
