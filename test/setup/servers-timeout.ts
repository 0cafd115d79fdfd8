/**
 * The server and sandbox projects' time limit for each test and hook (jest reads `testTimeout`
 * only from the top-level config, not per project, so each project sets its own here). Every
 * test and hook that starts a server or opens a database ends within it even on a loaded machine,
 * and a stuck start fails its suite instead of hanging the run. A file may set its own.
 */
jest.setTimeout(60_000);
