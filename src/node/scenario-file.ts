/** Reading scenario files (YAML or JSON) from disk: Node only, and no MSW, so the CLI loads it cheaply. */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { ApiSet } from '../contract/api-set.js';
import { compileScenario } from '../scenarios/compile.js';
import { ScenarioError } from '../scenarios/error.js';
import type { Scenario, Timeline } from '../scenarios/types.js';
import { fileErrorCode } from './file-error.js';

/** Reads and checks a scenario file; errors name the file, the JSON pointer and the reason. */
export async function readScenarioFile(
  path: string,
  apis: ApiSet,
): Promise<{ scenario: Scenario; timeline: Timeline }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ScenarioError(path, '', `cannot read the file: ${fileErrorCode(error)}`);
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new ScenarioError(path, '', `not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const timeline = compileScenario(value, path, apis);
  return { scenario: timeline.scenario, timeline };
}
