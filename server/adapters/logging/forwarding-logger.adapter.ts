import { type Logger } from '../../ports/logger.port';

/** A logger's error level (pino's `error`). */
export interface ErrorLogger {
  error(context: Record<string, unknown>, message: string): void;
}

/** A logger's info level (pino's `info`). */
export interface InfoLogger {
  info(context: Record<string, unknown>, message: string): void;
}

/**
 * A logger made before the real one exists: the container is built before the Fastify app whose
 * pino logger (with its level and redaction) should carry the container's warnings, so the app
 * attaches that logger once built. Until then there is no output to write to and warnings are
 * dropped; with LOG_LEVEL=silent the attached logger drops them too.
 */
export class ForwardingLogger implements Logger {
  private target: (Logger & Partial<ErrorLogger> & Partial<InfoLogger>) | undefined;

  attach(target: Logger & Partial<ErrorLogger> & Partial<InfoLogger>): void {
    this.target = target;
  }

  warn(context: Record<string, unknown>, message: string): void {
    this.target?.warn(context, message);
  }

  /** At info level; a target without one drops it (a record, not a warning). */
  info(context: Record<string, unknown>, message: string): void {
    this.target?.info?.(context, message);
  }

  /** At error level (a target without one gets a warning). */
  error(context: Record<string, unknown>, message: string): void {
    if (this.target?.error) this.target.error(context, message);
    else this.target?.warn(context, message);
  }
}
