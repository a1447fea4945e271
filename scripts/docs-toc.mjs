// Writes the table of contents of README.md and docs/decisions.md anew from their headings
// (between <!-- toc --> and <!-- /toc -->): `npm run docs:toc` after adding a section.
import { readFileSync, writeFileSync } from 'node:fs';

const FILES = [
  { path: 'README.md', levels: [2, 3] },
  { path: 'docs/decisions.md', levels: [2] },
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (title) => title.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replaceAll(' ', '-');

function contents(text, levels) {
  const items = [];
  const seen = new Map();
  let fenced = false;
  let topSeen = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const match = fenced ? null : /^(#{2,3}) (.+)$/.exec(line);
    if (!match || !levels.includes(match[1].length)) continue;
    const base = anchorOf(match[2]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const level = match[1].length;
    if (level === levels[0]) topSeen = true;
    // A subsection before any section (the README's feature guides) is listed at the top level.
    const indent = level > levels[0] && topSeen ? '  ' : '';
    items.push(`${indent}- [${match[2]}](#${count ? `${base}-${count}` : base})`);
  }
  return items.join('\n');
}

for (const { path, levels } of FILES) {
  const text = readFileSync(path, 'utf8');
  const block = /<!-- toc -->\n\*\*Contents\*\*\n\n[\s\S]*?\n<!-- \/toc -->/;
  if (!block.test(text)) throw new Error(`${path} has no <!-- toc --> block`);
  const body = text.replace(block, '');
  writeFileSync(path, text.replace(block, `<!-- toc -->\n**Contents**\n\n${contents(body, levels)}\n<!-- /toc -->`));
}
