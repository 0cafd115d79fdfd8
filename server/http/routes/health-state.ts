/**
 * Whether the process still takes new work, as the readiness probe reports it: set by main when
 * a shutdown starts, read by both listeners' probes. Kept beside the container, not in it, so
 * that every container (the tests' in-memory ones too) is ready until told otherwise.
 */
export class Readiness {
  private stopping = false;

  /** From this moment on the probe answers 503, before any listener closes. */
  drain(): void {
    this.stopping = true;
  }

  get draining(): boolean {
    return this.stopping;
  }
}

const states = new WeakMap<object, Readiness>();

/** The readiness of the process serving this container (one per container, made on first ask). */
export function readinessOf(container: object): Readiness {
  let readiness = states.get(container);
  if (readiness === undefined) {
    readiness = new Readiness();
    states.set(container, readiness);
  }
  return readiness;
}
