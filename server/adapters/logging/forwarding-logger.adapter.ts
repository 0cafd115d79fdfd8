import { type Logger } from '../../ports/logger.port';

/**
 * A logger made before the real one exists: the container is built before the Fastify app whose
 * pino logger (with its level and redaction) should carry the container's warnings, so the app
 * attaches that logger once built. Until then there is no output to write to and warnings are
 * dropped; with LOG_LEVEL=silent the attached logger drops them too.
 */
export class ForwardingLogger implements Logger {
  private target: Logger | undefined;

  attach(target: Logger): void {
    this.target = target;
  }

  warn(context: Record<string, unknown>, message: string): void {
    this.target?.warn(context, message);
  }
}
