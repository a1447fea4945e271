/**
 * A press or click with the main button and no modifier: a link it lands on opens in this tab,
 * through the router (a modifier asks the browser for another tab, a window or a download).
 */
export function isPlainClick(event: { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}
