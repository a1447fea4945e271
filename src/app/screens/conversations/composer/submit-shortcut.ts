/** mod+Enter: Cmd+Enter on macOS, Ctrl+Enter elsewhere (either is accepted everywhere). */
export function isSubmitShortcut(event: { key: string; metaKey: boolean; ctrlKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === 'Enter' && (event.metaKey || event.ctrlKey) && event.nativeEvent?.isComposing !== true;
}
