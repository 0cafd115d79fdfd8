import type { Container, Newable } from 'inversify';
import { BrowserFileSaverAdapter } from '../../adapters/browser-file-saver.adapter';
import { FormPostGatewayAdapter } from '../../adapters/form-post-gateway.adapter';
import { WindowPrintAdapter } from '../../adapters/window-print.adapter';
import { CLOCK_PORT, type Clock } from '../../domain/ports/clock.port';
import { PRINTER_PORT } from '../../domain/ports/printer.port';
import { FILE_SAVER_PORT, type FileSaverPort } from '../../domain/ports/file-saver.port';
import { GATEWAY_PORT, type GatewayPort } from '../../domain/ports/gateway.port';
import { BrowsePaymentHistoryUseCase } from '../../domain/use-cases/browse-payment-history.use-case';
import { DownloadReceiptUseCase } from '../../domain/use-cases/download-receipt.use-case';
import { GetProfileUseCase } from '../../domain/use-cases/get-profile.use-case';
import { GetTransactionUseCase } from '../../domain/use-cases/get-transaction.use-case';
import { InitiatePaymentUseCase } from '../../domain/use-cases/initiate-payment.use-case';
import { ListCatalogueUseCase } from '../../domain/use-cases/list-catalogue.use-case';
import { ListPaymentHistoryUseCase } from '../../domain/use-cases/list-payment-history.use-case';
import { MemberSessionsUseCase } from '../../domain/use-cases/member-sessions.use-case';
import { AddPasskeyUseCase, ManagePasskeysUseCase } from '../../domain/use-cases/passkeys.use-case';
import { PayUseCase } from '../../domain/use-cases/pay.use-case';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../../domain/use-cases/personal-data.use-case';
import { PollPaymentUseCase } from '../../domain/use-cases/poll-payment.use-case';
import { SubscribeNewsletterUseCase } from '../../domain/use-cases/subscribe-newsletter.use-case';
import { ToggleBookmarkUseCase } from '../../domain/use-cases/toggle-bookmark.use-case';
import { UpdateProfileUseCase } from '../../domain/use-cases/update-profile.use-case';
import { WatchPaymentUseCase } from '../../domain/use-cases/watch-payment.use-case';
import type { WatchSessionUseCase } from '../../domain/use-cases/watch-session.use-case';
import { WatchTransactionUseCase } from '../../domain/use-cases/watch-transaction.use-case';
import { CatalogueViewModel } from '../screens/catalogue/catalogue.view-model';
import { HomeViewModel } from '../screens/catalogue/home.view-model';
import { PaymentHistoryViewModel } from '../screens/payment-history/payment-history.view-model';
import { PaymentStatusViewModel } from '../screens/payment-status/payment-status.view-model';
import { PaymentViewModel } from '../screens/payment/payment.view-model';
import { ProfileViewModel } from '../screens/profile/profile.view-model';
import { ReturnViewModel } from '../screens/return/return.view-model';
import { SecurityViewModel } from '../screens/security/security.view-model';
import { WizardzViewModel } from '../screens/wizardz/wizardz.view-model';
import { CLIPBOARD, NavigatorClipboard } from '../screens/payment-status/clipboard';
import {
  ADD_PASSKEY_USE_CASE,
  BROWSE_PAYMENT_HISTORY_USE_CASE,
  DELETE_ACCOUNT_USE_CASE,
  DOWNLOAD_PERSONAL_DATA_USE_CASE,
  DOWNLOAD_RECEIPT_USE_CASE,
  GET_PROFILE_USE_CASE,
  GET_TRANSACTION_USE_CASE,
  INITIATE_PAYMENT_USE_CASE,
  LIST_CATALOGUE_USE_CASE,
  LIST_PAYMENT_HISTORY_USE_CASE,
  MANAGE_PASSKEYS_USE_CASE,
  MEMBER_SESSIONS_USE_CASE,
  PAY_USE_CASE,
  POLL_PAYMENT_USE_CASE,
  SUBSCRIBE_NEWSLETTER_USE_CASE,
  TOGGLE_BOOKMARK_USE_CASE,
  UPDATE_PROFILE_USE_CASE,
  WATCH_PAYMENT_USE_CASE,
  WATCH_SESSION_USE_CASE,
  WATCH_TRANSACTION_USE_CASE,
} from '../shared/tokens';
import { memberTimeZone } from '../components/member-time';
import { bindUseCases, type UseCaseBinding } from './use-case-bindings';

/** The view-models of the screens that load after the first page (member-screens.tsx). */
export const MEMBER_VIEW_MODELS: Newable<object>[] = [
  HomeViewModel,
  CatalogueViewModel,
  ProfileViewModel,
  WizardzViewModel,
  PaymentViewModel,
  PaymentStatusViewModel,
  ReturnViewModel,
  PaymentHistoryViewModel,
  SecurityViewModel,
];

