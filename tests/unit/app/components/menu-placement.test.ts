import { describe, expect, it } from 'vitest';
import { placeMenu } from '../../../../src/app/components/menu-placement';

const viewport = { width: 1440, height: 900 };
const menu = { width: 240, height: 180 };

describe('a menu next to its button', () => {
  it('opens under the button, its right edge on the button’s when the button is on the right', () => {
    expect(placeMenu({ top: 60, bottom: 88, left: 1300, right: 1328 }, menu, viewport)).toEqual({ top: 92, left: 1088, maxHeight: 900 - 88 - 12 });
  });

  it('starts at the button’s left edge when the button is on the left', () => {
    expect(placeMenu({ top: 60, bottom: 88, left: 400, right: 428 }, menu, viewport).left).toBe(400);
  });

  it('stays inside the window: pushed in from an edge, and over the button when there is no room under it', () => {
    const narrow = { width: 390, height: 844 };
    const placed = placeMenu({ top: 800, bottom: 830, left: 360, right: 388 }, menu, narrow);
    expect(placed.left).toBe(390 - 8 - 240);
    expect(placed.top).toBe(800 - 4 - 180);
    expect(placeMenu({ top: 60, bottom: 88, left: 2, right: 30 }, menu, narrow).left).toBe(8);
  });

  it('a menu taller than every side gets the larger side and scrolls', () => {
    const placed = placeMenu({ top: 300, bottom: 330, left: 10, right: 40 }, { width: 200, height: 900 }, viewport);
    expect(placed).toEqual({ top: 334, left: 10, maxHeight: 900 - 330 - 12 });
  });
});
