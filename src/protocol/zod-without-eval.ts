import { z } from 'zod/v4';

/**
 * Zod compiles object parsers with `new Function` where it may. Under the app's content policy
 * (no 'unsafe-eval') its probe for that is refused, and the browser reports a violation even
 * though Zod falls back. Zod decides when each schema is built, so the setting must come before
 * any schema: the app's build resolves every `import … from 'zod'` to this module
 * (vite.config.ts), which sets it and then gives Zod itself. A module that builds schemas imports
 * 'zod' and so runs after this one, however the bundler splits the chunks. The server and the
 * tests import Zod as it is.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
