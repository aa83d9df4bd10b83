import type { OpenApiDocument } from './openapi.js';
import { arkSpec, everrunsSpec, jsonrpcSpec, praxisSpec } from './generated/specs.js';

export const FACES = ['praxis', 'everruns', 'ark', 'jsonrpc'] as const;
export type Face = (typeof FACES)[number];

export function isFace(value: string): value is Face {
  return (FACES as readonly string[]).includes(value);
}

/** Which seed document each face is written from (in ../shared/seeds). */
export const SEED_FILES: Record<Face, readonly string[]> = {
  praxis: ['000_833527b857329c7b.txt', '004_a09f4aec44242b61.txt'],
  everruns: ['001_5ef50488d1ca2e3f.txt'],
  ark: ['002_975038caf7b7a661.txt'],
  jsonrpc: ['003_74bd28131cc50021.txt'],
};

export const SPECS: Record<Face, OpenApiDocument> = {
  praxis: praxisSpec,
  everruns: everrunsSpec,
  ark: arkSpec,
  jsonrpc: jsonrpcSpec,
};

export const SPEC_FILES: Record<Face, string> = {
  praxis: 'specs/praxis.openapi.yaml',
  everruns: 'specs/everruns.openapi.yaml',
  ark: 'specs/ark.openapi.yaml',
  jsonrpc: 'specs/jsonrpc.openapi.yaml',
};

/**
 * The vendors' own base URLs, so that application code calling the real API is intercepted by
 * the handlers. JSON-RPC names no host in its document: the one here is a placeholder.
 */
export const VENDOR_BASE_URLS: Record<Face, string> = {
  praxis: 'https://api.praxis.invalid/agent',
  everruns: 'https://app.everruns.com/api',
  ark: 'https://ark.cn-beijing.volces.com/api/v3',
  jsonrpc: 'https://jsonrpc.invalid',
};
