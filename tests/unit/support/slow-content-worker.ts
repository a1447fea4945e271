// A content worker whose cleaning never finishes (the text-only retry does, unless the HTML says
// `never`), standing in for HTML that takes a real worker past its time limit.
import { cleanHtml, type CleanHtmlInput } from '../../../src/server/content/clean-html';
import { contentJobs } from '../../../src/server/content-jobs';
import { serveWorkerJobs } from '../../../src/server/content/serve-worker-jobs';

function spin(): never {
  for (;;) Math.random();
}

serveWorkerJobs({
  ...contentJobs,
  cleanHtml: (input: CleanHtmlInput) => (input.textOnly && !input.html.includes('never') ? cleanHtml(input) : spin()),
});
