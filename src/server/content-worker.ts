// The entry of each content worker thread, beside main.ts because it is the server's other entry
// point (content/content-pool.ts starts it; the build emits it as dist/server/content-worker.js
// beside main.js).
import { contentJobs } from './content-jobs';
import { serveWorkerJobs } from './content/serve-worker-jobs';

serveWorkerJobs(contentJobs);
