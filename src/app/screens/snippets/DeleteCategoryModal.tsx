import { useState } from 'react';
import type { SnippetCategory } from '../../../protocol/documents';
import { flattenTree } from '../../../protocol/snippets/category-tree';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Select } from '../../components/Select';

type DeleteCategoryModalProps = {
  category: SnippetCategory | null;
  categories: SnippetCategory[];
  snippetCount: number;
  onDelete: (category: SnippetCategory, moveTo: string | null) => void;
  onClose: () => void;
};

const NOWHERE = '';

/**
 * Deleting a category: when snippets are in it, asks where they go (another category, or just
 * out of this one; a snippet is never deleted with its category). Subcategories move up.
 */
export function DeleteCategoryModal({ category, categories, snippetCount, onDelete, onClose }: DeleteCategoryModalProps) {
  const [shown, setShown] = useState(category);
  const [moveTo, setMoveTo] = useState(NOWHERE);
  if (category !== null && category !== shown) {
    setShown(category);
    setMoveTo(NOWHERE);
  }
  const options = [
    { value: NOWHERE, label: 'Nowhere: they just leave this category' },
    ...flattenTree(categories)
      .filter(({ category: item }) => item.id !== shown?.id)
      .map(({ category: item, depth }) => ({ value: item.id, label: `${'– '.repeat(depth)}${item.name}` })),
  ];
  const hasChildren = categories.some((item) => item.parent_id === shown?.id);

  return (
    <Modal
      open={category !== null}
      onClose={onClose}
      title={`Delete the category “${shown?.name ?? ''}”?`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            onClick={() => {
              if (category) onDelete(category, moveTo === NOWHERE ? null : moveTo);
              onClose();
            }}
          >
            Delete category
          </Button>
        </>
      }
    >
      {snippetCount > 0 ? (
        <Select
          label={snippetCount === 1 ? 'Where does its snippet go?' : `Where do its ${snippetCount} snippets go?`}
          name="move_to"
          options={options}
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
        />
      ) : (
        <p>No snippet is in it.</p>
      )}
      {hasChildren && <p className="snippet-editor__hint">Its subcategories move up to where it was.</p>}
    </Modal>
  );
}
