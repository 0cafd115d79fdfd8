import { injectedGatewayPerTest } from './support/injected-gateway';
import { handOff, signedForm } from './support/sandbox';

/** The payment page speaks the payer's language: their browser's Accept-Language. */
describe('sandbox gateway app (inject): the payment page in the payer’s language', () => {
  const sandbox = injectedGatewayPerTest();

  const payPage = async (acceptLanguage: string) => {
    const fields = handOff({ amount: '50.00' });
    const res = await sandbox.app.inject({
      method: 'POST',
      url: '/pay',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': acceptLanguage,
      },
      payload: new URLSearchParams(signedForm(fields)).toString(),
    });
    expect(res.statusCode).toBe(200);
    return { html: res.body, transactionId: fields.transactionId };
  };

  it('is in Bahasa Melayu for a browser preferring ms-MY', async () => {
    const { html, transactionId } = await payPage('ms-MY,ms;q=0.9,en;q=0.8');
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('<title>Bayar kepada Kedai &lt;Aisyah&gt; &amp; Co</title>');
    expect(html).toContain('Gerbang kotak pasir · tiada wang sebenar dipindahkan');
    expect(html).toContain('RM 50.00');
    expect(html).toContain('<dt>ID Transaksi</dt>');
    expect(html).toContain('<dt>Kaedah</dt>');
    expect(html).toContain(`alt="Kod QR DuitNow bagi transaksi ${transactionId}"`);
    expect(html).toContain('>Luluskan bayaran</button>');
    expect(html).toContain('>Tolak bayaran</button>');
    expect(html).not.toMatch(/Approve payment|Decline payment|Transaction ID/);
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);
  });

  it.each([
    ['fr-FR', 'fr', 'Approuver le paiement'],
    ['zh-CN,zh;q=0.9', 'zh', '批准付款'],
    ['de-DE', 'en', 'Approve payment'],
  ])('is in the language of %p (lang="%s")', async (header, lang, approve) => {
    const { html } = await payPage(header);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`>${approve}</button>`);
  });
});
