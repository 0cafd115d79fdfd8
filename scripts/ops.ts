/**
 * `npm run ops -- <command>` (`node dist-server/scripts/ops.js` on a production install): the
 * operator command line (create-operator, reset-second-factor, verify-audit, checkpoint) against
 * the database the server uses (DATABASE_URL, or PGlite in DATA_DIR: through the running
 * server's local channel while it holds the directory). See server/ops-cli/ops-main.ts.
 */
import { opsMain } from '../server/ops-cli/ops-main';

opsMain(__filename, process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
