/** `servers export|install-link|activate`: sharing configs, links from web pages, and the review before a linked server runs. */
import { EXPORT_DIALECTS, type CodeRisk, type ExportDialect, type McpActivationReview, type McpReviewEntry } from '../../../shared/contracts/mcp-links';
import { inlineSafe } from '../../../shared/text/visibleControls';
import { riskyNames } from '../../../main/services/capabilities/tools/mcp-users/common/activationReview';
import { confirm, EXIT, positionals, resolveServer, UsageError, writeJson, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';

export const serversExport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers export', args);
  positionals('servers export', rest, []);
  const includeSecrets = Boolean(values['with-secrets']);
  const dialect = values.dialect;
  if (dialect !== undefined && !(EXPORT_DIALECTS as readonly string[]).includes(dialect)) {
    throw new UsageError(`--dialect must be ${EXPORT_DIALECTS.join(' or ')}`, 'servers export');
  }
  const app = await client();
  const ids = values.server ? await Promise.all(values.server.map(async (ref) => (await resolveServer(app, ref)).id)) : undefined;
  const exported = await app.call('mcp.export', { includeSecrets, ...(ids ? { ids } : {}), ...(dialect ? { dialect: dialect as ExportDialect } : {}) });
  if (values.json) writeJson(io, exported);
  else io.stdout.write(`${exported.json}\n`);
  if (!includeSecrets) io.stderr.write('Env values, header values and credentials in arguments and URLs were left empty; pass --with-secrets to include them.\n');
  return EXIT.OK;
};

/** What each kind of risky variable does, after the line that sets it. */
const RISK_NOTE: Record<CodeRisk, string> = {
  loads_code: 'loads code into the program',
  search_path: 'decides where programs and modules are found',
  startup_script: 'runs a script before the program',
  package_source: 'decides where packages are downloaded from',
};

/** One field, or "(none)", then its entries one to a line, indented. */
const block = (label: string, lines: string[]) => (lines.length ? [`  ${label}`, ...lines.map((line) => `    ${line}`)] : [`  ${label.padEnd(10)}(none)`]);

const entryLine = ({ name, value, secret, risk }: McpReviewEntry, separator: string) =>
  `${inlineSafe(name)}${secret ? ' (set)' : `${separator}${inlineSafe(value ?? '')}`}${risk ? `   ! ${RISK_NOTE[risk]}` : ''}`;

/**
 * Everything the person confirms, as the app's dialog shows it: each argument, env variable and
 * header on its own line, with the newlines and controls inside them shown rather than obeyed.
 */
export function printReview(io: CliIo, review: McpActivationReview): void {
  const risky = riskyNames(review);
  const lines = [
    `"${inlineSafe(review.name)}" (${review.type}, id ${inlineSafe(review.id)}) would run:`,
    ...(review.command !== undefined ? [`  command:  ${inlineSafe(review.command)}`, ...block('args:', review.args.map(inlineSafe))] : []),
    ...(review.cwd !== undefined ? [`  cwd:      ${inlineSafe(review.cwd)}`] : []),
    ...(review.url !== undefined ? [`  url:      ${inlineSafe(review.url)}`] : []),
    ...block('env:', review.env.map((entry) => entryLine(entry, '='))),
    ...block('headers:', review.headers.map((entry) => entryLine(entry, ': '))),
    ...(review.wsProtocol !== undefined ? [`  protocol: ${inlineSafe(review.wsProtocol)}`] : []),
    ...(review.timeoutMs !== undefined ? [`  timeout:  ${review.timeoutMs / 1000} s`] : []),
    ...(review.oauth ? [`  oauth:    client ${inlineSafe(review.oauth.clientId ?? '(none)')}${review.oauth.clientSecret ? ', secret (set)' : ''}`] : []),
    ...(risky.length ? [`warning: ${risky.join(', ')} change which code runs: whoever wrote the link decides what this server loads. Activating it takes --allow-risky-env.`] : []),
  ];
  io.stderr.write(`${lines.join('\n')}\n`);
}

export const serversInstallLink: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers install-link', args);
  const [url] = positionals('servers install-link', rest, ['URL']) as [string];
  const app = await client();
  const result = await app.call('mcp.install_link', { url });
  const entries = result.results ?? [];
  const reviews = await Promise.all(entries.flatMap((entry) => (entry.success && entry.id ? [app.call('mcp.activation_review', { id: entry.id })] : [])));
  if (values.json) writeJson(io, { ...result, reviews });
  else {
    for (const entry of entries) if (!entry.success) io.stderr.write(`error: "${entry.name}" was not added: ${entry.message ?? 'invalid entry'}\n`);
    for (const review of reviews) printReview(io, review);
    io.stdout.write(`${result.message ?? ''}\n`);
    if (reviews.length) io.stdout.write(`Review each, then turn it on with "elftia-mcp servers activate NAME".\n`);
  }
  return result.success ? EXIT.OK : EXIT.FAILURE;
};

export const serversActivate: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers activate', args);
  const [ref] = positionals('servers activate', rest, ['NAME']) as [string];
  const app = await client();
  const { id } = await resolveServer(app, ref);
  const review = await app.call('mcp.activation_review', { id });
  printReview(io, review);
  // --yes confirms the review; a variable that changes which code runs needs its own, named confirmation.
  const riskAcknowledged = values['allow-risky-env'] === true;
  if (review.risky && !riskAcknowledged) {
    throw new UsageError(`${riskyNames(review).join(', ')} change which code runs; pass --allow-risky-env to activate it anyway`, 'servers activate');
  }
  if (!values.yes) {
    if (!io.interactive) throw new UsageError('activating runs the command above; pass --yes to allow it without a terminal', 'servers activate');
    if (!(await confirm(io, `Turn on "${inlineSafe(review.name)}"?`))) {
      io.stderr.write('Not activated.\n');
      return EXIT.FAILURE;
    }
  }
  // The token ties the confirmation to what was shown: a record changed since is refused.
  const { server } = await app.call('mcp.activate', { id, reviewToken: review.reviewToken, ...(review.risky ? { riskAcknowledged } : {}) });
  if (values.json) writeJson(io, server);
  else io.stdout.write(`Activated "${inlineSafe(review.name)}"\n`);
  return EXIT.OK;
};
