import { parseSpooledEmail } from './parse-inbound-email';

/**
 * What inbound mail runs in the content workers (src/server/content-jobs.ts lists it): parsing
 * a raw message is customer content, CPU-bound, and must not run on the event loop. The server
 * imports only the type; the code runs in the workers.
 */
export const inboundEmailJobs = {
  parseEmail: parseSpooledEmail,
};

export type InboundEmailJobs = typeof inboundEmailJobs;
