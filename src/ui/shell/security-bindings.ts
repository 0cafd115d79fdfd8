import type { Container, ResolutionContext } from 'inversify';
import { CLOCK_PORT, type ClockPort } from '../../domain/ports/clock.port';
import { FILE_SAVER_PORT, type FileSaverPort } from '../../domain/ports/file-saver.port';
import { HTTP_PORT, type HttpPort } from '../../domain/ports/http.port';
import { PASSKEY_PORT, type PasskeyPort } from '../../domain/ports/passkey.port';
import { STORAGE_PORT, type StoragePort } from '../../domain/ports/storage.port';
import { MemberSessionsUseCase } from '../../domain/use-cases/member-sessions.use-case';
import { PasskeyAutofillUseCase } from '../../domain/use-cases/passkey-autofill.use-case';
import { PasskeyLoginUseCase } from '../../domain/use-cases/passkey-login.use-case';
import { AddPasskeyUseCase, ManagePasskeysUseCase } from '../../domain/use-cases/passkeys.use-case';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../../domain/use-cases/personal-data.use-case';
import {
  ADD_PASSKEY_USE_CASE,
  DELETE_ACCOUNT_USE_CASE,
  DOWNLOAD_PERSONAL_DATA_USE_CASE,
  MANAGE_PASSKEYS_USE_CASE,
  MEMBER_SESSIONS_USE_CASE,
  PASSKEY_AUTOFILL_USE_CASE,
  PASSKEY_LOGIN_USE_CASE,
} from '../shared/tokens';

/** The security page's use cases and the passkey sign-in, built from the container's ports. */
export function bindSecurityUseCases(container: Container): void {
  const http = (ctx: ResolutionContext) => ctx.get<HttpPort>(HTTP_PORT);
  const storage = (ctx: ResolutionContext) => ctx.get<StoragePort>(STORAGE_PORT);
  const passkeys = (ctx: ResolutionContext) => ctx.get<PasskeyPort>(PASSKEY_PORT);
  container
    .bind(MEMBER_SESSIONS_USE_CASE)
    .toDynamicValue((ctx) => new MemberSessionsUseCase(http(ctx)));
  container
    .bind(MANAGE_PASSKEYS_USE_CASE)
    .toDynamicValue((ctx) => new ManagePasskeysUseCase(http(ctx)));
  container
    .bind(ADD_PASSKEY_USE_CASE)
    .toDynamicValue((ctx) => new AddPasskeyUseCase(http(ctx), passkeys(ctx)));
  container
    .bind(PASSKEY_LOGIN_USE_CASE)
    .toDynamicValue((ctx) => new PasskeyLoginUseCase(http(ctx), storage(ctx), passkeys(ctx)));
  container
    .bind(PASSKEY_AUTOFILL_USE_CASE)
    .toDynamicValue(
      (ctx) =>
        new PasskeyAutofillUseCase(ctx.get(PASSKEY_LOGIN_USE_CASE), ctx.get<ClockPort>(CLOCK_PORT)),
    );
  container
    .bind(DOWNLOAD_PERSONAL_DATA_USE_CASE)
    .toDynamicValue(
      (ctx) =>
        new DownloadPersonalDataUseCase(
          http(ctx),
          ctx.get<FileSaverPort>(FILE_SAVER_PORT),
          ctx.get<ClockPort>(CLOCK_PORT),
        ),
    );
  container
    .bind(DELETE_ACCOUNT_USE_CASE)
    .toDynamicValue((ctx) => new DeleteAccountUseCase(http(ctx), storage(ctx), passkeys(ctx)));
}
