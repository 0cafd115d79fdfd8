import { Container, inject, injectable } from 'inversify';
import { reflectMetadata } from '../../src/ui/shell/reflect-metadata-lite';

const KEY = Symbol('key');

describe('the browser bundle metadata API (reflect-metadata-lite)', () => {
  it('keeps metadata per target and property, and reads a parent class through getMetadata', () => {
    class Base {}
    class Derived extends Base {}
    reflectMetadata.defineMetadata(KEY, 'base', Base);
    reflectMetadata.defineMetadata(KEY, 'method', Base, 'run');
    expect(reflectMetadata.getOwnMetadata(KEY, Base)).toBe('base');
    expect(reflectMetadata.getOwnMetadata(KEY, Base, 'run')).toBe('method');
    expect(reflectMetadata.getOwnMetadata(KEY, Derived)).toBeUndefined();
    expect(reflectMetadata.hasOwnMetadata(KEY, Derived)).toBe(false);
    expect(reflectMetadata.getMetadata(KEY, Derived)).toBe('base');
    reflectMetadata.defineMetadata(KEY, 'derived', Derived);
    expect(reflectMetadata.getMetadata(KEY, Derived)).toBe('derived');
    expect(reflectMetadata.getMetadata(KEY, Base)).toBe('base');
    expect(reflectMetadata.getMetadata('other', Derived)).toBeUndefined();
  });

  it('is all inversify needs: decorated classes resolve through it alone', () => {
    const reflect = Reflect as unknown as Record<string, unknown>;
    const names = ['defineMetadata', 'getOwnMetadata', 'getMetadata', 'hasOwnMetadata'] as const;
    const full = Object.fromEntries(Object.entries(reflect));
    // Only these functions (the full polyfill the tests load is set aside meanwhile).
    for (const name of Object.keys(full)) if (/Metadata/.test(name)) delete reflect[name];
    for (const name of names) reflect[name] = reflectMetadata[name];
    try {
      const GREETING = Symbol('greeting');
      @injectable()
      class Greeter {
        constructor(@inject(GREETING) readonly greeting: string) {}
      }
      @injectable()
      class Welcome {
        constructor(@inject(Greeter) readonly greeter: Greeter) {}
      }
      const container = new Container();
      container.bind(GREETING).toConstantValue('hello');
      container.bind(Greeter).toSelf();
      container.bind(Welcome).toSelf();
      expect(container.get(Greeter).greeting).toBe('hello');
      expect(container.get(Welcome).greeter.greeting).toBe('hello');
    } finally {
      for (const name of Object.keys(reflect)) if (/Metadata/.test(name)) delete reflect[name];
      Object.assign(reflect, full);
    }
  });
});
