/**
 * A run that cannot be judged as configured (no session to list, a base URL that answers
 * nothing): a usage error, not a violation.
 */
export class ConfigurationError extends Error {}
