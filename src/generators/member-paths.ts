/** Member paths as the generator profiles write them (`output[].call_id`). */

/** `output[].call_id` as steps: `output`, `[]`, `call_id`. */
export function pathSteps(path: string): string[] {
  return path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));
}
