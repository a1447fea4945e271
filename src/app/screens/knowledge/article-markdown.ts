/**
 * An article in and out of Markdown (loaded on demand with the editor): `marked` reads GitHub
 * Markdown into HTML (the server sanitises it like any article), `turndown` writes the article's
 * HTML as Markdown, a callout as a quote that starts with its tone (`> **Note:** …`).
 */
export async function markdownToArticle(markdown: string): Promise<{ title: string | null; html: string }> {
  const { marked } = await import('marked');
  const heading = /^#\s+(.+)\n+/.exec(markdown);
  const body = heading ? markdown.slice(heading[0].length) : markdown;
  const html = await marked.parse(body, { gfm: true, breaks: false });
  // The article's own headings start at level 2: a Markdown `#` inside becomes a heading too.
  return { title: heading?.[1]?.trim() ?? null, html: html.replace(/<(\/?)h1>/g, '<$1h2>') };
}

const CALLOUT_WORDS: Record<string, string> = { info: 'Note', warning: 'Warning', success: 'Tip' };

export async function articleToMarkdown(title: string, html: string): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.addRule('callout', {
    filter: (node) => node.nodeName === 'DIV' && node.hasAttribute('data-callout'),
    replacement: (content, node) => {
      const tone = node.getAttribute('data-callout') ?? 'info';
      const lines = `**${CALLOUT_WORDS[tone] ?? 'Note'}:** ${content.trim()}`.split('\n');
      return `\n\n${lines.map((line) => `> ${line}`).join('\n')}\n\n`;
    },
  });
  return `# ${title}\n\n${service.turndown(html)}\n`;
}
