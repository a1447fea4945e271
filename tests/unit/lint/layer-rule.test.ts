import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * The repository's own config, with the layer rule alone and without type information: the
 * linted files do not exist, so the project service would refuse them, and the rule reads only
 * import paths. A parse error still comes back as a message, so no case passes by not parsing.
 */
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === 'layers/order',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** What lint says of `code` linted as if it were the file at `filePath`. */
async function layerMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

const REFUSED = 'src/server/http may not import the domain src/server/tags (docs/architecture.md)';

describe('the layer rule', { timeout: 60_000 }, () => {
  it('refuses an import of a domain from a server infrastructure folder', async () => {
    expect(await layerMessages("import { toTag } from '../tags/tag-model';\nexport const tag = toTag;\n", 'src/server/http/x.ts')).toEqual([REFUSED]);
  });

  it('refuses type imports, re-exports and dynamic imports of a domain too', async () => {
    const code = [
      "import type { toTag } from '../tags/tag-model';",
      "export { toTag } from '../tags/tag-model';",
      "export const load = (): Promise<unknown> => import('../tags/tag-model');",
      'export type ToTag = typeof toTag;',
      '',
    ].join('\n');
    expect(await layerMessages(code, 'src/server/http/x.ts')).toEqual([REFUSED, REFUSED, REFUSED]);
  });

  it('lets a domain import infrastructure, and infrastructure import infrastructure', async () => {
    expect(await layerMessages("import type { Db } from '../db/database';\nexport type D = Db;\n", 'src/server/tags/x.ts')).toEqual([]);
    expect(await layerMessages("import type { Db } from '../db/database';\nexport type D = Db;\n", 'src/server/http/x.ts')).toEqual([]);
  });

  it('treats a folder it has never heard of as a domain', async () => {
    expect(await layerMessages("import { x } from '../invoices/invoice-model';\nexport const y = x;\n", 'src/server/jobs/x.ts')).toEqual([
      'src/server/jobs may not import the domain src/server/invoices (docs/architecture.md)',
    ]);
  });
});
