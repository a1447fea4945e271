import { describe, expect, it } from 'vitest';
import { heldSendText, UNDO_NOT_CONFIRMED } from '../../../../src/app/format/countdown';

const NOW = 1_700_000_000_000;

describe('the strip of a held reply', () => {
  it('counts down for its author, and names the sender for a teammate', () => {
    expect(heldSendText({ deliverAt: NOW + 7_200, undoAt: undefined, now: NOW, online: true, sender: null })).toBe('Sending in 8 s');
    expect(heldSendText({ deliverAt: NOW + 7_200, undoAt: undefined, now: NOW, online: true, sender: 'Ana Ruiz' })).toBe('Ana Ruiz is sending this reply in 8 s');
    expect(heldSendText({ deliverAt: NOW - 1, undoAt: undefined, now: NOW, online: true, sender: 'Ana Ruiz' })).toBe('Ana Ruiz is sending this reply…');
    expect(heldSendText({ deliverAt: NOW - 1, undoAt: undefined, now: NOW, online: true, sender: null })).toBe('Sending…');
  });

  it('says an undo is not confirmed as soon as it is offline, or once the server has not answered for a moment', () => {
    expect(heldSendText({ deliverAt: NOW + 5_000, undoAt: NOW, now: NOW + 200, online: true, sender: null })).toBe('Undoing…');
    expect(heldSendText({ deliverAt: NOW + 5_000, undoAt: NOW, now: NOW + 200, online: false, sender: null })).toBe(UNDO_NOT_CONFIRMED);
    expect(heldSendText({ deliverAt: NOW + 5_000, undoAt: NOW, now: NOW + 2_000, online: true, sender: null })).toBe(UNDO_NOT_CONFIRMED);
    expect(UNDO_NOT_CONFIRMED).toBe('Undo not confirmed: the reply may be sent');
  });
});
