/**
 * The part of the Reflect metadata API that inversify calls (defineMetadata, getOwnMetadata and
 * getMetadata, which also reads the metadata a class inherits), in place of reflect-metadata/lite
 * in the browser bundle: package.json's "alias" sends inversify's `import 'reflect-metadata/lite'`
 * here, about 2 KB gzip less on the first load. Tests and the server keep the full polyfill.
 * Installed only where Reflect has no metadata API yet.
 */

type PropertyKey = string | symbol | undefined;

/** Per target, per property (undefined: the target itself), the metadata by key. */
const store = new WeakMap<object, Map<PropertyKey, Map<unknown, unknown>>>();

function ownMap(target: object, property: PropertyKey): Map<unknown, unknown> | undefined {
  return store.get(target)?.get(property);
}

export const reflectMetadata = {
  defineMetadata(key: unknown, value: unknown, target: object, property?: PropertyKey): void {
    let properties = store.get(target);
    if (!properties) store.set(target, (properties = new Map()));
    let metadata = properties.get(property);
    if (!metadata) properties.set(property, (metadata = new Map()));
    metadata.set(key, value);
  },

  hasOwnMetadata(key: unknown, target: object, property?: PropertyKey): boolean {
    return ownMap(target, property)?.has(key) ?? false;
  },

  getOwnMetadata(key: unknown, target: object, property?: PropertyKey): unknown {
    return ownMap(target, property)?.get(key);
  },

  /** The target's own metadata, else the nearest prototype's (a derived class's parent). */
  getMetadata(key: unknown, target: object, property?: PropertyKey): unknown {
    for (let at: object | null = target; at !== null; at = Object.getPrototypeOf(at)) {
      const metadata = ownMap(at, property);
      if (metadata?.has(key)) return metadata.get(key);
    }
    return undefined;
  },
};

const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect.getOwnMetadata !== 'function') Object.assign(reflect, reflectMetadata);
