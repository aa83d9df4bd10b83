/**
 * Every law quotes the document it stands on: each part of its source sentence (parts are joined by
 * `—`, or `…` where words are left out), after the member or parameter it is about (`data[].id: `), is
 * in the source document it names, its markdown, list markers, proto comment markers and line breaks
 * aside. A law that cites a spec file instead is one whose sentence no document says (a response
 * schema, a status the documents only imply).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/sentences/load.js';
import { allLaws } from '../../src/contract/laws/index.js';
import { BUILTIN } from '../helpers/apis.js';

/**
 * Markdown emphasis, escapes, list markers, the comment markers of quoted proto lines and white space dropped
 * (the documents wrap lines mid-sentence).
 */
const plain = (text: string) =>
  text
    .replace(/^[ \t]*\/\/ ?/gm, '')
    .replace(/\*\*|\\/g, '')
    .replace(/(^|\s)[-•]\s/g, ' ')
    .replace(/\s+/g, '');

const documents = new Map<string, string>();
const documentText = (file: string) => {
  let text = documents.get(file);
  if (text === undefined) documents.set(file, (text = plain(readFileSync(join(REPO_ROOT, file), 'utf8'))));
  return text;
};

describe('law sources', () => {
  const fromDocuments = allLaws(BUILTIN).filter((law) => /^specs\/sources\/[^/]+\.(?:txt|md)$/.test(law.source.file));

  it('most laws quote a document (a law citing the spec has no document sentence)', () => {
    expect(fromDocuments.length).toBeGreaterThan(allLaws(BUILTIN).length * 0.75);
  });

  for (const law of fromDocuments)
    it(`${law.id} quotes ${law.source.file} word for word`, () => {
      for (const part of law.source.sentence.split(/ — |…/)) {
        const quoted = plain(/^\s*[^\s:]+:\s(.*)$/.exec(part)?.[1] ?? part);
        if (quoted !== '') expect(documentText(law.source.file), part).toContain(quoted);
      }
    });
});
