import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSentenceId, sentenceId, splitDocument, splitProse, textHash } from '../../scripts/sentences/split.js';

/** The vendor documents, as the package ships them. */
const SOURCES = fileURLToPath(new URL('../../specs/sources/', import.meta.url));

const texts = (file: string, content: string) => splitDocument(file, content).map((s) => `${s.kind}: ${s.text}`);

describe('splitProse', () => {
  it('cuts Chinese on 。 and ；, keeping each mark with its clause', () => {
    expect(splitProse('传入后，只返回该线程创建的后台工具任务；省略时返回整个会话的任务。')).toEqual([
      '传入后，只返回该线程创建的后台工具任务；',
      '省略时返回整个会话的任务。',
    ]);
  });
  it('cuts English at sentence ends, also before a lower-case field name, but not after e.g.', () => {
    expect(splitProse('ended_at is null while running. notified_at is set (e.g. the Work view) later. Done')).toEqual([
      'ended_at is null while running.',
      'notified_at is set (e.g. the Work view) later.',
      'Done',
    ]);
  });
  it('does not cut inside "(sesn_...)," nor in a dotted name', () => {
    expect(splitProse('Session id (sesn_...), as returned by sessions.list. Pass it on.')).toEqual([
      'Session id (sesn_...), as returned by sessions.list.',
      'Pass it on.',
    ]);
  });
});

describe('splitDocument', () => {
  it('reads a tab table: the header is a heading, each row a field unit and its description sentences', () => {
    const units = splitDocument(
      'x.txt',
      'Name\tType\tDescription\ndata[].ended_at\tstring \\| null\tRFC 3339 time at which the task ended; null while it is running. Set once.\n',
    );
    expect(units.map((u) => [u.kind, u.text, u.field])).toEqual([
      ['heading', 'Name Type Description', undefined],
      ['field', 'data[].ended_at string | null', 'data[].ended_at'],
      ['sentence', 'RFC 3339 time at which the task ended; null while it is running.', 'data[].ended_at'],
      ['sentence', 'Set once.', 'data[].ended_at'],
    ]);
  });
  it('joins Chinese lines wrapped inside a sentence and drops list markers', () => {
    expect(
      texts(
        'x.txt',
        '标题\n- 后续查询时，将上一页响应中的\nnext_cursor原样传入。 - 响应不再返回\nnext_cursor时，停止查询。\n',
      ),
    ).toEqual([
      'heading: 标题',
      'sentence: 后续查询时，将上一页响应中的 next_cursor原样传入。',
      'sentence: 响应不再返回 next_cursor时，停止查询。',
    ]);
  });
  it("reads the markdown rendering: a field's name, requirement and type lines are one unit; One of: alternatives stay with their field", () => {
    const md = [
      '# Title.',
      '',
      '**created\\_at**',
      '',
      'required',
      '',
      'string format: date-time',
      '',
      '**error**',
      '',
      'One of:',
      '',
      '* object',
      '',
      '  Terminal error detail.',
      '',
      '  object',
      '',
      '  **kind**',
      '',
      '  required',
      '',
      '  string',
      '',
      '* null',
      '',
      '  null',
      '',
      '```json',
      '{"a": 1}',
      '```',
    ].join('\n');
    expect(texts('x.md', md)).toEqual([
      'heading: Title.',
      'field: created_at required string format: date-time',
      'field: error One of: object object null null',
      'sentence: Terminal error detail.',
      'field: kind required string',
      'example: {"a": 1}',
    ]);
  });
  it('cuts a flattened schema line into field heads, clauses and one unit per lifecycle path', () => {
    const line =
      '200 Successful Response Schema — OPTIONAL result object[] — OPTIONAL status string Possible values: [created, working] 任务生命周期状态。 常见情况： CREATED -> WORKING -> COMPLETED|FAILED CREATED -> CANCELED created_at integer 任务创建时间（Unix 秒）。 data — OPTIONAL msg Message type Error Type';
    expect(texts('x.txt', `List\n\n${line}\n`)).toEqual([
      'heading: List',
      'heading: 200 Successful Response Schema — OPTIONAL',
      'field: result object[] — OPTIONAL',
      'field: status string Possible values: [created, working]',
      'sentence: 任务生命周期状态。',
      'heading: 常见情况：',
      'sentence: CREATED -> WORKING -> COMPLETED|FAILED',
      'sentence: CREATED -> CANCELED',
      'field: created_at integer',
      'sentence: 任务创建时间（Unix 秒）。',
      'field: data — OPTIONAL',
      'field: msg Message',
      'field: type Error Type',
    ]);
  });
  it('reads glued parameter rows (name, type and 必填/可选 on one line) and their query: descriptions', () => {
    expect(
      texts('x.txt', 'T\n\nagent_versionnumber可选\nquery: 按智能体版本过滤；仅在同时设置 agent_id 时生效。\n'),
    ).toEqual([
      'heading: T',
      'field: agent_versionnumber可选',
      'sentence: query: 按智能体版本过滤；',
      'sentence: 仅在同时设置 agent_id 时生效。',
    ]);
  });
  it('reads CRLF line ends as LF ones', () => {
    const lf = splitDocument('x.txt', 'Title\n\nOne. Two.\n');
    expect(splitDocument('x.txt', 'Title\r\n\r\nOne. Two.\r\n')).toEqual(lf);
  });
  it('gives each unit an id of file prefix, position and text hash, so an edit changes the id', () => {
    const [a] = splitDocument('003_abc.txt', 'One sentence here.');
    expect(a!.id).toBe(`003-001-${textHash('One sentence here.')}`);
    expect(parseSentenceId(a!.id)).toEqual({ prefix: '003', position: 1, hash: textHash('One sentence here.') });
    expect(sentenceId('003_abc.txt', 1, 'One sentence there.')).not.toBe(a!.id);
  });
  it("cuts the JSON-RPC document's lifecycle into one unit per listed path (6 common, 6 cancel, 7 expiry)", async () => {
    const file = '003_74bd28131cc50021.txt';
    const units = splitDocument(file, await readFile(join(SOURCES, file), 'utf8'));
    const paths = units.filter((u) => /^CREATED( -> [A-Z_|]+)+$/.test(u.text));
    expect(paths).toHaveLength(19);
    expect(units.filter((u) => u.field === 'status' && u.kind === 'heading').map((u) => u.text)).toEqual([
      '常见情况：',
      '取消情况：',
      '过期情况：',
    ]);
  });
});
