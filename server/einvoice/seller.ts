/**
 * The seller's details every e-invoice carries (MyInvois' supplier fields). They come from the
 * settings when e-invoicing is on; sellerProblems says, one line each, what MyInvois would refuse.
 */
export interface SellerAddress {
  /** One to three lines. */
  readonly lines: readonly string[];
  readonly city: string;
  readonly postcode: string;
  /** MyInvois' state code: 01 Johor ... 16 Putrajaya, 17 not applicable. */
  readonly stateCode: string;
}

export interface SellerSettings {
  /** The name as registered with the Companies Commission (or the registry of societies). */
  readonly name: string;
  /** The taxpayer identification number LHDN gave (C1234567890, IG..., and so on). */
  readonly tin: string;
  /** The business registration number. */
  readonly registrationNumber: string;
  /** The SST registration number, or null when not registered (sent as "NA"). */
  readonly sstNumber: string | null;
  /** The five-digit MSIC 2008 code of the business activity, and its description. */
  readonly msicCode: string;
  readonly activity: string;
  readonly address: SellerAddress;
  readonly phone: string;
  readonly email: string | null;
}

const TIN = /^(?:C|CS|D|E|F|FA|PT|TA|TC|TN|TR|TP|J|LE|IG)\d{8,12}$/;
const MSIC = /^\d{5}$/;
const STATE = /^(?:0[1-9]|1[0-7])$/;
const PHONE = /^\+?\d[\d-]{7,18}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const within = (value: string, max: number): boolean =>
  value.trim().length > 0 && value.length <= max;

/** The problems MyInvois' validation would report on the seller's part of a document. */
export function sellerProblems(seller: SellerSettings): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string): void => {
    if (!ok) problems.push(problem);
  };
  check(within(seller.name, 300), 'the seller name must have 1 to 300 characters');
  check(TIN.test(seller.tin), 'the seller TIN is not a MyInvois TIN (e.g. C1234567890)');
  check(
    within(seller.registrationNumber, 20),
    'the registration number must have 1 to 20 characters',
  );
  check(seller.sstNumber === null || within(seller.sstNumber, 35), 'the SST number is too long');
  check(MSIC.test(seller.msicCode), 'the MSIC code must be five digits');
  check(within(seller.activity, 300), 'the business activity must have 1 to 300 characters');
  const { lines, city, postcode, stateCode } = seller.address;
  check(
    lines.length >= 1 && lines.length <= 3 && lines.every((line) => within(line, 150)),
    'the address needs 1 to 3 lines of at most 150 characters',
  );
  check(within(city, 50), 'the city must have 1 to 50 characters');
  check(/^\d{5}$/.test(postcode), 'the postcode must be five digits');
  check(STATE.test(stateCode), 'the state code must be 01 to 17');
  check(PHONE.test(seller.phone), 'the phone must be digits, with + and - allowed');
  check(seller.email === null || EMAIL.test(seller.email), 'the e-mail address is not valid');
  return problems;
}
