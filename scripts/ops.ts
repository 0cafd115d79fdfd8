/**
 * `npm run ops -- <command>`: the operator command line (create-operator, verify-audit,
 * checkpoint) against the database the server uses (DATABASE_URL, or PGlite in DATA_DIR).
 */
import { loadConfig } from '../server/config';
import { createContainer } from '../server/container';
import { OPS_USAGE, runOpsCommand } from '../server/ops-cli/ops-cli';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help') {
    console.log(OPS_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const container = await createContainer(loadConfig());
  try {
    const outcome = await runOpsCommand(container, argv);
    for (const line of outcome.out) (outcome.code === 0 ? console.log : console.error)(line);
    return outcome.code;
  } finally {
    await container.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
