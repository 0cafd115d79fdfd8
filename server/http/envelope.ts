import type { Envelope } from '../../src/contract/api';

/** The response envelope of every API answer: `{status: 1|0, message, data?}`. */
export type { Envelope };

export function success<T>(message: string, data?: T): Envelope<T> {
  return data === undefined ? { status: 1, message } : { status: 1, message, data };
}

export function failure(message: string): Envelope<never> {
  return { status: 0, message };
}
