/**
 * Injection tokens for use cases (ports keep theirs beside the port). Every export here is resolved
 * by test/ui/container.test.ts, so a token without a binding fails the build.
 */
export const LOGIN_USE_CASE = Symbol.for('LoginUseCase');
export const LOGOUT_USE_CASE = Symbol.for('LogoutUseCase');
export const CHECK_SESSION_USE_CASE = Symbol.for('CheckSessionUseCase');
export const CHECK_PHONE_USE_CASE = Symbol.for('CheckPhoneUseCase');
export const SEND_SMS_CODE_USE_CASE = Symbol.for('SendSmsCodeUseCase');
export const REGISTER_USE_CASE = Symbol.for('RegisterUseCase');
export const RESET_PASSWORD_USE_CASE = Symbol.for('ResetPasswordUseCase');
export const GET_PROFILE_USE_CASE = Symbol.for('GetProfileUseCase');
export const UPDATE_PROFILE_USE_CASE = Symbol.for('UpdateProfileUseCase');
export const INITIATE_PAYMENT_USE_CASE = Symbol.for('InitiatePaymentUseCase');
export const POLL_PAYMENT_USE_CASE = Symbol.for('PollPaymentUseCase');
export const GET_TRANSACTION_USE_CASE = Symbol.for('GetTransactionUseCase');
/** The timed flows: one instance per screen (transient), the session's per container. */
export const PAY_USE_CASE = Symbol.for('PayUseCase');
export const WATCH_PAYMENT_USE_CASE = Symbol.for('WatchPaymentUseCase');
export const WATCH_TRANSACTION_USE_CASE = Symbol.for('WatchTransactionUseCase');
export const WATCH_SESSION_USE_CASE = Symbol.for('WatchSessionUseCase');
export const SMS_CODE_LIFECYCLE_USE_CASE = Symbol.for('SmsCodeLifecycleUseCase');
/** A sign-up waiting for its code, kept in the tab's session storage through a reload. */
export const PENDING_SIGN_UP_USE_CASE = Symbol.for('PendingSignUpUseCase');
/** The data cache: one per container, shared by every read that goes through it. */
export const QUERY_CACHE = Symbol.for('QueryCache');
/** The catalogue and its bookmarks, and the marketing page's newsletter box (StoragePort). */
export const LIST_CATALOGUE_USE_CASE = Symbol.for('ListCatalogueUseCase');
export const TOGGLE_BOOKMARK_USE_CASE = Symbol.for('ToggleBookmarkUseCase');
export const SUBSCRIBE_NEWSLETTER_USE_CASE = Symbol.for('SubscribeNewsletterUseCase');
/** The payment history and receipts. */
export const LIST_PAYMENT_HISTORY_USE_CASE = Symbol.for('ListPaymentHistoryUseCase');
/** Transient: one per history screen, its paging and polling, disposed when it closes. */
export const BROWSE_PAYMENT_HISTORY_USE_CASE = Symbol.for('BrowsePaymentHistoryUseCase');
export const DOWNLOAD_RECEIPT_USE_CASE = Symbol.for('DownloadReceiptUseCase');
/** The security page (sessions, passkeys, the member's data) and the passkey sign-in. */
export const MEMBER_SESSIONS_USE_CASE = Symbol.for('MemberSessionsUseCase');
export const MANAGE_PASSKEYS_USE_CASE = Symbol.for('ManagePasskeysUseCase');
export const ADD_PASSKEY_USE_CASE = Symbol.for('AddPasskeyUseCase');
export const PASSKEY_LOGIN_USE_CASE = Symbol.for('PasskeyLoginUseCase');
/** Transient: one per login screen, stopped when it unmounts. */
export const PASSKEY_AUTOFILL_USE_CASE = Symbol.for('PasskeyAutofillUseCase');
export const DOWNLOAD_PERSONAL_DATA_USE_CASE = Symbol.for('DownloadPersonalDataUseCase');
export const DELETE_ACCOUNT_USE_CASE = Symbol.for('DeleteAccountUseCase');
