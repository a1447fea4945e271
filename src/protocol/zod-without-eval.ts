import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` where it may. Under the app's content policy
 * (no 'unsafe-eval') its probe for that is refused, and the browser reports a violation even
 * though Zod falls back. Browser entry points import this module before anything else, since
 * Zod decides when each schema is built.
 */
z.config({ jitless: true });
