#!/usr/bin/env node
/**
 * i18n check: `en` is the source of truth. For every JSON file under <locales>/en, each other
 * language must have the same file with exactly the same keys (nested keys flattened with ".")
 * and the same set of {{variables}} per key. Plural forms (`key_one`, `key_other`, …) are
 * compared by their base key, because languages legitimately differ in which forms they need
 * (Chinese and Japanese have only `_other`).
 *
 * The glossary (<locales>/glossary.json) holds one word per term and language. A zh or ja text
 * fails when it uses a word the glossary rules out for that term (two words for "provider" read
 * as two things) or leaves the English term itself standing, outside {{variables}} and outside a
 * quoted or bracketed literal with no CJK in it (a config key like “servers”, a command).
 *
 * Usage: node scripts/check-i18n.mjs [localesDir]   (default: ./locales next to this repo's root)
 * Exit 0 with a one-line summary, or 1 with a list of problems.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = 'en';
const TARGETS = ['zh', 'ja'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([^}\s,]+)[^}]*\}\}/g;

const localesDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales'));

/** Relative paths of every .json file under dir, with "/" separators, sorted. */
function jsonFiles(dir, prefix = '') {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return jsonFiles(path.join(dir, entry.name), rel);
      return entry.isFile() && entry.name.endsWith('.json') ? [rel] : [];
    })
    .sort();
}

/**
 * Flattens a translation file to Map<baseKey, Set<variable>>. Non-string leaves are reported,
 * since i18next would render them as "[object Object]" or nothing.
 */
function flatten(value, problems, where, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') {
      const base = full.replace(PLURAL_SUFFIX, '');
      const vars = out.get(base) ?? new Set();
      for (const match of child.matchAll(VARIABLE)) vars.add(match[1]);
      out.set(base, vars);
    } else if (child && typeof child === 'object' && !Array.isArray(child)) {
      flatten(child, problems, where, full, out);
    } else {
      problems.push(`${where}: "${full}" must be a string or an object`);
    }
  }
  return out;
}

/** Flattened string leaves of a translation file, full key → text. */
function texts(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(full, child);
    else if (child && typeof child === 'object' && !Array.isArray(child)) texts(child, full, out);
  }
  return out;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;
/** Quoted or bracketed runs (“servers”, （mcpServers）, "x", (npx … add)); those without CJK are literals, not prose. */
const LITERAL = /“[^”]*”|「[^」]*」|"[^"]*"|（[^）]*）|\([^)]*\)/g;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The prose of a text: without {{variables}} and without literal runs. */
const prose = (text) => text.replace(VARIABLE, ' ').replace(LITERAL, (run) => (CJK.test(run.slice(1, -1)) ? run : ' '));

/**
 * Glossary problems of one language's file. `glossary.terms`: [{ en, zh, ja, avoid?: { zh?: [], ja?: [] } }].
 * An English term matches as a word, any case, plural too (base URL, Base URLs).
 */
function glossaryProblems(glossary, lang, where, target, problems) {
  for (const term of glossary.terms) {
    const english = new RegExp(`(?<![\\w/@.-])${escapeRegExp(term.en)}s?(?![\\w/@.-])`, 'i');
    const avoid = term.avoid?.[lang] ?? [];
    for (const [key, text] of target) {
      const words = prose(text);
      for (const wrong of avoid) {
        if (words.includes(wrong)) problems.push(`${where}: key "${key}" says "${wrong}" for "${term.en}"; the glossary's word is "${term[lang]}"`);
      }
      if (english.test(words)) problems.push(`${where}: key "${key}" leaves "${term.en}" untranslated; the glossary's word is "${term[lang]}"`);
    }
  }
}

function loadGlossary(problems) {
  const file = path.join(localesDir, 'glossary.json');
  if (!fs.existsSync(file)) return undefined;
  try {
    const glossary = JSON.parse(fs.readFileSync(file, 'utf8'));
    const valid = Array.isArray(glossary?.terms) && glossary.terms.every((t) => typeof t?.en === 'string' && TARGETS.every((lang) => typeof t[lang] === 'string'));
    if (valid) return glossary;
    problems.push(`glossary.json: "terms" must be a list of { en, ${TARGETS.join(', ')} } words`);
  } catch (err) {
    problems.push(`glossary.json: cannot parse JSON (${err.message})`);
  }
  return undefined;
}

function load(file, problems, where) {
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${where}: cannot parse JSON (${err.message})`);
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    problems.push(`${where}: the top level must be an object`);
    return undefined;
  }
  return flatten(parsed, problems, where);
}

const format = (vars) => (vars.size ? [...vars].sort().map((v) => `{{${v}}}`).join(', ') : 'none');

const problems = [];
const glossary = loadGlossary(problems);
const sourceFiles = jsonFiles(path.join(localesDir, SOURCE));
if (sourceFiles.length === 0) problems.push(`${SOURCE}: no JSON files under ${path.join(localesDir, SOURCE)}`);
let keyCount = 0;

for (const rel of sourceFiles) {
  const source = load(path.join(localesDir, SOURCE, rel), problems, `${SOURCE}/${rel}`);
  if (!source) continue;
  keyCount += source.size;
  for (const lang of TARGETS) {
    const where = `${lang}/${rel}`;
    const file = path.join(localesDir, lang, rel);
    if (!fs.existsSync(file)) {
      problems.push(`${where}: missing file`);
      continue;
    }
    const target = load(file, problems, where);
    if (!target) continue;
    if (glossary) glossaryProblems(glossary, lang, where, texts(JSON.parse(fs.readFileSync(file, 'utf8'))), problems);
    for (const [key, vars] of source) {
      const theirs = target.get(key);
      if (!theirs) problems.push(`${where}: missing key "${key}"`);
      else if (format(vars) !== format(theirs)) {
        problems.push(`${where}: key "${key}" has variables ${format(theirs)}, expected ${format(vars)}`);
      }
    }
    for (const key of target.keys()) {
      if (!source.has(key)) problems.push(`${where}: extra key "${key}" (not in ${SOURCE})`);
    }
  }
}

// A file only zh or ja has would never be loaded for anyone reading English: flag it too.
for (const lang of TARGETS) {
  for (const rel of jsonFiles(path.join(localesDir, lang))) {
    if (!sourceFiles.includes(rel)) problems.push(`${lang}/${rel}: extra file (no ${SOURCE}/${rel})`);
  }
}

if (problems.length > 0) {
  console.error(`i18n check failed: ${problems.length} problem(s) in ${localesDir}`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const glossaryNote = glossary ? `, glossary of ${glossary.terms.length} term(s)` : '';
console.log(`i18n OK: ${sourceFiles.length} file(s), ${keyCount} key(s), languages ${[SOURCE, ...TARGETS].join(', ')}${glossaryNote}`);
