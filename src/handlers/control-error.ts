import { isObject } from '../contract/rules/check-helpers.js';

/**
 * A control call the mock refuses: what was wrong, the HTTP status `/__mock` answers it with, and
 * anything that helps fix it (an example body, the known names). One type on every surface: the
 * typed methods throw it in process, the control API answers it as `{"error": message, ...details}`,
 * and the HTTP client throws it again from that answer, so a test catches the same error with the
 * same words whichever surface it drives.
 */
export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    /** 400 to 409 from the mock itself; over HTTP also 413 (a body over the limit) and 500 (a bug in the mock). */
    readonly status: number,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/**
 * The ControlError a refused control request's answer carries; `request` (what was sent) names it in
 * an answer that is not the mock's.
 */
export function controlErrorOf(status: number, answer: unknown, request: string): ControlError {
  if (isObject(answer) && typeof answer.error === 'string') {
    const { error, ...details } = answer;
    return new ControlError(status, error, details);
  }
  // Not the mock's answer (a proxy's error page): say which request got it.
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return new ControlError(status, `${request} answered ${status}: ${text.slice(0, 300)}`);
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
