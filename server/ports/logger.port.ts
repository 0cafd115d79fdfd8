/** Where a part of the server reports what went wrong without knowing the logger (pino fits). */
export interface Logger {
  warn(context: Record<string, unknown>, message: string): void;
}
