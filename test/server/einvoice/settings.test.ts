import { ConfigError, loadConfig } from '../../../server/config';
import { readEinvoiceSettings } from '../../../server/einvoice/settings';
import { envReader } from '../../../server/settings/env-reader';

const COMPLETE = {
  EINVOICE: 'on',
  MYINVOIS_CLIENT_ID: 'client',
  MYINVOIS_CLIENT_SECRET: 'secret',
  MYINVOIS_CERT: '/etc/portal/myinvois-cert.pem',
  MYINVOIS_KEY: '/etc/portal/myinvois-key.pem',
  EINVOICE_SELLER_NAME: 'Persatuan Contoh Berhad',
  EINVOICE_SELLER_TIN: 'C12345678901',
  EINVOICE_SELLER_BRN: '202001234567',
  EINVOICE_SELLER_MSIC: '94990',
  EINVOICE_SELLER_ACTIVITY: 'Activities of other membership organisations n.e.c.',
  EINVOICE_SELLER_ADDRESS: 'Lot 66, Tingkat 2 | Jalan Merdeka',
  EINVOICE_SELLER_CITY: 'Kuala Lumpur',
  EINVOICE_SELLER_POSTCODE: '50480',
  EINVOICE_SELLER_STATE: '14',
  EINVOICE_SELLER_PHONE: '+60-123456789',
};

describe('the e-invoicing settings', () => {
  it('are off by default and then ask for nothing', () => {
    const read = envReader({});
    expect(readEinvoiceSettings(read)).toEqual({ enabled: false });
    expect(read.problems).toEqual([]);
  });

  it('read MyInvois, the certificate and the seller when on', () => {
    const read = envReader(COMPLETE);
    expect(readEinvoiceSettings(read)).toEqual({
      enabled: true,
      environment: 'sandbox',
      clientId: 'client',
      clientSecret: 'secret',
      onBehalfOf: null,
      certificateFile: '/etc/portal/myinvois-cert.pem',
      keyFile: '/etc/portal/myinvois-key.pem',
      seller: {
        name: 'Persatuan Contoh Berhad',
        tin: 'C12345678901',
        registrationNumber: '202001234567',
        sstNumber: null,
        msicCode: '94990',
        activity: 'Activities of other membership organisations n.e.c.',
        address: {
          lines: ['Lot 66, Tingkat 2', 'Jalan Merdeka'],
          city: 'Kuala Lumpur',
          postcode: '50480',
          stateCode: '14',
        },
        phone: '+60-123456789',
        email: null,
      },
    });
    expect(read.problems).toEqual([]);
  });

  it('list every problem at once under its variable’s name', () => {
    const read = envReader({
      ...COMPLETE,
      MYINVOIS_ENV: 'live',
      MYINVOIS_CLIENT_SECRET: ' ',
      MYINVOIS_KEY: '',
      EINVOICE_SELLER_TIN: '12345',
      EINVOICE_SELLER_STATE: '18',
    });
    readEinvoiceSettings(read);
    expect(read.problems).toEqual([
      'EINVOICE_SELLER_TIN: the seller TIN is not a MyInvois TIN (e.g. C1234567890)',
      'EINVOICE_SELLER_STATE: the state code must be 01 to 17',
      'MYINVOIS_ENV: must be one of sandbox, production (got "live")',
      'MYINVOIS_CLIENT_SECRET: required with EINVOICE=on',
      'MYINVOIS_KEY: required with EINVOICE=on',
    ]);
  });

  it('refuses a value of EINVOICE other than on or off', () => {
    const read = envReader({ EINVOICE: 'yes' });
    expect(readEinvoiceSettings(read)).toEqual({ enabled: false });
    expect(read.problems).toEqual(['EINVOICE: must be one of off, on (got "yes")']);
  });
});

describe('the start-up with e-invoicing on', () => {
  it('refuses to start while a setting is missing, naming each', () => {
    let problems: string[] = [];
    try {
      loadConfig({ EINVOICE: 'on' });
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [];
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        'EINVOICE_SELLER_TIN: the seller TIN is not a MyInvois TIN (e.g. C1234567890)',
        'MYINVOIS_CLIENT_ID: required with EINVOICE=on',
        'MYINVOIS_CERT: required with EINVOICE=on',
      ]),
    );
    expect(loadConfig({ ...COMPLETE }).einvoice).toMatchObject({ enabled: true });
    expect(loadConfig({}).einvoice).toEqual({ enabled: false });
  });
});
