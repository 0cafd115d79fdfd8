/** The browser project's time limit for each test and hook (see servers-timeout.ts). */
jest.setTimeout(120_000);
