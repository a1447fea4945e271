import { inboundEmailJobs } from './channels/inbound/inbound-email-jobs';
import { htmlJobs } from './content/html-jobs';

/**
 * The jobs the content workers run (content-worker.ts), by name: the pool's own HTML jobs and
 * every domain's parser of customer content. Listed here, at the top like build-app.ts, so that
 * content/ runs them without naming a domain.
 */
export const contentJobs = {
  ...htmlJobs,
  ...inboundEmailJobs,
};

export type ContentJobs = typeof contentJobs;
