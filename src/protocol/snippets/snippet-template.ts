/**
 * The template language of a snippet's body (README "Snippets"): `{{contact.first_name}}` is a
 * variable filled from the conversation when the snippet is inserted, `{{contact.first_name |
 * there}}` the same with a fallback for an empty value, and `{{?Order number}}` a fill-in field
 * the agent types on insertion. Anything else between double braces is an unknown variable,
 * refused when the snippet is saved, so that no `{{…}}` literal ever reaches a customer.
 */
export const SNIPPET_VARIABLES = [
  'contact.name',
  'contact.first_name',
  'contact.email',
  'agent.name',
  'agent.first_name',
  'conversation.id',
  'organization.name',
] as const;

export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: SnippetVariable; fallback: string }
  | { kind: 'field'; label: string }
  | { kind: 'unknown'; source: string };

const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;

function isVariable(name: string): name is SnippetVariable {
  return (SNIPPET_VARIABLES as readonly string[]).includes(name);
}

function placeholderPart(inner: string, source: string): TemplatePart {
  const trimmed = inner.trim();
  if (trimmed.startsWith('?')) {
    const label = trimmed.slice(1).trim();
    return label && !label.includes('\n') ? { kind: 'field', label } : { kind: 'unknown', source };
  }
  const bar = trimmed.indexOf('|');
  const name = (bar < 0 ? trimmed : trimmed.slice(0, bar)).trim();
  const fallback = bar < 0 ? '' : trimmed.slice(bar + 1).trim();
  return isVariable(name) ? { kind: 'variable', name, fallback } : { kind: 'unknown', source };
}

/** The body cut into text and placeholders, in order. */
export function parseTemplate(body: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (match.index > at) parts.push({ kind: 'text', text: body.slice(at, match.index) });
    parts.push(placeholderPart(match[1] ?? '', match[0]));
    at = match.index + match[0].length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

/** The placeholders of a body that are neither a known variable nor a fill-in field, as written. */
export function unknownVariables(body: string): string[] {
  return [...new Set(parseTemplate(body).flatMap((part) => (part.kind === 'unknown' ? [part.source] : [])))];
}

/** The error of a body with an unknown variable (the server's 400 and the editor's message). */
export function unknownVariableError(body: string): string | null {
  const unknown = unknownVariables(body);
  if (unknown.length === 0) return null;
  return `${unknown.length === 1 ? 'has an unknown variable' : 'has unknown variables'}: ${unknown.join(', ')}`;
}

/** The distinct fill-in labels of a body, in the order they first appear. */
export function fillInLabels(body: string): string[] {
  return [...new Set(parseTemplate(body).flatMap((part) => (part.kind === 'field' ? [part.label] : [])))];
}

/** How a fill-in stays in a text until it is filled: the composer refuses to send one. */
export function fillInMarker(label: string): string {
  return `{{?${label}}}`;
}

/** The unfilled fields left in a reply's text (its fill-in markers' labels). */
export function unfilledFields(text: string): string[] {
  return fillInLabels(text);
}

/** What a variable reads at insertion: missing and blank values give the fallback. */
export type TemplateValues = { [V in SnippetVariable]?: string | number | null };

/** The values of a conversation's variables: first names are the first word of a name. */
export function templateValues(source: {
  contact?: { name?: string | null; email?: string | null } | null;
  agent?: { name?: string | null } | null;
  conversationId?: number | null;
  organizationName?: string | null;
}): TemplateValues {
  const firstWord = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? null;
  return {
    'contact.name': source.contact?.name ?? null,
    'contact.first_name': firstWord(source.contact?.name),
    'contact.email': source.contact?.email ?? null,
    'agent.name': source.agent?.name ?? null,
    'agent.first_name': firstWord(source.agent?.name),
    'conversation.id': source.conversationId ?? null,
    'organization.name': source.organizationName ?? null,
  };
}

/** The body's format: a value put into HTML is escaped, so contact data is never markup. */
export type TemplateFormat = 'text' | 'html';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type RenderOptions = {
  format: TemplateFormat;
  /** Fill-in values by label; a field without a (non-blank) value stays as its marker. */
  fills?: Readonly<Record<string, string>>;
};

/**
 * The body filled: variables from `values` (the fallback when blank), fill-ins from `fills`.
 * Unknown placeholders render as nothing (the server refuses them on save; a body saved before a
 * variable was retired must still never show its braces). Values are escaped in HTML.
 */
export function renderTemplate(body: string, values: TemplateValues, options: RenderOptions): string {
  return parseTemplate(body)
    .map((part) => renderPart(part, values, options))
    .join('');
}

/** One part of a body, filled (see renderTemplate). */
export function renderPart(part: TemplatePart, values: TemplateValues, options: RenderOptions): string {
  const escape = options.format === 'html' ? escapeHtml : (text: string) => text;
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'variable': {
      const value = values[part.name];
      const text = value === null || value === undefined ? '' : String(value).trim();
      return escape(text === '' ? part.fallback : text);
    }
    case 'field': {
      const fill = options.fills?.[part.label]?.trim();
      return fill ? escape(fill) : fillInMarker(part.label);
    }
    case 'unknown':
      return '';
  }
}
