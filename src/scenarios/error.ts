/** A problem in a scenario file: where, and why. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly reason: string,
  ) {
    super(`${file}: ${pointer || '(root)'}: ${reason}`);
    this.name = 'ScenarioError';
  }
}
