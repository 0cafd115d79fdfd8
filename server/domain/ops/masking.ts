/**
 * Personal data as an operator without a reveal sees it: enough to tell members apart on the
 * phone ("the one ending 5678"), not enough to be the data.
 */

/** `60123455678` -> `60******5678`: the country code and the last four digits. */
export function maskPhone(phoneNo: string): string {
  if (phoneNo.length <= 6) return '*'.repeat(phoneNo.length);
  return `${phoneNo.slice(0, 2)}${'*'.repeat(phoneNo.length - 6)}${phoneNo.slice(-4)}`;
}

/** An IC `900101145678` -> `******-**-5678`; a passport keeps its last three characters. */
export function maskIcOrPassport(icOrPassport: string): string {
  if (/^\d{12}$/.test(icOrPassport)) return `******-**-${icOrPassport.slice(-4)}`;
  return `${'*'.repeat(Math.max(0, icOrPassport.length - 3))}${icOrPassport.slice(-3)}`;
}

/** `Aisyah binti Rahman` -> `A***** b**** R*****`: each word's first letter (by code point). */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}

/** `nur@example.my` -> `n**@example.my`: who tried to sign in, without their whole address. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '*'.repeat(Math.min(email.length, 20));
  const local = Array.from(email.slice(0, at));
  return `${local[0]}${'*'.repeat(local.length - 1)}${email.slice(at)}`;
}
