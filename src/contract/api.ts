import type { ErrorCode } from './errors';
import type { GatewayHandOff, PaymentStatus } from './payment';
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
}

/** Query-string and header names used beside the bodies. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Every call the SPA makes, typed once: its method, path, request (body for POST, query for GET)
 * and the `data` of a successful answer. The SPA's typed HTTP call and the server's routes both
 * take their types from here. Paths with an id (`paymentStatus`) take it as `pathParam`.
 */
export interface ApiEndpoints {
  login: { method: 'POST'; request: LoginRequest; response: LoginResponse };
  logout: { method: 'POST'; request: void; response: void };
  sessionCheck: { method: 'POST'; request: void; response: SessionUserDto };
  sendSmsCode: { method: 'POST'; request: SendSmsCodeRequest; response: SendSmsCodeResponse };
  userExists: { method: 'GET'; request: UserExistsQuery; response: UserExistsResponse };
  register: { method: 'POST'; request: RegisterRequest; response: void };
  resetPassword: { method: 'POST'; request: ResetPasswordRequest; response: void };
  profile: { method: 'GET'; request: void; response: ProfileDto };
  updateProfile: { method: 'POST'; request: UpdateProfileRequest; response: void };
  createPayment: { method: 'POST'; request: CreatePaymentRequest; response: CreatePaymentResponse };
  paymentStatus: { method: 'GET'; request: void; response: PaymentStatusResponse };
  transactionDetails: {
    method: 'GET';
    request: { transactionId: string };
    response: TransactionDetailsResponse;
  };
  paymentHistory: {
    method: 'GET';
    request: PaymentHistoryQuery;
    response: PaymentHistoryResponse;
  };
  /** Not an envelope: the answer is the PDF itself (application/pdf, as an attachment). */
  receiptPdf: { method: 'GET'; request: ReceiptPdfQuery; response: Uint8Array };
  memberSessions: { method: 'GET'; request: void; response: MemberSessionsResponse };
  signOutSession: { method: 'POST'; request: SignOutSessionRequest; response: void };
  signOutOtherSessions: {
    method: 'POST';
    request: void;
    response: SignOutOtherSessionsResponse;
  };
  personalData: { method: 'GET'; request: void; response: PersonalDataExport };
  deleteAccount: { method: 'POST'; request: DeleteAccountRequest; response: void };
  deleteAccountPasskeyOptions: {
    method: 'POST';
    request: void;
    response: PasskeyOptionsResponse;
  };
  passkeys: { method: 'GET'; request: void; response: PasskeysResponse };
  passkeyRegistrationOptions: {
    method: 'POST';
    request: PasskeyRegistrationOptionsRequest;
    response: PasskeyOptionsResponse;
  };
  registerPasskey: { method: 'POST'; request: RegisterPasskeyRequest; response: PasskeyDto };
  renamePasskey: { method: 'POST'; request: RenamePasskeyRequest; response: void };
  removePasskey: { method: 'POST'; request: RemovePasskeyRequest; response: void };
  passkeyLoginOptions: { method: 'POST'; request: void; response: PasskeyOptionsResponse };
  passkeyLogin: { method: 'POST'; request: PasskeyLoginRequest; response: LoginResponse };
}

export type Endpoint = keyof ApiEndpoints;
export type RequestOf<E extends Endpoint> = ApiEndpoints[E]['request'];
export type ResponseOf<E extends Endpoint> = ApiEndpoints[E]['response'];

export const ENDPOINT_METHODS: { readonly [E in Endpoint]: ApiEndpoints[E]['method'] } = {
  login: 'POST',
  logout: 'POST',
  sessionCheck: 'POST',
  sendSmsCode: 'POST',
  userExists: 'GET',
  register: 'POST',
  resetPassword: 'POST',
  profile: 'GET',
  updateProfile: 'POST',
  createPayment: 'POST',
  paymentStatus: 'GET',
  transactionDetails: 'GET',
  paymentHistory: 'GET',
  receiptPdf: 'GET',
  memberSessions: 'GET',
  signOutSession: 'POST',
  signOutOtherSessions: 'POST',
  personalData: 'GET',
  deleteAccount: 'POST',
  deleteAccountPasskeyOptions: 'POST',
  passkeys: 'GET',
  passkeyRegistrationOptions: 'POST',
  registerPasskey: 'POST',
  renamePasskey: 'POST',
  removePasskey: 'POST',
  passkeyLoginOptions: 'POST',
  passkeyLogin: 'POST',
};
