import type { Command } from './command.js';
import { conformCommand } from './conform.js';
import { generateCommand } from './generate.js';
import { mergeReportsCommand } from './merge-reports.js';
import { mockCommand } from './mock.js';
import { recordCommand } from './record.js';

/** Every CLI command, in the order `--help` lists them. */
export const commands: Command[] = [mockCommand, conformCommand, mergeReportsCommand, recordCommand, generateCommand];
