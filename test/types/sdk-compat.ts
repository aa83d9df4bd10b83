/**
 * Type-level test, checked by `tsc` in `npm test`: the Praxis session type generated from
 * specs/praxis.openapi.yaml is assignable to the official SDK's BetaManagedAgentsSession, and
 * the SDK's list params accept our documented parameters.
 *
 * One documented divergence: 004 says environment_id is "Omitted when no recipe was selected",
 * so our spec makes it optional while the SDK declares it required. The check therefore compares
 * every other field as is and environment_id as present.
 */
import type { BetaManagedAgentsSession, SessionListParams } from '@anthropic-ai/sdk/resources/beta/sessions/sessions';
import type { components, operations } from '../../src/contract/types/praxis.js';

type Assert<T extends true> = T;
type IsAssignable<From, To> = [From] extends [To] ? true : false;

type PraxisSession = components['schemas']['Session'];
type WithEnvironment = Omit<PraxisSession, 'environment_id'> & { environment_id: string };

export type SessionAssignable = Assert<IsAssignable<WithEnvironment, BetaManagedAgentsSession>>;
// The divergence is real and stays visible: without the environment_id fix-up it is not assignable.
export type EnvironmentDiverges = Assert<IsAssignable<PraxisSession, BetaManagedAgentsSession> extends false ? true : false>;

type OurListQuery = NonNullable<operations['listSessions']['parameters']['query']>;
// Every parameter we document is one the SDK's list params accept, with a compatible type.
export type ParamsAccepted = Assert<
  IsAssignable<
    Required<
      Pick<
        OurListQuery,
        | 'agent_id'
        | 'limit'
        | 'page'
        | 'created_at[gte]'
        | 'created_at[gt]'
        | 'created_at[lt]'
        | 'created_at[lte]'
        | 'deployment_id'
        | 'include_archived'
        | 'memory_store_id'
        | 'order'
        | 'statuses'
        | 'agent_version'
      >
    >,
    SessionListParams
  >
>;
export type SameParameterNames = Assert<IsAssignable<keyof OurListQuery, keyof SessionListParams>>;
