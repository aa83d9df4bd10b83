/**
 * How a derived behaviour reads a request's parameters. Today every operation takes them from the
 * query string; another binding (a JSON-RPC call's params in a POST body) gives the same reader.
 */
import { type ParamProblem, single } from '../query.js';
import type { MockRequest } from '../types.js';

export interface RequestParams {
  /** The one value of a parameter: undefined when absent, a problem when given more than once. */
  one(name: string): string | undefined | ParamProblem;
  /** The names of every parameter the request gives. */
  names(): Iterable<string>;
}

/** The parameters of a request's query string. */
export function queryParams(request: MockRequest): RequestParams {
  const { query } = request;
  return { one: (name) => single(query, name), names: () => query.keys() };
}
