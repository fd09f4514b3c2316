/**
 * `npm test`'s check of the root program and its lint, on one type program. `tsc -p tsconfig.json`
 * and ESLint's type-aware rules (eslint.config.js) read the same program, the root tsconfig's,
 * which includes every package: run apart, each parsed, bound and checked its ~3,600 files. Here
 * it is built and checked once and handed to ESLint (typescript-eslint's `programs`). The output
 * is tsc's and ESLint's own; the exit code is 1 when either found a problem.
 * `npm run typecheck` and `npm run lint` still run each alone.
 */
import ts from 'typescript';
import { ESLint } from 'eslint';
import { TYPE_AWARE_FILES } from '../eslint.config.js';

const cpu = process.cpuUsage();
const seconds = () => {
  const { user, system } = process.cpuUsage(cpu);
  return `${((user + system) / 1e6).toFixed(1)} CPU s`;
};

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', { noEmit: true }, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
const host = ts.createCompilerHost(config.options);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host, configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config) });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  console.log(`\ntsc -p tsconfig.json: ${diagnostics.length} error(s)`);
} else console.log(`tsc -p tsconfig.json: no errors (${seconds()})`);

const eslint = new ESLint({ overrideConfig: { ...TYPE_AWARE_FILES, languageOptions: { parserOptions: { project: null, programs: [program] } } } });
const results = await eslint.lintFiles(['.']);
const report = (await eslint.loadFormatter('stylish')).format(results);
if (report) process.stdout.write(report);
// As `eslint .`: warnings are shown, errors fail.
const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
console.log(`eslint .: ${errors} error(s) in ${results.length} files (${seconds()} with tsc's)`);
process.exitCode = diagnostics.length > 0 || errors > 0 ? 1 : 0;
