// The entry of each content worker thread (content-pool.ts starts them; the build emits it as
// dist/server/content-worker.js beside main.js).
import { contentJobs } from './content-jobs';
import { serveWorkerJobs } from './serve-worker-jobs';

serveWorkerJobs(contentJobs);
