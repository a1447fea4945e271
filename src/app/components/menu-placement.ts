/** The space kept between a menu and the window's edges, and between it and its button. */
const EDGE_PX = 8;
const GAP_PX = 4;

export type MenuBox = { width: number; height: number };
export type ButtonBox = { top: number; bottom: number; left: number; right: number };
export type Placement = { top: number; left: number; maxHeight: number };

/**
 * Where a menu goes in a window of `viewport`: under its button, or over it when there is more
 * room there; its edge aligned with the button's on the side of the window the button is on;
 * pushed back inside the window, never past its edges; as tall as the room it has (it scrolls).
 */
export function placeMenu(button: ButtonBox, menu: MenuBox, viewport: { width: number; height: number }): Placement {
  const below = viewport.height - button.bottom - GAP_PX - EDGE_PX;
  const above = button.top - GAP_PX - EDGE_PX;
  const under = menu.height <= below || below >= above;
  const maxHeight = Math.max(0, under ? below : above);
  const height = Math.min(menu.height, maxHeight);
  const top = under ? button.bottom + GAP_PX : button.top - GAP_PX - height;
  const rightSide = (button.left + button.right) / 2 > viewport.width / 2;
  const wanted = rightSide ? button.right - menu.width : button.left;
  const left = Math.max(EDGE_PX, Math.min(wanted, viewport.width - EDGE_PX - menu.width));
  return { top: Math.round(top), left: Math.round(left), maxHeight: Math.floor(maxHeight) };
}

/**
 * Shows `menu` in the top layer (a manual popover: above every pane, whatever clips or stacks
 * them) at a fixed place next to `button`, kept there while the window resizes or scrolls and
 * the menu's size changes. Returns the function that undoes it.
 */
export function floatMenu(menu: HTMLElement, button: HTMLElement): () => void {
  if (typeof menu.showPopover === 'function') {
    menu.popover = 'manual';
    menu.showPopover();
  }
  const place = () => {
    const rect = button.getBoundingClientRect();
    // Measured at its natural height: a clamp set earlier would hide that it could grow back.
    menu.style.maxHeight = '';
    const placement = placeMenu(rect, { width: menu.offsetWidth, height: menu.scrollHeight }, { width: window.innerWidth, height: window.innerHeight });
    Object.assign(menu.style, { position: 'fixed', inset: 'auto', margin: '0', top: `${placement.top}px`, left: `${placement.left}px`, maxHeight: `${placement.maxHeight}px` });
  };
  place();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
  observer?.observe(menu);
  window.addEventListener('resize', place);
  window.addEventListener('scroll', place, true);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', place);
    window.removeEventListener('scroll', place, true);
    if (menu.isConnected && menu.matches(':popover-open')) menu.hidePopover();
  };
}
