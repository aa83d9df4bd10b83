import type { Command } from './command.js';
import { conformCommand } from './conform.js';
import { generateCommand } from './generate.js';
import { mockCommand } from './mock.js';
import { recordCommand } from './record.js';

/** Every CLI command, in the order `--help` lists them. */
export const commands: Command[] = [mockCommand, conformCommand, recordCommand, generateCommand];
