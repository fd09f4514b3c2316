import { describe, expect, it } from 'vitest';
import { codeRiskOf } from './codeRiskEnv';

describe('codeRiskOf', () => {
  it.each([
    ['NODE_OPTIONS', 'loads_code'],
    ['LD_PRELOAD', 'loads_code'],
    ['DYLD_INSERT_LIBRARIES', 'loads_code'],
    ['DYLD_LIBRARY_PATH', 'loads_code'],
    ['PERL5OPT', 'loads_code'],
    ['RUBYOPT', 'loads_code'],
    ['PATH', 'search_path'],
    ['Path', 'search_path'],
    ['NODE_PATH', 'search_path'],
    ['LD_LIBRARY_PATH', 'search_path'],
    ['PYTHONPATH', 'search_path'],
    ['BASH_ENV', 'startup_script'],
    ['ENV', 'startup_script'],
    ['PYTHONSTARTUP', 'startup_script'],
    ['npm_config_registry', 'package_source'],
    ['NPM_CONFIG_USERCONFIG', 'package_source'],
    ['PIP_INDEX_URL', 'package_source'],
    ['PIP_EXTRA_INDEX_URL', 'package_source'],
    ['UV_INDEX_URL', 'package_source'],
    ['UV_DEFAULT_INDEX', 'package_source'],
  ])('%s changes which code runs (%s)', (name, risk) => {
    expect(codeRiskOf(name)).toBe(risk);
  });

  it.each(['API_KEY', 'GITHUB_TOKEN', 'LOG_LEVEL', 'PORT', 'ENVIRONMENT', 'PATHS_TO_SCAN', 'UV_CACHE_DIR', 'PIP_NO_CACHE_DIR', 'NODE_ENV'])('%s does not', (name) => {
    expect(codeRiskOf(name)).toBeUndefined();
  });
});
