/**
 * Seeding a running mock: the checks on the call (the API, the random seed, a scenario playing on
 * that API) and the sessions seeded so far, by API, which the state lists and reset forgets.
 */

import { type Face, faces, isFace } from '../contract/faces.js';
import type { JsonObject } from '../contract/rules/types.js';
import { ControlError } from './control-error.js';
import type { SeedOptions, TaskPartial } from './seed.js';
import type { MockStore } from './store.js';
import type { TimelinePlayer } from './timeline.js';

/** Where seeded tasks go and what could hide them. */
export interface SeedTarget {
  readonly store: MockStore;
  readonly scenario: TimelinePlayer | undefined;
  readonly now: number;
}

export class SeededSessions {
  private readonly byFace = new Map<Face, Set<string>>();

  /**
   * Puts exactly these tasks in a session, completed by the generators and checked against the
   * contract; refuses a call that names no API, a seed that is not an integer, or an API a scenario answers.
   */
  async seed(
    target: SeedTarget,
    face: Face,
    session: string,
    tasks: readonly TaskPartial[],
    options: SeedOptions,
  ): Promise<JsonObject[]> {
    checkSeedCall(target, face, options);
    // Loaded on demand: the generators behind seeding are not needed to serve the demo data.
    const { seedSession } = await import('./seed.js');
    const stored = await seedSession(target.store, face, session, tasks, { now: target.now, ...options });
    let sessions = this.byFace.get(face);
    if (!sessions) this.byFace.set(face, (sessions = new Set()));
    sessions.add(session);
    return stored;
  }

  /** The data they were in was rebuilt. */
  clear(): void {
    this.byFace.clear();
  }

  /** Each API's seeded sessions, sorted. */
  list(): Record<Face, string[]> {
    return Object.fromEntries(faces().map((face) => [face, [...(this.byFace.get(face) ?? [])].sort()])) as Record<
      Face,
      string[]
    >;
  }
}

function checkSeedCall(target: SeedTarget, face: Face, options: SeedOptions): void {
  // The body of POST /__mock/seed passed to seed() from plain JavaScript.
  if (face !== null && typeof face === 'object' && 'face' in face)
    throw new ControlError(
      400,
      "seed takes the API, the session and the tasks as three arguments: seed('ark', 'sesn-x', " +
        "[{ state: 'unknown' }]); one object { face, session, tasks } is the body of POST /__mock/seed",
      { example: SEED_EXAMPLE },
    );
  if (!isFace(face))
    throw new ControlError(400, `face must be one of ${faces().join(', ')} (got ${JSON.stringify(face)})`, {
      example: SEED_EXAMPLE,
    });
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    throw new ControlError(400, `seed must be an integer (got ${JSON.stringify(options.seed)})`, {
      example: SEED_EXAMPLE,
    });
  const { scenario } = target;
  if (scenario?.face === face)
    throw new ControlError(
      409,
      `scenario "${scenario.describe().name}" plays on ${face}: ` +
        `it answers every ${face} request, so a seeded ${face} session would not be seen. ` +
        'Stop the scenario first (POST /__mock/scenario {"name": null}, or stopScenario()), or seed another API',
    );
}

const SEED_EXAMPLE = {
  face: 'ark',
  session: 'sesn-x',
  tasks: [{ state: 'unknown' }, { state: 'running', tool: { name: 'bash' } }],
  seed: 1,
};
