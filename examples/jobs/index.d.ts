/** The jobs API module (index.js): its contract, generator profile and mock profile. */
import type { ApiModule } from 'agent-task-contracts/kit';

declare const jobs: ApiModule;
export default jobs;
