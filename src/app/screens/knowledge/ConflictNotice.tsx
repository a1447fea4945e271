import type { Article, ArticleConflict } from '../../../protocol/documents';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';

type ConflictNoticeProps = { article: Article; conflict: ArticleConflict; onKeep: (which: 'kept' | 'current') => void };

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An edit that reached the server after a teammate had changed or published the article: it was
 * kept aside instead of overwriting theirs. Both texts are shown; the agent keeps one.
 */
export function ConflictNotice({ article, conflict, onKeep }: ConflictNoticeProps) {
  return (
    <section className="panel kb-conflict" role="alert" aria-labelledby="kb-conflict-title">
      <div className="panel__header">
        <h2 className="panel__title" id="kb-conflict-title">
          <Icon name="alert" size={16} /> Two versions of this article
        </h2>
      </div>
      <p className="kb-conflict__intro">
        An edit saved at {time.format(new Date(conflict.at))} started from an older version: a teammate changed this article meanwhile. Nothing was lost —
        choose the version to keep.
      </p>
      <div className="kb-conflict__columns">
        <div className="kb-conflict__version">
          <h3>Kept aside: {conflict.title}</h3>
          <div className="kb-conflict__text article-preview" dangerouslySetInnerHTML={{ __html: conflict.content }} />
          <Button variant="primary" onClick={() => onKeep('kept')}>
            Keep this version
          </Button>
        </div>
        <div className="kb-conflict__version">
          <h3>Current: {article.title}</h3>
          <div className="kb-conflict__text article-preview" dangerouslySetInnerHTML={{ __html: article.content }} />
          <Button onClick={() => onKeep('current')}>Keep this version</Button>
        </div>
      </div>
    </section>
  );
}
