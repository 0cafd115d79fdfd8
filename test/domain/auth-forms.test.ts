import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ForgotPasswordPhoneForm,
  ResetPasswordForm,
} from '../../src/domain/rules/forgot-password-forms';
import { LoginForm } from '../../src/domain/rules/login-form';
import { SignUpCodeForm, SignUpForm } from '../../src/domain/rules/sign-up-forms';
import { validate } from '../../src/domain/rules/validate';

/** Keys resolve through the English file, so each row checks the exact English text. */
const english = JSON.parse(
  readFileSync(join(__dirname, '../../locales/en/translation.json'), 'utf8'),
) as Record<string, Record<string, string>>;
const text = (key: string) => {
  const [namespace, name] = key.split('.');
  return english[namespace]?.[name];
};
const messagesOf = (errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, text(key ?? '')]));

const validLogin = { icOrPassport: '900101145678', password: 'secret123' };

describe('LoginForm', () => {
  it.each([
    ['IC missing', { icOrPassport: '' }, { icOrPassport: 'IC or Passport Number is required' }],
    [
      'IC of 11 digits',
      { icOrPassport: '90010114567' },
      { icOrPassport: 'Please enter a valid 12-digit IC or a 6–9 character passport number' },
    ],
    [
      'passport of 5 characters',
      { icOrPassport: 'A1234' },
      { icOrPassport: 'Please enter a valid 12-digit IC or a 6–9 character passport number' },
    ],
    [
      'passport of 10 characters',
      { icOrPassport: 'A123456789' },
      { icOrPassport: 'Please enter a valid 12-digit IC or a 6–9 character passport number' },
    ],
    [
      'passport with a dash',
      { icOrPassport: 'A12-3456' },
      { icOrPassport: 'Please enter a valid 12-digit IC or a 6–9 character passport number' },
    ],
    ['password missing', { password: '' }, { password: 'Password is required' }],
    [
      'password of 7',
      { password: 'abcdefg' },
      { password: 'Password must be at least 8 characters' },
    ],
    ['12-digit IC', {}, {}],
    ['6-character passport', { icOrPassport: 'A12345' }, {}],
    ['9-character passport', { icOrPassport: 'AB1234567' }, {}],
    ['password of exactly 8', { password: 'abcdefgh' }, {}],
  ])('%s', (_case, values, expected) => {
    expect(messagesOf(validate(LoginForm.of({ ...validLogin, ...values })))).toEqual(expected);
  });
});

const validSignUp = {
  name: 'Siti Aminah',
  nationality: 'Malaysian' as const,
  icOrPassport: '900101145678',
  phoneNo: '60123456789',
  password: 'secret123',
  confirmPassword: 'secret123',
};

describe('SignUpForm', () => {
  it.each([
    ['name missing', { name: '' }, { name: 'Full name is required' }],
    ['name of 1', { name: 'S' }, { name: 'Name must be at least 2 characters' }],
    [
      'nationality missing',
      { nationality: '' as const },
      { nationality: 'Nationality is required' },
    ],
    ['IC missing', { icOrPassport: '' }, { icOrPassport: 'IC or Passport Number is required' }],
    [
      'IC invalid',
      { icOrPassport: '1234' },
      { icOrPassport: 'Please enter a valid 12-digit IC or a 6–9 character passport number' },
    ],
    ['phone missing', { phoneNo: '' }, { phoneNo: 'Phone number is required' }],
    [
      'phone starting 0',
      { phoneNo: '0123456789' },
      { phoneNo: 'Please enter a valid phone number' },
    ],
    [
      'phone of 8 digits',
      { phoneNo: '60123456' },
      { phoneNo: 'Please enter a valid phone number' },
    ],
    [
      'phone of 16 digits',
      { phoneNo: '6012345678901234' },
      { phoneNo: 'Please enter a valid phone number' },
    ],
    [
      'phone with letters',
      { phoneNo: '60123abc89' },
      { phoneNo: 'Please enter a valid phone number' },
    ],
    [
      'password missing',
      { password: '', confirmPassword: '' },
      { password: 'Password is required', confirmPassword: 'Password confirmation is required' },
    ],
    [
      'password of 7',
      { password: 'abcdefg', confirmPassword: 'abcdefg' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      'confirmation missing',
      { confirmPassword: '' },
      { confirmPassword: 'Password confirmation is required' },
    ],
    [
      'confirmation differs',
      { confirmPassword: 'secret124' },
      { confirmPassword: 'Passwords must match' },
    ],
    ['all valid', {}, {}],
    ['phone of 9 digits', { phoneNo: '601234567' }, {}],
    ['phone of 15 digits', { phoneNo: '601234567890123' }, {}],
    [
      'Non-Malaysian with passport',
      { nationality: 'Non-Malaysian' as const, icOrPassport: 'K1234567' },
      {},
    ],
  ])('%s', (_case, values, expected) => {
    expect(messagesOf(validate(SignUpForm.of({ ...validSignUp, ...values })))).toEqual(expected);
  });

  it.each([
    ['', { code: 'Please enter the complete 6-digit OTP code.' }],
    ['12345', { code: 'Please enter the complete 6-digit OTP code.' }],
    ['123456', {}],
  ])('code %p', (code, expected) => {
    expect(messagesOf(validate(SignUpCodeForm.of({ code })))).toEqual(expected);
  });
});

describe('Forgot password forms', () => {
  it.each([
    ['', { phoneNo: 'Phone Number is required' }],
    ['012345678', { phoneNo: 'Please enter a valid phone number' }],
    ['0123456789', {}],
  ])('phone %p', (phoneNo, expected) => {
    expect(messagesOf(validate(ForgotPasswordPhoneForm.of({ phoneNo })))).toEqual(expected);
  });

  const validReset = { code: '123456', newPassword: 'newpass12', confirmPassword: 'newpass12' };
  it.each([
    ['code incomplete', { code: '12345' }, { code: 'Please enter the complete 6-digit SMS code' }],
    [
      'code with a letter',
      { code: '12345a' },
      { code: 'Please enter the complete 6-digit SMS code' },
    ],
    [
      'new password missing',
      { newPassword: '', confirmPassword: '' },
      {
        newPassword: 'New Password is required',
        confirmPassword: 'Password confirmation is required',
      },
    ],
    [
      'new password of 7',
      { newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
      { newPassword: 'Password must be at least 8 characters' },
    ],
    [
      'confirmation missing',
      { confirmPassword: '' },
      { confirmPassword: 'Password confirmation is required' },
    ],
    [
      'confirmation differs',
      { confirmPassword: 'newpass13' },
      { confirmPassword: 'Passwords must match' },
    ],
    ['all valid', {}, {}],
  ])('%s', (_case, values, expected) => {
    expect(messagesOf(validate(ResetPasswordForm.of({ ...validReset, ...values })))).toEqual(
      expected,
    );
  });

  it('has the toast texts for an incomplete code and an empty password', () => {
    expect(text('validation.smsCodeIncomplete')).toBe('Please enter the complete 6-digit SMS code');
    expect(text('validation.newPasswordEmpty')).toBe('Please enter a new password');
  });
});
