import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  inlineEditChange,
  PasswordDialogForm,
  ProfileNameForm,
  ProfilePhoneForm,
  validateProfileForm,
} from '../../src/domain/rules/profile-forms';

/** Resolves a dotted i18n key through the English translation file, as the screen will. */
const english = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(join(__dirname, '../../locales/en/translation.json'), 'utf8')),
    );

const messagesOf = (errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, english(key ?? '')]));

describe('PasswordDialogForm', () => {
  it.each([
    [
      '',
      '',
      {
        new_password: 'New password is required',
        confirm_password: 'Password confirmation is required',
      },
    ],
    ['short', 'short', { new_password: 'Password must be at least 8 characters' }],
    ['1234567', '1234567', { new_password: 'Password must be at least 8 characters' }],
    ['longenough', '', { confirm_password: 'Password confirmation is required' }],
    ['longenough', 'different', { confirm_password: 'Passwords must match' }],
    ['x'.repeat(129), 'x'.repeat(129), { new_password: 'Password must be at most 128 characters' }],
  ])('new %p / confirm %p -> %p', (newPassword, confirmPassword, expected) => {
    const errors = validateProfileForm(new PasswordDialogForm(newPassword, confirmPassword));
    expect(messagesOf(errors)).toEqual(expected);
  });

  it.each([['12345678'], ['x'.repeat(128)]])('accepts a matching password %p', (password) => {
    expect(validateProfileForm(new PasswordDialogForm(password, password))).toEqual({});
  });
});

describe('ProfileNameForm (our choice: required, 2..100 characters, trimmed)', () => {
  it.each([
    ['', 'Full name is required'],
    ['   ', 'Full name is required'],
    ['A', 'Name must be at least 2 characters'],
    [' A ', 'Name must be at least 2 characters'],
    ['x'.repeat(101), 'Name must be at most 100 characters'],
  ])('rejects %p with %p', (name, message) => {
    expect(messagesOf(validateProfileForm(new ProfileNameForm(name)))).toEqual({ name: message });
  });

  it.each([['Al'], ['x'.repeat(100)], ['  Aminah binti Ali  ']])('accepts %p', (name) => {
    expect(validateProfileForm(new ProfileNameForm(name))).toEqual({});
  });

  it('keeps the trimmed name', () => {
    expect(new ProfileNameForm('  Aminah  ').name).toBe('Aminah');
  });
});

describe('ProfilePhoneForm (sign-up phone rule on the digits-only value)', () => {
  it.each([
    ['', 'Phone number is required'],
    ['0123456789', 'Please enter a valid phone number'],
    ['60123', 'Please enter a valid phone number'],
    ['6012345678901234', 'Please enter a valid phone number'],
    ['60-12345678', 'Please enter a valid phone number'],
  ])('rejects %p with %p', (phone, message) => {
    expect(messagesOf(validateProfileForm(new ProfilePhoneForm(phone)))).toEqual({
      phone_no: message,
    });
  });

  it.each([['601234567'], ['60123456789'], ['601234567890123']])('accepts %p', (phone) => {
    expect(validateProfileForm(new ProfilePhoneForm(phone))).toEqual({});
  });
});

describe('inlineEditChange (the inline name and phone edits)', () => {
  it('trims a name and keeps the phone as digits only', () => {
    expect(inlineEditChange('name', '  Siti  ')).toEqual({ change: { name: 'Siti' }, error: null });
    expect(inlineEditChange('phone_no', '+60 12-345 6789')).toEqual({
      change: { phone_no: '60123456789' },
      error: null,
    });
  });

  it('names the broken rule', () => {
    expect(inlineEditChange('name', ' ').error).toBe('profile.validation.nameRequired');
    expect(inlineEditChange('phone_no', '0123').error).toBe('profile.validation.phoneInvalid');
  });
});
