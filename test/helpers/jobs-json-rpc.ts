/**
 * The jobs example bound as a JSON-RPC 2.0 method (`jobs.list`, POSTed to /rpc): the same list, its
 * parameters the call's params (the session among them), its page the call's result, its refusals
 * JSON-RPC error objects with -32602. Written as a module would write it: data only, no code. With a
 * handshake, the session is the one it opens (no session param), and answers may come as event streams.
 */
import type { Handshake } from '../../src/contract/operation-types.js';
import { defineApi } from '../../src/kit/index.js';
import { jobsContractWith } from './jobs-variant.js';

/** The refusal of every invalid param: JSON-RPC 2.0's Invalid params, judged as a 400. */
const INVALID_PARAMS = { status: 400, errorType: '-32602' } as const;

export function jsonRpcJobs(handshake?: Handshake) {
  const contract = jobsContractWith({
    spec(spec) {
      const [path, item] = Object.entries(spec.paths)[0]!;
      const get = item.get as { parameters: { name: string; in: string }[]; responses: Record<string, unknown> };
      delete spec.paths[path];
      // The method's params, as OpenRPC lists them: the session is one of them.
      for (const param of get.parameters) param.in = 'query';
      if (handshake) get.parameters = get.parameters.filter((param) => param.name !== 'session_id');
      get.responses = {
        '200': get.responses['200'],
        '400': {
          description: 'A JSON-RPC 2.0 error object.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RpcError' } } },
        },
      };
      spec.paths['/rpc'] = { post: get } as never;
      spec.components!.schemas!.RpcError = {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
      };
    },
    operation: (op) => {
      // A handshake's session is the connection's: the jobs' session_id names none of them.
      const { unknownSession: _none, sessionField, ...rest } = op;
      return {
        ...rest,
        path: '/rpc',
        binding: { kind: 'json-rpc', method: 'jobs.list', ...(handshake ? { eventStream: true } : {}) },
        session: handshake ? { in: 'handshake', ...handshake } : { in: 'query', param: 'session_id' },
        filters: handshake
          ? op.filters
          : [...op.filters, { param: 'session_id', field: '/session_id', source: op.filters[0]!.source }],
        rejected: op.rejected.map((r) => ({ ...r, ...INVALID_PARAMS })),
        errorFormat: 'json-rpc',
        ...(handshake ? {} : { sessionField }),
      };
    },
  });
  return defineApi({ contract });
}
