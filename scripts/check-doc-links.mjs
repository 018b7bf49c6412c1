#!/usr/bin/env node
// Keep the hand-written docs true to the tree: every relative link in README.md,
// CONTRIBUTING.md and docs/**/*.md (mermaid `click` targets included) must point to a file
// or folder that exists, a `#fragment` to a heading of the target page, and a link whose
// text names code (`resolveForExecution`, `ToolRegistry.wireView`) to a file that still
// contains those names. Runs as part of `pnpm run docs`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = join(root, 'docs', 'api');

function markdownFiles() {
  const files = ['README.md', 'CONTRIBUTING.md'].map((name) => join(root, name)).filter((file) => existsSync(file));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && path !== GENERATED) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'));
  return files;
}

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens. */
function anchorsOf(file) {
  const anchors = new Set();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/`/g, '').trim().toLowerCase();
    anchors.add(text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
  }
  return anchors;
}

/** Code names in a link text: `ToolRegistry.wireView` → ToolRegistry, wireView. Paths and kebab names are not code. */
function codeNames(label) {
  const spans = [...label.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  return spans
    .filter((span) => /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?$/.test(span))
    .filter((span) => !/\.(?:[cm]?[jt]s|json|md)$/.test(span))
    .flatMap((span) => span.replace(/\(.*\)$/, '').split('.'));
}

const problems = [];
for (const file of markdownFiles()) {
  const text = readFileSync(file, 'utf8');
  const links = [
    ...[...text.matchAll(/\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)/g)].map((match) => ({ label: match[1], target: match[2] })),
    ...[...text.matchAll(/^\s*click\s+\S+\s+"([^"]+)"/gm)].map((match) => ({ label: '', target: match[1] })),
  ];
  for (const { label, target } of links) {
    if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: checked by nobody here
    const [pathPart, fragment] = target.split('#');
    const resolved = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)}: (${target})`;
    if (!existsSync(resolved)) {
      problems.push(`${where} points to ${relative(root, resolved)}, which does not exist`);
      continue;
    }
    const isFile = statSync(resolved).isFile();
    if (fragment && isFile && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
      problems.push(`${where} names a heading #${fragment} that ${relative(root, resolved)} does not have`);
    }
    if (!isFile) continue;
    const source = readFileSync(resolved, 'utf8');
    const missing = codeNames(label).filter((name) => !source.includes(name));
    if (missing.length > 0) {
      problems.push(`${where} is labelled with ${missing.join(', ')}, which ${relative(root, resolved)} no longer contains`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Documentation links out of date:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Documentation links: ok');
