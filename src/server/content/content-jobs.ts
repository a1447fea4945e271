import { readFile } from 'node:fs/promises';
import { parseSpooledEmail } from '../channels/inbound/parse-inbound-email';
import { cleanHtml, type CleanHtml, type CleanHtmlInput } from './clean-html';

export type CleanHtmlFileInput = Omit<CleanHtmlInput, 'html'> & { htmlPath: string };

/**
 * The jobs the content workers run (content-worker.ts), by name: everything that parses
 * customer content. The server imports only their type; the code runs in the workers.
 */
export const contentJobs = {
  parseEmail: parseSpooledEmail,
  cleanHtml,
  /** cleanHtml of a file, so a message's HTML goes from the parse job to this one without passing through the event loop. */
  async cleanHtmlFile({ htmlPath, ...input }: CleanHtmlFileInput): Promise<CleanHtml> {
    return cleanHtml({ ...input, html: await readFile(htmlPath, 'utf8') });
  },
};

export type ContentJobs = typeof contentJobs;
