import { injectedApp, type InjectedApp, logIn, seedMember } from '../support/in-memory-server';

/** The in-memory container (app.inject) with one member signed in, for the in-memory suites. */
export async function injectedAppWithMember(): Promise<{ t: InjectedApp; token: string }> {
  const t = await injectedApp();
  return { t, token: (await logIn(t, await seedMember(t))).token };
}
