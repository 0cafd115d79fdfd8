import { twilioSignature } from '../../../../server/http/routes/sms-delivery.routes';

/** The worked example of Twilio's request validation (its documentation and libraries' tests). */
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';

describe('twilioSignature', () => {
  it('reproduces Twilio’s documented example, whatever the parameters’ order', () => {
    const form = new URLSearchParams([
      ['Digits', '1234'],
      ['To', '+18005551212'],
      ['From', '+14158675309'],
      ['Caller', '+14158675309'],
      ['CallSid', 'CA1234567890ABCDE'],
    ]);
    expect(twilioSignature('12345', URL, form)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature('54321', URL, form)).not.toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('signs a repeated parameter’s distinct values in order', () => {
    const form = new URLSearchParams([
      ['Sid', 'CA123'],
      ['SidAccount', 'AC123'],
      ['Digits', '5678'],
      ['Digits', '1234'],
      ['Digits', '1234'],
    ]);
    expect(twilioSignature('12345', URL, form)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });
});
