import { IsNotEmpty, MaxLength, MinLength } from 'class-validator';
import { checkForm, Trimmed } from '../../src/contract/form-check';
import { SignUpForm } from '../../src/domain/rules/sign-up-forms';

/** A form of the helper's own, so its behaviour is pinned apart from any screen's rules. */
class NoteForm {
  @Trimmed()
  @IsNotEmpty({ message: 'required' })
  @MinLength(3, { message: 'short' })
  @MaxLength(5, { message: 'long' })
  note = '';

  count = 0;
}

describe('checkForm (plainToInstance, then class-validator)', () => {
  it('turns plain values into an instance of the form class', () => {
    const { form } = checkForm(NoteForm, { note: 'abcd' });
    expect(form).toBeInstanceOf(NoteForm);
    expect(form.note).toBe('abcd');
    expect(form.count).toBe(0);
  });

  it('runs the transforms before the rules: spaces alone are an empty field', () => {
    expect(checkForm(NoteForm, { note: '   ' }).errors).toEqual({ note: 'required' });
    expect(checkForm(NoteForm, { note: '  abcd  ' })).toEqual({
      form: expect.objectContaining({ note: 'abcd' }),
      errors: {},
    });
  });

  it('reports the rule written first when several fail, one per field', () => {
    expect(checkForm(NoteForm, { note: 'ab' }).errors).toEqual({ note: 'short' });
    expect(checkForm(NoteForm, { note: 'abcdef' }).errors).toEqual({ note: 'long' });
  });

  it('lets a form pick its own message among the broken rules', () => {
    const last = (constraints: Record<string, string>) => Object.values(constraints)[0];
    expect(checkForm(NoteForm, { note: '' }, last).errors).toEqual({ note: 'short' });
  });
});

describe('SignUpForm through checkForm', () => {
  const typed = {
    name: '  Aminah binti Ali ',
    nationality: 'Malaysian',
    icOrPassport: ' 900101145678 ',
    phoneNo: '+60 12-345 6789',
    password: 'secret123',
    confirmPassword: 'secret123',
  };

  it('trims the name and the IC and keeps the phone as digits, as the API takes them', () => {
    const { form, errors } = checkForm(SignUpForm, typed);
    expect(errors).toEqual({});
    expect(form).toMatchObject({
      name: 'Aminah binti Ali',
      icOrPassport: '900101145678',
      phoneNo: '60123456789',
    });
  });

  it('still refuses what the rules refuse', () => {
    expect(checkForm(SignUpForm, { ...typed, name: ' A ', phoneNo: '12' }).errors).toEqual({
      name: 'validation.nameMin',
      phoneNo: 'validation.phoneInvalid',
    });
  });
});
