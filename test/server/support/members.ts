import { type SmsPurpose } from '../../../src/contract/rules';
import { getJson, postJson } from './http';

export interface TestMember {
  name: string;
  nationality: 'Malaysian' | 'Non-Malaysian';
  ic_or_passport: string;
  phone_no: string;
  password: string;
}

let sequence = 0;

/** A valid, unique registration (IC of 12 digits, Malaysian phone); override any field. */
export function aMember(overrides: Partial<TestMember> = {}): TestMember {
  sequence += 1;
  const n = `${process.pid % 10000}${sequence}`.padStart(8, '0').slice(-8);
  return {
    name: 'Aisyah Rahman',
    nationality: 'Malaysian',
    ic_or_passport: `9001${n}`,
    phone_no: `6012${n}`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The newest code the dev outbox holds for a phone (and purpose). */
export async function latestSmsCode(
  baseUrl: string,
  phoneNo: string,
  purpose?: SmsPurpose,
): Promise<string> {
  const response = await getJson<{ purpose: SmsPurpose; code: string }[]>(
    baseUrl,
    `/dev/sms-outbox?phone_no=${encodeURIComponent(phoneNo)}`,
  );
  const entry = (response.body.data ?? []).find((e) => !purpose || e.purpose === purpose);
  if (!entry) throw new Error(`no SMS code in the outbox for ${phoneNo} (${purpose ?? 'any'})`);
  return entry.code;
}

/** Requests a registration code and registers the member through the API. */
export async function registerMember(baseUrl: string, member: TestMember = aMember()) {
  const sent = await postJson(baseUrl, '/service/send_sms_code', {
    phone_no: member.phone_no,
    purpose: 'registration',
  });
  if (sent.status !== 200) throw new Error(`send_sms_code: ${sent.status} ${sent.body.message}`);
  const tac_code = await latestSmsCode(baseUrl, member.phone_no, 'registration');
  const registered = await postJson(baseUrl, '/service/register', { ...member, tac_code });
  if (registered.status !== 200) {
    throw new Error(`register: ${registered.status} ${registered.body.message}`);
  }
  return member;
}

export interface LoggedInMember extends TestMember {
  token: string;
  user_id: string;
}

/** Logs a member in and returns the bearer token and id. */
export async function login(baseUrl: string, member: TestMember): Promise<LoggedInMember> {
  const response = await postJson<{ token: string; user_id: string }>(baseUrl, '/service/login', {
    ic_or_passport: member.ic_or_passport,
    password: member.password,
  });
  if (response.status !== 200 || !response.body.data) {
    throw new Error(`login: ${response.status} ${response.body.message}`);
  }
  return { ...member, token: response.body.data.token, user_id: response.body.data.user_id };
}

/** Register + login in one step: what most authenticated tests need. */
export async function registerAndLogin(
  baseUrl: string,
  overrides: Partial<TestMember> = {},
): Promise<LoggedInMember> {
  return login(baseUrl, await registerMember(baseUrl, aMember(overrides)));
}
