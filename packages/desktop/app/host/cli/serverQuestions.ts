/**
 * A server's questions (elicitation) while a command runs: asked on the controlling terminal,
 * one prompt per field with its default and choices; with `--yes`, the server's defaults are
 * accepted without asking; with neither, declined with a line on stderr. The answer goes through
 * the same route as the window's (mcp.elicitation_respond), so it is checked the same way.
 * A server's request for a model answer (sampling) takes its turn in the same queue, so two
 * prompts never share the terminal (serverSampling.ts).
 */
import type { ElicitationAction, ElicitationContent, ElicitationRequest, ElicitationValue } from '../../shared/contracts/elicitation';
import {
  checkContent,
  checkField,
  defaultContent,
  describeProblem,
  elicitationFields,
  type ElicitationField,
} from '../../main/services/capabilities/tools/mcp-users/common/elicitationForm';
import type { CliIo } from './cliKit';
import { indent } from './format';
import { answerSamplingRequest } from './serverSampling';
import type { RouterClient } from './routerClient';

export interface QuestionPolicy {
  /**
   * `--yes`: accept a question's defaults without asking (declined when a required field has
   * none), and answer a request for a model answer with the person's model.
   */
  yes: boolean;
}

interface Answer {
  action: ElicitationAction;
  content?: ElicitationContent;
}

/** Subscribes for the command's lifetime; returns the unsubscribe function. */
export function answerServerQuestions(client: RouterClient, io: CliIo, policy: QuestionPolicy): () => void {
  const asking = new Map<string, AbortController>();
  // One question at a time on the terminal; the next waits for the previous one's answer.
  let queue = Promise.resolve();
  const offRequest = client.on('mcp.elicitation_request', (request) => {
    const controller = new AbortController();
    asking.set(request.requestId, controller);
    queue = queue.then(async () => {
      if (controller.signal.aborted) return;
      const answer = await answerOne(request, io, policy, controller.signal);
      if (controller.signal.aborted) return;
      const sent = await client.request('mcp.elicitation_respond', { requestId: request.requestId, ...answer });
      if (!sent.ok) io.stderr.write(`error: the answer could not be sent: ${sent.error.message}\n`);
      asking.delete(request.requestId);
    });
  });
  const offClosed = client.on('mcp.elicitation_closed', ({ requestId, reason }) => {
    const controller = asking.get(requestId);
    asking.delete(requestId);
    if (!controller || reason === 'answered') return;
    controller.abort();
    io.stderr.write(reason === 'timeout' ? 'Nobody answered in time; the question was declined.\n' : 'The server stopped waiting for an answer.\n');
  });
  const offSampling = client.on('mcp.sampling_request', (request) => {
    const controller = new AbortController();
    asking.set(request.requestId, controller);
    queue = queue.then(async () => {
      if (!controller.signal.aborted) await answerSamplingRequest(client, io, policy.yes, request, controller.signal);
      asking.delete(request.requestId);
    });
  });
  const offSamplingClosed = client.on('mcp.sampling_closed', ({ requestId, outcome }) => {
    const controller = asking.get(requestId);
    asking.delete(requestId);
    if (!controller || outcome !== 'expired') return;
    controller.abort();
    io.stderr.write('The server stopped waiting for a model answer.\n');
  });
  return () => {
    offRequest();
    offClosed();
    offSampling();
    offSamplingClosed();
    for (const controller of asking.values()) controller.abort();
  };
}

async function answerOne(request: ElicitationRequest, io: CliIo, policy: QuestionPolicy, signal: AbortSignal): Promise<Answer> {
  const say = (line: string) => io.stderr.write(`${line}\n`);
  say(`\n"${request.serverName}" asks${request.toolName ? ` (while running ${request.toolName})` : ''}:`);
  say(indent(request.message));
  if (request.mode === 'url') say(`  It asks you to open this page: ${request.url}`);

  if (policy.yes) {
    if (request.mode === 'url') {
      say('Declined: --yes accepts defaults, but opening a page needs a person to decide');
      return { action: 'decline' };
    }
    const fields = elicitationFields(request.requestedSchema);
    const content = defaultContent(fields);
    const missing = checkContent(fields, content).find((issue) => issue.problem?.code === 'required');
    if (missing) {
      say(`Declined: --yes accepts the defaults, but "${missing.path}" is required and has no default`);
      return { action: 'decline' };
    }
    say(`Accepted with the defaults (--yes)${Object.keys(content).length ? `: ${describeContent(content)}` : ''}`);
    return { action: 'accept', content };
  }

  const ask = (question: string) => io.terminal?.ask(question, signal) ?? Promise.resolve(undefined);
  const choice = await ask(request.mode === 'url' ? 'Open it? [y]es / [n]o, decline / [c]ancel: ' : 'Answer it? [Y]es / [n]o, decline / [c]ancel: ');
  if (choice === undefined) {
    if (!signal.aborted) say('Declined: there is no terminal to ask on (run the command in a terminal, or pass --yes to accept the defaults)');
    return { action: 'decline' };
  }
  const action = actionOf(choice, request.mode === 'url' ? 'decline' : 'accept');
  if (action !== 'accept') return { action };
  if (request.mode === 'url') {
    say(`Open this link in your browser: ${request.url}`);
    return { action: 'accept' };
  }
  const content: ElicitationContent = {};
  for (const field of elicitationFields(request.requestedSchema)) {
    const value = await askField(field, ask, say);
    // Ctrl-D in the middle of the form: the person walked away from it.
    if (value === CANCELLED) return { action: 'cancel' };
    if (value !== undefined) content[field.name] = value;
  }
  return { action: 'accept', content };
}

