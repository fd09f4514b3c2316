import { describe, expect, it } from 'vitest';
import { applyStep, finishWithError, finishWithSteps, startRun } from './installSteps';

const states = (run: ReturnType<typeof startRun>) => run.steps.map((s) => `${s.step}:${s.state}`);

describe('install steps', () => {
  it('marks the reported step with its own duration and starts the next one', () => {
    let run = startRun(1000);
    expect(states(run)).toEqual(['key:running', 'dependency:pending', 'add:pending', 'connect:pending', 'tools:pending']);
    run = applyStep(run, { step: 'key', status: 'skipped', message: 'm', durationMs: 3 }, 5000);
    expect(run.steps[0]).toMatchObject({ state: 'skipped', durationMs: 3 });
    expect(states(run)[1]).toBe('dependency:running');
    // A host that sends no duration: the time since the previous report.
    run = applyStep(run, { step: 'dependency', status: 'done', message: 'm' }, 5400);
    expect(run.steps[1]!.durationMs).toBe(400);
  });

  it('stops at a failure before the add, with the thrown error (and its data) on the step its event named', () => {
    let run = startRun(0);
    run = applyStep(run, { step: 'key', status: 'done', message: 'm', durationMs: 1 }, 10);
    run = applyStep(run, { step: 'dependency', status: 'failed', message: 'npx missing', code: 'DEPS_MISSING', durationMs: 5 }, 20);
    expect(states(run).slice(1, 3)).toEqual(['dependency:failed', 'add:pending']);
    run = finishWithError(run, { code: 'DEPS_MISSING', message: 'npx missing', data: { command: 'npx' } }, 30);
    expect(run.finished).toBe(true);
    expect(run.steps[1]).toMatchObject({ state: 'failed', error: { data: { command: 'npx' } }, durationMs: 5 });
  });

  it('puts an error whose event never arrived on the step its code belongs to', () => {
    const run = finishWithError(startRun(0), { code: 'PRESET_KEY_REQUIRED', message: 'needs a key' }, 50);
    expect(states(run)).toEqual(['key:failed', 'dependency:pending', 'add:pending', 'connect:pending', 'tools:pending']);
  });

  it('takes the answer as the truth when events were missed, and ignores events after it', () => {
    let run = applyStep(startRun(0), { step: 'key', status: 'done', message: 'm', durationMs: 2 }, 10);
    run = finishWithSteps(run, [
      { step: 'key', status: 'done', message: 'm', durationMs: 2 },
      { step: 'dependency', status: 'skipped', message: 'hosted', durationMs: 0 },
      { step: 'add', status: 'done', message: 'added', durationMs: 4 },
      { step: 'connect', status: 'failed', message: '401', code: 'UNAUTHORIZED', durationMs: 90 },
      { step: 'tools', status: 'skipped', message: 'not connected', durationMs: 0 },
    ]);
    expect(states(run)).toEqual(['key:done', 'dependency:skipped', 'add:done', 'connect:failed', 'tools:skipped']);
    expect(run.steps[3]).toMatchObject({ error: { code: 'UNAUTHORIZED' }, durationMs: 90 });
    expect(applyStep(run, { step: 'tools', status: 'done', message: 'late' }, 99)).toBe(run);
  });
});
