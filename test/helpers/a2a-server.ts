/**
 * The A2A v1.0 server of the official SDK (@a2a-js/sdk: DefaultRequestHandler over its InMemoryTaskStore, served
 * by its express handlers on 127.0.0.1), seeded through the protocol itself: SendMessage calls whose message
 * metadata names the state the agent publishes and the status timestamp it gives it.
 */
import type { AddressInfo } from 'node:net';
import { TaskState } from '@a2a-js/sdk';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';
import { A2A_STATES } from './a2a-states.js';

/** Publishes the state and status timestamp the user message's metadata names, then finishes. */
class SeededExecutor implements AgentExecutor {
  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const meta = (context.userMessage?.metadata ?? {}) as { state?: keyof typeof TaskState; timestamp?: string };
    const state = TaskState[meta.state ?? 'TASK_STATE_COMPLETED'];
    const timestamp = meta.timestamp ?? new Date().toISOString();
    const task = { id: context.taskId, contextId: context.contextId, artifacts: [], history: [], metadata: {} };
    bus.publish({
      kind: 'task',
      data: { ...task, status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp, message: undefined } },
    });
    if (state !== TaskState.TASK_STATE_SUBMITTED)
      bus.publish({
        kind: 'statusUpdate',
        data: {
          taskId: task.id,
          contextId: task.contextId,
          status: { state, timestamp, message: undefined },
          metadata: {},
        },
      });
    bus.finished();
  }
  async cancelTask(_taskId: string, bus: ExecutionEventBus): Promise<void> {
    bus.finished();
  }
}

export interface A2aServer {
  /** The origin; the JSON-RPC binding is at `/a2a/jsonrpc`, HTTP+JSON at `/a2a/rest`. */
  base: string;
  close(): Promise<void>;
}

/**
 * The server with `count` tasks in `contexts` (in turn), the eight states in turn, status timestamps a second
 * apart from 2026-01-01 (every tenth repeating the one before: ties).
 */
export async function startA2aServer(count: number, contexts: readonly string[]): Promise<A2aServer> {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = {
    name: 'agent-task-contracts test agent',
    description: 'the SDK request handler over its in-memory task store',
    version: '0.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' },
    ],
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    signatures: [],
  };
  const handler = new DefaultRequestHandler(
    card as unknown as ConstructorParameters<typeof DefaultRequestHandler>[0],
    new InMemoryTaskStore(),
    new SeededExecutor(),
  );
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const tick = i % 10 === 9 ? i - 1 : i;
    const message = {
      messageId: `seed-${i}`,
      role: 'ROLE_USER',
      contextId: contexts[i % contexts.length],
      parts: [{ text: `task ${i}` }],
      metadata: { state: A2A_STATES[i % A2A_STATES.length], timestamp: new Date(start + tick * 1000).toISOString() },
    };
    const answer = await fetch(`${base}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'SendMessage', params: { message } }),
    });
    const body = (await answer.json()) as { error?: unknown };
    if (body.error) throw new Error(`seeding task ${i} failed: ${JSON.stringify(body.error)}`);
  }
  return {
    base,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
