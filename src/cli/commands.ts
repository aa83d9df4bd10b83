import type { Command } from './command.js';
import { conformCommand } from './conform.js';
import { generateCommand } from './generate.js';
import { mockCommand } from './mock.js';

/** Every CLI command, in the order `--help` lists them. */
export const commands: Command[] = [mockCommand, conformCommand, generateCommand];
