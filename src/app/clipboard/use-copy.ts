import { useCallback } from 'react';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { useToasts } from '../components/Toasts';
import { copyText } from './copy-text';

/** Copies text to the clipboard and says so in a toast; a failure shows the §8 copy text. */
export function useCopy(): (text: string, copiedTitle: string) => Promise<boolean> {
  const { show } = useToasts();
  return useCallback(
    async (text: string, copiedTitle: string) => {
      // navigator.clipboard is missing outside secure contexts, whatever its type says.
      const clipboard = (navigator as Partial<Navigator>).clipboard;
      const copied = await copyText(clipboard, text);
      show(copied ? { tone: 'success', title: copiedTitle, key: 'copied' } : { tone: 'error', title: ERROR_TEXTS.copy, key: 'copy-failed' });
      return copied;
    },
    [show],
  );
}
