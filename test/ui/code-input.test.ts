import {
  acceptedChars,
  backspaceOnEmpty,
  clearBox,
  enterText,
} from '../../src/ui/components/code-input';

const empty = () => ['', '', '', '', '', ''];
const code = (text: string) => text.split('').map((c) => (c === '_' ? '' : c));

describe('code boxes editing', () => {
  it.each([
    ['12ab 34', true, ['1', '2', '3', '4']],
    ['12ab 34', false, ['1', '2', 'a', 'b', '3', '4']],
  ])('accepts %p (digits only: %p)', (text, digitsOnly, chars) => {
    expect(acceptedChars(text, digitsOnly)).toEqual(chars);
  });

  it('typing a character fills the box and advances', () => {
    expect(enterText(empty(), 0, '7', true)).toEqual({ value: code('7_____'), focus: 1 });
  });

  it('sign-up accepts any single character; reset ignores a letter and stays', () => {
    expect(enterText(empty(), 2, 'x', false)).toEqual({ value: code('__x___'), focus: 3 });
    expect(enterText(empty(), 2, 'x', true)).toEqual({ value: empty(), focus: 2 });
  });

  it('typing into a filled box keeps the new character', () => {
    expect(enterText(code('1_____'), 0, '12', true)).toEqual({ value: code('2_____'), focus: 1 });
    expect(enterText(code('1_____'), 0, '1x', true)).toEqual({ value: code('1_____'), focus: 0 });
  });

  it('the last box stays focused when filled', () => {
    expect(enterText(code('12345_'), 5, '6', true)).toEqual({ value: code('123456'), focus: 5 });
  });

  it('pasting a whole code fills every box, from whichever box', () => {
    expect(enterText(empty(), 3, '654321', true)).toEqual({ value: code('654321'), focus: 5 });
    expect(enterText(empty(), 0, '65 43 21', true)).toEqual({ value: code('654321'), focus: 5 });
  });

  it('pasting part of a code fills from the box onwards', () => {
    expect(enterText(empty(), 4, '987', true)).toEqual({ value: code('____98'), focus: 5 });
  });

  it('emptying a box clears it in place', () => {
    expect(clearBox(code('123456'), 3)).toEqual({ value: code('123_56'), focus: 3 });
  });

  it('backspace on an empty box moves back and clears the previous one', () => {
    expect(backspaceOnEmpty(code('12____'), 2)).toEqual({ value: code('1_____'), focus: 1 });
    expect(backspaceOnEmpty(code('123___'), 2)).toBeNull();
    expect(backspaceOnEmpty(empty(), 0)).toBeNull();
  });
});