/** Their use cases: the member's profile, payments, history, catalogue and security page. */
const MEMBER_USE_CASES: UseCaseBinding[] = [
  [GET_PROFILE_USE_CASE, (d) => new GetProfileUseCase(d.http, d.cache)],
  [
    UPDATE_PROFILE_USE_CASE,
    (d) => new UpdateProfileUseCase(d.http, d.get<WatchSessionUseCase>(WATCH_SESSION_USE_CASE)),
  ],
  [INITIATE_PAYMENT_USE_CASE, (d) => new InitiatePaymentUseCase(d.http, d.storage)],
  [POLL_PAYMENT_USE_CASE, (d) => new PollPaymentUseCase(d.http)],
  [GET_TRANSACTION_USE_CASE, (d) => new GetTransactionUseCase(d.http, d.cache)],
  [LIST_PAYMENT_HISTORY_USE_CASE, (d) => new ListPaymentHistoryUseCase(d.http)],
  [
    DOWNLOAD_RECEIPT_USE_CASE,
    (d) =>
      new DownloadReceiptUseCase(d.http, d.get<FileSaverPort>(FILE_SAVER_PORT), memberTimeZone),
  ],
  [LIST_CATALOGUE_USE_CASE, (d) => new ListCatalogueUseCase(d.storage)],
  [TOGGLE_BOOKMARK_USE_CASE, (d) => new ToggleBookmarkUseCase(d.storage)],
  [SUBSCRIBE_NEWSLETTER_USE_CASE, (d) => new SubscribeNewsletterUseCase(d.storage)],
  [MEMBER_SESSIONS_USE_CASE, (d) => new MemberSessionsUseCase(d.http)],
  [MANAGE_PASSKEYS_USE_CASE, (d) => new ManagePasskeysUseCase(d.http)],
  [ADD_PASSKEY_USE_CASE, (d) => new AddPasskeyUseCase(d.http, d.passkeys)],
  [
    DOWNLOAD_PERSONAL_DATA_USE_CASE,
    (d) => new DownloadPersonalDataUseCase(d.http, d.get<FileSaverPort>(FILE_SAVER_PORT), d.clock),
  ],
  [DELETE_ACCOUNT_USE_CASE, (d) => new DeleteAccountUseCase(d.http, d.storage, d.passkeys)],
  // The timed flows, on Clock: each screen gets its own and disposes it.
  [WATCH_PAYMENT_USE_CASE, (d) => new WatchPaymentUseCase(d.get(POLL_PAYMENT_USE_CASE), d.clock)],
  [
    PAY_USE_CASE,
    (d) =>
      new PayUseCase(
        d.get(INITIATE_PAYMENT_USE_CASE),
        d.get(WATCH_PAYMENT_USE_CASE),
        d.get<GatewayPort>(GATEWAY_PORT),
        d.clock,
      ),
  ],
  [
    WATCH_TRANSACTION_USE_CASE,
    (d) => new WatchTransactionUseCase(d.get(GET_TRANSACTION_USE_CASE), d.clock),
  ],
  [
    BROWSE_PAYMENT_HISTORY_USE_CASE,
    (d) =>
      new BrowsePaymentHistoryUseCase(
        d.get(LIST_PAYMENT_HISTORY_USE_CASE),
        d.get(WATCH_PAYMENT_USE_CASE),
        d.get(GET_TRANSACTION_USE_CASE),
      ),
  ],
];

/** The edges only these screens use, each bound unless createContainer was given its own. */
const MEMBER_EDGES: [symbol, (clock: Clock) => unknown][] = [
  [GATEWAY_PORT, () => new FormPostGatewayAdapter()],
  [CLIPBOARD, () => new NavigatorClipboard()],
  [FILE_SAVER_PORT, (clock) => new BrowserFileSaverAdapter(clock)],
  [PRINTER_PORT, () => new WindowPrintAdapter()],
];

/**
 * Binds the later screens' edges, use cases and view-models into the app's container
 * (createContainer's), once: member-screens.tsx does so when its bundle arrives, before any of
 * its screens renders.
 */
export function bindMemberScreens(container: Container): void {
  if (container.isBound(MEMBER_VIEW_MODELS[0])) return;
  for (const [token, create] of MEMBER_EDGES) {
    if (container.isBound(token)) continue;
    container.bind(token).toConstantValue(create(container.get<Clock>(CLOCK_PORT)));
  }
  bindUseCases(container, MEMBER_USE_CASES);
  for (const viewModel of MEMBER_VIEW_MODELS) container.bind(viewModel).toSelf();
}
