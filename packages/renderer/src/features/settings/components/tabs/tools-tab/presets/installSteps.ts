/**
 * The install dialog's view of one install: every step with its state and how long it took.
 * The host reports a step when it ends (`presets.install_progress`), in order, with how long it
 * took, so the step after the last one reported is the one running now. (A host that sends no
 * duration gets one from the arrival times.)
 * The route's answer (or error) settles the run: it is authoritative if an event was missed.
 */
import { PRESET_INSTALL_STEPS, type PresetInstallStep } from '@shared/contracts/presets';
import type { AppErrorShape, ErrorCode } from '@shared/errors';

export type StepName = (typeof PRESET_INSTALL_STEPS)[number];
export type StepState = 'pending' | 'running' | PresetInstallStep['status'];

export interface StepView {
  step: StepName;
  state: StepState;
  durationMs?: number;
  /** A failed step: the error as the route or event gave it (with data when the route threw). */
  error?: AppErrorShape;
  /** The host's own message, kept for "Technical details". */
  message?: string;
}

export interface InstallRun {
  steps: StepView[];
  /** When the running step started (the previous report, or the start). */
  since: number;
  finished: boolean;
}

export const idleRun = (): InstallRun => ({
  steps: PRESET_INSTALL_STEPS.map((step) => ({ step, state: 'pending' })),
  since: 0,
  finished: false,
});

export function startRun(now: number): InstallRun {
  const run = idleRun();
  run.steps[0] = { ...run.steps[0]!, state: 'running' };
  return { ...run, since: now };
}

/** A failed step's error, with the data the host sent (a connect failure's stage, hint and facts). */
const errorOf = (step: PresetInstallStep): AppErrorShape | undefined =>
  step.status === 'failed' ? { code: step.code ?? 'INTERNAL', message: step.message, ...(step.data && { data: step.data }) } : undefined;

/** A step reported by the host: it ends now; the next one still pending starts. */
export function applyStep(run: InstallRun, reported: PresetInstallStep, now: number): InstallRun {
  if (run.finished) return run;
  const index = run.steps.findIndex((s) => s.step === reported.step);
  if (index < 0) return run;
  const steps = run.steps.map((view, i): StepView => {
    if (i === index) {
      const error = errorOf(reported);
      const durationMs = reported.durationMs ?? Math.max(0, now - run.since);
      return { step: view.step, state: reported.status, durationMs, message: reported.message, ...(error && { error }) };
    }
    // A failure before the add ends the run: nothing after it starts.
    if (i === index + 1 && view.state === 'pending' && reported.status !== 'failed') return { ...view, state: 'running' };
    return view;
  });
  return { ...run, steps, since: now };
}

/** The route answered: its steps are the truth (durations kept from the events that came). */
export function finishWithSteps(run: InstallRun, reported: PresetInstallStep[]): InstallRun {
  const steps = run.steps.map((view): StepView => {
    const step = reported.find((r) => r.step === view.step);
    if (!step) return { ...view, state: view.state === 'running' ? 'pending' : view.state };
    const error = errorOf(step);
    const durationMs = step.durationMs ?? view.durationMs;
    return { step: view.step, state: step.status, message: step.message, ...(durationMs !== undefined && { durationMs }), ...(error && { error }) };
  });
  return { ...run, steps, finished: true };
}

/** Which step an error thrown before the add belongs to, when its event did not arrive first. */
const STEP_OF_CODE: Partial<Record<ErrorCode, StepName>> = {
  PRESET_KEY_REQUIRED: 'key',
  PRESET_PROVIDER_NO_KEY: 'key',
  PRESET_PROVIDER_NOT_LINKED: 'key',
  DEPS_MISSING: 'dependency',
};

/**
 * The route failed: the failed step carries the thrown error (it has the data the sentence and
 * the fix need, the event only a code). Steps after it stay pending.
 */
export function finishWithError(run: InstallRun, error: AppErrorShape, now: number): InstallRun {
  const reported = run.steps.find((s) => s.state === 'failed');
  const target = reported?.step ?? STEP_OF_CODE[error.code] ?? run.steps.find((s) => s.state === 'running')?.step ?? 'key';
  const steps = run.steps.map((view): StepView => {
    if (view.step === target) {
      return { ...view, state: 'failed', error, message: error.message, durationMs: view.durationMs ?? Math.max(0, now - run.since) };
    }
    return view.state === 'running' ? { ...view, state: 'pending' } : view;
  });
  return { ...run, steps, finished: true };
}

export const failedStep = (run: InstallRun): StepView | undefined => run.steps.find((s) => s.state === 'failed');
