import { useLayoutEffect, useMemo, useState } from 'react';
import type { Attachment } from '../../../../protocol/documents';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { prepareEmailBody } from './email-body-html';
import { emailFrameDocument, estimateFrameHeight } from './email-frame';
import { useInlineImages } from './use-inline-images';

type EmailBodyProps = {
  /** The server-sanitised HTML (`Message.html`). */
  html: string;
  /** The plain text (`Message.message`): the other view, and the frame's height estimate. */
  text: string;
  attachments: readonly Attachment[];
  /** Who wrote it, for the frame's accessible name. */
  from: string;
};

/**
 * An email's formatted body, never in the app's own DOM: a sandboxed iframe (no scripts, no
 * same-origin, no forms; links open in a new tab outside it) whose srcdoc carries its own CSP.
 * Remote images load only after "Load images", for this message. The frame cannot be measured
 * from here (another origin, no script inside), so its height is estimated from the text,
 * scrolls inside beyond that, and can be dragged taller; "Plain text" shows the text instead.
 */
export function EmailBody({ html, text, attachments, from }: EmailBodyProps) {
  const [remote, setRemote] = useState(false);
  const [plain, setPlain] = useState(false);
  const inlineUrls = useMemo(() => prepareEmailBody(html, NO_IMAGES).inlineImages, [html]);
  const loadedInline = useInlineImages(inlineUrls, attachments);
  const prepared = useMemo(() => prepareEmailBody(html, { remote, inline: loadedInline }), [html, remote, loadedInline]);
  const srcDoc = useMemo(() => emailFrameDocument(prepared.html, remote), [prepared.html, remote]);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const width = useWidth(frame);
  const height = estimateFrameHeight(text, width, prepared.extraHeight);

  return (
    <div className="email-body">
      {plain ? (
        <div className="entry__body">{text}</div>
      ) : (
        <div ref={setFrame} className="email-body__frame" style={{ height }}>
          <iframe
            title={`Email from ${from}`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            loading="lazy"
            srcDoc={srcDoc}
            data-testid="email-frame"
          />
        </div>
      )}
      <div className="email-body__tools">
        {!plain && prepared.remoteImages > 0 && !remote && (
          <>
            <span className="email-body__note" title="Remote images can tell the sender when and where the mail was read.">
              <Icon name="image" size={14} />
              {prepared.remoteImages === 1 ? '1 remote image blocked.' : `${prepared.remoteImages} remote images blocked.`}
            </span>
            <Button variant="ghost" size="small" onClick={() => setRemote(true)}>
              Load images
            </Button>
          </>
        )}
        <Button variant="ghost" size="small" className="email-body__view" aria-pressed={plain} onClick={() => setPlain((value) => !value)}>
          {plain ? 'Show formatted' : 'Show plain text'}
        </Button>
      </div>
    </div>
  );
}

const NO_IMAGES = { remote: false, inline: new Map<string, string>() };

/** The element's width, following its resizes (the frame's height estimate depends on it). */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
