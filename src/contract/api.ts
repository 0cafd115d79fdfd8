import type { ErrorCode } from './errors';
import type { GatewayHandOff, PaymentStatus } from './payment';
import type { Language } from './languages';
import type {
  PaymentHistoryQuery,
  PaymentHistoryResponse,
  ReceiptPdfQuery,
} from './payment-history';
import type { DeleteAccountRequest, PersonalDataExport } from './personal-data';
import type {
  PasskeyLoginRequest,
  PasskeyOptionsResponse,
  PasskeyRegistrationOptionsRequest,
  PasskeyDto,
  PasskeysResponse,
  RegisterPasskeyRequest,
  RemovePasskeyRequest,
  RenamePasskeyRequest,
} from './passkeys';
import type { Nationality, PaymentMethod, SmsPurpose } from './rules';
import type {
  MemberSessionsResponse,
  SignOutOtherSessionsResponse,
  SignOutSessionRequest,
} from './sessions';

/**
 * The API both sides speak: every call's path (relative to the API base, `/api`) and the shapes
 * of its request and answer. The SPA's use cases and the server's routes import these, so a path
 * or a field renamed here is renamed on both sides at once.
 */
export const ApiPaths = {
  login: '/service/login',
  logout: '/service/logout',
  sessionCheck: '/service/session-check',
  sendSmsCode: '/service/send_sms_code',
  userExists: '/user/exists',
  register: '/service/register',
  resetPassword: '/service/forgot-password/reset',
  profile: '/user/profile/get',
  updateProfile: '/user/profile/update',
  createPayment: '/transaction/generate-payment-request-body',
  /** With the payment id appended: `${ApiPaths.paymentStatus}/${id}`. */
  paymentStatus: '/payment/status',
  transactionDetails: '/transaction/details',
  paymentCallback: '/payment/callback',
  paymentHistory: '/payment/history',
  /** With the id and `/pdf` appended: receiptPdfPath(id) in payment-history.ts. */
  receiptPdf: '/payment/receipt',
  /** Where the member is signed in (sessions.ts). */
  memberSessions: '/user/sessions',
  signOutSession: '/user/sessions/sign-out',
  signOutOtherSessions: '/user/sessions/sign-out-others',
  /** The member's data and account (personal-data.ts). */
  personalData: '/user/data',
  deleteAccount: '/user/account/delete',
  deleteAccountPasskeyOptions: '/user/account/delete/passkey-options',
  /** Passkeys (passkeys.ts). */
  passkeys: '/user/passkeys',
  passkeyRegistrationOptions: '/user/passkeys/registration-options',
  registerPasskey: '/user/passkeys/register',
  renamePasskey: '/user/passkeys/rename',
  removePasskey: '/user/passkeys/remove',
  passkeyLoginOptions: '/service/passkey/login-options',
  passkeyLogin: '/service/passkey/login',
} as const;

/** The path of one payment's status. */
export const paymentStatusPath = (paymentId: string): string =>
  `${ApiPaths.paymentStatus}/${encodeURIComponent(paymentId)}`;

/**
 * Every answer: `status` 1 is success, 0 failure; `message` is English for people reading the
 * wire. A failure also carries its `code` (errors.ts), which is what clients act on, and, when
 * one request field is at fault, that field's wire name.
 */
export interface Envelope<T> {
  status: 0 | 1;
  message: string;
  code?: ErrorCode;
  field?: string;
  data?: T;
}

export interface LoginRequest {
  ic_or_passport: string;
  password: string;
}

/** The session user, as login and the session check answer it. */
export interface SessionUserDto {
  user_id: string;
  name: string;
  phone_no: string;
}

export interface LoginResponse extends SessionUserDto {
  token: string;
}

export interface SendSmsCodeRequest {
  phone_no: string;
  purpose: SmsPurpose;
  /** The language the asking page shows: the SMS is written in it (English when absent). */
  language?: Language;
}

export interface SendSmsCodeResponse {
  /** Seconds the code stays valid. */
  expires_in: number;
}

/** Query of GET /user/exists. */
export interface UserExistsQuery {
  phone: string;
  nationality: Nationality;
  ic: string;
}

export interface UserExistsResponse {
  can_proceed: boolean;
  /** Why not, when `can_proceed` is false. */
  reason?: Extract<ErrorCode, 'MEMBER_PHONE_TAKEN' | 'MEMBER_IC_TAKEN'>;
}

export interface RegisterRequest {
  name: string;
  nationality: Nationality;
  ic_or_passport: string;
  phone_no: string;
  password: string;
  tac_code: string;
}

export interface ResetPasswordRequest {
  phone_no: string;
  tac_code: string;
  new_password: string;
}

export interface ProfileDto {
  name: string;
  phone_no: string;
  ic_or_passport: string;
  user_id: string;
  /** ISO 8601. */
  created_at: string;
}

