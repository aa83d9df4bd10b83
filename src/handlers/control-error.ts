/**
 * A control call the mock refuses: what was wrong, the HTTP status `/__mock` answers it with, and
 * anything that helps fix it (an example body, the known names). The typed methods throw it in
 * process; the control API turns it into its JSON answer, so both say the same words.
 */
export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 409,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

const logged = new Set<string>();

/**
 * An error inside the mock, in one line for the answer it becomes (a 500); its stack is logged
 * the first time it is seen, so a bug met by every request does not flood a test's output.
 */
export function describeInternalError(where: string, error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (!logged.has(message)) {
    if (logged.size < 1000) logged.add(message);
    const detail = error instanceof Error ? (error.stack ?? message) : message;
    console.error(`agent-task-contracts mock: internal error in ${where} (answered 500): ${detail}`);
  }
  return message.slice(0, 500);
}
