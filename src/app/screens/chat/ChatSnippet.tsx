import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useCopy } from '../../clipboard/use-copy';
import { widgetSnippet } from './widget-snippet';

/** The line to paste into a website, with a Copy button (§8 copy failure text on failure). */
export function ChatSnippet({ slug, enabled }: { slug: string; enabled: boolean }) {
  const copy = useCopy();
  const snippet = widgetSnippet(window.location.origin, slug);
  return (
    <section className="panel" aria-labelledby="chat-snippet-title">
      <div className="panel__header">
        <h2 className="panel__title" id="chat-snippet-title">
          Add it to your website
        </h2>
        <p className="panel__description">Paste this line before the closing &lt;/body&gt; tag of every page where the chat should appear.</p>
      </div>
      <div className="panel__body">
        {!enabled && <Alert tone="info">The widget is off: this line shows nothing on your website until you turn it on.</Alert>}
        <div className="snippet">
          <code className="snippet__code" aria-label="Website snippet">
            {snippet}
          </code>
          <Button icon={<Icon name="copy" size={16} />} onClick={() => void copy(snippet, 'Snippet copied')}>
            Copy
          </Button>
        </div>
      </div>
    </section>
  );
}
