/** `servers export|install-link|activate`: sharing configs, links from web pages, and the review before a linked server runs. */
import { EXPORT_DIALECTS, type ExportDialect, type McpActivationReview } from '../../../shared/contracts/mcp-links';
import { confirm, EXIT, parseCommand, positionals, resolveServer, shellWord, UsageError, writeJson, type CliIo, type Command } from '../cliKit';

export const serversExport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers export', args, {
    'with-secrets': { type: 'boolean' },
    json: { type: 'boolean' },
    server: { type: 'string', multiple: true },
    dialect: { type: 'string' },
  });
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

/** Everything the person confirms, exactly as the app's dialog shows it. */
function printReview(io: CliIo, review: McpActivationReview): void {
  const lines = [
    `"${review.name}" (${review.type}, id ${review.id}) would run:`,
    ...(review.command !== undefined ? [`  command:  ${[review.command, ...review.args].map(shellWord).join(' ')}`] : []),
    ...(review.url !== undefined ? [`  url:      ${review.url}`] : []),
    `  env:      ${review.envKeys.length ? review.envKeys.join(', ') : '(none)'}`,
    `  headers:  ${review.headerNames.length ? review.headerNames.join(', ') : '(none)'}`,
  ];
  io.stderr.write(`${lines.join('\n')}\n`);
}

export const serversInstallLink: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers install-link', args, { json: { type: 'boolean' } });
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
  const { values, positionals: rest } = parseCommand('servers activate', args, { yes: { type: 'boolean', short: 'y' }, json: { type: 'boolean' } });
  const [ref] = positionals('servers activate', rest, ['NAME']) as [string];
  const app = await client();
  const { id } = await resolveServer(app, ref);
  const review = await app.call('mcp.activation_review', { id });
  printReview(io, review);
  if (!values.yes) {
    if (!io.interactive) throw new UsageError('activating runs the command above; pass --yes to allow it without a terminal', 'servers activate');
    if (!(await confirm(io, `Turn on "${review.name}"?`))) {
      io.stderr.write('Not activated.\n');
      return EXIT.FAILURE;
    }
  }
  // The token ties the confirmation to what was shown: a record changed since is refused.
  const { server } = await app.call('mcp.activate', { id, reviewToken: review.reviewToken });
  if (values.json) writeJson(io, server);
  else io.stdout.write(`Activated "${review.name}"\n`);
  return EXIT.OK;
};
