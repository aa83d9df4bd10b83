/** Where a contract statement comes from: a source document and the sentence in it. */
export interface Source {
  /** The document, a path from the package root (`specs/sources/002_….txt`), or a spec file for schema statements. */
  file: string;
  sentence: string;
}

/** One way a value breaks the contract. Data, never an exception. */
export interface Violation {
  /** The id of the law it breaks, e.g. `ark.finished-at-only-when-terminal`, or `<api>.response-schema`. */
  law: string;
  /** JSON Pointer into the checked value. */
  instancePath: string;
  message: string;
  source: Source;
  /** The offending value, when there is one to show. */
  value?: unknown;
  /**
   * For a finding only several answers show together: which of the requests its subject was
   * judged from show it (0-based, in the order to request them), e.g. the two pages of a walk
   * that list one item twice, or the answers two objects seen apart were listed in. A page
   * law's finding shows on its own page and has none.
   */
  pages?: readonly number[];
}