/** Exactly one field per call. */
export type UpdateProfileRequest = { name: string } | { phone_no: string } | { password: string };

export interface CreatePaymentRequest {
  /** Decimal text with at most two places, e.g. '123.45' (see money.ts). */
  amount: string;
  payment_method: PaymentMethod;
}

/** The hand-off fields of the original gateway form, kept in the answer for compatibility. */
export interface PaymentRequestFields {
  clientId: string;
  /** Always '': no secret is ever handed to a browser. */
  clientSecret: string;
  transactionId: string;
  custName: string;
  custMobile: string;
  custEmail: string;
  amount: string;
  returnUrl: string;
  callbackUrl: string;
  paymentMethod: string;
  hashVal: string;
}

export interface CreatePaymentResponse extends PaymentRequestFields {
  payment_id: string;
  status: PaymentStatus;
  /** Where and how the browser hands the member to the gateway, chosen by the server. */
  gateway: GatewayHandOff;
}

export interface PaymentStatusResponse {
  status: PaymentStatus;
}

export interface TransactionDetailsResponse {
  transactionId: string;
  status: PaymentStatus;
  /** '123.45' */
  amount: string;
  /** The receipt number (R-2026-000123), once the payment completed; absent before. */
  receiptNumber?: string;
  /** '12.50': the sum of its refunds done, '0.00' when none; `status` stays as it is. */
  refundedAmount: string;
}

/** Query-string and header names used beside the bodies. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Every call the SPA makes, typed once: its method, path, request (body for POST, query for GET)
 * and the `data` of a successful answer. The SPA's typed HTTP call and the server's routes both
 * take their types from here. Paths with an id (`paymentStatus`) take it as `pathParam`.
 */
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

export interface ApiEndpoints {
  login: Post<LoginRequest, LoginResponse>;
  logout: Post<void, void>;
  sessionCheck: Post<void, SessionUserDto>;
  sendSmsCode: Post<SendSmsCodeRequest, SendSmsCodeResponse>;
  userExists: Get<UserExistsQuery, UserExistsResponse>;
  register: Post<RegisterRequest, void>;
  resetPassword: Post<ResetPasswordRequest, void>;
  profile: Get<void, ProfileDto>;
  updateProfile: Post<UpdateProfileRequest, void>;
  createPayment: Post<CreatePaymentRequest, CreatePaymentResponse>;
  paymentStatus: Get<void, PaymentStatusResponse>;
  transactionDetails: Get<{ transactionId: string }, TransactionDetailsResponse>;
  paymentHistory: Get<PaymentHistoryQuery, PaymentHistoryResponse>;
  /** Not an envelope: the answer is the PDF itself (application/pdf, as an attachment). */
  receiptPdf: Get<ReceiptPdfQuery, Uint8Array>;
  memberSessions: Get<void, MemberSessionsResponse>;
  signOutSession: Post<SignOutSessionRequest, void>;
  signOutOtherSessions: Post<void, SignOutOtherSessionsResponse>;
  personalData: Get<void, PersonalDataExport>;
  deleteAccount: Post<DeleteAccountRequest, void>;
  deleteAccountPasskeyOptions: Post<void, PasskeyOptionsResponse>;
  passkeys: Get<void, PasskeysResponse>;
  passkeyRegistrationOptions: Post<PasskeyRegistrationOptionsRequest, PasskeyOptionsResponse>;
  registerPasskey: Post<RegisterPasskeyRequest, PasskeyDto>;
  renamePasskey: Post<RenamePasskeyRequest, void>;
  removePasskey: Post<RemovePasskeyRequest, void>;
  passkeyLoginOptions: Post<void, PasskeyOptionsResponse>;
  passkeyLogin: Post<PasskeyLoginRequest, LoginResponse>;
}

export type Endpoint = keyof ApiEndpoints;
export type RequestOf<E extends Endpoint> = ApiEndpoints[E]['request'];
export type ResponseOf<E extends Endpoint> = ApiEndpoints[E]['response'];

/** The endpoints answered to a GET (their request is the query string); every other is a POST. */
type GetEndpoint = {
  [E in Endpoint]: ApiEndpoints[E]['method'] extends 'GET' ? E : never;
}[Endpoint];
const GET_ENDPOINTS = {
  userExists: true,
  profile: true,
  paymentStatus: true,
  transactionDetails: true,
  paymentHistory: true,
  receiptPdf: true,
  memberSessions: true,
  personalData: true,
  passkeys: true,
} satisfies Record<GetEndpoint, true>;

/** An endpoint's HTTP method, as `ApiEndpoints` declares it. */
export function methodOf<E extends Endpoint>(endpoint: E): ApiEndpoints[E]['method'] {
  return (Object.hasOwn(GET_ENDPOINTS, endpoint) ? 'GET' : 'POST') as ApiEndpoints[E]['method'];
}
