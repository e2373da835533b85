/** Where library diagnostics go; the library itself never prints. */
export interface Logger {
  debug(message: string, ...meta: unknown[]): void;
  info(message: string, ...meta: unknown[]): void;
  warn(message: string, ...meta: unknown[]): void;
  error(message: string, ...meta: unknown[]): void;
}

const noop = (): void => undefined;

/** The default logger: drops everything. */
export const SILENT_LOGGER: Logger = Object.freeze({ debug: noop, info: noop, warn: noop, error: noop });
