import { injectedApp, type InjectedApp } from '../../support/in-memory-server';

/**
 * A refused gateway redirect answers the payer's tab with a page in the language its browser
 * asks for (Accept-Language), on the in-memory app (app.inject()).
 */
describe('the refused-redirect page', () => {
  let t: InjectedApp;
  beforeAll(async () => {
    t = await injectedApp();
  });
  afterAll(() => t.close());

  /** A redirect no gateway signed, from a browser tab preferring `acceptLanguage`. */
  const refused = (acceptLanguage?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/payment/redirect/sandbox?transactionId=forged',
      headers: {
        accept: 'text/html,application/xhtml+xml',
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
    });

  it.each([
    ['ms-MY,ms;q=0.9,en;q=0.8', 'ms', 'Bayaran tidak disahkan', 'Lihat status bayaran anda'],
    ['ms', 'ms', 'Bayaran tidak disahkan', 'Lihat status bayaran anda'],
    ['en;q=0.5,ms-MY', 'ms', 'Bayaran tidak disahkan', 'Lihat status bayaran anda'],
    ['de-DE,ms;q=0.3', 'ms', 'Bayaran tidak disahkan', 'Lihat status bayaran anda'],
    ['fr-MY,fr;q=0.9', 'fr', 'Paiement non confirmé', 'Voir l’état de votre paiement'],
    ['zh-CN', 'zh', '付款未确认', '查看付款状态'],
    ['de-DE', 'en', 'Payment not confirmed', 'See your payment status'],
    [undefined, 'en', 'Payment not confirmed', 'See your payment status'],
  ])('Accept-Language %p gets <html lang="%s">', async (header, lang, title, link) => {
    const answer = await refused(header);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain(`<html lang="${lang}">`);
    expect(answer.body).toContain(`<title>${title}</title>`);
    expect(answer.body).toContain(`<h1>${title}</h1>`);
    expect(answer.body).toContain(`<a href="/payment-status">${link}</a>`);
  });
});
