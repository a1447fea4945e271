import { describe, expect, it } from 'vitest';
import { parseWidgetConfig, parseWidgetServerFrame } from '../../../src/protocol/widget';
import { DARK_TEXT, LIGHT_TEXT, readableTextOn } from '../../../src/protocol/widget-colors';
import { widgetSnippet } from '../../../src/app/screens/chat/widget-snippet';

const agentMessage = { id: 'm-1', from: 'agent', text: 'Hi', at: 1, author: 'Sam', client_id: null };

describe('the widget protocol', () => {
  it('accepts the frames the server sends', () => {
    expect(parseWidgetServerFrame(JSON.stringify({ action: 'message', message: agentMessage }))).toEqual({ action: 'message', message: agentMessage });
    expect(parseWidgetServerFrame(JSON.stringify({ action: 'ready', visitor: 't', messages: [agentMessage], profile: { name: null, email: null } }))).toMatchObject({
      action: 'ready',
    });
    expect(parseWidgetServerFrame(JSON.stringify({ action: 'error', code: 'rate_limited', error: 'Slow down', client_id: 'c' }))).toEqual({
      action: 'error',
      code: 'rate_limited',
      error: 'Slow down',
      client_id: 'c',
    });
  });

  it('refuses anything else instead of acting on it', () => {
    for (const text of [
      'PONG',
      'null',
      '[]',
      JSON.stringify({ action: 'message', message: { ...agentMessage, text: 42 } }),
      JSON.stringify({ action: 'message', message: { ...agentMessage, from: 'system' } }),
      JSON.stringify({ action: 'ready', visitor: 't', messages: [{}], profile: { name: null, email: null } }),
      JSON.stringify({ action: 'error', code: 'unknown', error: 'x' }),
      JSON.stringify({ action: 'eval', code: 'alert(1)' }),
    ]) {
      expect(parseWidgetServerFrame(text)).toBeNull();
    }
  });

  it('takes a config only with a #rrggbb colour, so no CSS can ride along', () => {
    expect(parseWidgetConfig({ name: 'Acme', color: '#0F766E', greeting: 'Hi' })).toEqual({ name: 'Acme', color: '#0F766E', greeting: 'Hi' });
    expect(parseWidgetConfig({ name: 'Acme', color: 'red; background: url(https://evil)', greeting: 'Hi' })).toBeNull();
    expect(parseWidgetConfig({ name: 'Acme', color: '#0f766e' })).toBeNull();
  });

  it('puts white text on dark accents and dark text on light ones', () => {
    expect(readableTextOn('#5b5bd6')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#0f766e')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#fde047')).toBe(DARK_TEXT);
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT);
  });

  it('builds the one-line snippet for a website', () => {
    expect(widgetSnippet('https://inbox.example.com', 'acme')).toBe('<script src="https://inbox.example.com/widget.js" data-org="acme" async></script>');
  });
});
