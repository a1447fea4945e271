import { useTagColors } from '../tag-colors';
import { tagStyle } from '../tag-style';
import { tagName } from '../use-tag-names';

const SHOWN = 2;

/** A row's tags, read-only: the first two, then "+N". */
export function TagList({ slugs, names }: { slugs: readonly string[]; names: ReadonlyMap<string, string> }) {
  const colors = useTagColors();
  if (slugs.length === 0) return null;
  const hidden = slugs.slice(SHOWN).map((slug) => tagName(names, slug));
  return (
    <span className="tag-list">
      {slugs.slice(0, SHOWN).map((slug) => (
        <span key={slug} className="tag" style={tagStyle(tagName(names, slug), colors.get(slug))}>
          {tagName(names, slug)}
        </span>
      ))}
      {hidden.length > 0 && (
        <span className="tag tag--more" title={hidden.join(', ')}>
          +{hidden.length}
        </span>
      )}
    </span>
  );
}
