/**
 * §1's emoji-to-colour map: a tag whose name begins with one of these emojis takes its colour,
 * shown at 0.1 alpha (§9) behind the name. The colours are each emoji's dominant one.
 */
export const EMOJI_COLORS: Readonly<Record<string, string>> = {
  '🔥': '#f4511e', '🐛': '#43a047', '🐞': '#e53935', '💰': '#f9a825', '💵': '#43a047', '💳': '#1e88e5',
  '❤️': '#e53935', '❤': '#e53935', '💔': '#e53935', '💙': '#1e88e5', '💚': '#43a047', '💛': '#fdd835',
  '💜': '#8e24aa', '🧡': '#fb8c00', '🖤': '#424242', '⭐': '#fbc02d', '🌟': '#fbc02d', '✨': '#fbc02d',
  '🚀': '#5e35b1', '⚠️': '#f9a825', '⚠': '#f9a825', '❗': '#e53935', '❓': '#e53935', '✅': '#43a047',
  '❌': '#e53935', '🚫': '#e53935', '🛑': '#e53935', '📦': '#a1887f', '🚚': '#fb8c00', '📧': '#1e88e5',
  '📞': '#e53935', '💬': '#1e88e5', '🔔': '#fbc02d', '🔒': '#fbc02d', '🔑': '#fbc02d', '🛠️': '#78909c',
  '🛠': '#78909c', '🔧': '#78909c', '⚙️': '#78909c', '⚙': '#78909c', '📈': '#43a047', '📉': '#e53935',
  '🎉': '#fb8c00', '🎁': '#e53935', '👍': '#fbc02d', '👎': '#fbc02d', '👋': '#fbc02d', '🙏': '#fbc02d',
  '😡': '#e53935', '😀': '#fbc02d', '😊': '#fbc02d', '😢': '#1e88e5', '🤖': '#78909c', '👑': '#fbc02d',
  '💎': '#29b6f6', '🌱': '#43a047', '🍀': '#43a047', '🌍': '#1e88e5', '⏰': '#e53935', '⏳': '#fb8c00',
  '📅': '#e53935', '📝': '#fbc02d', '📌': '#e53935', '🏷️': '#fb8c00', '🏷': '#fb8c00', '🧾': '#78909c',
  '🔴': '#e53935', '🟠': '#fb8c00', '🟡': '#fdd835', '🟢': '#43a047', '🔵': '#1e88e5', '🟣': '#8e24aa',
  '🟤': '#6d4c41', '⚫': '#212121', '⚪': '#bdbdbd',
};

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The colour of the emoji a name begins with, if it is in the map. */
export function leadingEmojiColor(name: string): string | null {
  // The first grapheme only: spreading every segment of a long name costs at each render of its chips.
  const first = segmenter ? (segmenter.segment(name.trim())[Symbol.iterator]().next().value?.segment ?? '') : [...name.trim()][0] ?? '';
  return EMOJI_COLORS[first] ?? EMOJI_COLORS[first.replace(/\uFE0F/g, '')] ?? null;
}
