/** The console's container keys for its use cases (view-models are bound by their class). */
export const SESSION_KEEPER = Symbol.for('console.SessionKeeper');
export const MEMBER_SUPPORT = Symbol.for('console.MemberSupportUseCase');
export const OPERATORS = Symbol.for('console.OperatorsUseCase');
export const AUDIT = Symbol.for('console.AuditUseCase');
export const ENROLMENT = Symbol.for('console.EnrolmentUseCase');
export const PASSKEY_SIGN_IN = Symbol.for('console.PasskeySignInUseCase');
export const PAYMENTS = Symbol.for('console.PaymentsUseCase');
export const REFUNDS = Symbol.for('console.RefundsUseCase');
export const STEP_UP = Symbol.for('console.StepUpUseCase');
export const REPORTS = Symbol.for('console.ReportsUseCase');
/** The API's base as the browser reaches it ('/api' on the console's own origin). */
export const API_BASE = Symbol.for('console.ApiBase');
