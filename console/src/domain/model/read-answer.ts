import { plainToInstance, type ClassConstructor } from 'class-transformer';

/**
 * An API answer read through its class: the fields the class exposes (each from its wire name),
 * nested answers through their own classes, and nothing else the server sends. Defaults stand
 * for a field the answer leaves out.
 */
export function readAnswer<T extends object>(answerClass: ClassConstructor<T>, wire: object): T {
  return plainToInstance(answerClass, wire, {
    excludeExtraneousValues: true,
    exposeDefaultValues: true,
  });
}
