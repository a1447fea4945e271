/**
 * Where the snippet picker reads the caret and puts a snippet: the plain text box (notes, chat
 * replies) or the email editor. Positions are the field's own (string offsets in the text box,
 * document positions in the editor); both count one per character within a line.
 */
export type SnippetField = {
  /**
   * The selection's ends, the text from the start of the caret's line (or paragraph) up to it,
   * and the text from the selection's end to the end of that line.
   */
  caret(): { start: number; end: number; before: string; after: string } | null;
  /**
   * Replaces the selection `range` and the `replaceBefore` characters before it (a typed `#word`)
   * with `text` (plain text: the editor makes paragraphs of its lines, escaped); the caret lands
   * after it and the field has the focus.
   */
  insert(text: string, range: { start: number; end: number }, replaceBefore: number): void;
};
