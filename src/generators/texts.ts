/**
 * The texts the generators draw: a word list for open strings, and values that read like the real
 * thing for fields whose name says what they hold.
 */

export const WORDS = [
  'build',
  'test',
  'deploy',
  'watch',
  'logs',
  'report',
  'fix',
  'flaky',
  'index',
  'render',
  'clip',
  'docs',
  'crawl',
  'review',
  'migrate',
  'schema',
  'cache',
  'worker',
  'queue',
  'retry',
  'lint',
  'bench',
  'release',
  'notes',
  'search',
  'sync',
  'backup',
  'upload',
  'parse',
  'api',
  'client',
  'server',
  'session',
  'agent',
  'thread',
  'task',
  'monitor',
  'shell',
  'npm',
  'cargo',
];

/** Edge-case titles: CJK, Latin with diacritics, an emoji, right-to-left Arabic. */
export const UNUSUAL_TITLES = ['任务 ✓ 完成', 'Überprüfung — läuft', '🚀 deploy', 'مهمة'] as const;

/**
 * Values that read like the real thing in a rendered UI, by the field's name: a tool is `bash`,
 * a title says what the task does, an error message says what went wrong.
 */
const PLAUSIBLE: Record<string, readonly string[]> = {
  name: [
    'bash',
    'web_search',
    'code_interpreter',
    'video_generate',
    'file_read',
    'browser',
    'python',
    'image_generate',
  ],
  title: [
    'Run the test suite',
    'Watch the deploy logs',
    'Index the docs',
    'Render the intro clip',
    'Review the pull request',
    'Migrate the schema',
    'Crawl the changelog',
    'Back up the database',
  ],
  description: [
    'Runs the unit tests and reports failures',
    'Follows the deployment until it settles',
    'Renders the intro clip at 1080p',
    'Searches the web for recent release notes',
    'Builds the release artefacts',
    'Checks the site for broken links',
  ],
  message: [
    'Command exited with status 1',
    'Timed out after 300 s',
    'Rate limited by the upstream API',
    'The tool returned malformed JSON',
    'Disk quota exceeded',
  ],
  prompt: [
    'Approve the plan?',
    'Which branch should I deploy?',
    'May I delete the old backups?',
    'Continue with the migration?',
  ],
  // Where a URL is meant (an artifact's: "External URL, when the artifact lives elsewhere.")
  url: [
    'https://ci.example.com/builds/1289/log.txt',
    'https://storage.example.com/artifacts/report.html',
    'https://github.com/acme/app/pull/42',
    'https://example.com/videos/intro.mp4',
  ],
  command: ['npm test', 'cargo build --release', 'pytest -q', 'make lint', 'npm run deploy'],
};
const PLAUSIBLE_ALIASES: Record<string, string> = {
  error_message: 'message',
  summary: 'description',
  input_prompt: 'prompt',
  label: 'title',
  display_name: 'title',
};

/**
 * Values by the last two steps of a field's path (its schema's name, or its parent member, and its
 * own), where the field's name alone says too little: an MCP server's `url` is where its MCP
 * endpoint answers, a file resource's `created_at` is a time.
 */
const PLAUSIBLE_AT: Record<string, readonly string[]> = {
  // An agent is named for its job, not for one of its tools; its system prompt reads like one.
  'SessionAgent.name': ['Release assistant', 'Research agent', 'Deploy watcher', 'Docs indexer', 'Support triage'],
  'SessionAgent.system': [
    'You are a careful release assistant. Ask before you deploy.',
    'Answer with sources, and keep replies short.',
    'You triage support tickets and escalate outages.',
  ],
  'Session.cwd': ['/workspace', '/workspace/app', '/home/user/project'],
  'OutcomeEvaluation.explanation': [
    'All 212 tests passed',
    'Two links still return 404',
    'The summary leaves out the migration step',
  ],
  // 004: resources are "each ... a file reference mounted into the session's machine": a path, and
  // times (the spec types them as plain strings), each update after every creation.
  'FileResource.mount_path': [
    '/workspace/README.md',
    '/workspace/data/report.csv',
    '/mnt/session/uploads/spec.pdf',
    '/workspace/src/index.ts',
  ],
  'MonetaryAmount.amount': ['0.42', '3.00', '12.50', '250.00'],
  'OutcomeEvaluation.completed_at': ['2026-11-30T10:02:11Z', '2026-11-30T17:45:38Z', '2026-12-01T08:12:54Z'],
  'FileResource.created_at': ['2026-11-20T08:14:03Z', '2026-11-21T16:40:27Z', '2026-11-24T11:05:59Z'],
  'FileResource.updated_at': ['2026-11-25T09:30:12Z', '2026-11-27T14:02:45Z', '2026-11-29T18:21:08Z'],
  'mcp_servers[].url': [
    'https://mcp.example.com/mcp',
    'https://mcp.github.example/sse',
    'https://tools.example.org/mcp/v1',
    'https://search.example.net/mcp',
  ],
};

/** The plausible values of the field at `where` (`Session.agent.mcp_servers[].url`), if any. */
export function plausibleFor(where: string): readonly string[] | undefined {
  const dot = where.lastIndexOf('.');
  const field = where.slice(dot + 1);
  const parent = where.slice(where.lastIndexOf('.', dot - 1) + 1);
  return PLAUSIBLE_AT[parent] ?? PLAUSIBLE[field] ?? PLAUSIBLE[PLAUSIBLE_ALIASES[field] ?? ''];
}
