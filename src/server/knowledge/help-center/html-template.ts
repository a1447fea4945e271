/**
 * HTML built with a tagged template: every interpolated value is escaped unless it is `Raw`
 * (markup built here, or sanitised article HTML), so no text of an article, a search or a URL
 * can open a tag on a help center page.
 */
export class Raw {
  constructor(readonly html: string) {}
}

export const raw = (html: string) => new Raw(html);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

type Value = string | number | Raw | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Raw) return value.html;
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return String(value);
  return value.map(render).join('');
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Raw(out);
}
