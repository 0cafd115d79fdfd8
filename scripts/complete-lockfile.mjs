/**
 * Records other platforms' optional native packages in package-lock.json.
 *
 * The registry this project installs from lacks some platform builds (darwin, win32, arm, ...)
 * of @swc/core, msgpackr-extract and unrs-resolver, so `npm install` leaves them out of the lock
 * and `npm ci` then refuses the lock as out of sync. Each missing package is added as an optional
 * entry with the os/cpu/libc its name declares, which `npm ci` skips on this platform without
 * fetching anything. Run after `npm install` whenever `npm ci --dry-run` reports "Missing: ...".
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);

function missingPackages() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return [...output.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((m) => m[1]);
  }
}

function platformOf(name) {
  const os = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'].find((o) =>
    name.includes(`-${o}-`),
  );
  const cpuTokens = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64'];
  const rest = os ? name.slice(name.indexOf(`-${os}-`) + os.length + 2) : name;
  const cpu = cpuTokens.find((c) => rest === c || rest.startsWith(`${c}-`));
  const libc = /musl/.test(rest) ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  if (!os || !cpu) throw new Error(`cannot tell the platform of ${name}`);
  return { os, cpu, libc };
}

const missing = missingPackages();
if (missing.length === 0) {
  console.log('package-lock.json is complete');
  process.exit(0);
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
for (const name of missing) {
  const parent = Object.values(lock.packages).find((p) => p.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no package in the lock wants ${name}`);
  const { os, cpu, libc } = platformOf(name);
  lock.packages[`node_modules/${name}`] = {
    version: parent.optionalDependencies[name],
    cpu: [cpu],
    ...(parent.dev ? { dev: true } : {}),
    ...(libc ? { libc: [libc] } : {}),
    optional: true,
    os: [os],
  };
  console.log(
    `added ${name}@${parent.optionalDependencies[name]} (${os}/${cpu}${libc ? `/${libc}` : ''})`,
  );
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
const left = missingPackages();
console.log(
  left.length === 0 ? 'npm ci now accepts the lock' : `still missing: ${left.join(', ')}`,
);
process.exit(left.length === 0 ? 0 : 1);
