/**
 * The HTTP client `conform` and `record` share for someone else's server (Node only): request
 * and size budgets, redirects, Retry-After, timeouts; the paging helpers that follow each
 * API's cursor; and the redaction that keeps secrets out of everything written down.
 */
export { BudgetExhausted, HttpClient, Interrupted, sleep } from './client.js';
export { type Query, nextCursor } from './paging.js';
export { REDACTED, redactSecretQuery, redactValue } from './redact.js';