const CANCELLED = Symbol('cancelled');

/** Asks until the value passes the host's check; Enter takes the default (or skips an optional field). */
async function askField(
  field: ElicitationField,
  ask: (question: string) => Promise<string | undefined>,
  say: (line: string) => void,
): Promise<ElicitationValue | undefined | typeof CANCELLED> {
  const options = field.kind === 'choice' || field.kind === 'multi' ? field.options : [];
  // A heading only when there is more to say than the prompt does: a description or a list of choices.
  if (field.description || options.length > 0) say(`  ${field.label}${field.description ? ` — ${field.description}` : ''}`);
  options.forEach((option, i) => say(`    ${i + 1}) ${option.label}${option.label !== option.value ? ` [${option.value}]` : ''}`));
  const hint = promptHint(field);
  for (;;) {
    const text = await ask(`  ${field.label}${hint}: `);
    if (text === undefined) return CANCELLED;
    const parsed = text.trim() === '' ? field.default : parseAnswer(field, text.trim());
    if (parsed === INVALID) {
      say(`    ${field.label} ${describeExpected(field)}`);
      continue;
    }
    const problem = checkField(field, parsed);
    if (!problem) return parsed;
    say(`    ${field.label} ${describeProblem(problem)}`);
  }
}

const INVALID = Symbol('invalid');

function parseAnswer(field: ElicitationField, text: string): ElicitationValue | typeof INVALID {
  switch (field.kind) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return true;
      if (/^(n|no|false)$/i.test(text)) return false;
      return INVALID;
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : INVALID;
    }
    case 'choice':
      return pickOption(field.options, text) ?? INVALID;
    case 'multi': {
      const picked = text.split(',').map((part) => pickOption(field.options, part.trim()));
      return picked.every((p): p is string => p !== undefined) ? picked : INVALID;
    }
    case 'text':
      return text;
  }
}

/** A choice by its number in the list, its value or its label. */
function pickOption(options: readonly { value: string; label: string }[], text: string): string | undefined {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  return (options[index] ?? options.find((o) => o.value === text) ?? options.find((o) => o.label.toLowerCase() === text.toLowerCase()))?.value;
}

function promptHint(field: ElicitationField): string {
  const parts: string[] = [];
  if (field.kind === 'boolean') parts.push('y/n');
  if (field.kind === 'multi') parts.push('numbers, comma-separated');
  if (field.kind === 'choice') parts.push('number');
  if (field.kind === 'text' && field.format) parts.push(field.format);
  if (field.kind === 'number') parts.push(field.integer ? 'integer' : 'number');
  if (field.default !== undefined) parts.push(`default ${formatValue(field.default)}`);
  else parts.push(field.required ? 'required' : 'Enter to skip');
  return parts.length ? ` [${parts.join('; ')}]` : '';
}

function describeExpected(field: ElicitationField): string {
  switch (field.kind) {
    case 'boolean':
      return 'must be y or n';
    case 'number':
      return 'must be a number';
    default:
      return 'must be one of the numbers listed (or a value in brackets)';
  }
}

function actionOf(answer: string, fallback: ElicitationAction): ElicitationAction {
  const word = answer.trim().toLowerCase();
  if (word === '') return fallback;
  if (/^(y|yes)$/.test(word)) return 'accept';
  if (/^(c|cancel)$/.test(word)) return 'cancel';
  return 'decline';
}

const formatValue = (value: ElicitationValue) => (Array.isArray(value) ? value.join(',') : String(value));
const describeContent = (content: ElicitationContent) =>
  Object.entries(content)
    .map(([name, value]) => `${name}=${formatValue(value)}`)
    .join(', ');
