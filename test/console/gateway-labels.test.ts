import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_KINDS, gatewayLabelKey } from '../../src/contract/gateways';
import { LANGUAGES } from '../../src/contract/languages';
import { loadCatalogue } from '../locales/catalogue-checks';

/**
 * The console's gateways are the contract's kinds: its search offers GATEWAY_KINDS, each named by
 * its label in every console language, and no console source keeps a list of its own.
 */
const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the console's gateways", () => {
  it.each([...LANGUAGES])('names every kind of the contract, and no other, in %s', (lng) => {
    const texts = loadCatalogue(lng, 'console.json');
    for (const kind of GATEWAY_KINDS) expect(texts.get(gatewayLabelKey(kind))).toMatch(/\S/);
    const labelled = [...texts.keys()].filter((key) => key.startsWith('payment.gateway.'));
    expect(labelled.sort()).toEqual(GATEWAY_KINDS.map(gatewayLabelKey).sort());
  });

  it("lists the kinds from the contract, never a gateway's name of its own", () => {
    const named = sources(join(ROOT, 'console', 'src')).filter((file) =>
      GATEWAY_KINDS.some((kind) => readFileSync(file, 'utf8').includes(`'${kind}'`)),
    );
    expect(named.map((file) => file.slice(ROOT.length + 1))).toEqual([]);
  });
});
