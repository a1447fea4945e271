import { MailParser, type SplitterChunk } from 'mailparser';
import { INBOUND_LIMITS, InboundRejection } from './inbound-limits';

/**
 * mailparser with the inbox's structural limits, checked as each MIME part starts (before any
 * of its content is decoded): at most INBOUND_LIMITS.maxParts parts, nested at most
 * INBOUND_LIMITS.maxDepth deep. The splitter below also refuses oversized header blocks.
 */
export class LimitedMailParser extends MailParser {
  private parts = 0;

  constructor() {
    super({
      maxHeadSize: INBOUND_LIMITS.maxHeaderBytes,
      // The splitter's own count, a backstop behind ours.
      maxChildNodes: INBOUND_LIMITS.maxParts + 1,
      // The text of an HTML-only message is derived in cleanHtml, within its limits.
      skipHtmlToText: true,
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
    });
  }

  override processChunk(data: SplitterChunk, done: (error?: Error | null) => void): void {
    if (data.type === 'node') {
      this.parts += 1;
      if (this.parts > INBOUND_LIMITS.maxParts) {
        done(new InboundRejection('TOO_MANY_PARTS', `The message has more than ${INBOUND_LIMITS.maxParts} MIME parts.`));
        return;
      }
      let depth = 0;
      for (let parent = data.parentNode; parent; parent = parent.parentNode) depth += 1;
      if (depth > INBOUND_LIMITS.maxDepth) {
        done(new InboundRejection('TOO_DEEP', `The message's MIME parts are nested more than ${INBOUND_LIMITS.maxDepth} deep.`));
        return;
      }
    }
    super.processChunk(data, done);
  }
}
