// The repository explains itself: every docs/ file and anchor it cites exists, and nothing cites
// documents a clone does not carry (the old product specs, architecture and design notes, issue
// numbers, checklist items). Run by `npm run lint`; prints each offence as file:line and exits 1.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// the one page that names the old documents on purpose: it maps their sections to docs/
const mapPage = 'docs/product/spec-map.md';
const self = 'scripts/check-doc-citations.mjs';

const forbidden = [
  { pattern: /\b[Ss]pec(?:'s)? 0[12]\b|\b0[12] §/, say: 'cites a product spec: cite docs/… or state the rule' },
  { pattern: /\bARCHITECTURE\b|\bDESIGN\.md\b|\bSTYLE\.md\b|\/work\/shared/, say: 'cites a document not in the repo' },
  {
    pattern: /\b[Ii]ssues? #?\d+|(?<=^|[\s(])#\d{1,3}\b(?![-0-9A-Fa-f])/,
    say: 'cites an issue number: say what it found',
  },
  { pattern: /\b[Ii]tems? \d+\b/, say: 'cites a checklist item: say the behaviour' },
  // a Markdown link whose target has an #anchor may name the section by number in its text
  { pattern: /\.md §\d/, say: 'cites a section by number: cite its #anchor', linked: true },
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
function checkTarget(target, anchor) {
  if (!existsSync(target)) return `cites ${path.relative(root, target)}, which does not exist`;
  if (!anchor) return null;
  if (!target.endsWith('.md') || statSync(target).isDirectory()) return null;
  if (!anchorCache.has(target)) anchorCache.set(target, anchorsOf(target));
  if (!anchorCache.get(target).has(anchor)) return `cites ${path.relative(root, target)}#${anchor}, no such heading`;
  return null;
}

function decisionExists(number) {
  return readdirSync(path.join(root, 'docs/decisions')).some((name) => name.startsWith(`${number}-`));
}

function offencesIn(file, text) {
  const offences = [];
  const isMarkdown = file.endsWith('.md');
  text.split('\n').forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    if (file !== mapPage) {
      const unlinked = isMarkdown ? line.replace(/\[[^\]]*\]\([^)\s]*#[^)\s]*\)/g, '') : line;
      for (const { pattern, say, linked } of forbidden) {
        if (pattern.test(linked ? unlinked : line)) offences.push(`${at}: ${say}`);
      }
    }
    // docs/… from the repository root, in any file
    for (const match of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*\.md)(?:#([\w-]+))?/g)) {
      const problem = checkTarget(path.join(root, match[1]), match[2]);
      if (problem) offences.push(`${at}: ${problem}`);
    }
    for (const match of line.matchAll(/(?<![\w./-])docs\/decisions\/(\d{4})(?![\w-])/g)) {
      if (!decisionExists(match[1])) offences.push(`${at}: cites decision ${match[1]}, which does not exist`);
    }
    // Markdown links, relative to the page
    if (!isMarkdown) return;
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1];
      if (/^[a-z]+:/i.test(link)) continue;
      const [target, anchor] = link.split('#');
      const resolved = target ? path.join(root, path.dirname(file), target) : path.join(root, file);
      const problem = checkTarget(resolved, anchor);
      if (problem) offences.push(`${at}: ${problem}`);
    }
  });
  return offences;
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && file !== self && file !== 'package-lock.json' && existsSync(path.join(root, file)));
const offences = [];
for (const file of files) {
  const full = path.join(root, file);
  if (statSync(full).size > 2_000_000) continue;
  const text = readFileSync(full, 'utf8');
  if (text.includes('\0')) continue;
  offences.push(...offencesIn(file, text));
}
if (offences.length > 0) {
  console.error(offences.join('\n'));
  console.error(`\n${offences.length} citation problem(s): cite docs/… with an anchor that exists, or state the rule.`);
  process.exit(1);
}
console.log(`Doc citations: ${files.length} files checked, all cite docs that exist.`);
