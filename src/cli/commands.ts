import type { Command } from './command.js';

/** Every CLI command, in the order `--help` lists them. */
export const commands: Command[] = [];
