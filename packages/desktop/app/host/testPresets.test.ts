import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFICIAL_MCP_PRESETS, presetDescriptionKey } from '../shared/mcp-presets';
import { fixtureEnvPresetFields } from '@desktop-testing/presetFixtures.testkit';
import { TEST_PRESETS_ENV, presetCatalog } from './testPresets';

describe('presetCatalog (the host test hook)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-test-presets-'));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (content: unknown) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'presets.json');
    fs.writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('is the official catalog, silently, unless the variable names a file', () => {
    const warnings: string[] = [];
    expect(presetCatalog({}, (line) => warnings.push(line))).toBe(OFFICIAL_MCP_PRESETS);
    expect(warnings).toEqual([]);
  });

  it('adds the file presets after the official ones and says so', () => {
    const warnings: string[] = [];
    const file = write([fixtureEnvPresetFields(presetDescriptionKey)]);
    const catalog = presetCatalog({ [TEST_PRESETS_ENV]: file }, (line) => warnings.push(line));
    expect(catalog.map((p) => p.id)).toEqual([...OFFICIAL_MCP_PRESETS.map((p) => p.id), 'fixture-env']);
    expect(warnings).toEqual([expect.stringContaining(`${TEST_PRESETS_ENV} added 1 preset(s) from ${file}: fixture-env`)]);
  });

  it('refuses a preset that fails the schema or takes an official id', () => {
    const bad = write([{ ...fixtureEnvPresetFields(presetDescriptionKey), args: undefined }]);
    expect(() => presetCatalog({ [TEST_PRESETS_ENV]: bad }, () => undefined)).toThrow(/args/);
    const clash = write([{ ...fixtureEnvPresetFields(presetDescriptionKey), id: 'memory', description: presetDescriptionKey('memory') }]);
    expect(() => presetCatalog({ [TEST_PRESETS_ENV]: clash }, () => undefined)).toThrow(/"memory" is an official preset id/);
  });
});
