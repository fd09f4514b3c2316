/**
 * A preset that runs the env fixture server (which echoes its environment) and takes its key from
 * the `openai` provider, for tests that install for real. Plain fields, parsed by the caller: the
 * CLI test builds it inside a module mock of mcp-presets, where importing that module would loop.
 */
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';

export function fixtureEnvPresetFields(descriptionKey: (id: string) => string) {
  return {
    id: 'fixture-env',
    name: 'Fixture Env',
    provider: 'fixture',
    category: 'general',
    description: descriptionKey('fixture-env'),
    tools: ['env'],
    command: process.execPath,
    args: [FIXTURE_SERVERS.stdioEnv],
    requiresApiKey: true,
    apiKeyEnvVar: 'FIXTURE_KEY',
    linkedProviderIds: ['openai'],
    icon: 'fixture',
  };
}
