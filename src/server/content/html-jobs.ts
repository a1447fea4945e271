import { readFile } from 'node:fs/promises';
import { cleanHtml, type CleanHtml, type CleanHtmlInput } from './clean-html';

export type CleanHtmlFileInput = Omit<CleanHtmlInput, 'html'> & { htmlPath: string };

/**
 * The content workers' own jobs: customer HTML made fit to show, whoever it comes from. Every
 * worker entry serves them (src/server/content-jobs.ts adds the domains' parsers); the pool runs
 * them for ContentPool.cleanHtml.
 */
export const htmlJobs = {
  cleanHtml,
  /** cleanHtml of a file, so a message's HTML goes from the parse job to this one without passing through the event loop. */
  async cleanHtmlFile({ htmlPath, ...input }: CleanHtmlFileInput): Promise<CleanHtml> {
    return cleanHtml({ ...input, html: await readFile(htmlPath, 'utf8') });
  },
};

export type HtmlJobs = typeof htmlJobs;
