import { fakeEdges } from '../builders/container-edges';
import { answer } from '../fakes/fake-http';
import type { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { SEND_SMS_CODE_USE_CASE } from '../../src/ui/shared/tokens';
import { i18next } from '../../src/ui/shell/i18n';
import { createAppContainer } from './app-container.support';

describe('the app’s SMS code use case', () => {
  it('asks for the SMS in the language the page shows at the moment of sending', async () => {
    await i18next.init({ lng: 'ms', fallbackLng: 'en', resources: {} });
    const edges = fakeEdges();
    edges.http.on('sendSmsCode', answer({ expires_in: 300 }));
    const send = createAppContainer(edges).get<SendSmsCodeUseCase>(SEND_SMS_CODE_USE_CASE);

    await send.execute({ phoneNo: '60123456789', purpose: 'registration' });
    await i18next.changeLanguage('zn');
    await send.execute({ phoneNo: '60123456789', purpose: 'password_reset' });

    expect(edges.http.callsTo('sendSmsCode').map((call) => call.request.language)).toEqual([
      'ms',
      'zn',
    ]);
  });
});
